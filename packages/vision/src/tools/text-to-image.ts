import type { PromptResult, TextToImageOptions } from './types.js';

/** A procedural scene chosen from the prompt's words, at the aspect ratio. PLACEHOLDER. */
export async function textToImage(_prompt: string, _options: TextToImageOptions): Promise<PromptResult> {
  throw new Error('textToImage: not implemented yet');
}
