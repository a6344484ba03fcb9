import type { AspectRatio, TextStyle } from '@packsmith/contracts';
import type { ImageBox } from '@packsmith/contracts';
import type { InpaintResult, Mask, PromptResult, RgbImage, RgbaImage, TextPlacementResult, UpscaleResult } from '@packsmith/vision';

/*
 * What the image tools' worker thread runs: the local engines whose work is seconds of synchronous
 * CPU (exemplar synthesis, back-projection, texture and text rendering). Options are plain data:
 * progress comes back as messages, and an abort stops the waiting, not the worker.
 */

interface Run {
  seed?: number | undefined;
}

export type ToolWorkerRequest =
  | { op: 'inpaint'; image: RgbImage; mask: Mask; options: Run & { method?: 'auto' | 'telea' | 'ns' | 'patchmatch'; brush?: number } }
  | { op: 'upscale'; image: RgbaImage; scale: 2 | 4; options: Run & { maxSide?: number } }
  | { op: 'fillFromPrompt'; image: RgbImage; mask: Mask; prompt: string; options: Run }
  | { op: 'editFromPrompt'; image: RgbImage; prompt: string; options: Run }
  | { op: 'textToImage'; prompt: string; options: Run & { aspect: AspectRatio; style?: string; longSide?: number } }
  | { op: 'textOnImage'; image: RgbImage; text: string; options: Run & { style?: TextStyle; region?: ImageBox } };

export type ToolWorkerResult = InpaintResult | UpscaleResult | PromptResult | TextPlacementResult;
