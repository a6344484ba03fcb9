import { describe, expect, it } from 'vitest';
import { circlePath, draw, rectPath, signedArea } from './geometry.js';
import { OverlappingPanelsError, unionOutline } from './outline.js';

function only<T>(items: readonly T[]): T {
  expect(items).toHaveLength(1);
  const [item] = items;
  if (item === undefined) throw new Error('no item');
  return item;
}

describe('unionOutline', () => {
  it('merges panels that share an edge into one outline without the shared edge', () => {
    const outline = only(unionOutline([rectPath(0, 0, 10, 20), rectPath(10, 0, 30, 20)]));
    expect(outline.segs).toHaveLength(4);
    expect(Math.abs(signedArea(outline))).toBeCloseTo(800, 6);
  });

  it('splits edges that are shared only in part (a flap on a wider panel)', () => {
    const outline = only(unionOutline([rectPath(0, 0, 40, 20), rectPath(5, -10, 30, 10)]));
    expect(Math.abs(signedArea(outline))).toBeCloseTo(40 * 20 + 30 * 10, 6);
    expect(outline.segs).toHaveLength(8);
  });

  it('keeps separate pieces apart and preserves arcs', () => {
    const loops = unionOutline([rectPath(0, 0, 10, 10), circlePath(30, 5, 5)]);
    expect(loops).toHaveLength(2);
    const circle = only(loops.filter((l) => l.segs.some((s) => s.kind === 'arc')));
    expect(Math.abs(signedArea(circle))).toBeCloseTo(Math.PI * 25, 1);
  });

  it('cancels a curved edge shared by two panels', () => {
    const face = draw(0, 0).arc(20, 0, 20, false).line(20, 30).line(0, 30).close();
    const lens = draw(0, 0).arc(20, 0, 20, true).arc(0, 0, 20, true).close();
    const outline = only(unionOutline([face, lens]));
    expect(Math.abs(signedArea(outline))).toBeCloseTo(Math.abs(signedArea(face)) + Math.abs(signedArea(lens)), 6);
  });

  it('refuses two panels covering the same board', () => {
    expect(() => unionOutline([rectPath(0, 0, 10, 10), rectPath(0, 0, 10, 10)])).toThrow(OverlappingPanelsError);
  });
});
