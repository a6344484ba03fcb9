/**
 * Exemplar-based hole filling (Wexler, Shechtman & Irani 2007, with Barnes et al.'s PatchMatch
 * 2009 for the nearest-neighbour search): a coarse-to-fine pyramid; at each level, alternate
 * "find for every patch touching the hole its most similar patch in the known region" and
 * "repaint each hole pixel as the weighted vote of the patches that cover it". Textures continue
 * because every filled pixel is copied from real ones; the coarse levels decide the layout
 * (where the grain or the gradient goes), the fine levels the detail.
 */
import { seededRng, type Rng } from './rng.js';

export interface SynthesisOptions {
  seed: number;
  signal?: AbortSignal;
  /** 0–1 over the whole synthesis. */
  onProgress?: (fraction: number) => void;
  /** Patch side, odd (default 7). */
  patch?: number;
}

/** Thrown when the window has no whole known patch to copy from; the caller falls back to diffusion. */
export class NoSourcePatches extends Error {
  override name = 'NoSourcePatches';
}

interface Level {
  w: number;
  h: number;
  /** RGB, 0–255, interleaved. */
  img: Float32Array;
  hole: Uint8Array;
}

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Halves a level: a coarse pixel is known only when its four fine pixels are, and is their mean. */
function downsample(l: Level): Level {
  const w = Math.ceil(l.w / 2);
  const h = Math.ceil(l.h / 2);
  const img = new Float32Array(w * h * 3);
  const hole = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      let anyHole = 0;
      for (let dy = 0; dy < 2; dy++) {
        const yy = 2 * y + dy;
        if (yy >= l.h) continue;
        for (let dx = 0; dx < 2; dx++) {
          const xx = 2 * x + dx;
          if (xx >= l.w) continue;
          const i = yy * l.w + xx;
          if (l.hole[i]) {
            anyHole = 1;
            continue;
          }
          r += l.img[i * 3]!;
          g += l.img[i * 3 + 1]!;
          b += l.img[i * 3 + 2]!;
          n++;
        }
      }
      const o = y * w + x;
      hole[o] = anyHole;
      if (n > 0) {
        img[o * 3] = r / n;
        img[o * 3 + 1] = g / n;
        img[o * 3 + 2] = b / n;
      }
    }
  }
  return { w, h, img, hole };
}

/** Onion-peel diffusion: each ring of the hole takes the mean of its already-known neighbours. */
export function diffuseFill(img: Float32Array, hole: Uint8Array, w: number, h: number): void {
  // 0 unknown, 1 known, 2 queued for the next ring: each pixel is visited once per ring it borders.
  const state = new Uint8Array(w * h);
  for (let i = 0; i < state.length; i++) state[i] = hole[i] ? 0 : 1;
  const neighbours = (i: number, visit: (j: number) => void): void => {
    const x = i % w;
    const y = (i - x) / w;
    for (let dy = -1; dy <= 1; dy++) {
      const yy = y + dy;
      if (yy < 0 || yy >= h) continue;
      for (let dx = -1; dx <= 1; dx++) {
        const xx = x + dx;
        if (xx < 0 || xx >= w || (dx === 0 && dy === 0)) continue;
        visit(yy * w + xx);
      }
    }
  };
  let ring: number[] = [];
  for (let i = 0; i < state.length; i++) {
    if (state[i] !== 0) continue;
    let touches = false;
    neighbours(i, (j) => {
      if (state[j] === 1) touches = true;
    });
    if (touches) ring.push(i);
  }
  for (const i of ring) state[i] = 2;
  while (ring.length > 0) {
    for (const i of ring) {
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      neighbours(i, (j) => {
        if (state[j] !== 1) return;
        r += img[j * 3]!;
        g += img[j * 3 + 1]!;
        b += img[j * 3 + 2]!;
        n++;
      });
      if (n === 0) continue;
      img[i * 3] = r / n;
      img[i * 3 + 1] = g / n;
      img[i * 3 + 2] = b / n;
    }
    for (const i of ring) state[i] = 1;
    const next: number[] = [];
    for (const i of ring) {
      neighbours(i, (j) => {
        if (state[j] === 0) {
          state[j] = 2;
          next.push(j);
        }
      });
    }
    ring = next;
  }
}

