import { PX_PER_MM } from '@packsmith/contracts';
import { describe, expect, it } from 'vitest';
import { mm, mmAt, mmToPx, px, pxAt, pxPerMmAt, pxToMm } from './units.js';

describe('units', () => {
  it('converts millimetres to CSS pixels with the contract ratio (96 dpi)', () => {
    expect(PX_PER_MM).toBe(3.7795);
    expect(mmToPx(mm(100))).toBeCloseTo(377.95, 6);
    expect(pxToMm(mmToPx(mm(42)))).toBeCloseTo(42, 9);
  });

  it('converts at print resolutions', () => {
    expect(pxPerMmAt(300)).toBeCloseTo(11.811, 3);
    expect(pxAt(mm(25.4), 300)).toBeCloseTo(300, 9);
    expect(mmAt(px(600), 300)).toBeCloseTo(50.8, 9);
    expect(pxAt(mm(10), 96)).toBeCloseTo(mmToPx(mm(10)), 3);
  });
});
