/**
 * Edge-aware matte refinement: the colour guided filter (He, Sun & Tang, "Guided Image Filtering",
 * 2013) in its fast form (He & Sun, "Fast Guided Filter", 2015).
 *
 * The coarse matte p from the network (or GrabCut) is explained locally as a linear function of
 * the photo's colour, q = a·I + b, fitted in each (2r+1)² window. Where the photo has a crisp edge
 * the matte gets one; where the product fades into the background (hair-thin strands, glass,
 * motion or lens blur) alpha stays partial, following the colours. The coefficients are smooth, so
 * they are fitted at a working resolution (≤ 1024 px) and upsampled to the photo's full
 * resolution, where q is evaluated against the full-resolution colours: full-resolution edges at
 * a quarter of the cost.
 */

/** An RGB image, 8 bits per channel, interleaved. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/**
 * Mean over the (2r+1)² window around each pixel, clipped at the image border (normalised by the
 * pixels actually inside). O(1) per pixel: running sums along rows, then along columns.
 */
export function boxMean(src: Float32Array, width: number, height: number, r: number, out = new Float32Array(width * height)): Float32Array {
  const tmp = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x <= Math.min(r, width - 1); x++) sum += src[row + x] ?? 0;
    for (let x = 0; x < width; x++) {
      tmp[row + x] = sum;
      const add = x + r + 1;
      const sub = x - r;
      if (add < width) sum += src[row + add] ?? 0;
      if (sub >= 0) sum -= src[row + sub] ?? 0;
    }
  }
  const colSum = new Float64Array(width);
  for (let y = 0; y <= Math.min(r, height - 1); y++) for (let x = 0; x < width; x++) colSum[x] = (colSum[x] ?? 0) + (tmp[y * width + x] ?? 0);
  for (let y = 0; y < height; y++) {
    const ny = Math.min(height - 1, y + r) - Math.max(0, y - r) + 1;
    const row = y * width;
    for (let x = 0; x < width; x++) {
      const nx = Math.min(width - 1, x + r) - Math.max(0, x - r) + 1;
      out[row + x] = (colSum[x] ?? 0) / (nx * ny);
    }
    const add = y + r + 1;
    const sub = y - r;
    if (add < height) for (let x = 0; x < width; x++) colSum[x] = (colSum[x] ?? 0) + (tmp[add * width + x] ?? 0);
    if (sub >= 0) for (let x = 0; x < width; x++) colSum[x] = (colSum[x] ?? 0) - (tmp[sub * width + x] ?? 0);
  }
  return out;
}

/**
 * Per-pixel coefficients of the colour guided filter, already window-averaged: interleaved
 * [aR, aG, aB, b] so that q = aR·R + aG·G + aB·B + b with colours in 0–1.
 *
 * @param guide the photo at the working resolution
 * @param p the coarse matte, 0–1, same size
 * @param r window radius in pixels
 * @param eps regularisation: larger keeps the matte smoother, smaller follows fainter colour edges
 */
export function guidedCoefficients(guide: RgbImage, p: Float32Array, r: number, eps: number): Float32Array {
  const { width, height } = guide;
  const n = width * height;
  if (p.length !== n) throw new Error('matte and guide sizes differ');
  const { aR, aG, aB, b } = fitWindows(windowMeans(colourPlanes(guide), p, width, height, r), eps, n);
  const maR = boxMean(aR, width, height, r);
  const maG = boxMean(aG, width, height, r);
  const maB = boxMean(aB, width, height, r);
  const mb2 = boxMean(b, width, height, r);
  const coeffs = new Float32Array(n * 4);
  for (let i = 0, j = 0; i < n; i++, j += 4) {
    coeffs[j] = at(maR, i);
    coeffs[j + 1] = at(maG, i);
    coeffs[j + 2] = at(maB, i);
    coeffs[j + 3] = at(mb2, i);
  }
  return coeffs;
}

const at = (a: Float32Array, i: number): number => a[i] ?? 0;