/** One pyramid level's search state. */
class Matcher {
  readonly half: number;
  readonly targets: Int32Array;
  readonly nnf: Int32Array;
  readonly dist: Float32Array;
  readonly valid: Uint8Array;
  readonly sources: Int32Array;

  constructor(
    readonly l: Level,
    patch: number,
  ) {
    const { w, h, hole } = l;
    const half = (this.half = patch >> 1);
    // Integral image of the hole: a source patch must hold no hole pixel and lie wholly inside.
    const sat = new Int32Array((w + 1) * (h + 1));
    for (let y = 0; y < h; y++) {
      let row = 0;
      for (let x = 0; x < w; x++) {
        row += hole[y * w + x]!;
        sat[(y + 1) * (w + 1) + x + 1] = sat[y * (w + 1) + x + 1]! + row;
      }
    }
    const holesIn = (x0: number, y0: number, x1: number, y1: number): number =>
      sat[y1 * (w + 1) + x1]! - sat[y0 * (w + 1) + x1]! - sat[y1 * (w + 1) + x0]! + sat[y0 * (w + 1) + x0]!;
    this.valid = new Uint8Array(w * h);
    const sources: number[] = [];
    const targets: number[] = [];
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const x0 = Math.max(0, x - half);
        const y0 = Math.max(0, y - half);
        const x1 = Math.min(w, x + half + 1);
        const y1 = Math.min(h, y + half + 1);
        const inside = x >= half && y >= half && x < w - half && y < h - half;
        const n = holesIn(x0, y0, x1, y1);
        if (n > 0) targets.push(y * w + x);
        else if (inside) {
          this.valid[y * w + x] = 1;
          sources.push(y * w + x);
        }
      }
    }
    if (sources.length === 0) throw new NoSourcePatches('no whole known patch around the hole');
    this.sources = Int32Array.from(sources);
    this.targets = Int32Array.from(targets);
    this.nnf = new Int32Array(targets.length);
    this.dist = new Float32Array(targets.length);
  }

  /** Sum of squared differences between the patches at t and s, stopping once it passes `best`. */
  distance(t: number, s: number, best: number): number {
    const { w, h, img } = this.l;
    const half = this.half;
    const tx = t % w;
    const ty = (t - tx) / w;
    const sx = s % w;
    const sy = (s - sx) / w;
    let d = 0;
    const dx0 = Math.max(-half, -tx);
    const dx1 = Math.min(half, w - 1 - tx);
    const dy0 = Math.max(-half, -ty);
    const dy1 = Math.min(half, h - 1 - ty);
    for (let dy = dy0; dy <= dy1; dy++) {
      let a = ((ty + dy) * w + tx + dx0) * 3;
      let b = ((sy + dy) * w + sx + dx0) * 3;
      for (let dx = dx0; dx <= dx1; dx++) {
        const e0 = img[a]! - img[b]!;
        const e1 = img[a + 1]! - img[b + 1]!;
        const e2 = img[a + 2]! - img[b + 2]!;
        d += e0 * e0 + e1 * e1 + e2 * e2;
        a += 3;
        b += 3;
      }
      if (d >= best) return d;
    }
    return d;
  }

  /** Pixels a target patch covers (fewer at the window's edge). */
  area(t: number): number {
    const { w, h } = this.l;
    const x = t % w;
    const y = (t - x) / w;
    const half = this.half;
    return (Math.min(half, w - 1 - x) + Math.min(half, x) + 1) * (Math.min(half, h - 1 - y) + Math.min(half, y) + 1);
  }

  randomInit(rng: Rng): void {
    for (let k = 0; k < this.targets.length; k++) this.nnf[k] = this.sources[Math.floor(rng.next() * this.sources.length)]!;
  }

  refreshDistances(): void {
    for (let k = 0; k < this.targets.length; k++) this.dist[k] = this.distance(this.targets[k]!, this.nnf[k]!, Infinity);
  }

  /** PatchMatch iterations: propagate good matches from scan-order neighbours, then random search. */
  search(iterations: number, rng: Rng): void {
    const { w, h } = this.l;
    const { targets, nnf, dist, valid, sources } = this;
    const slot = new Int32Array(w * h).fill(-1);
    for (let k = 0; k < targets.length; k++) slot[targets[k]!] = k;
    const maxR = Math.max(w, h);
    for (let it = 0; it < iterations; it++) {
      const forward = it % 2 === 0;
      const step = forward ? 1 : -1;
      for (let n = 0; n < targets.length; n++) {
        const k = forward ? n : targets.length - 1 - n;
        const t = targets[k]!;
        const tx = t % w;
        let best = nnf[k]!;
        let bestD = dist[k]!;
        const tryCandidate = (s: number): void => {
          if (s < 0 || s >= valid.length || !valid[s] || s === best) return;
          const d = this.distance(t, s, bestD);
          if (d < bestD) {
            bestD = d;
            best = s;
          }
        };
        // The neighbour before t in scan order, shifted by one: coherent copies of whole regions.
        const nx = tx - step;
        if (nx >= 0 && nx < w) {
          const j = slot[t - step]!;
          if (j >= 0) {
            const s = nnf[j]! + step;
            if ((s % w) - (nnf[j]! % w) === step) tryCandidate(s);
          }
        }
        const ny = t - step * w;
        if (ny >= 0 && ny < w * h) {
          const j = slot[ny]!;
          if (j >= 0) tryCandidate(nnf[j]! + step * w);
        }
        let sx = best % w;
        let sy = (best - sx) / w;
        for (let r = maxR; r >= 1; r >>= 1) {
          const cx = Math.min(w - 1, Math.max(0, sx + Math.floor((rng.next() * 2 - 1) * r)));
          const cy = Math.min(h - 1, Math.max(0, sy + Math.floor((rng.next() * 2 - 1) * r)));
          tryCandidate(cy * w + cx);
          sx = best % w;
          sy = (best - sx) / w;
        }
        // One draw from anywhere keeps a level from settling on a poor but locally best region.
        tryCandidate(sources[Math.floor(rng.next() * sources.length)]!);
        nnf[k] = best;
        dist[k] = bestD;
      }
    }
  }

  /**
   * What the final matches would paint on the known pixels just outside the hole (NaN where no
   * patch reaches): its difference from the real pixels is the seam that blending removes.
   */
  extension(): Float32Array {
    const { w, h, img, hole } = this.l;
    const { targets, nnf, half } = this;
    const acc = new Float32Array(w * h * 3);
    const cnt = new Float32Array(w * h);
    for (let k = 0; k < targets.length; k++) {
      const t = targets[k]!;
      const s = nnf[k]!;
      const tx = t % w;
      const ty = (t - tx) / w;
      const sx = s % w;
      const sy = (s - sx) / w;
      for (let dy = -half; dy <= half; dy++) {
        const y = ty + dy;
        if (y < 0 || y >= h) continue;
        for (let dx = -half; dx <= half; dx++) {
          const x = tx + dx;
          if (x < 0 || x >= w) continue;
          const p = y * w + x;
          if (hole[p]) continue;
          const q = ((sy + dy) * w + sx + dx) * 3;
          acc[p * 3] = acc[p * 3]! + img[q]!;
          acc[p * 3 + 1] = acc[p * 3 + 1]! + img[q + 1]!;
          acc[p * 3 + 2] = acc[p * 3 + 2]! + img[q + 2]!;
          cnt[p] = cnt[p]! + 1;
        }
      }
    }
    for (let p = 0; p < w * h; p++) {
      const n = cnt[p]!;
      for (let c = 0; c < 3; c++) acc[p * 3 + c] = n > 0 ? acc[p * 3 + c]! / n : NaN;
    }
    return acc;
  }

  /** Repaints the hole: each pixel is the similarity-weighted mean of what the covering patches copy there. */
  vote(): void {
    const { w, h, img, hole } = this.l;
    const { targets, nnf, dist, half } = this;
    const norm = new Float32Array(targets.length);
    for (let k = 0; k < targets.length; k++) norm[k] = dist[k]! / this.area(targets[k]!);
    // Wexler et al.: σ² from the 75th percentile of the match errors.
    const sample = Array.from(norm.filter((_, k) => k % Math.max(1, Math.floor(targets.length / 4096)) === 0)).sort((a, b) => a - b);
    const sigma2 = Math.max(9, sample[Math.floor(sample.length * 0.75)] ?? 9);
    const acc = new Float32Array(w * h * 3);
    const wsum = new Float32Array(w * h);
    for (let k = 0; k < targets.length; k++) {
      const t = targets[k]!;
      const s = nnf[k]!;
      const weight = Math.exp(-norm[k]! / (2 * sigma2)) + 1e-6;
      const tx = t % w;
      const ty = (t - tx) / w;
      const sx = s % w;
      const sy = (s - sx) / w;
      for (let dy = -half; dy <= half; dy++) {
        const y = ty + dy;
        if (y < 0 || y >= h) continue;
        for (let dx = -half; dx <= half; dx++) {
          const x = tx + dx;
          if (x < 0 || x >= w) continue;
          const p = y * w + x;
          if (!hole[p]) continue;
          const q = ((sy + dy) * w + sx + dx) * 3;
          acc[p * 3] = acc[p * 3]! + weight * img[q]!;
          acc[p * 3 + 1] = acc[p * 3 + 1]! + weight * img[q + 1]!;
          acc[p * 3 + 2] = acc[p * 3 + 2]! + weight * img[q + 2]!;
          wsum[p] = wsum[p]! + weight;
        }
      }
    }
    for (let p = 0; p < w * h; p++) {
      const ws = wsum[p]!;
      if (!hole[p] || ws <= 0) continue;
      img[p * 3] = acc[p * 3]! / ws;
      img[p * 3 + 1] = acc[p * 3 + 1]! / ws;
      img[p * 3 + 2] = acc[p * 3 + 2]! / ws;
    }
  }
}

