import type { PromptResult, RgbImage, ToolRunOptions } from './types.js';

/** The image recoloured, restyled or relit as the prompt's words say (edit/image, image2image). PLACEHOLDER. */
export async function editFromPrompt(_image: RgbImage, _prompt: string, _options: ToolRunOptions = {}): Promise<PromptResult> {
  throw new Error('editFromPrompt: not implemented yet');
}
