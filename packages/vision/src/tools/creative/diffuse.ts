/**
 * Filling a hole from its surroundings by push–pull diffusion: the known pixels are averaged
 * down a pyramid until every cell has a value, then the coarse values are pulled back up into
 * the unknown pixels. A smooth membrane over the hole that meets its border's colours, in
 * O(pixels), which is what a plain "fill from the surroundings" needs.
 */
import type { Mask, RgbImage } from '../types.js';
import { maskBounds, selected } from './mask.js';
import { grow } from './region.js';

interface Level {
  w: number;
  h: number;
  /** Premultiplied channel sums (× weight) and weights. */
  c: Float32Array;
  wt: Float32Array;
}

/**
 * The image with the selected pixels replaced by a diffusion of the unselected ones (3 channels).
 * Only a window around the selection takes part: the membrane is decided by the nearby pixels,
 * and a small hole in a large photo then costs little.
 */
export function diffuseFill(image: RgbImage, mask: Mask): Uint8Array {
  const out = new Uint8Array(image.data);
  const b = maskBounds(mask);
  if (!b) return out;
  const win = grow(b, Math.max(8, Math.ceil(Math.max(b.width, b.height) / 2)), image.width, image.height);
  const { width: W, height: H } = win;
  const data = image.data;
  const base: Level = { w: W, h: H, c: new Float32Array(W * H * 3), wt: new Float32Array(W * H) };
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const g = (win.y + y) * image.width + win.x + x;
      if (selected(mask, g)) continue;
      const i = y * W + x;
      base.wt[i] = 1;
      base.c[i * 3] = data[g * 3] as number;
      base.c[i * 3 + 1] = data[g * 3 + 1] as number;
      base.c[i * 3 + 2] = data[g * 3 + 2] as number;
    }
  }
  const levels: Level[] = [base];
  while (levels.length < 16) {
    const p = levels[levels.length - 1] as Level;
    if (p.w <= 1 && p.h <= 1) break;
    levels.push(down(p));
  }
  // Pull: from coarse to fine, every cell without full weight takes the rest from the coarser level.
  for (let k = levels.length - 2; k >= 0; k--) up(levels[k] as Level, levels[k + 1] as Level);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const g = (win.y + y) * image.width + win.x + x;
      if (!selected(mask, g)) continue;
      const i = y * W + x;
      const w = base.wt[i] as number;
      const inv = w > 0 ? 1 / w : 0;
      for (let ch = 0; ch < 3; ch++) {
        const v = (base.c[i * 3 + ch] as number) * inv;
        out[g * 3 + ch] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
      }
    }
  }
  return out;
}

function down(p: Level): Level {
  const w = Math.max(1, Math.ceil(p.w / 2));
  const h = Math.max(1, Math.ceil(p.h / 2));
  const c = new Float32Array(w * h * 3);
  const wt = new Float32Array(w * h);
  for (let y = 0; y < p.h; y++) {
    for (let x = 0; x < p.w; x++) {
      const s = y * p.w + x;
      const d = (y >> 1) * w + (x >> 1);
      wt[d] = (wt[d] as number) + (p.wt[s] as number);
      for (let ch = 0; ch < 3; ch++) c[d * 3 + ch] = (c[d * 3 + ch] as number) + (p.c[s * 3 + ch] as number);
    }
  }
  // Normalise to weight ≤ 1 so the levels mix as colours, not as counts.
  for (let d = 0; d < w * h; d++) {
    const m = wt[d] as number;
    if (m > 1) {
      const k = 1 / m;
      wt[d] = 1;
      for (let ch = 0; ch < 3; ch++) c[d * 3 + ch] = (c[d * 3 + ch] as number) * k;
    }
  }
  return { w, h, c, wt };
}

/** One bilinear tap of a coarse cell's normalised colour, accumulated into acc (r, g, b, weight). */
function tap(coarse: Level, j: number, bw: number, acc: Float64Array): void {
  const cw = coarse.wt[j] as number;
  if (cw <= 0 || bw <= 0) return;
  const k = bw / cw;
  acc[0] = (acc[0] as number) + (coarse.c[j * 3] as number) * k;
  acc[1] = (acc[1] as number) + (coarse.c[j * 3 + 1] as number) * k;
  acc[2] = (acc[2] as number) + (coarse.c[j * 3 + 2] as number) * k;
  acc[3] = (acc[3] as number) + bw;
}

/** Fills the fine level's missing weight from the coarse level, sampled bilinearly. */
function up(fine: Level, coarse: Level): void {
  const acc = new Float64Array(4);
  for (let y = 0; y < fine.h; y++) {
    for (let x = 0; x < fine.w; x++) {
      const i = y * fine.w + x;
      const w = fine.wt[i] as number;
      if (w >= 1) continue;
      const cx = Math.min(coarse.w - 1, Math.max(0, (x - 0.5) / 2));
      const cy = Math.min(coarse.h - 1, Math.max(0, (y - 0.5) / 2));
      const x0 = Math.floor(cx);
      const y0 = Math.floor(cy);
      const x1 = Math.min(coarse.w - 1, x0 + 1);
      const y1 = Math.min(coarse.h - 1, y0 + 1);
      const fx = cx - x0;
      const fy = cy - y0;
      acc.fill(0);
      tap(coarse, y0 * coarse.w + x0, (1 - fx) * (1 - fy), acc);
      tap(coarse, y0 * coarse.w + x1, fx * (1 - fy), acc);
      tap(coarse, y1 * coarse.w + x0, (1 - fx) * fy, acc);
      tap(coarse, y1 * coarse.w + x1, fx * fy, acc);
      const tw = acc[3] as number;
      const r = acc[0] as number;
      const g = acc[1] as number;
      const b = acc[2] as number;
      if (tw <= 0) continue;
      const rest = 1 - w;
      fine.wt[i] = 1;
      fine.c[i * 3] = (fine.c[i * 3] as number) + (r / tw) * rest;
      fine.c[i * 3 + 1] = (fine.c[i * 3 + 1] as number) + (g / tw) * rest;
      fine.c[i * 3 + 2] = (fine.c[i * 3 + 2] as number) + (b / tw) * rest;
    }
  }
}