/** Carries the coarse level's matches to the finer one (offsets doubled), checked against its sources. */
function upsampleMatches(coarse: Matcher, fine: Matcher, rng: Rng): void {
  const cw = coarse.l.w;
  const ch = coarse.l.h;
  const slot = new Map<number, number>();
  for (let k = 0; k < coarse.targets.length; k++) slot.set(coarse.targets[k]!, k);
  const { w, h } = fine.l;
  for (let k = 0; k < fine.targets.length; k++) {
    const t = fine.targets[k]!;
    const x = t % w;
    const y = (t - x) / w;
    const cx = Math.min(cw - 1, x >> 1);
    const cy = Math.min(ch - 1, y >> 1);
    const c = cy * cw + cx;
    const j = slot.get(c);
    const cs = j === undefined ? c : coarse.nnf[j]!;
    const csx = cs % cw;
    const csy = (cs - csx) / cw;
    const sx = Math.min(w - 1 - fine.half, Math.max(fine.half, 2 * csx + (x & 1)));
    const sy = Math.min(h - 1 - fine.half, Math.max(fine.half, 2 * csy + (y & 1)));
    const s = sy * w + sx;
    fine.nnf[k] = fine.valid[s] ? s : fine.sources[Math.floor(rng.next() * fine.sources.length)]!;
  }
}

