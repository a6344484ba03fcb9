import { describe, expect, it } from 'vitest';
import { boxById, type BoxType, type PrintRequest } from '@packsmith/contracts';
import { renderDieline } from '@packsmith/design-engine/dieline';
import { designDimensions, printChecks } from './print-check.js';
import { confirmationMail } from './print.service.js';

const box = (id: number): BoxType => {
  const b = boxById(id);
  if (!b) throw new Error(`no box ${id}`);
  return b;
};

describe('designDimensions', () => {
  it('maps each shape onto the quote axes', () => {
    expect(designDimensions(box(102))).toEqual({ length_mm: 80, width_mm: 30, height_mm: 120 });
    const round = box(301).dimensions;
    expect(round.shape).toBe('cylinder');
    if (round.shape === 'cylinder') expect(designDimensions(box(301))).toEqual({ length_mm: round.diameter, width_mm: 0, height_mm: round.height });
    const pouch = box(501).dimensions;
    if (pouch.shape === 'flat') expect(designDimensions(box(501))).toEqual({ length_mm: pouch.width, width_mm: pouch.gusset, height_mm: pouch.height });
  });
});

describe('printChecks', () => {
  const b = box(102);
  const facts = {
    box: b,
    dims: designDimensions(b),
    dieline: renderDieline(102),
    rangeError: null,
    frontPx: { width: 2000, height: 3000 },
    dielineStored: true,
  };

  it('passes a stored, in-range design with a sharp front', () => {
    const checks = printChecks(facts);
    expect(checks.map((c) => [c.name, c.ok])).toEqual([
      ['Dimensions', true],
      ['Bleed', true],
      ['Safe zone', true],
      ['Front artwork resolution', true],
      ['Dieline file', true],
    ]);
    expect(checks[0]?.detail).toContain('80 × 30 × 120 mm');
    expect(checks[3]?.detail).toMatch(/\d{3} dpi/);
  });

  it('says what to fix: out of range, a soft front, a missing file', () => {
    const checks = printChecks({
      ...facts,
      rangeError: 'length_mm: a Straight Tuck End Box takes 20–400 mm; got 5 mm.',
      frontPx: { width: 300, height: 450 },
      dielineStored: false,
    });
    expect(checks.find((c) => c.name === 'Dimensions')).toMatchObject({ ok: false, detail: expect.stringContaining('length_mm') });
    expect(checks.find((c) => c.name === 'Front artwork resolution')).toMatchObject({ ok: false, detail: expect.stringMatching(/below 300/) });
    expect(checks.find((c) => c.name === 'Dieline file')?.ok).toBe(false);
    expect(printChecks({ ...facts, frontPx: null }).find((c) => c.name === 'Front artwork resolution')?.ok).toBe(false);
  });
});

describe('confirmationMail', () => {
  const r: PrintRequest = {
    id: 'pr1',
    project_id: 'p1',
    factory: { id: 'f', name: 'Isar Faltschachtel Werk', city: 'München', country: 'Germany', sample: true },
    design_url: '',
    spec: {
      length_mm: 60,
      width_mm: 30,
      height_mm: 120,
      material: 'WHITE_BOARD',
      print: 'cmyk',
      finishes: [],
      quantity: 2000,
      destination: 'DE',
      board: 'SBS 350 g/m²',
    },
    box: { box_id: 102, slug: 'straight-tuck-end', name: 'Straight Tuck End Box' },
    unit_price: 0.31,
    total: 620,
    currency: 'EUR',
    contact_name: 'Ada',
    contact_email: 'ada@buyer.example',
    notes: '',
    status: 'sent',
    print_file_url: null,
    created_at: 0,
  };

  it('goes to the given address and names the contact the factory answers', () => {
    const mail = confirmationMail(r, 'me@example.test');
    expect(mail.to).toBe('me@example.test');
    expect(mail.text).toContain('2,000 × Straight Tuck End Box, 60 × 30 × 120 mm');
    expect(mail.text).toContain('EUR 0.31 each, EUR 620.00 in total');
    expect(mail.text).toContain('The factory will reply to ada@buyer.example.');
    expect(mail.text).toContain('sample directory');
    expect(mail.text).not.toContain('print-ready PDF');
  });

  it('links the print-ready PDF when the request carries one, as the server makes it absolute', () => {
    const withFile = { ...r, print_file_url: '/files/u/2026/12/a.pdf' };
    const mail = confirmationMail(withFile, 'me@example.test', (url) => `https://packsmith.example${url}`);
    expect(mail.text).toContain('print-ready PDF (with bleed and the dieline) goes with the request: https://packsmith.example/files/u/2026/12/a.pdf');
  });
});