/** The guide's red, green and blue as separate 0–1 planes. */
function colourPlanes(guide: RgbImage): [Float32Array, Float32Array, Float32Array] {
  const { data } = guide;
  const n = guide.width * guide.height;
  const R = new Float32Array(n);
  const G = new Float32Array(n);
  const B = new Float32Array(n);
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    R[i] = (data[j] ?? 0) / 255;
    G[i] = (data[j + 1] ?? 0) / 255;
    B[i] = (data[j + 2] ?? 0) / 255;
  }
  return [R, G, B];
}

/** Window means of the colours, the matte, and their products: what each window's fit needs. */
interface WindowMeans {
  readonly mR: Float32Array;
  readonly mG: Float32Array;
  readonly mB: Float32Array;
  readonly mP: Float32Array;
  readonly mRP: Float32Array;
  readonly mGP: Float32Array;
  readonly mBP: Float32Array;
  readonly mRR: Float32Array;
  readonly mRG: Float32Array;
  readonly mRB: Float32Array;
  readonly mGG: Float32Array;
  readonly mGB: Float32Array;
  readonly mBB: Float32Array;
}

function windowMeans([R, G, B]: [Float32Array, Float32Array, Float32Array], p: Float32Array, width: number, height: number, r: number): WindowMeans {
  const n = width * height;
  const mean = (f: (i: number) => number): Float32Array => {
    const src = new Float32Array(n);
    for (let i = 0; i < n; i++) src[i] = f(i);
    return boxMean(src, width, height, r);
  };
  return {
    mR: boxMean(R, width, height, r),
    mG: boxMean(G, width, height, r),
    mB: boxMean(B, width, height, r),
    mP: boxMean(p, width, height, r),
    mRP: mean((i) => at(R, i) * at(p, i)),
    mGP: mean((i) => at(G, i) * at(p, i)),
    mBP: mean((i) => at(B, i) * at(p, i)),
    mRR: mean((i) => at(R, i) * at(R, i)),
    mRG: mean((i) => at(R, i) * at(G, i)),
    mRB: mean((i) => at(R, i) * at(B, i)),
    mGG: mean((i) => at(G, i) * at(G, i)),
    mGB: mean((i) => at(G, i) * at(B, i)),
    mBB: mean((i) => at(B, i) * at(B, i)),
  };
}

/** The linear model q = a·I + b fitted in each window (least squares, regularised by eps). */
function fitWindows(m: WindowMeans, eps: number, n: number): { aR: Float32Array; aG: Float32Array; aB: Float32Array; b: Float32Array } {
  const { mR, mG, mB, mP, mRP, mGP, mBP, mRR, mRG, mRB, mGG, mGB, mBB } = m;
  const aR = new Float32Array(n);
  const aG = new Float32Array(n);
  const aB = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const mr = at(mR, i);
    const mg = at(mG, i);
    const mb = at(mB, i);
    const mp = at(mP, i);
    // Covariance of the colours with the matte, and of the colours (3 × 3, symmetric) + eps·I.
    const cr = at(mRP, i) - mr * mp;
    const cg = at(mGP, i) - mg * mp;
    const cb = at(mBP, i) - mb * mp;
    const rr = at(mRR, i) - mr * mr + eps;
    const rg = at(mRG, i) - mr * mg;
    const rb = at(mRB, i) - mr * mb;
    const gg = at(mGG, i) - mg * mg + eps;
    const gb = at(mGB, i) - mg * mb;
    const bb = at(mBB, i) - mb * mb + eps;
    // Inverse by cofactors.
    const i00 = gg * bb - gb * gb;
    const i01 = rb * gb - rg * bb;
    const i02 = rg * gb - rb * gg;
    const i11 = rr * bb - rb * rb;
    const i12 = rb * rg - rr * gb;
    const i22 = rr * gg - rg * rg;
    const det = rr * i00 + rg * i01 + rb * i02;
    const ar = (i00 * cr + i01 * cg + i02 * cb) / det;
    const ag = (i01 * cr + i11 * cg + i12 * cb) / det;
    const ab = (i02 * cr + i12 * cg + i22 * cb) / det;
    aR[i] = ar;
    aG[i] = ag;
    aB[i] = ab;
    b[i] = mp - ar * mr - ag * mg - ab * mb;
  }
  return { aR, aG, aB, b };
}

