/**
 * The permissive fallback (CUTOUT_ENGINE=grabcut): OpenCV's GrabCut (Rother et al., 2004) through
 * @techstark/opencv-js (Apache-2.0, WebAssembly). No learned model: it needs a first guess of
 * where the product is, which we take from how much each pixel differs from the colours along the
 * photo's border (product photos are framed with background all round).
 */
import { createRequire } from 'node:module';
import sharp from 'sharp';
import type { RgbImage } from './guided-filter.js';
import { boxMean } from './guided-filter.js';
import { labelComponents } from './mask.js';

/** The subset of the opencv.js API used here (its bundled typings are a 3 MB namespace). */
interface CvMat {
  data: Uint8Array;
  delete(): void;
}
interface OpenCv {
  Mat: new (...args: unknown[]) => CvMat;
  Rect: new (x: number, y: number, w: number, h: number) => unknown;
  CV_8UC1: number;
  CV_8UC3: number;
  GC_BGD: number;
  GC_FGD: number;
  GC_PR_BGD: number;
  GC_PR_FGD: number;
  GC_INIT_WITH_MASK: number;
  grabCut(img: CvMat, mask: CvMat, rect: unknown, bgd: CvMat, fgd: CvMat, iterations: number, mode: number): void;
  matFromArray(rows: number, cols: number, type: number, data: ArrayLike<number>): CvMat;
  setRNGSeed(seed: number): void;
  onRuntimeInitialized?: () => void;
  then?: unknown;
}

let opencv: Promise<OpenCv> | undefined;

/**
 * opencv.js 4.x: require() gives a module object with a `then` that never resolves when awaited;
 * wait for onRuntimeInitialized, then drop `then` so the object can be returned from a promise.
 */
export function loadOpenCv(): Promise<OpenCv> {
  opencv ??= new Promise<OpenCv>((resolve) => {
    const cv = createRequire(import.meta.url)('@techstark/opencv-js') as OpenCv;
    const ready = (): void => {
      delete cv.then;
      resolve(cv);
    };
    if (typeof (cv as { Mat?: unknown }).Mat === 'function' && typeof cv.grabCut === 'function') ready();
    else cv.onRuntimeInitialized = ready;
  });
  return opencv;
}

/** Longer side of the image GrabCut runs on (its cost grows with pixels: ~1 s at 640 × 480 here). */
export const GRABCUT_SIDE = 640;

/** Solves the n × n system A·x = b in place (Gaussian elimination with partial pivoting). */
function solve(A: number[][], b: number[]): number[] {
  const n = b.length;
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(A[r]?.[c] ?? 0) > Math.abs(A[pivot]?.[c] ?? 0)) pivot = r;
    [A[c], A[pivot]] = [A[pivot] ?? [], A[c] ?? []];
    [b[c], b[pivot]] = [b[pivot] ?? 0, b[c] ?? 0];
    const d = A[c]?.[c] ?? 0;
    if (Math.abs(d) < 1e-12) continue;
    for (let r = c + 1; r < n; r++) {
      const f = (A[r]?.[c] ?? 0) / d;
      for (let k = c; k < n; k++) (A[r] as number[])[k] = (A[r]?.[k] ?? 0) - f * (A[c]?.[k] ?? 0);
      b[r] = (b[r] ?? 0) - f * (b[c] ?? 0);
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r] ?? 0;
    for (let k = r + 1; k < n; k++) s -= (A[r]?.[k] ?? 0) * (x[k] ?? 0);
    const d = A[r]?.[r] ?? 0;
    x[r] = Math.abs(d) < 1e-12 ? 0 : s / d;
  }
  return x;
}

/** Quartic polynomial terms in the normalised coordinates (−0.5…0.5). */
const basis = (u: number, v: number): number[] => {
  const out: number[] = [];
  for (let d = 0; d <= 4; d++) for (let i = 0; i <= d; i++) out.push(u ** (d - i) * v ** i);
  return out;
};
const TERMS = 15;

type Sample = { u: number; v: number; c: [number, number, number] };

