import { BOX_TYPES, QUOTE_FINISHES, QUOTE_PRINTS, type QuoteRequest } from '@packsmith/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { materialsFor } from './box.js';
import { computeQuote, evaluateQuote } from './engine.js';
import { DEFAULT_QUOTE_PARAMS, valuesOf } from './params.js';
import { QuoteInputError } from './types.js';

/*
 * The rule a buyer plans with: the unit price never rises with quantity. Checked on random valid
 * requests (every catalogue box, its materials, sizes inside its range, any print and finishes,
 * any zone) with a fixed seed, on the exact model and on the rounded ladder.
 */

const v = valuesOf(DEFAULT_QUOTE_PARAMS);
const countries = Object.keys(v.country_zone);

const request = fc
  .record({
    boxIndex: fc.nat({ max: BOX_TYPES.length - 1 }),
    materialPick: fc.nat(),
    l: fc.double({ min: 0, max: 1, noNaN: true }),
    w: fc.double({ min: 0, max: 1, noNaN: true }),
    h: fc.double({ min: 0, max: 1, noNaN: true }),
    print: fc.constantFrom(...QUOTE_PRINTS),
    finishes: fc.subarray([...QUOTE_FINISHES]),
    destination: fc.constantFrom(...countries),
  })
  .map(({ boxIndex, materialPick, l, w, h, print, finishes, destination }): QuoteRequest => {
    const box = BOX_TYPES[boxIndex] ?? BOX_TYPES[0];
    const materials = materialsFor(box);
    const range = v.size_ranges[box.geometry];
    const at = (r: readonly [number, number], t: number) => Math.round(r[0] + t * (r[1] - r[0]));
    return {
      box: box.slug,
      material: materials[materialPick % materials.length] ?? 'WHITE_BOARD',
      length_mm: at(range.length_mm, l),
      width_mm: at(range.width_mm, w),
      height_mm: at(range.height_mm, h),
      print,
      finishes,
      destination,
    };
  });

/** Null when the size is inside the range but the box type's dieline refuses it (e.g. a pillow deeper than wide). */
function tryQuote<T>(fn: () => T): T | null {
  try {
    return fn();
  } catch (e) {
    if (e instanceof QuoteInputError) return null;
    throw e;
  }
}

describe('unit price never rises with quantity', () => {
  it('on the rounded ladder of random valid requests', () => {
    let priced = 0;
    fc.assert(
      fc.property(request, fc.integer({ min: 1, max: 60000 }), (req, quantity) => {
        const q = tryQuote(() => computeQuote({ ...req, quantity }));
        if (!q) return;
        priced++;
        for (let i = 1; i < q.ladder.length; i++) {
          const [a, b] = [q.ladder[i - 1], q.ladder[i]];
          if (!a || !b) continue;
          expect(b.quantity).toBeGreaterThan(a.quantity);
          expect(b.unit_price, `${JSON.stringify(req)} ${a.quantity}→${b.quantity}`).toBeLessThanOrEqual(a.unit_price);
        }
      }),
      { seed: 14, numRuns: Number(process.env.QUOTE_RUNS ?? 300) },
    );
    expect(priced).toBeGreaterThan(200);
  });

  it('on the exact model between any two quantities (cheapest route, with freight and margin)', () => {
    fc.assert(
      fc.property(request, fc.integer({ min: 1, max: 100000 }), fc.integer({ min: 1, max: 100000 }), (req, x, y) => {
        const [q1, q2] = x < y ? [x, y] : [y, x];
        const a = tryQuote(() => evaluateQuote(req, q1).best);
        if (!a) return;
        const b = evaluateQuote(req, q2).best;
        // evaluateQuote lifts a quantity below the MOQ to the MOQ: compare what is priced.
        const ua = a.total / a.quantity;
        const ub = b.total / b.quantity;
        if (b.quantity > a.quantity) expect(ub, `${JSON.stringify(req)} ${a.quantity}→${b.quantity}`).toBeLessThanOrEqual(ua * (1 + 1e-12));
      }),
      { seed: 1414, numRuns: Number(process.env.QUOTE_RUNS ?? 400) },
    );
  });
});
