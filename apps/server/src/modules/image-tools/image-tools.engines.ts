import type { ImageBox } from '@packsmith/contracts';
import type {
  ImageKeywords,
  InpaintOptions,
  InpaintResult,
  Mask,
  PromptResult,
  RgbImage,
  RgbaImage,
  SegmentBoxResult,
  TextOnImageOptions,
  TextPlacementResult,
  TextToImageOptions,
  ToolRunOptions,
  UpscaleOptions,
  UpscaleResult,
} from '@packsmith/vision';
import type { PhotoshootVision } from '../photoshoot/index.js';

/*
 * The one place the image tools reach the local engines (@packsmith/vision tools): raw pixels in,
 * raw pixels out. The package is imported on first use, as the photo shoot's vision adapter does
 * (it pulls in onnxruntime and OpenCV). buildApp options may replace any engine (tests: one that
 * fails on purpose).
 */

export interface ImageToolEngines {
  inpaint(image: RgbImage, mask: Mask, options: InpaintOptions): Promise<InpaintResult>;
  upscale(image: RgbaImage, scale: 2 | 4, options: UpscaleOptions): Promise<UpscaleResult>;
  /** The object in a box, refined with the photo shoot's own cut-out engine; null when nothing is there. */
  segmentBox(image: RgbImage, box: ImageBox, options: ToolRunOptions): Promise<SegmentBoxResult | null>;
  /** The product's matte (8-bit PNG of the photo's size): the photo shoot's cut-out engine. */
  removeBackground(photo: Buffer, options: ToolRunOptions): Promise<{ maskPng: Buffer }>;
  fillFromPrompt(image: RgbImage, mask: Mask, prompt: string, options: ToolRunOptions): Promise<PromptResult>;
  editFromPrompt(image: RgbImage, prompt: string, options: ToolRunOptions): Promise<PromptResult>;
  textToImage(prompt: string, options: TextToImageOptions): Promise<PromptResult>;
  textOnImage(image: RgbImage, text: string, options: TextOnImageOptions): Promise<TextPlacementResult>;
  imageKeywords(image: RgbImage): Promise<ImageKeywords>;
}

type VisionModule = typeof import('@packsmith/vision');

/** The local engines, sharing the photo shoot's cut-out engine (one model in memory). */
export function createLocalImageToolEngines(vision: PhotoshootVision, overrides: Partial<ImageToolEngines> = {}): ImageToolEngines {
  let module: Promise<VisionModule> | null = null;
  const load = (): Promise<VisionModule> => (module ??= import('@packsmith/vision'));
  const engines: ImageToolEngines = {
    inpaint: async (image, mask, options) => (await load()).inpaint(image, mask, options),
    upscale: async (image, scale, options) => (await load()).upscale(image, scale, options),
    segmentBox: async (image, box, options) => {
      const m = await load();
      const engine = vision.cutoutEngine ? await vision.cutoutEngine().catch(() => null) : null;
      return m.segmentBox(image, box, engine, options);
    },
    removeBackground: async (photo, options) => vision.cutout(photo, options),
    fillFromPrompt: async (image, mask, prompt, options) => (await load()).fillFromPrompt(image, mask, prompt, options),
    editFromPrompt: async (image, prompt, options) => (await load()).editFromPrompt(image, prompt, options),
    textToImage: async (prompt, options) => (await load()).textToImage(prompt, options),
    textOnImage: async (image, text, options) => (await load()).textOnImage(image, text, options),
    imageKeywords: async (image) => (await load()).imageKeywords(image),
  };
  return { ...engines, ...overrides };
}
