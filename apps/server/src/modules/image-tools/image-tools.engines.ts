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
import { WorkerUnavailable, createWorkerClient } from '../../lib/worker-client.js';
import type { PhotoshootVision } from '../photoshoot/index.js';
import type { ToolWorkerRequest, ToolWorkerResult } from './image-tools.worker-protocol.js';

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

/** The engines of ToolWorkerRequest, answered by the worker thread. */
type WorkerOps = Pick<ImageToolEngines, ToolWorkerRequest['op']>;

/**
 * The same engines with their seconds-long synchronous work (inpaint, upscale, the prompt engines,
 * text) in one worker thread, so the serving thread keeps answering while a 2048 px hole is
 * synthesised. The others stay here: the cut-out model runs on its own native threads and keywords
 * work on a 512 px copy. Where the worker cannot start, `local` does the work on this thread.
 */
export function createWorkerImageToolEngines(
  local: ImageToolEngines,
  opts: { log?: { warn(obj: Record<string, unknown>, msg: string): void } } = {},
): ImageToolEngines & { close(): Promise<void> } {
  const client = createWorkerClient<ToolWorkerRequest, ToolWorkerResult>(new URL('./image-tools-worker.mjs', import.meta.url), {
    name: 'image tools',
    ...(opts.log ? { log: opts.log } : {}),
  });
  async function inWorker<R extends ToolWorkerResult>(request: ToolWorkerRequest, run: ToolRunOptions, here: () => Promise<R>): Promise<R> {
    try {
      // The request's op decides the result's shape (image-tools-worker.ts answers run(request)).
      return (await client.call(request, { onProgress: run.onProgress, signal: run.signal })) as R;
    } catch (err) {
      if (err instanceof WorkerUnavailable) return here();
      throw err;
    }
  }
  const seed = (o: ToolRunOptions) => (o.seed === undefined ? {} : { seed: o.seed });
  const ops: WorkerOps = {
    inpaint: (image, mask, o) =>
      inWorker(
        { op: 'inpaint', image, mask, options: { ...seed(o), ...(o.method ? { method: o.method } : {}), ...(o.brush ? { brush: o.brush } : {}) } },
        o,
        () => local.inpaint(image, mask, o),
      ),
    upscale: (image, scale, o) =>
      inWorker({ op: 'upscale', image, scale, options: { ...seed(o), ...(o.maxSide ? { maxSide: o.maxSide } : {}) } }, o, () => local.upscale(image, scale, o)),
    fillFromPrompt: (image, mask, prompt, o) =>
      inWorker({ op: 'fillFromPrompt', image, mask, prompt, options: seed(o) }, o, () => local.fillFromPrompt(image, mask, prompt, o)),
    editFromPrompt: (image, prompt, o) => inWorker({ op: 'editFromPrompt', image, prompt, options: seed(o) }, o, () => local.editFromPrompt(image, prompt, o)),
    textToImage: (prompt, o) =>
      inWorker(
        {
          op: 'textToImage',
          prompt,
          options: { ...seed(o), aspect: o.aspect, ...(o.style ? { style: o.style } : {}), ...(o.longSide ? { longSide: o.longSide } : {}) },
        },
        o,
        () => local.textToImage(prompt, o),
      ),
    textOnImage: (image, text, o) =>
      inWorker(
        { op: 'textOnImage', image, text, options: { ...seed(o), ...(o.style ? { style: o.style } : {}), ...(o.region ? { region: o.region } : {}) } },
        o,
        () => local.textOnImage(image, text, o),
      ),
  };
  return { ...local, ...ops, close: () => client.close() };
}
