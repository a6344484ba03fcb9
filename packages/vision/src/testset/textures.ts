/**
 * Procedural textures for the image tools' tests and benchmark (erase, upscale): raw RGB drawn
 * pixel by pixel from a seeded noise, so the truth under a mask is known exactly.
 */
import type { RgbImage } from '../tools/types.js';
import { createRng } from './random.js';

export const TEXTURE_KINDS = ['wood', 'fabric', 'marble', 'linear', 'radial', 'flat'] as const;
export type TextureKind = (typeof TEXTURE_KINDS)[number];

/** Smooth value noise on a lattice of `cell` px, 0–1. */
function valueNoise(seed: number, cell: number): (x: number, y: number) => number {
  const rng = createRng(seed);
  const n = 256;
  const table = Float32Array.from({ length: n * n }, () => rng.next());
  const at = (i: number, j: number): number => table[(((j % n) + n) % n) * n + (((i % n) + n) % n)]!;
  const fade = (t: number): number => t * t * (3 - 2 * t);
  return (x, y) => {
    const u = x / cell;
    const v = y / cell;
    const i = Math.floor(u);
    const j = Math.floor(v);
    const fu = fade(u - i);
    const fv = fade(v - j);
    const a = at(i, j) + (at(i + 1, j) - at(i, j)) * fu;
    const b = at(i, j + 1) + (at(i + 1, j + 1) - at(i, j + 1)) * fu;
    return a + (b - a) * fv;
  };
}

/** Fractal sum of octaves, 0–1. */
function fbm(seed: number, cell: number, octaves: number): (x: number, y: number) => number {
  const layers = Array.from({ length: octaves }, (_, o) => valueNoise(seed + o * 101, Math.max(1, cell / 2 ** o)));
  const norm = layers.reduce((s, _, o) => s + 0.5 ** o, 0);
  return (x, y) => layers.reduce((s, f, o) => s + f(x, y) * 0.5 ** o, 0) / norm;
}

const clamp = (v: number): number => Math.max(0, Math.min(255, Math.round(v)));

/** One texture of `kind`, `size` × `size`. */
export function renderTexture(kind: TextureKind, size: number, seed = 1): RgbImage {
  const data = new Uint8Array(size * size * 3);
  const rng = createRng(seed * 31 + 7);
  const n1 = fbm(seed, size / 6, 4);
  const n2 = fbm(seed + 17, size / 24, 3);
  const put = (x: number, y: number, r: number, g: number, b: number): void => {
    const i = (y * size + x) * 3;
    data[i] = clamp(r);
    data[i + 1] = clamp(g);
    data[i + 2] = clamp(b);
  };
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const u = x / size;
      const v = y / size;
      switch (kind) {
        case 'wood': {
          // Grain along x: stretched rings bent by noise, with fine fibres.
          const ring = Math.sin((v * 14 + n1(x * 0.25, y) * 2.2) * Math.PI * 2);
          const fibre = n2(x * 0.15, y * 3) - 0.5;
          const t = 0.5 + 0.35 * ring + 0.4 * fibre;
          put(x, y, 150 + 60 * t, 95 + 45 * t, 50 + 25 * t);
          break;
        }
        case 'fabric': {
          // Plain weave: alternating warp and weft threads, each shaded across its width.
          const p = size / 64;
          const cx = Math.floor(x / p);
          const cy = Math.floor(y / p);
          const over = (cx + cy) % 2 === 0;
          const across = over ? (x % p) / p : (y % p) / p;
          const shade = 0.75 + 0.25 * Math.sin(across * Math.PI) + 0.15 * (n2(x, y) - 0.5);
          const base = over ? [70, 90, 140] : [90, 110, 160];
          put(x, y, base[0]! * shade, base[1]! * shade, base[2]! * shade);
          break;
        }
        case 'marble': {
          const vein = Math.abs(Math.sin((u * 3 + v * 2 + n1(x, y) * 3.5) * Math.PI));
          const t = Math.pow(vein, 0.35);
          const mottled = 8 * (n2(x, y) - 0.5);
          put(x, y, 120 + 120 * t + mottled, 118 + 118 * t + mottled, 125 + 112 * t + mottled);
          break;
        }
        case 'linear':
          put(x, y, 40 + 180 * u, 200 - 120 * v, 90 + 80 * (u + v) * 0.5);
          break;
        case 'radial': {
          const d = Math.hypot(u - 0.45, v - 0.55) / 0.75;
          put(x, y, 240 - 160 * d, 220 - 120 * d, 120 + 100 * d);
          break;
        }
        case 'flat':
          put(x, y, 196 + 4 * rng.gauss(), 120 + 4 * rng.gauss(), 88 + 4 * rng.gauss());
          break;
      }
    }
  }
  return { data, width: size, height: size };
}

/** Masks to erase: thin strokes (polylines `width` px wide) or a blob (an ellipse). 255 = erase. */
export function strokeMask(size: number, seed: number, strokes = 4, width = 7): Uint8Array {
  const rng = createRng(seed);
  const m = new Uint8Array(size * size);
  const r = width / 2;
  for (let s = 0; s < strokes; s++) {
    let x = rng.range(0.15, 0.85) * size;
    let y = rng.range(0.15, 0.85) * size;
    let a = rng.range(0, Math.PI * 2);
    for (let step = 0; step < size * 0.5; step++) {
      a += rng.range(-0.08, 0.08);
      x = Math.max(r + 1, Math.min(size - r - 2, x + Math.cos(a)));
      y = Math.max(r + 1, Math.min(size - r - 2, y + Math.sin(a)));
      for (let yy = Math.floor(y - r); yy <= Math.ceil(y + r); yy++) {
        for (let xx = Math.floor(x - r); xx <= Math.ceil(x + r); xx++) {
          if ((xx - x) ** 2 + (yy - y) ** 2 <= r * r) m[yy * size + xx] = 255;
        }
      }
    }
  }
  return m;
}

export function blobMask(size: number, cx: number, cy: number, rx: number, ry: number): Uint8Array {
  const m = new Uint8Array(size * size);
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) if (((x - cx) / rx) ** 2 + ((y - cy) / ry) ** 2 <= 1) m[y * size + x] = 255;
  return m;
}
