/**
 * Edge colours of the cut-out. A pixel with partial alpha is a mix of product and old background,
 * I = α·F + (1 − α)·B; keeping I as the colour leaves a halo of the old background around the
 * product on any new scene. We estimate B from nearby background pixels and solve for F.
 */
import type { RgbImage } from './guided-filter.js';
import { boxMean } from './guided-filter.js';
import type { Box } from './mask.js';

/** Alpha under which F is solved as if alpha were this (the division amplifies noise). */
const MIN_SOLVE_ALPHA = 0.3;

/**
 * Local background colour at the working resolution: the mean colour of the clearly-background
 * pixels (matte q ≤ 0.1) in a window, so each edge pixel sees the background right beside it.
 */
function localBackground(work: RgbImage, q: Float32Array, radius: number): [Float32Array, Float32Array, Float32Array] {
  const n = work.width * work.height;
  const w = new Float32Array(n);
  const r = new Float32Array(n);
  const g = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const weight = (q[i] ?? 0) <= 0.1 ? 1 : 0;
    w[i] = weight;
    r[i] = weight * (work.data[i * 3] ?? 0);
    g[i] = weight * (work.data[i * 3 + 1] ?? 0);
    b[i] = weight * (work.data[i * 3 + 2] ?? 0);
  }
  const mw = boxMean(w, work.width, work.height, radius);
  const out = [boxMean(r, work.width, work.height, radius), boxMean(g, work.width, work.height, radius), boxMean(b, work.width, work.height, radius)] as const;
  for (let i = 0; i < n; i++) {
    const k = mw[i] ?? 0;
    for (const c of out) c[i] = k > 1e-4 ? (c[i] ?? 0) / k : -1; // -1: no background nearby
  }
  return [out[0], out[1], out[2]];
}

/**
 * The crop as RGBA: the photo's colours where the product is opaque, foreground colours solved
 * from the compositing equation where alpha is partial, alpha from the refined matte.
 */
export function decontaminate(photo: RgbImage, alpha: Uint8Array, crop: Box, work: RgbImage, q: Float32Array): Buffer {
  const radius = Math.max(4, Math.round(Math.max(work.width, work.height) / 64));
  const [bgR, bgG, bgB] = localBackground(work, q, radius);
  const sx = work.width / photo.width;
  const sy = work.height / photo.height;
  const out = Buffer.alloc(crop.width * crop.height * 4);
  for (let y = 0; y < crop.height; y++) {
    const py = crop.y + y;
    const wy = Math.min(work.height - 1, Math.floor(py * sy));
    for (let x = 0; x < crop.width; x++) {
      const px = crop.x + x;
      const i = py * photo.width + px;
      const o = (y * crop.width + x) * 4;
      const a = alpha[i] ?? 0;
      let r = photo.data[i * 3] ?? 0;
      let g = photo.data[i * 3 + 1] ?? 0;
      let b = photo.data[i * 3 + 2] ?? 0;
      if (a > 0 && a < 255) {
        const wi = wy * work.width + Math.min(work.width - 1, Math.floor(px * sx));
        const br = bgR[wi] ?? -1;
        if (br >= 0) {
          const al = Math.max(MIN_SOLVE_ALPHA, a / 255);
          r = (r - (1 - al) * br) / al;
          g = (g - (1 - al) * (bgG[wi] ?? 0)) / al;
          b = (b - (1 - al) * (bgB[wi] ?? 0)) / al;
        }
      }
      out[o] = r < 0 ? 0 : r > 255 ? 255 : Math.round(r);
      out[o + 1] = g < 0 ? 0 : g > 255 ? 255 : Math.round(g);
      out[o + 2] = b < 0 ? 0 : b > 255 ? 255 : Math.round(b);
      out[o + 3] = a;
    }
  }
  return out;
}
