/**
 * The smooth part of a picture around a hole: one cubic surface per channel, least squares over
 * the known pixels. Synthesis copies the remainder (the texture) and adds the surface back, so a
 * gradient or a vignette carries on across the hole instead of being patched from elsewhere.
 */

const TERMS = 10;

function terms(u: number, v: number, out: Float64Array): void {
  out[0] = 1;
  out[1] = u;
  out[2] = v;
  out[3] = u * u;
  out[4] = u * v;
  out[5] = v * v;
  out[6] = u * u * u;
  out[7] = u * u * v;
  out[8] = u * v * v;
  out[9] = v * v * v;
}

/** Gaussian elimination with partial pivoting (n is 10: no library needed). */
function solve(a: Float64Array, b: Float64Array, n: number): Float64Array {
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(a[r * n + c]!) > Math.abs(a[p * n + c]!)) p = r;
    if (p !== c) {
      for (let k = 0; k < n; k++) [a[c * n + k], a[p * n + k]] = [a[p * n + k]!, a[c * n + k]!];
      [b[c], b[p]] = [b[p]!, b[c]!];
    }
    const d = a[c * n + c]!;
    if (Math.abs(d) < 1e-12) continue;
    for (let r = c + 1; r < n; r++) {
      const f = a[r * n + c]! / d;
      if (f === 0) continue;
      for (let k = c; k < n; k++) a[r * n + k] = a[r * n + k]! - f * a[c * n + k]!;
      b[r] = b[r]! - f * b[c]!;
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let s = b[r]!;
    for (let k = r + 1; k < n; k++) s -= a[r * n + k]! * x[k]!;
    const d = a[r * n + r]!;
    x[r] = Math.abs(d) < 1e-12 ? 0 : s / d;
  }
  return x;
}

/** The fitted surface, evaluated at every pixel of the w × h window (RGB interleaved). */
export function smoothTrend(img: Float32Array, hole: Uint8Array, w: number, h: number): Float32Array {
  const ata = new Float64Array(TERMS * TERMS);
  const atb = [new Float64Array(TERMS), new Float64Array(TERMS), new Float64Array(TERMS)];
  const f = new Float64Array(TERMS);
  // Every pixel of a small window; a sparse grid of a large one (the fit only needs a few thousand).
  const step = Math.max(1, Math.floor(Math.sqrt((w * h) / 20000)));
  let n = 0;
  for (let y = 0; y < h; y += step) {
    for (let x = 0; x < w; x += step) {
      const p = y * w + x;
      if (hole[p]) continue;
      terms(x / w - 0.5, y / h - 0.5, f);
      for (let r = 0; r < TERMS; r++) {
        const fr = f[r]!;
        for (let k = 0; k < TERMS; k++) ata[r * TERMS + k] = ata[r * TERMS + k]! + fr * f[k]!;
        for (let c = 0; c < 3; c++) atb[c]![r] = atb[c]![r]! + fr * img[p * 3 + c]!;
      }
      n++;
    }
  }
  const out = new Float32Array(w * h * 3);
  if (n < TERMS * 4) return out;
  const coef = atb.map((b) => solve(Float64Array.from(ata), Float64Array.from(b), TERMS));
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      terms(x / w - 0.5, y / h - 0.5, f);
      const p = (y * w + x) * 3;
      for (let c = 0; c < 3; c++) {
        const k = coef[c]!;
        let s = 0;
        for (let t = 0; t < TERMS; t++) s += k[t]! * f[t]!;
        out[p + c] = s;
      }
    }
  }
  return out;
}
