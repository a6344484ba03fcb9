import { describe, expect, it } from 'vitest';
import { impose, imposeOnSheet } from './imposition.js';

const B1 = { name: 'B1', width_mm: 720, height_mm: 1020 };
const MARGINS = { gripper_mm: 10, side_lay_mm: 5, gutter_mm: 3 };

describe('imposition', () => {
  it("puts the reference's 337 × 300 mm RTE blank 6-up on a 720 × 1020 sheet (reference §2: ≈ 62 %)", () => {
    const i = imposeOnSheet(337, 300, B1, MARGINS);
    expect(i.up).toBe(6);
    expect(i.across * i.along).toBe(6);
    // 6 × 337 × 300 / (720 × 1020) = 0.8260; the reference's 62 % counts the net area, we count the bounding box.
    expect(i.utilisation).toBeCloseTo((6 * 337 * 300) / (720 * 1020), 6);
  });

  it('turns the blank when the quarter turn fits more', () => {
    // As drawn: 2 across (2 × 340 + 3 ≤ 710) × 4 along (4 × 230 + 9 ≤ 1005) = 8; turned: 3 × 2 = 6 → keeps 0°.
    const straight = imposeOnSheet(340, 230, B1, MARGINS);
    expect(straight.up).toBe(8);
    expect(straight.rotation).toBe(0);
    // 250 wide × 480 tall: as drawn 2 × 2 = 4; turned (480 across, 250 along) 1 × 4 = 4; a 200 × 480 blank: as drawn 3 × 2 = 6, turned 1 × 5 = 5.
    // A 480 × 200 blank (wide): as drawn 1 × 5 = 5; turned 3 × 2 = 6.
    const wide = imposeOnSheet(480, 200, B1, MARGINS);
    expect(wide.up).toBe(6);
    expect(wide.rotation).toBe(90);
    expect(wide.grainAlongHeight).toBe(false);
  });

  it('keeps the grain parallel to the main folds when both orientations fit the same number', () => {
    const square = imposeOnSheet(300, 300, { name: 'sq', width_mm: 1000, height_mm: 1000 }, MARGINS);
    expect(square.rotation).toBe(0);
    expect(square.grainAlongHeight).toBe(true);
  });

  it('picks the sheet with the least board per blank, and none when the blank fits no sheet', () => {
    const B2 = { name: 'B2', width_mm: 520, height_mm: 720 };
    // 505 × 700 fits B2 once (0.374 m² per blank) and B1 once too (0.734 m²: two need 2 × 505 + 3 > 1005): B2 wins.
    expect(impose(505, 700, [B1, B2], MARGINS)?.sheet.name).toBe('B2');
    // 450 × 650 is 1-up on B2 but 2-up on B1 turned (0.367 m² per blank): B1 wins.
    expect(impose(450, 650, [B1, B2], MARGINS)).toMatchObject({ up: 2, rotation: 90, sheet: { name: 'B1' } });
    expect(impose(800, 1200, [B1, B2], MARGINS)).toBeNull();
  });

  it('counts the gutter only between blanks and the gripper on one edge', () => {
    // Usable 710 × 1005 (5 mm side lays, 10 mm gripper + 5 mm tail): 3 blanks of 235 need 3 × 235 + 2 × 3 = 711 > 710.
    const i = imposeOnSheet(235, 240, B1, MARGINS);
    expect([i.across, i.along, i.up]).toEqual([2, 4, 8]);
    // One millimetre less and the third column fits: 3 × 234 + 6 = 708.
    expect(imposeOnSheet(234, 240, B1, MARGINS).up).toBe(12);
  });
});
