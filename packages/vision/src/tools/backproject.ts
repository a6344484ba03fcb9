/**
 * Iterative back-projection (Irani & Peleg, 1991): an enlargement is right when shrinking it back
 * gives the original. Each pass shrinks the current result (area average, the way sensors and
 * exports reduce), spreads the difference from the original back over the big pixels (bilinear)
 * and adds it. It restores the contrast of fine detail that any interpolating kernel flattens.
 */

interface Footprints {
  /** First big index under each small pixel. */
  start: Int32Array;
  count: Int32Array;
  /** Overlap of each covered big pixel, share of the small pixel (sums to 1); `stride` slots each. */
  weight: Float32Array;
  stride: number;
}

/** Which big pixels each small pixel covers along one axis, and by how much (any factor ≥ 1). */
function footprints(big: number, small: number): Footprints {
  const f = big / small;
  const stride = Math.ceil(f) + 1;
  const start = new Int32Array(small);
  const count = new Int32Array(small);
  const weight = new Float32Array(small * stride);
  for (let i = 0; i < small; i++) {
    const a = i * f;
    const b = Math.min(big, (i + 1) * f);
    const j0 = Math.floor(a);
    const j1 = Math.min(big, Math.ceil(b));
    start[i] = j0;
    count[i] = j1 - j0;
    for (let j = j0; j < j1; j++) weight[i * stride + j - j0] = (Math.min(b, j + 1) - Math.max(a, j)) / f;
  }
  return { start, count, weight, stride };
}

/**
 * Refines `out` (w × h, `channels` interleaved, colour in the first 3) against `src` (sw × sh, the
 * same picture smaller by any factor), in place; alpha is left alone.
 */
export function backProject(out: Uint8Array, w: number, h: number, src: Uint8Array, sw: number, sh: number, channels: number, passes: number, gain = 1): void {
  const err = new Float32Array(sw * sh * 3);
  // Bilinear taps from each big pixel's centre to the small grid, the same for every row and column.
  const taps = (size: number, small: number): [Int32Array, Int32Array, Float32Array] => {
    const factor = size / small;
    const lo = new Int32Array(size);
    const hi = new Int32Array(size);
    const f = new Float32Array(size);
    for (let i = 0; i < size; i++) {
      const u = Math.min(small - 1, Math.max(0, (i + 0.5) / factor - 0.5));
      lo[i] = Math.floor(u);
      hi[i] = Math.min(small - 1, lo[i]! + 1);
      f[i] = u - lo[i]!;
    }
    return [lo, hi, f];
  };
  const [c0, c1, cx] = taps(w, sw);
  const [r0, r1, ry] = taps(h, sh);
  const fx = footprints(w, sw);
  const fy = footprints(h, sh);
  const row = new Float32Array(sw * 3);
  const acc = new Float32Array(sw * 3);
  for (let pass = 0; pass < passes; pass++) {
    // Area-average reduction, one small row at a time: each big row under it is reduced across
    // and added with its vertical overlap.
    for (let y = 0; y < sh; y++) {
      acc.fill(0);
      for (let k = 0; k < fy.count[y]!; k++) {
        const by = fy.start[y]! + k;
        const wy = fy.weight[y * fy.stride + k]!;
        const base = by * w;
        for (let x = 0; x < sw; x++) {
          let r = 0;
          let g = 0;
          let b = 0;
          const j0 = fx.start[x]!;
          for (let j = 0; j < fx.count[x]!; j++) {
            const wx = fx.weight[x * fx.stride + j]!;
            const i = (base + j0 + j) * channels;
            r += wx * out[i]!;
            g += wx * out[i + 1]!;
            b += wx * out[i + 2]!;
          }
          row[x * 3] = r;
          row[x * 3 + 1] = g;
          row[x * 3 + 2] = b;
        }
        for (let i = 0; i < sw * 3; i++) acc[i] = acc[i]! + wy * row[i]!;
      }
      for (let x = 0; x < sw; x++) {
        const s = (y * sw + x) * channels;
        const e = (y * sw + x) * 3;
        err[e] = src[s]! - acc[x * 3]!;
        err[e + 1] = src[s + 1]! - acc[x * 3 + 1]!;
        err[e + 2] = src[s + 2]! - acc[x * 3 + 2]!;
      }
    }
    for (let y = 0; y < h; y++) {
      const y0 = r0[y]!;
      const y1 = r1[y]!;
      const fy = ry[y]!;
      const o0 = y * w * channels;
      for (let x = 0; x < w; x++) {
        const x0 = c0[x]!;
        const x1 = c1[x]!;
        const fx = cx[x]!;
        const a = (y0 * sw + x0) * 3;
        const b = (y0 * sw + x1) * 3;
        const c = (y1 * sw + x0) * 3;
        const d = (y1 * sw + x1) * 3;
        const o = o0 + x * channels;
        for (let k = 0; k < 3; k++) {
          const top = err[a + k]! + (err[b + k]! - err[a + k]!) * fx;
          const bottom = err[c + k]! + (err[d + k]! - err[c + k]!) * fx;
          const v = out[o + k]! + gain * (top + (bottom - top) * fy);
          out[o + k] = v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
        }
      }
    }
  }
}