/** q = a·I + b at the coefficients' own resolution, as 0–1 floats (unclamped). */
export function applyCoefficients(coeffs: Float32Array, guide: RgbImage): Float32Array {
  const n = guide.width * guide.height;
  const q = new Float32Array(n);
  const d = guide.data;
  for (let i = 0, j = 0, k = 0; i < n; i++, j += 4, k += 3) {
    q[i] = ((coeffs[j] ?? 0) * (d[k] ?? 0) + (coeffs[j + 1] ?? 0) * (d[k + 1] ?? 0) + (coeffs[j + 2] ?? 0) * (d[k + 2] ?? 0)) / 255 + (coeffs[j + 3] ?? 0);
  }
  return q;
}

/** Source index and weight of the far neighbour for each output coordinate (pixel centres aligned). */
function axisMap(from: number, to: number): { i0: Int32Array; i1: Int32Array; w: Float32Array } {
  const i0 = new Int32Array(to);
  const i1 = new Int32Array(to);
  const w = new Float32Array(to);
  const scale = from / to;
  for (let x = 0; x < to; x++) {
    const s = Math.min(from - 1, Math.max(0, (x + 0.5) * scale - 0.5));
    const f = Math.floor(s);
    i0[x] = f;
    i1[x] = Math.min(from - 1, f + 1);
    w[x] = s - f;
  }
  return { i0, i1, w };
}

/**
 * Upsamples the coefficients bilinearly to the full-resolution photo and evaluates
 * alpha = a·I + b there, as 8-bit alpha. Values within `snap` of 0 or 255 are snapped, so
 * the background is exactly transparent and the body exactly opaque.
 */
export function applyCoefficientsUpsampled(coeffs: Float32Array, cw: number, ch: number, photo: RgbImage, snap = 3): Uint8Array {
  const { width: W, height: H, data } = photo;
  const alpha = new Uint8Array(W * H);
  const xs = axisMap(cw, W);
  const ys = axisMap(ch, H);
  const row = new Float32Array(cw * 4);
  for (let y = 0; y < H; y++) {
    // Blend the two source rows once per output row, then only along x per pixel.
    const r0 = (ys.i0[y] ?? 0) * cw * 4;
    const r1 = (ys.i1[y] ?? 0) * cw * 4;
    const wy = ys.w[y] ?? 0;
    for (let k = 0; k < cw * 4; k++) {
      const a = coeffs[r0 + k] ?? 0;
      row[k] = a + ((coeffs[r1 + k] ?? 0) - a) * wy;
    }
    const out = y * W;
    for (let x = 0; x < W; x++) {
      const j0 = (xs.i0[x] ?? 0) * 4;
      const j1 = (xs.i1[x] ?? 0) * 4;
      const wx = xs.w[x] ?? 0;
      const k = (out + x) * 3;
      const aR = (row[j0] ?? 0) + ((row[j1] ?? 0) - (row[j0] ?? 0)) * wx;
      const aG = (row[j0 + 1] ?? 0) + ((row[j1 + 1] ?? 0) - (row[j0 + 1] ?? 0)) * wx;
      const aB = (row[j0 + 2] ?? 0) + ((row[j1 + 2] ?? 0) - (row[j0 + 2] ?? 0)) * wx;
      const b = (row[j0 + 3] ?? 0) + ((row[j1 + 3] ?? 0) - (row[j0 + 3] ?? 0)) * wx;
      const v = Math.round(aR * (data[k] ?? 0) + aG * (data[k + 1] ?? 0) + aB * (data[k + 2] ?? 0) + b * 255);
      alpha[out + x] = v <= snap ? 0 : v >= 255 - snap ? 255 : v;
    }
  }
  return alpha;
}
