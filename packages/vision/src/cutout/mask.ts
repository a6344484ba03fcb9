/**
 * Matte clean-up and geometry: which blobs are products, whether there is a product at all, and
 * the crop box reported as extracted_coordinates.
 */
import type { ExtractedCoordinates } from '@packsmith/contracts';

export interface Components {
  /** Component id per pixel (0 = background), 8-connected. */
  labels: Int32Array;
  /** Pixel count per id (index 0 unused). */
  areas: number[];
}

/** Labels the 8-connected components of `mask[i] >= threshold`. */
export function labelComponents(mask: ArrayLike<number>, width: number, height: number, threshold: number): Components {
  const labels = new Int32Array(width * height);
  const parent: number[] = [0];
  const find = (x: number): number => {
    let r = x;
    while ((parent[r] ?? r) !== r) r = parent[r] ?? r;
    let c = x;
    while ((parent[c] ?? c) !== r) {
      const next = parent[c] ?? c;
      parent[c] = r;
      c = next;
    }
    return r;
  };
  const union = (a: number, b: number): number => {
    const ra = find(a);
    const rb = find(b);
    if (ra === rb) return ra;
    const [lo, hi] = ra < rb ? [ra, rb] : [rb, ra];
    parent[hi] = lo;
    return lo;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if ((mask[i] ?? 0) < threshold) continue;
      let label = 0;
      // Already-visited neighbours: W, NW, N, NE.
      const neighbours = [x > 0 ? i - 1 : -1, x > 0 && y > 0 ? i - width - 1 : -1, y > 0 ? i - width : -1, y > 0 && x < width - 1 ? i - width + 1 : -1];
      for (const j of neighbours) {
        if (j < 0) continue;
        const l = labels[j] ?? 0;
        if (l === 0) continue;
        label = label === 0 ? l : union(label, l);
      }
      if (label === 0) {
        label = parent.length;
        parent.push(label);
      }
      labels[i] = label;
    }
  }
  // Flatten to consecutive ids.
  const id = new Int32Array(parent.length);
  const areas: number[] = [0];
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i] ?? 0;
    if (l === 0) continue;
    const root = find(l);
    if ((id[root] ?? 0) === 0) {
      id[root] = areas.length;
      areas.push(0);
    }
    const k = id[root] ?? 0;
    labels[i] = k;
    areas[k] = (areas[k] ?? 0) + 1;
  }
  return { labels, areas };
}

export interface KeepRule {
  /** A blob smaller than this fraction of the frame is a speck… */
  minFrameFraction: number;
  /** …and so is one smaller than this fraction of the largest blob. */
  minLargestFraction: number;
}

export const DEFAULT_KEEP_RULE: KeepRule = { minFrameFraction: 0.0015, minLargestFraction: 0.04 };

/** Ids of the components worth keeping: real products, not specks (several products are kept). */
export function keptComponents(c: Components, frameArea: number, rule: KeepRule = DEFAULT_KEEP_RULE): Set<number> {
  const largest = Math.max(0, ...c.areas);
  const min = Math.max(rule.minFrameFraction * frameArea, rule.minLargestFraction * largest);
  const kept = new Set<number>();
  c.areas.forEach((area, id) => {
    if (id > 0 && area >= min) kept.add(id);
  });
  return kept;
}

/**
 * 1 where the matte may be non-zero: the kept components, their holes (a jar's clear glass or a
 * handle's opening stay with the product; what is genuinely background inside is left to the
 * matte), and a band of `grow` pixels around them for the soft fringe.
 */
