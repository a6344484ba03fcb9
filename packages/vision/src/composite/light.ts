/**
 * Reading a scene: where its light comes from (when the scene did not say), and the colours of
 * the light and of the surface the product stands on, which the shadow and the edge tint use.
 */
import type { SceneLight } from '@packsmith/contracts';

export interface Thumb {
  /** RGB bytes, width × height. */
  data: Uint8Array;
  width: number;
  height: number;
}

const luma = (r: number, g: number, b: number) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;

/**
 * Light direction from the brightest region of a small thumbnail: the brightness-weighted
 * centroid's offset from the centre, horizontally (product photography lights from above, so
 * only which side and how far are read; elevation stays a typical 45°). Hardness follows the
 * scene's contrast: flat scenes were lit softly.
 */
export function estimateLight(t: Thumb): SceneLight {
  const n = t.width * t.height;
  const lum = new Float32Array(n);
  let mean = 0;
  for (let i = 0; i < n; i++) {
    lum[i] = luma(t.data[i * 3] as number, t.data[i * 3 + 1] as number, t.data[i * 3 + 2] as number);
    mean += lum[i] as number;
  }
  mean /= n;
  let wx = 0;
  let w = 0;
  let variance = 0;
  for (let y = 0; y < t.height; y++) {
    for (let x = 0; x < t.width; x++) {
      const v = lum[y * t.width + x] as number;
      variance += (v - mean) ** 2;
      const k = Math.max(0, v - mean);
      wx += k * ((x + 0.5) / t.width - 0.5);
      w += k;
    }
  }
  const std = Math.sqrt(variance / n);
  const dx = w > 0 ? wx / w : 0;
  // 0.08 of the width off-centre already means a clearly one-sided light.
  const side = Math.max(-1, Math.min(1, dx / 0.08));
  const azimuth = Math.round(90 - side * 65);
  const hardness = Math.round(Math.max(0.2, Math.min(0.85, 0.2 + (std - 0.03) * 4)) * 100) / 100;
  return { azimuth, elevation: 45, hardness };
}

/** Mean colour of a horizontal band of the thumbnail (0–1 from the top), RGB 0–255. */
export function bandColor(t: Thumb, y0: number, y1: number, x0 = 0, x1 = 1): [number, number, number] {
  const ya = Math.max(0, Math.min(t.height - 1, Math.floor(y0 * t.height)));
  const yb = Math.max(ya + 1, Math.min(t.height, Math.ceil(y1 * t.height)));
  const xa = Math.max(0, Math.min(t.width - 1, Math.floor(x0 * t.width)));
  const xb = Math.max(xa + 1, Math.min(t.width, Math.ceil(x1 * t.width)));
  const sum = [0, 0, 0];
  let n = 0;
  for (let y = ya; y < yb; y++) {
    for (let x = xa; x < xb; x++) {
      const q = (y * t.width + x) * 3;
      for (let c = 0; c < 3; c++) sum[c] = (sum[c] as number) + (t.data[q + c] as number);
      n++;
    }
  }
  return [(sum[0] as number) / n, (sum[1] as number) / n, (sum[2] as number) / n];
}

/** Colour of the light: the mean of the brightest tenth of the thumbnail, RGB 0–255. */
export function brightColor(t: Thumb): [number, number, number] {
  const n = t.width * t.height;
  const idx = Array.from({ length: n }, (_, i) => i).sort(
    (p, q) =>
      luma(t.data[q * 3] as number, t.data[q * 3 + 1] as number, t.data[q * 3 + 2] as number) -
      luma(t.data[p * 3] as number, t.data[p * 3 + 1] as number, t.data[p * 3 + 2] as number),
  );
  const k = Math.max(1, Math.floor(n / 10));
  const sum = [0, 0, 0];
  for (let j = 0; j < k; j++) for (let c = 0; c < 3; c++) sum[c] = (sum[c] as number) + (t.data[(idx[j] as number) * 3 + c] as number);
  return [(sum[0] as number) / k, (sum[1] as number) / k, (sum[2] as number) / k];
}
