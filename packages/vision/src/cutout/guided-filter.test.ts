import { describe, expect, it } from 'vitest';
import { applyCoefficientsUpsampled, boxMean, type RgbImage } from './guided-filter.js';
import { refineMatte } from './refine.js';

const RED = [200, 30, 40] as const;
const BLUE = [30, 60, 190] as const;

/** A w × h image whose columns blend from red (left) to blue (right) by `mixAt(x)` (0 = red). */
function columns(w: number, h: number, mixAt: (x: number) => number): RgbImage {
  const data = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const t = Math.min(1, Math.max(0, mixAt(x)));
      for (let c = 0; c < 3; c++) data[(y * w + x) * 3 + c] = Math.round((RED[c] ?? 0) * (1 - t) + (BLUE[c] ?? 0) * t);
    }
  }
  return { data, width: w, height: h };
}

/** A matte that is 1 (product) on the left of `edge` and 0 on the right, ramped over `soft` px. */
function stepMatte(w: number, h: number, edge: number, soft: number): Float32Array {
  const p = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) p[y * w + x] = soft === 0 ? (x < edge ? 1 : 0) : Math.min(1, Math.max(0, 0.5 - (x + 0.5 - edge) / soft));
  return p;
}

const row = (q: ArrayLike<number>, w: number, y: number): number[] => Array.from({ length: w }, (_, x) => q[y * w + x] ?? 0);

describe('boxMean', () => {
  it('equals the brute-force window mean, clipped at the borders', () => {
    const w = 13;
    const h = 9;
    const src = Float32Array.from({ length: w * h }, (_, i) => Math.sin(i * 1.7) * 5 + (i % 7));
    const r = 3;
    const fast = boxMean(src, w, h, r);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        let sum = 0;
        let n = 0;
        for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++) {
          for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++) {
            sum += src[yy * w + xx] ?? 0;
            n++;
          }
        }
        expect(fast[y * w + x]).toBeCloseTo(sum / n, 4);
      }
    }
  });
});

describe('matte refinement (guided filter in a band round the coarse edge)', () => {
  const params = { radius: 6, eps: 2e-4, band: 4, clip: 0.1, passes: 2 };

  it('keeps partial alpha across a soft edge (thin strands, glass rims, lens blur)', () => {
    // The photo fades from product (red) to background (blue) over 8 px, x = 44…52; the network's
    // coarse matte only says "product on the left" with a nearly hard step.
    const w = 96;
    const h = 24;
    const photo = columns(w, h, (x) => (x - 44) / 8);
    const { q } = refineMatte(photo, stepMatte(w, h, 48, 2), params);
    // Alpha as stored: clamped to 0–1.
    const line = row(q, w, 12).map((v) => Math.min(1, Math.max(0, v)));
    for (let x = 46; x <= 50; x++) {
      expect(line[x]).toBeGreaterThan(0.02);
      expect(line[x]).toBeLessThan(0.98);
    }
    for (let x = 45; x <= 52; x++) expect(line[x] ?? 0).toBeLessThanOrEqual((line[x - 1] ?? 0) + 1e-3);
    // It tracks the true coverage, stretched by the clip (0.1 → 0, 0.9 → 1).
    for (let x = 45; x <= 51; x++) {
      const coverage = 1 - (x - 44) / 8;
      const expected = Math.min(1, Math.max(0, (coverage - 0.1) / 0.8));
      expect(Math.abs((line[x] ?? 0) - expected), `x = ${x}`).toBeLessThan(0.15);
    }
    expect(line[30]).toBe(1);
    expect(line[66]).toBe(0);
  });

  it('keeps a hard edge hard, even when the coarse matte is blurred and 1.5 px off', () => {
    const w = 96;
    const h = 24;
    const photo = columns(w, h, (x) => (x < 48 ? 0 : 1));
    const { q } = refineMatte(photo, stepMatte(w, h, 49.5, 4), params);
    const line = row(q, w, 12);
    expect(line[47]).toBeGreaterThan(0.98);
    expect(line[48]).toBeLessThan(0.05);
    expect(line.slice(49).every((v) => v < 0.02)).toBe(true);
    expect(line.slice(0, 47).every((v) => v > 0.98)).toBe(true);
  });

  it('evaluates working-resolution coefficients against full-resolution colours', () => {
    // Fitted at 48 px wide, applied to the 96 px photo: the edge lands on the full-resolution pixel.
    const full = columns(96, 24, (x) => (x < 47 ? 0 : 1));
    const half = columns(48, 12, (x) => (x < 23 ? 0 : x === 23 ? 0.5 : 1));
    const { coeffs } = refineMatte(half, stepMatte(48, 12, 24, 2), { ...params, radius: 3, band: 2 });
    const line = row(applyCoefficientsUpsampled(coeffs, 48, 12, full), 96, 12);
    expect(line.slice(0, 47).every((v) => v === 255)).toBe(true);
    expect(line.slice(47).every((v) => v === 0)).toBe(true);
  });

  it('leaves the body opaque and the backdrop clear away from the edge, whatever their colours', () => {
    // A label the colour of the backdrop, inside the product: no translucent patch.
    const w = 96;
    const h = 24;
    const photo = columns(w, h, (x) => (x >= 20 && x < 26 ? 1 : x < 48 ? 0 : 1));
    const { q } = refineMatte(photo, stepMatte(w, h, 48, 2), params);
    const line = row(q, w, 12);
    expect(line.slice(0, 42).every((v) => v === 1)).toBe(true);
    expect(line.slice(54).every((v) => v === 0)).toBe(true);
  });
});
