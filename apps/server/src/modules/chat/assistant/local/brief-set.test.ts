import { beforeAll, describe, expect, it } from 'vitest';
import { FIELDS, fieldIsRight, readLocally, scoreBriefSet, type Accuracy } from './brief-accuracy.js';
import { BRIEF_SET } from './brief-set.js';

/**
 * Issue 8's aim on the independent, hand-labelled set (brief-set.ts): brand and product ≥ 95 %,
 * pack ≥ 95 %, colours ≥ 98 %. The figures are in docs/PERFORMANCE.md; the misses print on failure.
 */
const AIM: Record<(typeof FIELDS)[number], number> = { brand: 0.95, product: 0.95, pack: 0.95, colours: 0.98 };

describe('the labelled brief set', () => {
  let accuracy: Accuracy;
  beforeAll(async () => {
    accuracy = await scoreBriefSet(BRIEF_SET, readLocally);
  });

  it('has at least 150 briefs in the shapes people write', () => {
    expect(BRIEF_SET.length).toBeGreaterThanOrEqual(150);
    expect(BRIEF_SET.some((b) => b.text.includes('\n'))).toBe(true);
    expect(new Set(BRIEF_SET.map((b) => b.text)).size).toBe(BRIEF_SET.length);
  });

  it.each(FIELDS.map((f) => [f] as const))('reads %s at or above the aim', (field) => {
    const misses = accuracy.misses.filter((m) => m.field === field).map((m) => `${m.text}\n    want ${m.expected}, got ${m.got}`);
    expect(accuracy.share[field], misses.join('\n')).toBeGreaterThanOrEqual(AIM[field]);
  });
});

describe('the bug report briefs, each read in full', () => {
  const report = BRIEF_SET.slice(0, 5);
  it.each(report.map((b) => [b.text, b] as const))('%s', (_text, brief) => {
    const got = readLocally(brief.text);
    for (const field of FIELDS) expect(fieldIsRight(field, brief, got), `${field}: ${JSON.stringify(got)}`).toBe(true);
  });
});

describe('pack words, materials and flavours', () => {
  it('never takes a pack for the product', () => {
    for (const text of [
      'I want a rigid gift box for our perfume',
      'resealable pouch for the gummies',
      'a lid and base box for my puzzle',
      'display box for shops, holds 12 lip balms',
    ]) {
      const product = readLocally(text).product ?? '';
      expect(product, text).not.toMatch(/\b(?:rigid|gift box|resealable|lid|base|display|shops)\b/);
      expect(product, text).not.toBe('');
    }
  });

  it('reads materials and flavours as colours only when said as colours', () => {
    expect(readLocally('amber glass dropper bottle for Aura serum').colours).toEqual([]);
    expect(readLocally('kraft box for Crumb cookies').colours).toEqual([]);
    expect(readLocally('chocolate flavour protein powder by Lift, stone-ground').colours).toEqual([]);
    expect([...readLocally('lavender soap by Mira, lavender and cream colours').colours].sort()).toEqual(['cream', 'lavender']);
    expect([...readLocally('Bakery bag for Crumb & Co sourdough, black and kraft').colours].sort()).toEqual(['black', 'kraft']);
  });
});
