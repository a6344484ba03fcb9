import { type QuoteRequest, QUOTE_LADDER } from '@packsmith/contracts';
import { renderDieline } from '@packsmith/design-engine/dieline';
import { describe, expect, it } from 'vitest';
import { computeQuote, evaluateQuote } from './engine.js';
import { QuoteInputError } from './types.js';

/** §4.1: RTE 100 × 60 × 150 mm, 350 g/m² SBS, CMYK one side, matte lamination. */
export const RTE: QuoteRequest = {
  box: 'reverse-tuck-end',
  length_mm: 100,
  width_mm: 60,
  height_mm: 150,
  material: 'WHITE_BOARD',
  print: 'cmyk',
  finishes: ['matte_lamination'],
};
/** §4.2: FEFCO 0427 mailer 300 × 200 × 100 mm, E flute. */
export const MAILER: QuoteRequest = {
  box: 'mailer-box',
  length_mm: 300,
  width_mm: 200,
  height_mm: 100,
  material: 'FLUTE',
  print: 'cmyk',
  finishes: [],
};

const unitCost = (req: QuoteRequest, q: number) => evaluateQuote(req, q).best.costBeforeMarginAndFreight / q;
const routeUnitCost = (req: QuoteRequest, q: number, process: string) => {
  const r = evaluateQuote(req, q).routes.find((e) => e.process === process);
  if (!r) throw new Error(`no ${process} route at ${q}`);
  return r.costBeforeMarginAndFreight / q;
};

function inputError(fn: () => unknown): QuoteInputError {
  try {
    fn();
  } catch (e) {
    if (e instanceof QuoteInputError) return e;
    throw e;
  }
  throw new Error('expected a QuoteInputError');
}

describe('worked examples of the reference (manufacturing cost before margin and freight)', () => {
  it('§4.1 RTE 100×60×150 SBS 350 CMYK matte lam: 1k €0.65–1.50, 5k €0.18–0.45, 20k €0.09–0.22', () => {
    for (const [q, lo, hi] of [
      [1000, 0.65, 1.5],
      [5000, 0.18, 0.45],
      [20000, 0.09, 0.22],
    ] as const) {
      const cost = unitCost(RTE, q);
      expect(cost, `cheapest at ${q}`).toBeGreaterThanOrEqual(lo);
      expect(cost, `cheapest at ${q}`).toBeLessThanOrEqual(hi);
      // The example is costed on offset B1: that route lands in range too.
      const offset = routeUnitCost(RTE, q, 'offset');
      expect(offset, `offset at ${q}`).toBeGreaterThanOrEqual(lo);
      expect(offset, `offset at ${q}`).toBeLessThanOrEqual(hi);
    }
  });

  it('§4.2 FEFCO 0427 mailer 300×200×100 E flute: 250 €1.5–3.5, 1k €0.9–2.0, 5k €0.45–1.0', () => {
    for (const [q, lo, hi] of [
      [250, 1.5, 3.5],
      [1000, 0.9, 2.0],
      [5000, 0.45, 1.0],
    ] as const) {
      const cost = unitCost(MAILER, q);
      expect(cost, `at ${q}`).toBeGreaterThanOrEqual(lo);
      expect(cost, `at ${q}`).toBeLessThanOrEqual(hi);
    }
  });

  it('§4.2 retail sanity: the 0427 at 250 with margin and freight lands within €1.5–8 per unit', () => {
    const q = computeQuote({ ...MAILER, quantity: 250 });
    expect(q.unit_price).toBeGreaterThanOrEqual(1.5);
    expect(q.unit_price).toBeLessThanOrEqual(8);
  });
});

describe('blank from the real dieline', () => {
  it('equals renderDieline size and area for the same params (RTE, caliper of SBS 350)', () => {
    const q = computeQuote({ ...RTE, quantity: 1000 });
    const d = renderDieline(101, { length: 100, width: 60, height: 150, thickness: 0.455 });
    expect(q.blank?.width_mm).toBeCloseTo(d.size.width, 1);
    expect(q.blank?.height_mm).toBeCloseTo(d.size.height, 1);
    expect(q.blank?.area_m2).toBeCloseTo(d.area / 1e6, 4);
    // Finished carton weight: net area × 350 g/m² (reference: ≈ 26.6 g).
    expect(q.blank?.weight_g).toBeCloseTo((d.area / 1e6) * 350, 0);
  });

  it('equals renderDieline for the mailer with the E-flute caliper', () => {
    const q = computeQuote({ ...MAILER, quantity: 1000 });
    const d = renderDieline(201, { length: 300, width: 200, height: 100, thickness: 1.5 });
    expect(q.blank?.width_mm).toBeCloseTo(d.size.width, 1);
    expect(q.blank?.height_mm).toBeCloseTo(d.size.height, 1);
    expect(q.blank?.area_m2).toBeCloseTo(d.area / 1e6, 4);
  });
});

