import { describe, expect, it } from 'vitest';
import { boxBySlug } from '@packsmith/contracts';
import { helloReply, nextReply, readMessage, readProduct, readSelection, type BoxSuggester } from './dialogue.js';
import { toSelections, type QuoteDraft } from './draft.js';

const suggest: BoxSuggester = (product) =>
  (/tea/.test(product) ? ['straight-tuck-end', 'paper-tube', 'tin-can'] : ['reverse-tuck-end', 'mailer-box']).flatMap((s) => {
    const b = boxBySlug(s);
    return b ? [{ slug: b.slug, name: b.name }] : [];
  });

/** A conversation through the local rules: each message read against what was asked last. */
function converse(messages: readonly string[], start: QuoteDraft = {}) {
  let draft = start;
  let asking = helloReply(draft, suggest).asking;
  const asked: (string | null)[] = [asking];
  for (const m of messages) {
    const read = readMessage(draft, m, asking, suggest);
    if (read.error) throw new Error(read.error.message);
    draft = read.draft;
    asking = nextReply(draft, read.changed, suggest).asking;
    asked.push(asking);
  }
  return { draft, asked };
}

describe('products', () => {
  it.each([
    ['candles', 'candles'],
    ['I sell organic tea', 'organic tea'],
    ['We make hand-poured soy candles.', 'hand poured soy candles'],
    ['packaging for my coffee beans', 'coffee beans'],
    ['hi', null],
  ])('%s → %s', (text, product) => {
    expect(readProduct(text)).toBe(product);
  });
});

describe('the order of questions', () => {
  it('asks the product first, then box, size, material and quantity', () => {
    const { draft, asked } = converse(['I sell organic tea', 'straight tuck end', 'standard', 'white board', '1000']);
    expect(asked).toEqual(['product', 'box', 'size', 'material', 'quantity', null]);
    expect(draft).toMatchObject({ product: 'organic tea', box: 'straight-tuck-end', material: 'WHITE_BOARD', quantity: 1000 });
    expect(draft.size).toEqual({ length_mm: 80, width_mm: 30, height_mm: 120 }); // the catalogue's default size
  });

  it('suggests boxes for the product as chips', () => {
    const { draft } = converse(['I sell organic tea']);
    const reply = nextReply(draft, ['product'], suggest);
    expect(reply.options.map((o) => o.value)).toEqual(['straight-tuck-end', 'paper-tube', 'tin-can']);
    expect(reply.message).toMatch(/Straight Tuck End Box/);
  });

  it('keeps Product first in the selections and shows the defaults once complete', () => {
    const { draft } = converse(['candles', 'mailer box', '300x200x100', 'kraft', '500']);
    const sel = toSelections(draft);
    expect(sel.map((s) => s.title)).toEqual(['Product', 'Box type', 'Size', 'Material', 'Print', 'Finishes', 'Quantity', 'Destination']);
    expect(sel.map((s) => s.value)).toEqual(['candles', 'Mailer Box (FEFCO 0427)', '300 × 200 × 100 mm', 'Kraft', 'CMYK', 'None', '500', 'Germany (DE)']);
  });

  it('reads several selections from one message', () => {
    const r = readMessage({}, '500 kraft mailer boxes 300x200x100 to Germany', 'product', suggest);
    expect(r.draft).toMatchObject({
      box: 'mailer-box',
      size: { length_mm: 300, width_mm: 200, height_mm: 100 },
      material: 'KRAFT',
      quantity: 500,
      destination: 'DE',
    });
    expect(r.draft.product).toBeTruthy();
    expect(r.changed).toEqual(expect.arrayContaining(['box', 'size', 'material', 'quantity', 'destination', 'product']));
  });

  it('changes selections later ("make it 5000", "add foil", "to Canada")', () => {
    const { draft } = converse(['candles', 'mailer box', '300x200x100', 'kraft', '500', 'add matte lamination']);
    const r = readMessage(draft, 'make it 5000, add foil, to Canada', null, suggest);
    expect(r.draft).toMatchObject({ quantity: 5000, finishes: ['matte_lamination', 'foil'], destination: 'CA' });
    expect(readMessage(r.draft, 'no foil', null, suggest).draft.finishes).toEqual(['matte_lamination']);
  });
});

describe('bad words', () => {
  const draft: QuoteDraft = { product: 'tea', box: 'straight-tuck-end' };
  it.each(['-80 x 40 x 150', '0 x 40 x 150', '10 m'])('refuses the size %s and keeps the selections', (text) => {
    const r = readMessage(draft, text, 'size', suggest);
    expect(r.error?.name).toBe('size');
    expect(r.draft).toEqual(draft);
  });

  it('refuses a material the box cannot be made of', () => {
    const r = readMessage(draft, 'glass', 'material', suggest);
    expect(r.error).toMatchObject({ name: 'material', message: expect.stringMatching(/can't be made of glass/) });
  });

  it('validates edited chips with the same readers', () => {
    expect(readSelection(draft, 'size', '3 x 1.5 x 6 in').draft.size).toEqual({ length_mm: 76.2, width_mm: 38.1, height_mm: 152.4 });
    expect(readSelection(draft, 'size', 'big').error?.name).toBe('size');
    expect(readSelection(draft, 'quantity', '1k').draft.quantity).toBe(1000);
    expect(readSelection(draft, 'destination', 'Deutschland').draft.destination).toBe('DE');
    expect(readSelection(draft, 'box', 'no such box').error?.name).toBe('box');
    expect(readSelection(draft, 'finishes', 'none').draft.finishes).toEqual([]);
  });

  it('reads round packs as diameter × height', () => {
    const can: QuoteDraft = { product: 'tea', box: 'tin-can' };
    expect(readMessage(can, '70 x 110 mm', 'size', suggest).draft.size).toEqual({ length_mm: 70, width_mm: 70, height_mm: 110 });
  });
});