/** Least-squares fit of one cubic surface per colour channel. */
function fitSurface(samples: readonly Sample[]): number[][] {
  const AtA = Array.from({ length: TERMS }, () => new Array<number>(TERMS).fill(0));
  const Atb = [0, 1, 2].map(() => new Array<number>(TERMS).fill(0));
  for (const s of samples) {
    const f = basis(s.u, s.v);
    for (let r = 0; r < TERMS; r++) {
      const fr = f[r] ?? 0;
      const row = AtA[r] as number[];
      for (let k = 0; k < TERMS; k++) row[k] = (row[k] ?? 0) + fr * (f[k] ?? 0);
      for (let c = 0; c < 3; c++) (Atb[c] as number[])[r] = (Atb[c]?.[r] ?? 0) + fr * (s.c[c] ?? 0);
    }
  }
  return Atb.map((rhs) =>
    solve(
      AtA.map((row) => [...row]),
      [...rhs],
    ),
  );
}

function surfaceResidual(surface: readonly number[][], s: Sample): number {
  const f = basis(s.u, s.v);
  let d = 0;
  for (let c = 0; c < 3; c++) {
    const e = (surface[c] ?? []).reduce((acc, k, j) => acc + k * (f[j] ?? 0), 0);
    d += ((s.c[c] ?? 0) - e) ** 2;
  }
  return Math.sqrt(d);
}

/**
 * How far each pixel is from what the background would be there, judged from the photo's border
 * (3 % all round). Two models, and a pixel must differ from both to stand out:
 * - a smooth surface (quartic in x and y per channel): sweeps, gradients, vignettes, spotlights;
 * - the border's main colours (k-means, k = 6): a wall above a table, textures, two-tone sets.
 */
function backgroundDistance(img: RgbImage): { distance: Float32Array; borderSpread: number } {
  const { width: w, height: h, data } = img;
  const strip = Math.max(2, Math.round(Math.min(w, h) * 0.03));
  const onBorder = (x: number, y: number): boolean => x < strip || x >= w - strip || y < strip || y >= h - strip;
  const samples: Sample[] = [];
  const grid: Sample[] = [];
  for (let y = 0; y < h; y += 2) {
    for (let x = 0; x < w; x += 2) {
      const i = (y * w + x) * 3;
      const sample: Sample = { u: x / w - 0.5, v: y / h - 0.5, c: [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0] };
      if (onBorder(x, y)) samples.push(sample);
      if (x % 4 === 0 && y % 4 === 0) grid.push(sample);
    }
  }
  // The surface starts from the border, then is refitted on every pixel that it already explains:
  // a spotlight inside the frame is smooth and joins the fit, a product's sharp outline does not.
  let surface = fitSurface(samples);
  for (let pass = 0; pass < 3; pass++) {
    const borderRes = samples.map((s) => surfaceResidual(surface, s)).sort((a, b) => a - b);
    const limit = Math.max(16, 3 * (borderRes[Math.floor(borderRes.length / 2)] ?? 0));
    const inliers = grid.filter((s) => surfaceResidual(surface, s) < limit);
    if (inliers.length < TERMS * 4) break;
    surface = fitSurface([...samples, ...inliers]);
  }

  const k = 6;
  const centres = Array.from({ length: k }, (_, j) => [...(samples[Math.floor(((j + 0.5) * samples.length) / k)]?.c ?? [0, 0, 0])]);
  for (let iter = 0; iter < 8; iter++) {
    const sums = centres.map(() => [0, 0, 0, 0]);
    for (const { c: s } of samples) {
      let best = 0;
      let bestD = Infinity;
      centres.forEach((c, j) => {
        const d = (s[0] - (c[0] ?? 0)) ** 2 + (s[1] - (c[1] ?? 0)) ** 2 + (s[2] - (c[2] ?? 0)) ** 2;
        if (d < bestD) {
          bestD = d;
          best = j;
        }
      });
      const acc = sums[best];
      if (!acc) continue;
      acc[0] = (acc[0] ?? 0) + s[0];
      acc[1] = (acc[1] ?? 0) + s[1];
      acc[2] = (acc[2] ?? 0) + s[2];
      acc[3] = (acc[3] ?? 0) + 1;
    }
    sums.forEach((acc, j) => {
      const cnt = acc[3] ?? 0;
      if (cnt > 0) centres[j] = [(acc[0] ?? 0) / cnt, (acc[1] ?? 0) / cnt, (acc[2] ?? 0) / cnt];
    });
  }

  const raw = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const v = y / h - 0.5;
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const r = data[i * 3] ?? 0;
      const g = data[i * 3 + 1] ?? 0;
      const b = data[i * 3 + 2] ?? 0;
      let best = Infinity;
      for (const c of centres) best = Math.min(best, (r - (c[0] ?? 0)) ** 2 + (g - (c[1] ?? 0)) ** 2 + (b - (c[2] ?? 0)) ** 2);
      const smooth = surfaceResidual(surface, { u: x / w - 0.5, v, c: [r, g, b] });
      raw[i] = Math.min(Math.sqrt(best), smooth);
    }
  }
  // Texture (wood grain, weave, noise) differs from both models pixel by pixel; a small box mean
  // keeps solid regions and evens out the grain.
  const distance = boxMean(raw, w, h, 2);
  const border: number[] = [];
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) if (onBorder(x, y)) border.push(distance[y * w + x] ?? 0);
  border.sort((a, b) => a - b);
  return { distance, borderSpread: border[Math.floor(border.length * 0.95)] ?? 0 };
}