describe('cost lines', () => {
  it('offset at 5,000: every estimator line present, positive, and hand-checkable', () => {
    const { routes } = evaluateQuote(RTE, 5000);
    const off = routes.find((r) => r.process === 'offset');
    if (!off) throw new Error('no offset route');
    const names = off.lines.map((l) => l.name);
    expect(names).toEqual([
      'Board',
      'Prepress',
      'Plates',
      'Press make-ready',
      'Press run and ink',
      'Cutting die',
      'Die-cutting',
      'Finishing: matte lamination',
      'Gluing (side seam)',
      'Packing',
      expect.stringMatching(/^Freight \(EU, \d+ kg, (parcel|\d+ pallets?)\)$/),
      'Margin',
    ]);
    for (const l of off.lines) expect(l.amount, l.name).toBeGreaterThan(0);
    const line = (n: string) => off.lines.find((l) => l.name === n)?.amount ?? NaN;
    // Hand computation with the default table: 6-up on B1 (0.7344 m²), 5000/6 net sheets, 3.7 % running waste
    // (≤ 2,500 sheets), 170 + 50 + 30 make-ready sheets.
    const sheets = (5000 / 6) * 1.037 + 250;
    expect(line('Board')).toBeCloseTo(sheets * 0.7344 * 0.35 * 1.3, 6);
    expect(line('Prepress')).toBe(50);
    expect(line('Plates')).toBe(60);
    expect(line('Press make-ready')).toBeCloseTo(0.75 * 190, 6);
    expect(line('Press run and ink')).toBeCloseTo((sheets / 8000) * 190 + sheets * 0.7344 * 4 * 0.004, 6);
    expect(line('Die-cutting')).toBeCloseTo(100 + (sheets / 5000) * 120 + 5000 * 0.001, 6);
    expect(line('Finishing: matte lamination')).toBeCloseTo(50 + sheets * 0.7344 * 0.15, 6);
    expect(line('Gluing (side seam)')).toBeCloseTo(75 + 5000 * 0.0067, 6);
    expect(line('Packing')).toBeCloseTo(25, 6);
    expect(line('Cutting die')).toBeGreaterThanOrEqual(250);
    expect(line('Cutting die')).toBeLessThanOrEqual(600);
    expect(line('Margin')).toBeCloseTo(off.costBeforeMarginAndFreight * 0.3, 6);
    expect(off.lines.filter((l) => l.one_off).map((l) => l.name)).toEqual(['Plates', 'Cutting die']);
  });

  it('digital at 250: plateless, a cutting table instead of a die', () => {
    const dig = evaluateQuote(RTE, 250).routes.find((r) => r.process === 'digital');
    const names = dig?.lines.map((l) => l.name) ?? [];
    expect(names).toContain('Digital print');
    expect(names).toContain('Cutting table');
    expect(names).not.toContain('Plates');
    expect(names).not.toContain('Cutting die');
  });

  it('finishes, glue types and freight zones each add their line', () => {
    const all = evaluateQuote(
      { ...RTE, box: 'auto-lock-bottom', finishes: ['gloss_lamination', 'spot_uv', 'foil', 'emboss', 'window'], destination: 'US' },
      5000,
    ).best;
    const names = all.lines.map((l) => l.name);
    for (const n of [
      'Finishing: gloss lamination',
      'Finishing: spot UV',
      'Finishing: foil',
      'Foil block',
      'Finishing: emboss',
      'Embossing die',
      'Finishing: window',
      'Gluing (crash lock)',
    ]) {
      expect(names).toContain(n);
    }
    expect(names.some((n) => n.startsWith('Freight (NORTH_AMERICA'))).toBe(true);
    // The mailer folds without glue; a slotted carton has a side seam.
    expect(evaluateQuote(MAILER, 1000).best.lines.some((l) => l.name.startsWith('Gluing'))).toBe(false);
    expect(evaluateQuote({ ...MAILER, box: 'rsc-0201' }, 1000).best.lines.some((l) => l.name === 'Gluing (side seam)')).toBe(true);
  });

  it('breakdown amounts are cents that add up exactly to the total; unit price = total / quantity to 4 decimals', () => {
    for (const req of [RTE, MAILER, { ...RTE, box: 'glass-jar', material: 'GLASS_GLOSSY' as const, length_mm: 70, height_mm: 80 }]) {
      for (const quantity of [250, 1234, 20000]) {
        const q = computeQuote({ ...req, quantity });
        const cents = q.breakdown.reduce((s, l) => s + Math.round(l.amount * 100), 0);
        for (const l of q.breakdown) expect(Math.round(l.amount * 100)).toBeCloseTo(l.amount * 100, 6);
        expect(cents).toBe(Math.round(q.total * 100));
        expect(q.unit_price).toBe(Math.round((q.total / q.quantity) * 10000) / 10000);
      }
    }
  });
});