/**
 * Fills `hole` (1 = unknown) in the w × h RGB image in place (0–255 floats). Levels go down until
 * the hole is a few pixels thick, where diffusion gives the first guess.
 */
export async function synthesizeHole(img: Float32Array, hole: Uint8Array, w: number, h: number, holeRadius: number, options: SynthesisOptions): Promise<void> {
  const patch = options.patch ?? 7;
  const rng = seededRng(options.seed);
  const levels: Level[] = [{ w, h, img, hole }];
  let radius = holeRadius;
  for (;;) {
    const last = levels[levels.length - 1]!;
    if (radius <= patch / 2 || Math.min(last.w, last.h) / 2 < 4 * patch) break;
    const next = downsample(last);
    // A coarse level must still have whole known patches to copy from.
    if (next.hole.every((v) => v === 1)) break;
    levels.push(next);
    radius /= 2;
  }
  const coarsest = levels.length - 1;
  diffuseFill(levels[coarsest]!.img, levels[coarsest]!.hole, levels[coarsest]!.w, levels[coarsest]!.h);

  let previous: Matcher | undefined;
  let work = 0;
  const weights = levels.map((l) => l.w * l.h);
  const total = weights.reduce((a, b) => a + b, 0);
  for (let li = coarsest; li >= 0; li--) {
    throwIfAborted(options.signal);
    await tick();
    throwIfAborted(options.signal);
    const level = levels[li]!;
    if (previous) {
      // The finer level starts from the coarser result, enlarged (nearest) into its hole.
      const c = previous.l;
      for (let y = 0; y < level.h; y++) {
        for (let x = 0; x < level.w; x++) {
          const p = y * level.w + x;
          if (!level.hole[p]) continue;
          const q = (Math.min(c.h - 1, y >> 1) * c.w + Math.min(c.w - 1, x >> 1)) * 3;
          level.img[p * 3] = c.img[q]!;
          level.img[p * 3 + 1] = c.img[q + 1]!;
          level.img[p * 3 + 2] = c.img[q + 2]!;
        }
      }
    }
    const m = new Matcher(level, patch);
    if (previous) upsampleMatches(previous, m, rng);
    else m.randomInit(rng);
    // Big holes cost most at the fine levels, where the coarse ones have already settled the
    // layout: past 100k patches a level gets fewer iterations (a 142k px hole at 2048 px: 21 → 9 s).
    const big = m.targets.length > 100_000;
    const emIterations = li === coarsest ? 6 : li === 0 ? (big ? 1 : 2) : big ? 2 : 3;
    const pmIterations = m.targets.length > 400_000 ? 1 : big ? 2 : 3;
    for (let em = 0; em < emIterations; em++) {
      m.refreshDistances();
      m.search(pmIterations, rng);
      m.vote();
    }
    previous = m;
    work += weights[li]!;
    options.onProgress?.(work / total);
  }
  if (previous) blendSeam(previous);
}

