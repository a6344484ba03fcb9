/** The holes of an inpainting mask: connected components, their bounds and how thick they are. */
import type { Mask } from './types.js';

export interface Hole {
  /** Pixel indices (y · width + x) in the full image. */
  pixels: Int32Array;
  x0: number;
  y0: number;
  /** Exclusive. */
  x1: number;
  y1: number;
  /** Radius of the largest disc that fits inside, px (chamfer distance to the nearest kept pixel). */
  radius: number;
  /** How many of its pixels lie deeper than `deepAt` px from its edge. */
  deep: number;
}

/** 1 where the mask selects (≥ 128), else 0. */
export function binaryMask(mask: Mask): Uint8Array {
  const out = new Uint8Array(mask.width * mask.height);
  for (let i = 0; i < out.length; i++) out[i] = mask.data[i]! >= 128 ? 1 : 0;
  return out;
}

/**
 * Chamfer (1, √2) distance from every selected pixel to the nearest unselected one, in a w × h
 * window; outside the window counts as unselected, so a hole cut by the image edge is not "thicker".
 */
export function insideDistance(sel: Uint8Array, w: number, h: number): Float32Array {
  const d = new Float32Array(w * h);
  const big = 1e9;
  for (let i = 0; i < d.length; i++) d[i] = sel[i] ? big : 0;
  const at = (x: number, y: number): number => (x < 0 || y < 0 || x >= w || y >= h ? 0 : d[y * w + x]!);
  const r2 = Math.SQRT2;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (!d[i]) continue;
      d[i] = Math.min(d[i], at(x - 1, y) + 1, at(x, y - 1) + 1, at(x - 1, y - 1) + r2, at(x + 1, y - 1) + r2);
    }
  }
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      if (!d[i]) continue;
      d[i] = Math.min(d[i], at(x + 1, y) + 1, at(x, y + 1) + 1, at(x + 1, y + 1) + r2, at(x - 1, y + 1) + r2);
    }
  }
  return d;
}

/** The 8-connected holes of a binary mask, largest radius included. */
export function findHoles(sel: Uint8Array, width: number, height: number, deepAt = 6): Hole[] {
  const seen = new Uint8Array(sel.length);
  const stack = new Int32Array(sel.length);
  const holes: Hole[] = [];
  for (let start = 0; start < sel.length; start++) {
    if (!sel[start] || seen[start]) continue;
    let top = 0;
    let n = 0;
    stack[top++] = start;
    seen[start] = 1;
    const pixels: number[] = [];
    let x0 = width;
    let y0 = height;
    let x1 = 0;
    let y1 = 0;
    while (top > 0) {
      const i = stack[--top]!;
      pixels.push(i);
      n++;
      const x = i % width;
      const y = (i - x) / width;
      if (x < x0) x0 = x;
      if (x >= x1) x1 = x + 1;
      if (y < y0) y0 = y;
      if (y >= y1) y1 = y + 1;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= width) continue;
          const j = yy * width + xx;
          if (sel[j] && !seen[j]) {
            seen[j] = 1;
            stack[top++] = j;
          }
        }
      }
    }
    // The component alone, in its bounds: neighbouring holes do not make this one look thicker.
    const w = x1 - x0;
    const h = y1 - y0;
    const local = new Uint8Array(w * h);
    for (const i of pixels) local[(Math.floor(i / width) - y0) * w + (i % width) - x0] = 1;
    const dist = insideDistance(local, w, h);
    let radius = 0;
    let deep = 0;
    for (let i = 0; i < dist.length; i++) {
      if (dist[i]! > radius) radius = dist[i]!;
      if (dist[i]! > deepAt) deep++;
    }
    holes.push({ pixels: Int32Array.from(pixels), x0, y0, x1, y1, radius: n > 0 ? radius : 0, deep });
  }
  return holes;
}

/** Chamfer distance from every pixel of a w × h window to the nearest seed (Infinity when there is none). */
function distanceToSeeds(seed: Uint8Array, w: number, h: number): Float32Array {
  const d = new Float32Array(w * h);
  for (let i = 0; i < d.length; i++) d[i] = seed[i] ? 0 : Infinity;
  const r2 = Math.SQRT2;
  const at = (x: number, y: number): number => (x < 0 || y < 0 || x >= w || y >= h ? Infinity : d[y * w + x]!);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (d[i] === 0) continue;
      d[i] = Math.min(d[i]!, at(x - 1, y) + 1, at(x, y - 1) + 1, at(x - 1, y - 1) + r2, at(x + 1, y - 1) + r2);
    }
  }
  for (let y = h - 1; y >= 0; y--) {
    for (let x = w - 1; x >= 0; x--) {
      const i = y * w + x;
      if (d[i] === 0) continue;
      d[i] = Math.min(d[i]!, at(x + 1, y) + 1, at(x, y + 1) + 1, at(x + 1, y + 1) + r2, at(x - 1, y + 1) + r2);
    }
  }
  return d;
}

function holeOf(pixels: number[], width: number, deepAt: number): Hole {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = 0;
  let y1 = 0;
  for (const p of pixels) {
    const x = p % width;
    const y = (p - x) / width;
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x + 1);
    y1 = Math.max(y1, y + 1);
  }
  const w = x1 - x0;
  const h = y1 - y0;
  const local = new Uint8Array(w * h);
  for (const p of pixels) local[(Math.floor(p / width) - y0) * w + (p % width) - x0] = 1;
  const dist = insideDistance(local, w, h);
  let radius = 0;
  let deep = 0;
  for (const v of dist) {
    if (v > radius) radius = v;
    if (v > deepAt) deep++;
  }
  return { pixels: Int32Array.from(pixels), x0, y0, x1, y1, radius, deep };
}

/**
 * Splits a hole into its thick part (the pixels deeper than `deepAt`, grown back by `deepAt` + 2
 * towards the edge) and the thin rest: a long stroke that curls over itself has one thick knot,
 * and only the knot needs synthesis. Null when the thin rest is under `minThinShare` of the hole.
 */
export function splitThick(hole: Hole, width: number, deepAt: number, minThinShare = 0.25): { thick: Hole; thin: Hole } | null {
  const w = hole.x1 - hole.x0;
  const h = hole.y1 - hole.y0;
  const local = new Uint8Array(w * h);
  const at = (p: number): number => (Math.floor(p / width) - hole.y0) * w + (p % width) - hole.x0;
  for (const p of hole.pixels) local[at(p)] = 1;
  const depth = insideDistance(local, w, h);
  const core = new Uint8Array(w * h);
  for (let i = 0; i < core.length; i++) core[i] = depth[i]! > deepAt ? 1 : 0;
  const near = distanceToSeeds(core, w, h);
  const thick: number[] = [];
  const thin: number[] = [];
  for (const p of hole.pixels) (near[at(p)]! <= deepAt + 2 ? thick : thin).push(p);
  if (thick.length === 0 || thin.length < minThinShare * hole.pixels.length) return null;
  return { thick: holeOf(thick, width, deepAt), thin: holeOf(thin, width, deepAt) };
}
