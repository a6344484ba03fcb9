/** The AI image tools' local engines (erase, fill, remove background, segment, upscale, edit, text, keywords). */
export * from './types.js';
export { inpaint } from './inpaint.js';
export { upscale } from './upscale.js';
export { segmentBox } from './segment-box.js';
export { fillFromPrompt } from './prompt-fill.js';
export { editFromPrompt } from './prompt-edit.js';
export { textToImage } from './text-to-image.js';
export { textOnImage } from './text-on-image.js';
export { imageKeywords } from './keywords.js';
