/** Mask geometry for the prompt fill: the selected bounds and a feathered blend weight. */
import type { Mask } from '../types.js';

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** True where the mask selects (≥ 128, as the tools' contract says). */
export const selected = (mask: Mask, i: number): boolean => (mask.data[i] as number) >= 128;

/** The selected pixels' bounding box, or null when nothing is selected. */
export function maskBounds(mask: Mask): Bounds | null {
  let x0 = mask.width;
  let y0 = mask.height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      if (!selected(mask, y * mask.width + x)) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? null : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/**
 * Blend weight per pixel: 1 on the selection, falling off over `radius` px outside it (the
 * selection box-blurred, never below the selection), 0 further out — so the fill melts into the
 * image over a couple of pixels and nothing beyond that moves.
 */
export function featherAlpha(mask: Mask, radius: number, within?: Bounds): Float32Array {
  const { width: W, height: H } = mask;
  // Only the area around the selection can be non-zero; the rest of the image is skipped.
  const x0 = within ? Math.max(0, within.x - radius) : 0;
  const y0 = within ? Math.max(0, within.y - radius) : 0;
  const x1 = within ? Math.min(W, within.x + within.width + radius) : W;
  const y1 = within ? Math.min(H, within.y + within.height + radius) : H;
  const bin = new Float32Array(W * H);
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) bin[y * W + x] = selected(mask, y * W + x) ? 1 : 0;
  if (radius <= 0) return bin;
  const tmp = new Float32Array(W * H);
  const out = new Float32Array(W * H);
  const span = 2 * radius + 1;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      let s = 0;
      for (let k = -radius; k <= radius; k++) {
        const xx = x + k;
        if (xx >= 0 && xx < W) s += bin[y * W + xx] as number;
      }
      tmp[y * W + x] = s / span;
    }
  }
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      let s = 0;
      for (let k = -radius; k <= radius; k++) {
        const yy = y + k;
        if (yy >= 0 && yy < H) s += tmp[yy * W + x] as number;
      }
      const i = y * W + x;
      // Outward only: the blurred edge is doubled so the first ring outside reads as a true blend.
      out[i] = Math.max(bin[i] as number, Math.min(1, (2 * s) / span));
    }
  }
  return out;
}
