import { describe, expect, it } from 'vitest';
import type { Vec } from './geometry.js';
import { applyHomography, convexHull, fitLine, homographyFrom4, orderCorners, reduceConvexPolygon, simplifyClosed } from './geometry.js';

const unit: Vec[] = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
];

describe('homographyFrom4', () => {
  it('maps each source corner onto its target (DLT) and is invertible', () => {
    const quad: Vec[] = [
      [120, 40],
      [330, 70],
      [310, 300],
      [100, 260],
    ];
    const h = homographyFrom4(unit, quad)!;
    const back = homographyFrom4(quad, unit)!;
    quad.forEach((q, i) => {
      const [x, y] = applyHomography(h, unit[i]![0], unit[i]![1]);
      expect(x).toBeCloseTo(q[0], 6);
      expect(y).toBeCloseTo(q[1], 6);
      const [u, v] = applyHomography(back, q[0], q[1]);
      expect(u).toBeCloseTo(unit[i]![0], 6);
      expect(v).toBeCloseTo(unit[i]![1], 6);
    });
  });

  it('returns null for degenerate (collinear) points', () => {
    expect(
      homographyFrom4(unit, [
        [0, 0],
        [1, 1],
        [2, 2],
        [3, 3],
      ]),
    ).toBeNull();
  });
});

describe('reduceConvexPolygon', () => {
  it('restores the corners a square lost to chamfers', () => {
    const chamfered: Vec[] = [
      [10, 0],
      [90, 0],
      [100, 10],
      [100, 90],
      [90, 100],
      [10, 100],
      [0, 90],
      [0, 10],
    ];
    const quad = orderCorners(reduceConvexPolygon(convexHull(chamfered), 4)!);
    expect(quad).toEqual([
      [0, 0],
      [100, 0],
      [100, 100],
      [0, 100],
    ]);
  });
});

describe('simplifyClosed', () => {
  it('keeps the corners of a densely sampled rectangle only', () => {
    const pts: Vec[] = [];
    for (let x = 0; x < 50; x++) pts.push([x, 0]);
    for (let y = 0; y < 30; y++) pts.push([50, y]);
    for (let x = 50; x > 0; x--) pts.push([x, 30]);
    for (let y = 30; y > 0; y--) pts.push([0, y]);
    expect(simplifyClosed(convexHull(pts), 0.5)).toHaveLength(4);
  });
});

describe('fitLine', () => {
  it('ignores an outlier', () => {
    const pts: Vec[] = [];
    for (let i = 0; i < 20; i++) pts.push([i, 2 * i + 1]);
    pts.push([5, 40]);
    const line = fitLine(pts)!;
    expect(Math.abs(line.dir[1] / line.dir[0] - 2)).toBeLessThan(1e-6);
  });
});

describe('orderCorners', () => {
  it('starts at the top-left and turns clockwise on screen, also when rotated', () => {
    const c = 0.35;
    const rot = (p: Vec): Vec => [200 + Math.cos(c) * p[0] - Math.sin(c) * p[1], 200 + Math.sin(c) * p[0] + Math.cos(c) * p[1]];
    const square: Vec[] = [rot([-50, -80]), rot([50, -80]), rot([50, 80]), rot([-50, 80])];
    const shuffled = [square[2]!, square[0]!, square[3]!, square[1]!];
    expect(orderCorners(shuffled)).toEqual(square);
  });
});
