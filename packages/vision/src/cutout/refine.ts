/**
 * From a coarse matte to the per-pixel alpha model the full-resolution stage evaluates.
 *
 * The guided filter decides only in a band around the coarse matte's edge (a trimap made from the
 * matte; the filter runs on the band's bounding box alone): deep inside the product the coarse matte is
 * trusted, so a label whose colours resemble the backdrop never turns translucent, and the
 * backdrop never picks up ghosts. Inside the band alpha follows the photo: crisp where the photo
 * is crisp, partial where it fades (thin strands, glass rims, lens blur).
 */
import { applyCoefficients, guidedCoefficients, type RgbImage } from './guided-filter.js';
import { dilate } from './mask.js';

export interface RefineParams {
  /** Guided filter window radius, working pixels. */
  radius: number;
  /** Guided filter regularisation (colours in 0–1). */
  eps: number;
  /** Half-width of the band around the coarse edge where the filter decides, working pixels. */
  band: number;
  /**
   * Alpha below `clip` becomes 0 and above 1 − `clip` becomes 1, linearly stretched between:
   * removes the filter's faint halo without hardening genuinely partial edges.
   */
  clip: number;
  /** Guided-filter passes (each refits to the previous result). */
  passes: number;
}

export interface Refined {
  /** Interleaved [aR, aG, aB, b] per working pixel: alpha = a·RGB/255 + b. */
  coeffs: Float32Array;
  /** Alpha at the working resolution (0–1, unclamped). */
  q: Float32Array;
}

/** The band of pixels within `r` of the edge of `fg` (1 = in the band). */
export function edgeBand(fg: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const n = width * height;
  const grown = dilate(fg, width, height, r);
  const bg = new Uint8Array(n);
  for (let i = 0; i < n; i++) bg[i] = fg[i] ? 0 : 1;
  const shrunkComplement = dilate(bg, width, height, r);
  const band = new Uint8Array(n);
  for (let i = 0; i < n; i++) band[i] = grown[i] && shrunkComplement[i] ? 1 : 0;
  return band;
}

/** Refines the coarse matte p (0–1, working size) against the working image. */
export function refineMatte(work: RgbImage, p: Float32Array, params: RefineParams): Refined {
  const { width, height } = work;
  const n = width * height;
  const fg = new Uint8Array(n);
  for (let i = 0; i < n; i++) fg[i] = (p[i] ?? 0) >= 0.5 ? 1 : 0;
  const band = edgeBand(fg, width, height, params.band);
  // Outside the band alpha is the coarse matte's side; the filter only runs on the band's
  // bounding box (plus its window), usually a fraction of the frame.
  const coeffs = new Float32Array(n * 4);
  for (let i = 0; i < n; i++) coeffs[i * 4 + 3] = fg[i] ?? 0;
  const box = bandBox(band, width, height, params.radius * 2 + 1);
  if (box) {
    const sub = cropImage(work, box);
    const subBand = cropPlane(band, width, box);
    const subFg = cropPlane(fg, width, box);
    const local = filterBand(sub, cropPlane(p, width, box), subBand, subFg, params);
    for (let y = 0; y < box.height; y++) coeffs.set(local.subarray(y * box.width * 4, (y + 1) * box.width * 4), ((box.y + y) * width + box.x) * 4);
  }
  return { coeffs, q: applyCoefficients(coeffs, work) };
}

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

function bandBox(band: Uint8Array, width: number, height: number, margin: number): Rect | undefined {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!band[y * width + x]) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  if (x1 < 0) return undefined;
  x0 = Math.max(0, x0 - margin);
  y0 = Math.max(0, y0 - margin);
  x1 = Math.min(width - 1, x1 + margin);
  y1 = Math.min(height - 1, y1 + margin);
  return { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

function cropImage(img: RgbImage, r: Rect): RgbImage {
  const data = new Uint8Array(r.width * r.height * 3);
  for (let y = 0; y < r.height; y++) {
    const from = ((r.y + y) * img.width + r.x) * 3;
    data.set(img.data.subarray(from, from + r.width * 3), y * r.width * 3);
  }
  return { data, width: r.width, height: r.height };
}

function cropPlane<T extends Uint8Array | Float32Array>(plane: T, width: number, r: Rect): T {
  const out = new (plane.constructor as new (n: number) => T)(r.width * r.height);
  for (let y = 0; y < r.height; y++) {
    const from = (r.y + y) * width + r.x;
    out.set(plane.subarray(from, from + r.width), y * r.width);
  }
  return out;
}

/** The guided filter passes over one region: coefficients inside the band, constants outside. */
function filterBand(work: RgbImage, p: Float32Array, band: Uint8Array, fg: Uint8Array, params: RefineParams): Float32Array {
  const n = work.width * work.height;
  const stretch = 1 / (1 - 2 * params.clip);
  let input: Float32Array = p;
  let coeffs: Float32Array = new Float32Array(0);
  // Each pass re-fits the filter to the previous pass's cleaner matte: where the coarse edge sat
  // a pixel or two off the photo's edge, the halo left by the first pass shrinks with the next.
  for (let pass = 0; pass < Math.max(1, params.passes); pass++) {
    coeffs = guidedCoefficients(work, input, params.radius, params.eps);
    for (let i = 0; i < n; i++) {
      const j = i * 4;
      if (band[i]) {
        // The stretch is linear, so it applies to the coefficients (and survives upsampling).
        coeffs[j] = (coeffs[j] ?? 0) * stretch;
        coeffs[j + 1] = (coeffs[j + 1] ?? 0) * stretch;
        coeffs[j + 2] = (coeffs[j + 2] ?? 0) * stretch;
        coeffs[j + 3] = ((coeffs[j + 3] ?? 0) - params.clip) * stretch;
        continue;
      }
      coeffs[j] = 0;
      coeffs[j + 1] = 0;
      coeffs[j + 2] = 0;
      coeffs[j + 3] = fg[i] ?? 0;
    }
    const q = applyCoefficients(coeffs, work);
    for (let i = 0; i < n; i++) q[i] = Math.min(1, Math.max(0, q[i] ?? 0));
    input = q;
  }
  return coeffs;
}
