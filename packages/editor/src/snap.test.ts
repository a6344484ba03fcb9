import { describe, expect, it } from 'vitest';
import { shapeLayer } from './fixtures.js';
import { snapMove } from './snap.js';

const panel = { width: 60, height: 150, safe: { x: 3, y: 3, width: 54, height: 144 } };
const PX = 3.7795;

describe('snapping', () => {
  it('pulls a box to the panel centre and draws the guide', () => {
    const r = snapMove({ box: { x: 19, y: 50, w: 20, h: 10 }, panel, layers: [], pxPerMm: PX });
    expect(r.x).toBeCloseTo(20, 9);
    expect(r.dx).toBeCloseTo(1, 9);
    expect(r.guides).toContainEqual({ axis: 'x', at: 30, from: 0, to: 150, kind: 'panel' });
  });

  it('converts the threshold from screen px by the zoom', () => {
    // 1 mm off the safe line: 3.8 px at 100 % (snaps at 6 px), 15 px at 400 % (does not).
    const box = { x: 4, y: 60, w: 10, h: 10 };
    expect(snapMove({ box, panel, layers: [], pxPerMm: PX }).x).toBeCloseTo(3, 9);
    const zoomed = snapMove({ box, panel, layers: [], pxPerMm: PX * 4 });
    expect(zoomed.x).toBe(4);
    expect(zoomed.guides).toEqual([]);
  });

  it('snaps to the safe zone and to other layers, and leaves out the moving ones', () => {
    const other = shapeLayer('o', { x: 40, y: 100, w: 10, h: 10 });
    const r = snapMove({ box: { x: 29.5, y: 100.5, w: 10, h: 5 }, panel, layers: [other], pxPerMm: PX * 2 });
    // Right edge 39.5 → other's left 40; top 100.5 → other's top 100.
    expect(r.x).toBeCloseTo(30, 9);
    expect(r.y).toBeCloseTo(100, 9);
    expect(r.guides).toContainEqual({ axis: 'x', at: 40, from: 100, to: 110, kind: 'layer' });
    expect(r.guides).toContainEqual({ axis: 'y', at: 100, from: 30, to: 50, kind: 'layer' });
    // Its left edge now also lies on the panel's centre line: that guide shows too.
    expect(r.guides).toContainEqual({ axis: 'x', at: 30, from: 0, to: 150, kind: 'panel' });
    const alone = snapMove({ box: { x: 29.5, y: 100.5, w: 10, h: 5 }, panel, layers: [other], exclude: ['o'], pxPerMm: PX * 2 });
    expect(alone.guides.every((g) => g.kind !== 'layer')).toBe(true);
    const safe = snapMove({ box: { x: 46.5, y: 146, w: 10, h: 1.5 }, panel, layers: [], pxPerMm: PX * 2 });
    expect(safe.x).toBeCloseTo(47, 9);
    expect(safe.guides.find((g) => g.axis === 'x')?.kind).toBe('safe');
  });

  it('takes the nearest target on each axis on its own', () => {
    const r = snapMove({ box: { x: 0.5, y: 74.2, w: 10, h: 1.2 }, panel, layers: [], pxPerMm: PX });
    expect(r.x).toBeCloseTo(0, 9);
    expect(r.y + 0.6).toBeCloseTo(75, 9);
  });
});
