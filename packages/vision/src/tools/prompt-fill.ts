import type { Mask, PromptResult, RgbImage, ToolRunOptions } from './types.js';

/** The masked area painted as the prompt says (colour, material texture or icon element). PLACEHOLDER. */
export async function fillFromPrompt(_image: RgbImage, _mask: Mask, _prompt: string, _options: ToolRunOptions = {}): Promise<PromptResult> {
  throw new Error('fillFromPrompt: not implemented yet');
}