export function keepRegion(c: Components, kept: ReadonlySet<number>, width: number, height: number, grow: number): Uint8Array {
  const n = width * height;
  const solid = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (kept.has(c.labels[i] ?? 0)) solid[i] = 1;
  // Holes: what the image border cannot reach without crossing a kept blob (4-connected fill).
  const outside = new Uint8Array(n);
  const stack: number[] = [];
  const push = (i: number): void => {
    if ((solid[i] ?? 1) === 0 && (outside[i] ?? 1) === 0) {
      outside[i] = 1;
      stack.push(i);
    }
  };
  for (let x = 0; x < width; x++) {
    push(x);
    push((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    push(y * width);
    push(y * width + width - 1);
  }
  while (stack.length > 0) {
    const i = stack.pop() ?? 0;
    const x = i % width;
    if (x > 0) push(i - 1);
    if (x < width - 1) push(i + 1);
    if (i >= width) push(i - width);
    if (i < n - width) push(i + width);
  }
  const region = new Uint8Array(n);
  for (let i = 0; i < n; i++) region[i] = outside[i] ? 0 : 1;
  return grow > 0 ? dilate(region, width, height, grow) : region;
}

/** Square dilation by r pixels (separable running maxima of a 0/1 mask). */
export function dilate(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const tmp = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    let last = -Infinity;
    for (let x = 0; x < Math.min(width, r); x++) if (mask[y * width + x]) last = x;
    for (let x = 0; x < width; x++) {
      const ahead = x + r;
      if (ahead < width && mask[y * width + ahead]) last = ahead;
      tmp[y * width + x] = last >= x - r ? 1 : 0;
    }
  }
  const out = new Uint8Array(width * height);
  for (let x = 0; x < width; x++) {
    let last = -Infinity;
    for (let y = 0; y < Math.min(height, r); y++) if (tmp[y * width + x]) last = y;
    for (let y = 0; y < height; y++) {
      const ahead = y + r;
      if (ahead < height && tmp[ahead * width + x]) last = ahead;
      out[y * width + x] = last >= y - r ? 1 : 0;
    }
  }
  return out;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Bounding box of alpha > threshold, or undefined when nothing is above it. */
export function alphaBounds(alpha: Uint8Array, width: number, height: number, threshold = 8): Box | undefined {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x++) {
      if ((alpha[row + x] ?? 0) > threshold) {
        if (first < 0) first = x;
        last = x;
      }
    }
    if (first < 0) continue;
    if (y < y0) y0 = y;
    y1 = y;
    if (first < x0) x0 = first;
    if (last > x1) x1 = last;
  }
  return x1 < 0 ? undefined : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}

/** The crop: the product's bounds grown by a margin (2 % of the longer photo side, ≥ 4 px), clamped to the photo. */
export function cropBox(bounds: Box, width: number, height: number, marginFraction = 0.02): Box {
  const m = Math.max(4, Math.round(marginFraction * Math.max(width, height)));
  const x = Math.max(0, bounds.x - m);
  const y = Math.max(0, bounds.y - m);
  const x1 = Math.min(width, bounds.x + bounds.width + m);
  const y1 = Math.min(height, bounds.y + bounds.height + m);
  return { x, y, width: x1 - x, height: y1 - y };
}

/** SPEC §3 extracted_coordinates for a crop of the photo (the cut-out PNG is the crop at full resolution). */
export function extractedCoordinates(crop: Box, photoWidth: number, photoHeight: number): ExtractedCoordinates {
  return {
    x: crop.x,
    y: crop.y,
    width: crop.width,
    height: crop.height,
    totalWidth: photoWidth,
    totalHeight: photoHeight,
    cropWidth: crop.width,
    cropHeight: crop.height,
    rotation: 0,
  };
}

export type Presence = { ok: true; coverage: number } | { ok: false; coverage: number; why: 'empty' | 'everything' };

/**
 * Is there a product? Not when almost nothing is foreground, nor when nearly the whole frame is
 * (the model found no figure/ground split: a wall, a texture, a blank page).
 */
export function productPresence(matte: ArrayLike<number>, n: number, threshold: number, limits = { min: 0.002, max: 0.97 }): Presence {
  let fg = 0;
  for (let i = 0; i < n; i++) if ((matte[i] ?? 0) >= threshold) fg++;
  const coverage = fg / n;
  if (coverage < limits.min) return { ok: false, coverage, why: 'empty' };
  if (coverage > limits.max) return { ok: false, coverage, why: 'everything' };
  return { ok: true, coverage };
}
