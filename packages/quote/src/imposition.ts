import type { SheetSize } from './params.js';

/*
 * Step-and-repeat of a rectangular blank on a sheet. The printable area is the sheet less the
 * gripper on one long edge and a side lay on the other three; blanks sit in a grid with a gutter
 * between them (it carries the bleed). Both orientations are tried; nesting (interlocking tucks,
 * 180° pairs) is not attempted, so the count is a floor a planner can beat.
 */

export interface ImpositionMargins {
  readonly gripper_mm: number;
  readonly side_lay_mm: number;
  readonly gutter_mm: number;
}

export interface Imposition {
  readonly sheet: SheetSize;
  readonly up: number;
  /** 0: blank as drawn (its height along the sheet's long side); 90: turned a quarter. */
  readonly rotation: 0 | 90;
  readonly across: number;
  readonly along: number;
  /** up × blank bounding-box area / sheet area. */
  readonly utilisation: number;
  /** True when the board grain (along the sheet's long side) runs parallel to the blank's height (the main folds of a tube). */
  readonly grainAlongHeight: boolean;
}

/** How many fit along a length with gutters between them. */
function fit(length: number, item: number, gutter: number): number {
  if (item <= 0 || length < item) return 0;
  return Math.floor((length + gutter) / (item + gutter));
}

/**
 * The best grid of a blank (width × height, mm) on one sheet. Sheets are given portrait
 * (width ≤ height); the grain runs along the long side (long-grain sheets). Ties in up-count go to
 * the orientation that keeps the grain parallel to the blank's height, i.e. across the side-seam
 * folds of a tube carton, which is what a carton maker prefers for stiff panels.
 */
export function imposeOnSheet(blankW: number, blankH: number, sheet: SheetSize, m: ImpositionMargins): Imposition {
  const short = Math.min(sheet.width_mm, sheet.height_mm);
  const long = Math.max(sheet.width_mm, sheet.height_mm);
  const usableShort = short - 2 * m.side_lay_mm;
  const usableLong = long - m.gripper_mm - m.side_lay_mm;
  const options = ([0, 90] as const).map((rotation) => {
    // rotation 0: blank width across the short side, blank height along the long side (grain).
    const w = rotation === 0 ? blankW : blankH;
    const h = rotation === 0 ? blankH : blankW;
    const across = fit(usableShort, w, m.gutter_mm);
    const along = fit(usableLong, h, m.gutter_mm);
    return { rotation, across, along, up: across * along, grainAlongHeight: rotation === 0 };
  });
  const best = options.reduce((a, b) => (b.up > a.up ? b : a));
  const area = short * long;
  return {
    sheet: { name: sheet.name, width_mm: short, height_mm: long },
    up: best.up,
    rotation: best.rotation,
    across: best.across,
    along: best.along,
    utilisation: area > 0 ? (best.up * blankW * blankH) / area : 0,
    grainAlongHeight: best.grainAlongHeight,
  };
}

/**
 * The best of several candidate sheets: the lowest sheet area per blank (what board cost follows),
 * then the most up. Null when the blank fits none.
 */
export function impose(blankW: number, blankH: number, sheets: readonly SheetSize[], m: ImpositionMargins): Imposition | null {
  let best: Imposition | null = null;
  for (const sheet of sheets) {
    const i = imposeOnSheet(blankW, blankH, sheet, m);
    if (i.up === 0) continue;
    const perBlank = (i.sheet.width_mm * i.sheet.height_mm) / i.up;
    const bestPer = best ? (best.sheet.width_mm * best.sheet.height_mm) / best.up : Infinity;
    if (perBlank < bestPer - 1e-9 || (Math.abs(perBlank - bestPer) < 1e-9 && best && i.up > best.up)) best = i;
  }
  return best;
}
