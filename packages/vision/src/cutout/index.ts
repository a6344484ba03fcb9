/**
 * Product cut-outs: ISNet on the CPU (default; AGPL-3.0 weights, see the README) or OpenCV GrabCut
 * (CUTOUT_ENGINE=grabcut, Apache-2.0), both refined at full resolution by the same guided filter.
 */
import os from 'node:os';
import type { CutoutEngine, CutoutOptions, CutoutResult } from '../types.js';
import { grabCutMatte, loadOpenCv } from './grabcut.js';
import { IsnetSegmenter } from './isnet.js';
import type { IsnetModelSize } from './model.js';
import { DEFAULT_REFINE, resizeMatte, runCutout, type CoarseMatte, type RefineTuning } from './pipeline.js';

export { NO_PRODUCT_MESSAGE, UNREADABLE_MESSAGE, DEFAULT_REFINE, type RefineTuning } from './pipeline.js';
export type { IsnetModelSize } from './model.js';

export interface CutoutEngineOptions {
  /** 'isnet' (default) or 'grabcut'. */
  engine?: 'isnet' | 'grabcut';
  /** ISNet weights: 'medium' (fp16, 88 MB, default) or 'small' (int8, 44 MB, a little faster, less exact). */
  modelSize?: IsnetModelSize;
  /** ISNet input side (multiple of 32, 256–1024). 768 by default: ~55 % of the cost of 1024. */
  inputSize?: number;
  /** Threads for one inference; the machine's cores by default. */
  threads?: number;
  /** Guided-filter refinement settings. */
  refine?: Partial<RefineTuning>;
}

export const DEFAULT_ISNET_INPUT = 768;

/** Creates a cut-out engine. Nothing heavy happens until warmUp() or the first cutout(). */
export function createCutoutEngine(options: CutoutEngineOptions = {}): CutoutEngine {
  const tuning: RefineTuning = { ...DEFAULT_REFINE, ...options.refine };
  if (options.engine === 'grabcut') {
    const coarse: CoarseMatte = async (_photo, work) => {
      const g = await grabCutMatte(work);
      return resizeMatte(g.matte, g.width, g.height, work.width, work.height);
    };
    const cutout = (photo: Buffer, o?: CutoutOptions): Promise<CutoutResult> => runCutout(photo, coarse, tuning, o);
    return {
      name: 'grabcut',
      cutout,
      warmUp: async () => {
        await loadOpenCv();
      },
      dispose: async () => {},
    };
  }
  const isnet = new IsnetSegmenter({
    modelSize: options.modelSize ?? 'medium',
    inputSize: options.inputSize ?? DEFAULT_ISNET_INPUT,
    threads: options.threads ?? Math.max(1, os.availableParallelism()),
  });
  const coarse: CoarseMatte = async (_photo, work) => {
    const matte = await isnet.predict(work);
    return resizeMatte(matte, isnet.options.inputSize, isnet.options.inputSize, work.width, work.height);
  };
  const cutout = (photo: Buffer, o?: CutoutOptions): Promise<CutoutResult> => runCutout(photo, coarse, tuning, o);
  return {
    name: 'isnet',
    cutout,
    warmUp: async () => {
      // Only the model: a warm-up cut-out of a sample photo was measured not to speed up the
      // first real one (its extra ~0.3 s comes from first-time allocations at the photo's size).
      await isnet.load();
    },
    dispose: () => isnet.dispose(),
  };
}