describe('routes, ladder and crossover', () => {
  it('digital is cheaper at 250, offset at 20k, and the crossover is reported between them', () => {
    const q = computeQuote({ ...RTE, quantity: 1000 });
    expect(q.ladder.map((s) => s.quantity)).toEqual([...QUOTE_LADDER]);
    expect(q.ladder[0]?.process).toBe('digital');
    expect(q.ladder.at(-1)?.process).toBe('offset');
    expect(q.crossover?.from).toBe('digital');
    expect(q.crossover?.to).toBe('offset');
    const x = q.crossover?.quantity ?? 0;
    expect(x).toBeGreaterThan(250);
    expect(x).toBeLessThanOrEqual(20000);
    // Bisection found the exact quantity: offset wins from x, digital just below.
    const at = (n: number) => Object.fromEntries(evaluateQuote(RTE, n).routes.map((r) => [r.process, r.total]));
    const [below, from] = [at(x - 1), at(x)];
    expect(below.digital).toBeLessThanOrEqual(below.offset ?? Infinity);
    expect(from.offset).toBeLessThan(from.digital ?? Infinity);
  });

  it('the mailer crosses from digital to flexo', () => {
    const q = computeQuote({ ...MAILER, quantity: 250 });
    expect(q.process).toBe('digital');
    expect(q.crossover).toMatchObject({ from: 'digital', to: 'flexo' });
    expect(q.factory_processes).toEqual(['corrugated', 'digital']);
    expect(computeQuote({ ...MAILER, quantity: 20000 }).factory_processes).toEqual(['corrugated', 'flexo']);
  });

  it('adds the asked quantity to the ladder and prices a quantity below the MOQ at the MOQ', () => {
    const q = computeQuote({ ...RTE, quantity: 3000 });
    expect(q.ladder.map((s) => s.quantity)).toContain(3000);
    const low = computeQuote({ ...RTE, quantity: 10 });
    expect(low.quantity).toBe(low.moq);
    expect(low.notes.join(' ')).toMatch(/minimum order/);
    const bottle = computeQuote({ box: 'wine-bottle', length_mm: 75, width_mm: 0, height_mm: 300, material: 'GLASS_GLOSSY', print: 'cmyk', finishes: [] });
    expect(bottle.ladder[0]?.quantity).toBe(bottle.moq);
    expect(bottle.ladder.every((s) => s.quantity >= bottle.moq)).toBe(true);
  });

  it('an override changes the price (a business edits the table)', () => {
    const base = computeQuote({ ...RTE, quantity: 5000 });
    const dearer = computeQuote({ ...RTE, quantity: 5000 }, { params: { board_price_per_t: { SBS: 2600, FBB: 1200, KRAFT: 1000, WLC: 800 } } });
    expect(dearer.total).toBeGreaterThan(base.total);
    const noMargin = computeQuote({ ...RTE, quantity: 5000 }, { params: { margin: 0 } });
    // Without margin the margin line only carries the rounding to a 4-decimal unit price (≤ €0.00005 × 5,000).
    expect(Math.abs(noMargin.breakdown.find((l) => l.name === 'Margin')?.amount ?? NaN)).toBeLessThanOrEqual(0.26);
  });
});

