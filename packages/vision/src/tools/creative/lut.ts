/**
 * A colour transform baked into a 33³ lookup cube and applied with trilinear interpolation: the
 * edit grades work in Lab per colour, which costs a cube root and a power per channel; baked,
 * a 2048² image costs eight table reads per pixel instead.
 */
const N = 33;
const STEP = 255 / (N - 1);

export type ColourTransform = (r: number, g: number, b: number, out: Float32Array) => void;

export function bakeLut(transform: ColourTransform): Float32Array {
  const lut = new Float32Array(N * N * N * 3);
  const px = new Float32Array(3);
  for (let bi = 0; bi < N; bi++)
    for (let gi = 0; gi < N; gi++)
      for (let ri = 0; ri < N; ri++) {
        transform(Math.round(ri * STEP), Math.round(gi * STEP), Math.round(bi * STEP), px);
        const o = ((bi * N + gi) * N + ri) * 3;
        lut[o] = px[0] as number;
        lut[o + 1] = px[1] as number;
        lut[o + 2] = px[2] as number;
      }
  return lut;
}

/** The cube applied to every pixel of an RGB buffer (a new buffer). */
export function applyLut(data: Uint8Array, lut: Float32Array): Uint8Array {
  const out = new Uint8Array(data.length);
  for (let i = 0; i < data.length; i += 3) {
    const r = ((data[i] as number) / 255) * (N - 1);
    const g = ((data[i + 1] as number) / 255) * (N - 1);
    const b = ((data[i + 2] as number) / 255) * (N - 1);
    const r0 = Math.min(N - 2, r | 0);
    const g0 = Math.min(N - 2, g | 0);
    const b0 = Math.min(N - 2, b | 0);
    const fr = r - r0;
    const fg = g - g0;
    const fb = b - b0;
    const base = ((b0 * N + g0) * N + r0) * 3;
    const dR = 3;
    const dG = N * 3;
    const dB = N * N * 3;
    for (let ch = 0; ch < 3; ch++) {
      const c000 = lut[base + ch] as number;
      const c100 = lut[base + dR + ch] as number;
      const c010 = lut[base + dG + ch] as number;
      const c110 = lut[base + dG + dR + ch] as number;
      const c001 = lut[base + dB + ch] as number;
      const c101 = lut[base + dB + dR + ch] as number;
      const c011 = lut[base + dB + dG + ch] as number;
      const c111 = lut[base + dB + dG + dR + ch] as number;
      const x00 = c000 + (c100 - c000) * fr;
      const x10 = c010 + (c110 - c010) * fr;
      const x01 = c001 + (c101 - c001) * fr;
      const x11 = c011 + (c111 - c011) * fr;
      const y0 = x00 + (x10 - x00) * fg;
      const y1 = x01 + (x11 - x01) * fg;
      const v = y0 + (y1 - y0) * fb;
      out[i + ch] = v <= 0 ? 0 : v >= 255 ? 255 : (v + 0.5) | 0;
    }
  }
  return out;
}
