/**
 * Seeded procedural noise for scene textures: periodic gradient (Perlin) noise, fractal sums
 * of it, and cellular (Worley) distances. Periodic so a texture tiles when the floor repeats
 * it in perspective; integer-hashed lattices so one seed gives the same bytes everywhere.
 */

/** Integer hash of a lattice point (two ints and a seed) → 32 bits. */
function hash3(x: number, y: number, seed: number): number {
  let h = Math.imul(x, 0x27d4eb2d) ^ Math.imul(y, 0x165667b1) ^ seed;
  h = Math.imul(h ^ (h >>> 15), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const GRADS = 16;
const GX = new Float32Array(GRADS);
const GY = new Float32Array(GRADS);
for (let i = 0; i < GRADS; i++) {
  GX[i] = Math.cos((i / GRADS) * Math.PI * 2);
  GY[i] = Math.sin((i / GRADS) * Math.PI * 2);
}

const mod = (a: number, n: number) => ((a % n) + n) % n;

/**
 * Gradient noise at lattice coordinates (x, y), periodic with `px` × `py` lattice cells.
 * Range about [-0.7, 0.7]; 0 on lattice points.
 */
export function perlin(x: number, y: number, px: number, py: number, seed: number): number {
  const fx = Math.floor(x);
  const fy = Math.floor(y);
  const tx = x - fx;
  const ty = y - fy;
  const x0 = mod(fx, px);
  const y0 = mod(fy, py);
  const x1 = x0 + 1 === px ? 0 : x0 + 1;
  const y1 = y0 + 1 === py ? 0 : y0 + 1;
  const g00 = hash3(x0, y0, seed) & (GRADS - 1);
  const g10 = hash3(x1, y0, seed) & (GRADS - 1);
  const g01 = hash3(x0, y1, seed) & (GRADS - 1);
  const g11 = hash3(x1, y1, seed) & (GRADS - 1);
  const n00 = (GX[g00] as number) * tx + (GY[g00] as number) * ty;
  const n10 = (GX[g10] as number) * (tx - 1) + (GY[g10] as number) * ty;
  const n01 = (GX[g01] as number) * tx + (GY[g01] as number) * (ty - 1);
  const n11 = (GX[g11] as number) * (tx - 1) + (GY[g11] as number) * (ty - 1);
  const sx = tx * tx * tx * (tx * (tx * 6 - 15) + 10);
  const sy = ty * ty * ty * (ty * (ty * 6 - 15) + 10);
  const a = n00 + (n10 - n00) * sx;
  const b = n01 + (n11 - n01) * sx;
  return a + (b - a) * sy;
}

export interface FbmOptions {
  /** Lattice cells across the field's width at the first octave (the field tiles over width × height). */
  cells: number;
  octaves: number;
  /** Amplitude ratio between octaves (0.5 = classic fbm). */
  gain?: number;
  seed: number;
}

/**
 * Fractal sum of periodic gradient noise at texel (u, v) of a `width` × `height` field.
 * Result roughly in [-1, 1].
 */
export function fbmAt(u: number, v: number, width: number, height: number, o: FbmOptions): number {
  const gain = o.gain ?? 0.5;
  const cy = Math.max(1, Math.round((o.cells * height) / width));
  let sum = 0;
  let amp = 1;
  let norm = 0;
  let cx = o.cells;
  let cyy = cy;
  for (let k = 0; k < o.octaves; k++) {
    sum += amp * perlin((u * cx) / width, (v * cyy) / height, cx, cyy, o.seed + k * 1013);
    norm += amp;
    amp *= gain;
    cx *= 2;
    cyy *= 2;
  }
  return (sum / norm) * 1.6;
}

/** A whole periodic fbm field, row by row (faster than calling {@link fbmAt} per texel). */
export function fbmField(width: number, height: number, o: FbmOptions): Float32Array {
  const out = new Float32Array(width * height);
  const gain = o.gain ?? 0.5;
  let amp = 1;
  let norm = 0;
  let cx = o.cells;
  let cy = Math.max(1, Math.round((o.cells * height) / width));
  for (let k = 0; k < o.octaves; k++) {
    const seed = o.seed + k * 1013;
    const sx = cx / width;
    const sy = cy / height;
    for (let y = 0; y < height; y++) {
      const ly = y * sy;
      const row = y * width;
      for (let x = 0; x < width; x++) {
        out[row + x] = (out[row + x] as number) + amp * perlin(x * sx, ly, cx, cy, seed);
      }
    }
    norm += amp;
    amp *= gain;
    cx *= 2;
    cy *= 2;
  }
  const k = 1.6 / norm;
  for (let i = 0; i < out.length; i++) out[i] = (out[i] as number) * k;
  return out;
}

/**
 * Cellular noise: distances from (x, y) (lattice units) to the nearest and second-nearest of
 * one jittered feature point per cell, periodic with `px` × `py` cells. Writes [F1, F2] to `out`.
 */
export function worley(x: number, y: number, px: number, py: number, seed: number, out: Float32Array): void {
  const fx = Math.floor(x);
  const fy = Math.floor(y);
  let d1 = 1e9;
  let d2 = 1e9;
  for (let j = -1; j <= 1; j++) {
    for (let i = -1; i <= 1; i++) {
      const cx = fx + i;
      const cy = fy + j;
      const h = hash3(mod(cx, px), mod(cy, py), seed);
      const ox = (h & 0xffff) / 65536;
      const oy = (h >>> 16) / 65536;
      const dx = cx + ox - x;
      const dy = cy + oy - y;
      const d = dx * dx + dy * dy;
      if (d < d1) {
        d2 = d1;
        d1 = d;
      } else if (d < d2) d2 = d;
    }
  }
  out[0] = Math.sqrt(d1);
  out[1] = Math.sqrt(d2);
}

/** Deterministic uniform [0, 1) from integers (for per-plank or per-chip choices). */
export function hashUnit(a: number, b: number, seed: number): number {
  return hash3(a, b, seed) / 4294967296;
}

export function smoothstep(e0: number, e1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
}

export function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

/**
 * A periodic fbm field computed at 1/`factor` of the size and enlarged bilinearly (wrapping):
 * low-frequency fields (warps, clouds) lose nothing and cost factor² less.
 */
export function fbmFieldCoarse(width: number, height: number, o: FbmOptions, factor = 2): Float32Array {
  const w = Math.max(8, Math.round(width / factor));
  const h = Math.max(8, Math.round(height / factor));
  const small = fbmField(w, h, o);
  const out = new Float32Array(width * height);
  // Source columns and weights once per column; rows interpolated once per row.
  const c0 = new Int32Array(width);
  const c1 = new Int32Array(width);
  const cw = new Float32Array(width);
  for (let x = 0; x < width; x++) {
    const fx = (x * w) / width;
    const x0 = Math.floor(fx);
    c0[x] = x0 % w;
    c1[x] = (x0 + 1) % w;
    cw[x] = fx - x0;
  }
  const row = new Float32Array(w);
  for (let y = 0; y < height; y++) {
    const fy = (y * h) / height;
    const y0 = Math.floor(fy);
    const ty = fy - y0;
    const r0 = (y0 % h) * w;
    const r1 = ((y0 + 1) % h) * w;
    for (let x = 0; x < w; x++) row[x] = (small[r0 + x] as number) + ((small[r1 + x] as number) - (small[r0 + x] as number)) * ty;
    const o0 = y * width;
    for (let x = 0; x < width; x++) {
      const a = row[c0[x] as number] as number;
      out[o0 + x] = a + ((row[c1[x] as number] as number) - a) * (cw[x] as number);
    }
  }
  return out;
}
