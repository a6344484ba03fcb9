/**
 * Iterative back-projection (Irani & Peleg, 1991): an enlargement is right when shrinking it back
 * gives the original. Each pass shrinks the current result (area average, the way sensors and
 * exports reduce), spreads the difference from the original back over the big pixels (bilinear)
 * and adds it. It restores the contrast of fine detail that any interpolating kernel flattens.
 */

/**
 * Refines `out` (w × h, `channels` interleaved, colour in the first 3) against `src` (its 1/factor
 * reduction), in place. `factor` must be an integer; alpha is left alone.
 */
export function backProject(
  out: Uint8Array,
  w: number,
  h: number,
  src: Uint8Array,
  sw: number,
  sh: number,
  channels: number,
  factor: number,
  passes: number,
  gain = 1,
): void {
  const n = factor * factor;
  const err = new Float32Array(sw * sh * 3);
  // Bilinear taps from each big pixel's centre to the small grid, the same for every row and column.
  const taps = (size: number, small: number): [Int32Array, Int32Array, Float32Array] => {
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
  for (let pass = 0; pass < passes; pass++) {
    for (let y = 0; y < sh; y++) {
      for (let x = 0; x < sw; x++) {
        let r = 0;
        let g = 0;
        let b = 0;
        for (let dy = 0; dy < factor; dy++) {
          const yy = Math.min(h - 1, y * factor + dy);
          for (let dx = 0; dx < factor; dx++) {
            const i = (yy * w + Math.min(w - 1, x * factor + dx)) * channels;
            r += out[i]!;
            g += out[i + 1]!;
            b += out[i + 2]!;
          }
        }
        const s = (y * sw + x) * channels;
        const e = (y * sw + x) * 3;
        err[e] = src[s]! - r / n;
        err[e + 1] = src[s + 1]! - g / n;
        err[e + 2] = src[s + 2]! - b / n;
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
