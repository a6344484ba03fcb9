import sharp from 'sharp';
import { medianCut } from '../chat/index.js';

/** Pixels sampled on the longer side before quantising (96² ≈ 9k samples, plenty for 5 colours). */
const SAMPLE_SIDE = 96;
/** Only clearly opaque pixels are the product; soft edges carry the old background's colour. */
const MIN_ALPHA = 200;

/**
 * The product's dominant colours (hex, most used first) from its transparent cut-out: median cut
 * over the opaque pixels only, so the transparent surroundings never count as black.
 */
export async function productPalette(cutoutPng: Buffer, k = 5): Promise<string[]> {
  const { data, info } = await sharp(cutoutPng)
    .resize(SAMPLE_SIDE, SAMPLE_SIDE, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels: [number, number, number][] = [];
  for (let i = 0; i + 3 < data.length; i += info.channels) {
    if ((data[i + 3] ?? 0) >= MIN_ALPHA) pixels.push([data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0]);
  }
  return medianCut(pixels, k).map((c) => c.hex);
}

export interface Rankable {
  position: number;
}

/**
 * Orders scenes by how well they suit the product (higher score first); equal scores keep the
 * gallery order, so the ranking is stable for one palette.
 */
export function rankByScore<T extends Rankable>(items: readonly T[], score: (item: T) => number): T[] {
  return items
    .map((item) => ({ item, score: score(item) }))
    .sort((a, b) => b.score - a.score || a.item.position - b.item.position)
    .map((x) => x.item);
}