/**
 * Removes what is left of the seam (Pérez et al.'s Poisson blending, in its membrane form): on the
 * known pixels bordering the hole, the difference between the real pixel and what the matches
 * would have painted there is spread harmonically over the hole and added. The copied texture
 * keeps its detail; its overall level meets the surroundings.
 */
function blendSeam(m: Matcher): void {
  const { w, h, img, hole } = m.l;
  const ext = m.extension();
  const offset = new Float32Array(w * h * 3);
  const fixed = new Uint8Array(w * h);
  const inside: number[] = [];
  let x0 = w;
  let x1 = 0;
  let y0 = h;
  let y1 = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = y * w + x;
      if (hole[p]) {
        inside.push(p);
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
        continue;
      }
      if (Number.isNaN(ext[p * 3]!)) continue;
      fixed[p] = 1;
      for (let c = 0; c < 3; c++) offset[p * 3 + c] = img[p * 3 + c]! - ext[p * 3 + c]!;
    }
  }
  if (inside.length === 0) return;
  // Onion-peel diffusion gives a close first guess; successive over-relaxation then smooths it
  // into the membrane. A few hundred sweeps suffice from there, whatever the hole's size.
  diffuseFill(offset, hole, w, h);
  const span = Math.max(x1 - x0, y1 - y0) + 1;
  // Capped by work too: a hole of most of a 2048 px photo gets ~50 sweeps (the diffusion start is close).
  const iterations = Math.max(30, Math.min(200, 2 * span, Math.round(4e7 / inside.length)));
  const omega = 2 / (1 + Math.sin(Math.PI / (span + 1)));
  // Each hole pixel's 4-neighbours that take part (hole or fixed rim), as offset indices, -1 for none.
  const nb = new Int32Array(inside.length * 4).fill(-1);
  inside.forEach((p, k) => {
    const x = p % w;
    const around = [x > 0 ? p - 1 : -1, x < w - 1 ? p + 1 : -1, p >= w ? p - w : -1, p < w * (h - 1) ? p + w : -1];
    let j = 0;
    for (const q of around) if (q >= 0 && (hole[q] || fixed[q])) nb[k * 4 + j++] = q * 3;
  });
  for (let it = 0; it < iterations; it++) {
    for (let k = 0; k < inside.length; k++) {
      let n = 0;
      let r = 0;
      let g = 0;
      let b = 0;
      for (let j = 0; j < 4; j++) {
        const q = nb[k * 4 + j]!;
        if (q < 0) break;
        r += offset[q]!;
        g += offset[q + 1]!;
        b += offset[q + 2]!;
        n++;
      }
      if (n === 0) continue;
      const o = inside[k]! * 3;
      offset[o] = offset[o]! + omega * (r / n - offset[o]!);
      offset[o + 1] = offset[o + 1]! + omega * (g / n - offset[o + 1]!);
      offset[o + 2] = offset[o + 2]! + omega * (b / n - offset[o + 2]!);
    }
  }
  for (const p of inside) for (let c = 0; c < 3; c++) img[p * 3 + c] = img[p * 3 + c]! + offset[p * 3 + c]!;
}
