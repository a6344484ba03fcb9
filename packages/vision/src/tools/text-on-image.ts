import type { RgbImage, TextOnImageOptions, TextPlacementResult } from './types.js';

/** Text typeset onto the image (inside options.region), readable on its pixels (WCAG 4.5:1). PLACEHOLDER. */
export async function textOnImage(_image: RgbImage, _text: string, _options: TextOnImageOptions = {}): Promise<TextPlacementResult> {
  throw new Error('textOnImage: not implemented yet');
}
