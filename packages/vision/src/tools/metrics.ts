/** Quality measures for the image tools' tests and benchmark: PSNR, SSIM, ΔE2000 in a mask, seams. */
import { deltaE2000Rgb } from '@packsmith/design-engine/delta-e';

interface Pixels {
  data: Uint8Array;
  width: number;
  height: number;
}

function channelsOf(img: Pixels): number {
  const c = img.data.length / (img.width * img.height);
  if (!Number.isInteger(c)) throw new Error('metrics: data length does not match the size');
  return c;
}

function sameShape(a: Pixels, b: Pixels): number {
  if (a.width !== b.width || a.height !== b.height || a.data.length !== b.data.length) throw new Error('metrics: images differ in size');
  return channelsOf(a);
}

/** Peak signal-to-noise ratio over the colour channels (alpha ignored), dB; Infinity when equal. */
export function psnr(a: Pixels, b: Pixels): number {
  const c = sameShape(a, b);
  const colour = Math.min(3, c);
  let se = 0;
  let n = 0;
  for (let i = 0; i < a.data.length; i += c) {
    for (let k = 0; k < colour; k++) {
      const d = a.data[i + k]! - b.data[i + k]!;
      se += d * d;
      n++;
    }
  }
  return se === 0 ? Infinity : 10 * Math.log10((255 * 255) / (se / n));
}

/** Rec. 601 luma, the plane SSIM is usually reported on. */
function luma(img: Pixels): Float64Array {
  const c = channelsOf(img);
  const out = new Float64Array(img.width * img.height);
  for (let p = 0; p < out.length; p++) {
    const i = p * c;
    out[p] = c >= 3 ? 0.299 * img.data[i]! + 0.587 * img.data[i + 1]! + 0.114 * img.data[i + 2]! : img.data[i]!;
  }
  return out;
}

/**
 * Mean SSIM (Wang et al. 2004) of the luma, on 8 × 8 windows every 4 px (a box window instead of
 * the 11-tap Gaussian: the same ranking, far cheaper).
 */
export function ssim(a: Pixels, b: Pixels, win = 8, step = 4): number {
  sameShape(a, b);
  const x = luma(a);
  const y = luma(b);
  const w = a.width;
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  let sum = 0;
  let n = 0;
  for (let y0 = 0; y0 + win <= a.height; y0 += step) {
    for (let x0 = 0; x0 + win <= w; x0 += step) {
      let mx = 0;
      let my = 0;
      for (let j = 0; j < win; j++) {
        for (let i = 0; i < win; i++) {
          const p = (y0 + j) * w + x0 + i;
          mx += x[p]!;
          my += y[p]!;
        }
      }
      const m = win * win;
      mx /= m;
      my /= m;
      let vx = 0;
      let vy = 0;
      let cov = 0;
      for (let j = 0; j < win; j++) {
        for (let i = 0; i < win; i++) {
          const p = (y0 + j) * w + x0 + i;
          const dx = x[p]! - mx;
          const dy = y[p]! - my;
          vx += dx * dx;
          vy += dy * dy;
          cov += dx * dy;
        }
      }
      vx /= m - 1;
      vy /= m - 1;
      cov /= m - 1;
      sum += ((2 * mx * my + c1) * (2 * cov + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2));
      n++;
    }
  }
  return n === 0 ? 1 : sum / n;
}

/** Mean CIEDE2000 between two RGB images over the pixels where mask ≥ 128 (0 when none). */
export function meanDeltaE(a: Pixels, b: Pixels, mask: Uint8Array): number {
  const c = sameShape(a, b);
  let sum = 0;
  let n = 0;
  for (let p = 0; p < mask.length; p++) {
    if (mask[p]! < 128) continue;
    const i = p * c;
    sum += deltaE2000Rgb(a.data[i]!, a.data[i + 1]!, a.data[i + 2]!, b.data[i]!, b.data[i + 1]!, b.data[i + 2]!);
    n++;
  }
  return n === 0 ? 0 : sum / n;
}

/** Mean RGB distance between 4-neighbours that straddle the mask's border: how visible its edge is. */
export function borderGradient(img: Pixels, mask: Uint8Array): number {
  const c = channelsOf(img);
  const { width: w, height: h, data } = img;
  let sum = 0;
  let n = 0;
  const pair = (p: number, q: number): void => {
    const a = p * c;
    const b = q * c;
    sum += Math.hypot(data[a]! - data[b]!, data[a + 1]! - data[b + 1]!, data[a + 2]! - data[b + 2]!);
    n++;
  };
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      const inside = mask[p]! >= 128;
      if (x + 1 < w && inside !== mask[p + 1]! >= 128) pair(p, p + 1);
      if (y + 1 < h && inside !== mask[p + w]! >= 128) pair(p, p + w);
    }
  }
  return n === 0 ? 0 : sum / n;
}

/** Seam ratio: the border gradient of the result over the truth's (1 = the edge is as visible as in reality). */
export function seamRatio(result: Pixels, truth: Pixels, mask: Uint8Array): number {
  return borderGradient(result, mask) / Math.max(1e-6, borderGradient(truth, mask));
}
