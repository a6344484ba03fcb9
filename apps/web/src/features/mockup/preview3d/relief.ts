/*
 * Procedural relief for board materials, as tangent-space normal maps (RGBA bytes, tiling):
 * paper fibres (short random strokes over fine noise) and the corrugation of a fluted board
 * under its liner (ridges along v, one flute every `size / flutes` texels). Deterministic.
 */

/** A tiling normal map, `size` × `size` RGBA bytes. */
export interface ReliefMap {
  readonly size: number;
  readonly data: Uint8Array;
}

function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    // xorshift32
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

/** Height field → tangent-space normal map (central differences, wrapping at the edges). */
export function normalsFromHeight(height: Float32Array, size: number, strength: number): ReliefMap {
  const data = new Uint8Array(size * size * 4);
  const at = (x: number, y: number) => height[((y + size) % size) * size + ((x + size) % size)]!;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const dx = (at(x + 1, y) - at(x - 1, y)) * strength;
      // v runs down the image, so +y in the texture is −v: flip for a y-up tangent frame.
      const dy = (at(x, y - 1) - at(x, y + 1)) * strength;
      const len = Math.hypot(dx, dy, 1);
      const i = (y * size + x) * 4;
      data[i] = Math.round(((-dx / len) * 0.5 + 0.5) * 255);
      data[i + 1] = Math.round(((-dy / len) * 0.5 + 0.5) * 255);
      data[i + 2] = Math.round(((1 / len) * 0.5 + 0.5) * 255);
      data[i + 3] = 255;
    }
  }
  return { size, data };
}

/** Paper fibres: a few hundred short strokes at random angles over a fine grain. */
export function fibreRelief(size = 256, seed = 7): ReliefMap {
  const rnd = random(seed);
  const h = new Float32Array(size * size);
  for (let i = 0; i < h.length; i++) h[i] = rnd() * 0.35;
  const strokes = Math.round((size * size) / 90);
  for (let s = 0; s < strokes; s++) {
    const x0 = rnd() * size;
    const y0 = rnd() * size;
    const a = rnd() * Math.PI;
    const len = 4 + rnd() * 14;
    const depth = 0.4 + rnd() * 0.6;
    for (let k = 0; k < len; k++) {
      const x = Math.floor(x0 + Math.cos(a) * k);
      const y = Math.floor(y0 + Math.sin(a) * k);
      const i = (((y % size) + size) % size) * size + (((x % size) + size) % size);
      h[i] = h[i]! + depth;
    }
  }
  return normalsFromHeight(h, size, 0.9);
}

/** Corrugated board: `flutes` rounded ridges across the tile (varying along u), with a little grain. */
export function fluteRelief(size = 128, flutes = 4, seed = 11): ReliefMap {
  const rnd = random(seed);
  const h = new Float32Array(size * size);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const phase = ((x / size) * flutes) % 1;
      h[y * size + x] = Math.sin(phase * Math.PI) * 2.2 + rnd() * 0.12;
    }
  }
  return normalsFromHeight(h, size, 1.2);
}
