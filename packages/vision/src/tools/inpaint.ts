import type { InpaintOptions, InpaintResult, Mask, RgbImage } from './types.js';

/** Fills the masked pixels from the image itself. PLACEHOLDER: replaced by the engine's implementation. */
export async function inpaint(_image: RgbImage, _mask: Mask, _options: InpaintOptions = {}): Promise<InpaintResult> {
  throw new Error('inpaint: not implemented yet');
}
