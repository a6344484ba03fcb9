import type { ImageKeywords, RgbImage } from './types.js';

/** Colour names from the image's palette and style/category tags. PLACEHOLDER. */
export function imageKeywords(_image: RgbImage): ImageKeywords {
  throw new Error('imageKeywords: not implemented yet');
}
