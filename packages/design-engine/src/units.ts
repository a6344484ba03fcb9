import { PX_PER_MM } from '@packsmith/contracts';

/*
 * Branded lengths: print geometry lives in millimetres, screens and bitmaps in pixels, and
 * the compiler refuses to pass one where the other is expected. Brand at the boundary with
 * `mm()` / `px()`; convert only through the functions below.
 */

declare const mmBrand: unique symbol;
declare const pxBrand: unique symbol;

/** A length in millimetres (print space). */
export type Mm = number & { readonly [mmBrand]: true };
/** A length in pixels (raster or CSS space). */
export type Px = number & { readonly [pxBrand]: true };

export const mm = (n: number): Mm => n as Mm;
export const px = (n: number): Px => n as Px;

/** CSS pixels per millimetre at 96 dpi, the ratio the web editor and the contracts use. */
export { PX_PER_MM };

const MM_PER_INCH = 25.4;

/** Millimetres to CSS pixels (96 dpi). */
export function mmToPx(value: Mm): Px {
  return px(value * PX_PER_MM);
}

/** CSS pixels (96 dpi) to millimetres. */
export function pxToMm(value: Px): Mm {
  return mm(value / PX_PER_MM);
}

/** Pixels per millimetre at a print or export resolution. */
export function pxPerMmAt(dpi: number): number {
  return dpi / MM_PER_INCH;
}

/** A millimetre length as pixels at `dpi` (300 dpi for print files). */
export function pxAt(value: Mm, dpi: number): Px {
  return px(value * pxPerMmAt(dpi));
}

/** A pixel length at `dpi` back to millimetres. */
export function mmAt(value: Px, dpi: number): Mm {
  return mm(value / pxPerMmAt(dpi));
}
