/**
 * Seeded randomness. Every choice the artwork engine makes flows from an {@link Rng}
 * built from a hash of the brief and the seed, so one brief + seed always yields the
 * same bytes.
 */

/** 32-bit FNV-1a over UTF-16 code units, then an avalanche step (murmur3 fmix). */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Small fast counter PRNG (sfc32): good statistical quality, trivially seedable. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(readonly key: string) {
    this.a = hash32(`${key}#a`);
    this.b = hash32(`${key}#b`);
    this.c = hash32(`${key}#c`);
    this.d = hash32(`${key}#d`) | 1;
    // The first outputs of sfc32 correlate with the seed words; discard them.
    for (let i = 0; i < 12; i++) this.next();
  }

  /** Uniform in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  /** Uniform in [min, max). */
  range(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Rng.pick needs at least one item');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Picks by weight; weights ≤ 0 are never picked unless all are. */
  weighted<T>(items: readonly (readonly [T, number])[]): T {
    if (items.length === 0) throw new Error('Rng.weighted needs at least one item');
    const total = items.reduce((s, [, w]) => s + Math.max(0, w), 0);
    if (total <= 0) return this.pick(items)[0];
    let r = this.next() * total;
    for (const [item, w] of items) {
      r -= Math.max(0, w);
      if (r < 0) return item;
    }
    return (items[items.length - 1] as readonly [T, number])[0];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  /**
   * An independent stream named by `label`. Forking keeps sub-decisions stable: adding a
   * draw in one part of a layout does not shift the colours or icons chosen elsewhere.
   */
  fork(label: string): Rng {
    return new Rng(`${this.key}/${label}`);
  }
}