describe('non-carton packs (unit-cost tables)', () => {
  it('prices bottles, cans, pouches, bags, tubes and cups as estimates with a ladder, MOQ, lead time and freight', () => {
    const cases: [QuoteRequest, string[]][] = [
      [{ box: 'wine-bottle', length_mm: 75, width_mm: 0, height_mm: 300, material: 'GLASS_GLOSSY', print: 'cmyk', finishes: [] }, ['bottles', 'labels']],
      [{ box: 'beverage-can', length_mm: 66, width_mm: 0, height_mm: 115, material: 'METAL_GLOSSY', print: 'cmyk', finishes: [] }, ['cans']],
      [
        { box: 'stand-up-pouch', length_mm: 160, width_mm: 40, height_mm: 230, material: 'PLASTIC_MATT', print: 'two_colour', finishes: [] },
        ['flexible_packaging'],
      ],
      [{ box: 'paper-bag', length_mm: 200, width_mm: 100, height_mm: 300, material: 'KRAFT', print: 'one_colour', finishes: [] }, ['flexible_packaging']],
      [{ box: 'cosmetic-tube', length_mm: 35, width_mm: 0, height_mm: 150, material: 'PLASTIC_GLOSSY', print: 'cmyk', finishes: [] }, ['flexible_packaging']],
      [{ box: 'paper-cup', length_mm: 80, width_mm: 0, height_mm: 95, material: 'WHITE_BOARD', print: 'one_colour', finishes: [] }, ['flexo']],
    ];
    for (const [req, processes] of cases) {
      const q = computeQuote(req);
      expect(q.estimate_only, String(req.box)).toBe(true);
      expect(q.process).toBe('unit_table');
      expect(q.blank).toBeNull();
      expect(q.notes.join(' ')).toMatch(/estimate/i);
      expect(q.ladder.length).toBeGreaterThan(0);
      expect(q.moq).toBeGreaterThan(0);
      expect(q.lead_time_days).toBeGreaterThan(0);
      expect(q.breakdown.some((l) => l.name.startsWith('Freight'))).toBe(true);
      expect(q.factory_processes).toEqual(processes);
    }
  });

  it('a rigid box is wrapped greyboard made by rigid-box makers', () => {
    const q = computeQuote({
      box: 'two-piece-rigid',
      length_mm: 200,
      width_mm: 150,
      height_mm: 80,
      material: 'WHITE_BOARD',
      print: 'cmyk',
      finishes: ['foil'],
      quantity: 1000,
    });
    expect(q.factory_processes).toEqual(['rigid_boxes']);
    expect(q.breakdown.map((l) => l.name)).toEqual(expect.arrayContaining(['Greyboard', 'Wrapping (rigid)', 'Finishing: foil']));
    expect(q.unit_price).toBeGreaterThan(1);
  });
});

describe('bad inputs', () => {
  it.each([
    [{ length_mm: -5 }, 'length_mm'],
    [{ length_mm: 0 }, 'length_mm'],
    [{ height_mm: 10000 }, 'height_mm'],
    [{ width_mm: 0 }, 'width_mm'],
    [{ width_mm: 1e4 }, 'width_mm'],
  ])('%o → QuoteInputError on %s with the range', (patch, field) => {
    const e = inputError(() => computeQuote({ ...RTE, ...patch }));
    expect(e.field).toBe(field);
    expect(e.message).toMatch(/takes \d+–\d+ mm/);
  });

  it('a quantity that is not a whole number of at least 1 → field quantity', () => {
    for (const quantity of [0, -3, 2.5, Number.NaN]) expect(inputError(() => computeQuote({ ...RTE, quantity })).field).toBe('quantity');
  });

  it('unknown box → field box; an id works like its slug', () => {
    expect(inputError(() => computeQuote({ ...RTE, box: 'teapot' })).field).toBe('box');
    expect(inputError(() => computeQuote({ ...RTE, box: 999 })).field).toBe('box');
    expect(computeQuote({ ...RTE, box: 101 }).box.slug).toBe('reverse-tuck-end');
    expect(computeQuote({ ...RTE, box: '101' }).box.slug).toBe('reverse-tuck-end');
  });

  it('a material the box type cannot be made of → field material, with the choices', () => {
    const e = inputError(() => computeQuote({ ...MAILER, material: 'GLASS_GLOSSY' }));
    expect(e.field).toBe('material');
    expect(e.message).toMatch(/^material: .*choose one of .*KRAFT/);
    expect(inputError(() => computeQuote({ ...RTE, material: 'METAL_MATT' })).field).toBe('material');
    // An unknown material string (bypassing zod) is refused the same way.
    expect(inputError(() => computeQuote({ ...RTE, material: 'CHEESE' as QuoteRequest['material'] })).field).toBe('material');
  });

  it('a size the dieline refuses names the request field', () => {
    // Pillow: the depth (width_mm) must be less than the face width (length_mm).
    const e = inputError(() => computeQuote({ ...RTE, box: 'pillow', length_mm: 60, width_mm: 80, height_mm: 150 }));
    expect(e.field).toBe('width_mm');
  });
});
