/** The holes of an inpainting mask: connected components, their bounds and how thick they are. */
import type { Mask } from './types.js';

export interface Hole {
  /** Pixel indices (y · width + x) in the full image. */
  pixels: Int32Array;
  x0: number;
  y0: number;
  /** Exclusive. */
  x1: number;
  y1: number;
  /** Radius of the largest disc that fits inside, px (chamfer distance to the nearest kept pixel). */
  radius: number;
}

/** 1 where the mask selects (≥ 128), else 0. */
export function binaryMask(mask: Mask): Uint8Array {
  const out = new Uint8Array(mask.width * mask.height);
  for (let i = 0; i < out.length; i++) out[i] = mask.data[i]! >= 128 ? 1 : 0;
  return out;
}

/**
 * Chamfer (1, √2) distance from every selected pixel to the nearest unselected one, in a w × h
 * window; outside the window counts as unselected, so a hole cut by the image edge is not "thicker".
 */
export function insideDistance(sel: Uint8Array, w: number, h: number): Float32Array {
  const d = new Float32Array(w * h);
  const big = 1e9;
  for (let i = 0; i < d.length; i++) d[i] = sel[i] ? big : 0;
  const at = (x: number, y: number): number => (x < 0 || y < 0 || x >= w || y >= h ? 0 : d[y * w + x]!);
  const r2 = Math.SQRT2;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!d[i]) continue;
      d[i] = Math.min(d[i], at(x - 1, y) + 1, at(x, y - 1) + 1, at(x - 1, y - 1) + r2, at(x + 1, y - 1) + r2);
    }
  }
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      if (!d[i]) continue;
      d[i] = Math.min(d[i], at(x + 1, y) + 1, at(x, y + 1) + 1, at(x + 1, y + 1) + r2, at(x - 1, y + 1) + r2);
    }
  }
  return d;
}

/** The 8-connected holes of a binary mask, largest radius included. */
export function findHoles(sel: Uint8Array, width: number, height: number): Hole[] {
  const seen = new Uint8Array(sel.length);
  const stack = new Int32Array(sel.length);
  const holes: Hole[] = [];
  for (let start = 0; start < sel.length; start++) {
    if (!sel[start] || seen[start]) continue;
    let top = 0;
    let n = 0;
    stack[top++] = start;
    seen[start] = 1;
    const pixels: number[] = [];
    let x0 = width;
    let y0 = height;
    let x1 = 0;
    let y1 = 0;
    while (top > 0) {
      const i = stack[--top]!;
      pixels.push(i);
      n++;
      const x = i % width;
      const y = (i - x) / width;
      if (x < x0) x0 = x;
      if (x >= x1) x1 = x + 1;
      if (y < y0) y0 = y;
      if (y >= y1) y1 = y + 1;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const j = yy * width + xx;
          if (sel[j] && !seen[j]) {
            seen[j] = 1;
            stack[top++] = j;
          }
        }
      }
    }
    // The component alone, in its bounds: neighbouring holes do not make this one look thicker.
    const w = x1 - x0;
    const h = y1 - y0;
    const local = new Uint8Array(w * h);
    for (const i of pixels) local[(Math.floor(i / width) - y0) * w + (i % width) - x0] = 1;
    const dist = insideDistance(local, w, h);
    let radius = 0;
    for (let i = 0; i < dist.length; i++) if (dist[i]! > radius) radius = dist[i]!;
    holes.push({ pixels: Int32Array.from(pixels), x0, y0, x1, y1, radius: n > 0 ? radius : 0 });
  }
  return holes;
}
