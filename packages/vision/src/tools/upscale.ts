import type { RgbaImage, UpscaleOptions, UpscaleResult } from './types.js';

/** Enlarges an image ×2 or ×4 (capped at maxSide). PLACEHOLDER: replaced by the engine's implementation. */
export async function upscale(_image: RgbaImage, _scale: 2 | 4, _options: UpscaleOptions = {}): Promise<UpscaleResult> {
  throw new Error('upscale: not implemented yet');
}
