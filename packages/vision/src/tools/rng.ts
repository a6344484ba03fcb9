/** Seeded uniform numbers (mulberry32) for the engines' random searches: same seed, same result. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
}

export function seededRng(seed: number): Rng {
  let state = seed >>> 0;
  return {
    next: () => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = state;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    },
  };
}