/** GrabCut's matte (0 or 1) for the working image, at the working size. */
export async function grabCutMatte(work: RgbImage, iterations = 4): Promise<{ matte: Float32Array; width: number; height: number }> {
  const cv = await loadOpenCv();
  const k = Math.min(1, GRABCUT_SIDE / Math.max(work.width, work.height));
  const w = Math.max(1, Math.round(work.width * k));
  const h = Math.max(1, Math.round(work.height * k));
  const small =
    k === 1
      ? Buffer.from(work.data)
      : await sharp(work.data, { raw: { width: work.width, height: work.height, channels: 3 } })
          .resize(w, h, { fit: 'fill' })
          .raw()
          .toBuffer();
  const img: RgbImage = { data: new Uint8Array(small.buffer, small.byteOffset, small.length), width: w, height: h };

  const { distance, borderSpread } = backgroundDistance(img);
  const threshold = Math.max(24, borderSpread * 1.6);
  // The first guess: the blobs that stand out from the background, minus specks and minus what
  // touches the frame (props and furniture cut by the frame, rarely the product).
  const comps = labelComponents(distance, w, h, threshold);
  const touches = new Set<number>();
  for (let x = 0; x < w; x++) touches.add(comps.labels[x] ?? 0).add(comps.labels[(h - 1) * w + x] ?? 0);
  for (let y = 0; y < h; y++) touches.add(comps.labels[y * w] ?? 0).add(comps.labels[y * w + w - 1] ?? 0);
  const inner = comps.areas.map((a, id) => (id > 0 && !touches.has(id) ? a : 0));
  const areas = inner.some((a) => a >= 0.002 * w * h) ? inner : comps.areas.map((a, id) => (id > 0 ? a : 0));
  const largest = Math.max(0, ...areas);
  const keep = new Set<number>();
  areas.forEach((a, id) => {
    if (id > 0 && a >= Math.max(0.002 * w * h, 0.05 * largest)) keep.add(id);
  });
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (!keep.has(comps.labels[y * w + x] ?? 0)) continue;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  }
  if (x1 < 0) {
    // Nothing stands out: assume a centred product.
    [x0, y0, x1, y1] = [Math.round(w * 0.1), Math.round(h * 0.1), Math.round(w * 0.9), Math.round(h * 0.9)];
  }
  const m = Math.round(0.04 * Math.max(w, h));
  x0 = Math.max(1, x0 - m);
  y0 = Math.max(1, y0 - m);
  x1 = Math.min(w - 2, x1 + m);
  y1 = Math.min(h - 2, y1 + m);

  const init = new Uint8Array(w * h).fill(cv.GC_BGD);
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const i = y * w + x;
      init[i] = (distance[i] ?? 0) >= threshold ? cv.GC_PR_FGD : cv.GC_PR_BGD;
    }
  }
  const mats: CvMat[] = [];
  try {
    const image = cv.matFromArray(h, w, cv.CV_8UC3, img.data);
    const mask = cv.matFromArray(h, w, cv.CV_8UC1, init);
    const bgd = new cv.Mat();
    const fgd = new cv.Mat();
    mats.push(image, mask, bgd, fgd);
    // GrabCut seeds its colour models with k-means on OpenCV's global RNG: reseed, so a photo's
    // result does not depend on what was cut out before it.
    cv.setRNGSeed(0x5eed);
    cv.grabCut(image, mask, new cv.Rect(x0, y0, x1 - x0 + 1, y1 - y0 + 1), bgd, fgd, iterations, cv.GC_INIT_WITH_MASK);
    const matte = new Float32Array(w * h);
    const out = mask.data;
    for (let i = 0; i < matte.length; i++) matte[i] = out[i] === cv.GC_FGD || out[i] === cv.GC_PR_FGD ? 1 : 0;
    return { matte, width: w, height: h };
  } finally {
    for (const mat of mats) mat.delete();
  }
}
