import { describe, expect, it } from 'vitest';
import { normalize } from './math.js';
import { buildShape } from './shapes.js';
import { buildGroundShadow, gaussianBlur, sampleGroundShadow } from './shadow.js';

describe('gaussianBlur', () => {
  it('spreads a point while keeping its total', () => {
    const W = 41;
    const src = new Float32Array(W * W);
    src[20 * W + 20] = 1;
    const out = gaussianBlur(src, W, W, 3);
    const total = out.reduce((a, b) => a + b, 0);
    expect(total).toBeCloseTo(1, 4);
    expect(out[20 * W + 20]!).toBeLessThan(0.05);
    expect(out[20 * W + 20]!).toBeGreaterThan(out[20 * W + 26]!);
    // Symmetric.
    expect(out[20 * W + 17]!).toBeCloseTo(out[20 * W + 23]!, 6);
    expect(out[17 * W + 20]!).toBeCloseTo(out[23 * W + 20]!, 6);
  });
});

describe('buildGroundShadow', () => {
  const mesh = buildShape({ kind: 'box', width: 80, height: 110, depth: 40 });
  // Light from the front-left, high up: the shadow falls to the back-right.
  const light = normalize([-0.4, 0.8, 0.45]);
  const shadow = buildGroundShadow(mesh, light);

  it('darkens the floor under and right around the product', () => {
    expect(sampleGroundShadow(shadow, 0, 0)).toBeLessThan(0.5);
    // Just in front of the front edge: the contact shadow.
    expect(sampleGroundShadow(shadow, 0, 23)).toBeLessThan(0.85);
  });

  it('casts away from the light, and leaves distant floor lit', () => {
    const away = sampleGroundShadow(shadow, 40, -60);
    const towards = sampleGroundShadow(shadow, -40, 60);
    expect(away).toBeLessThan(towards - 0.1);
    expect(sampleGroundShadow(shadow, -400, 400)).toBe(1);
  });

  it('is softer far from the product than at its base', () => {
    // The top of the box (110 mm up) lands 55 mm to the right and 62 mm back, so the
    // shadow's far edge runs along z = -20 - 62; its near edge is the box's own left side.
    const step = (x: number, z: number, dx: number, dz: number): number =>
      Math.abs(sampleGroundShadow(shadow, x + dx, z + dz) - sampleGroundShadow(shadow, x - dx, z - dz));
    const nearEdge = step(-40, 0, 3, 0);
    const farEdge = step(55, -20 - 110 * (0.45 / 0.8), 0, 3);
    expect(farEdge).toBeGreaterThan(0);
    expect(nearEdge).toBeGreaterThan(farEdge * 2);
  });
});
