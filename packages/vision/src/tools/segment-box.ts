import type { ImageBox } from '@packsmith/contracts';
import type { CutoutEngine } from '../types.js';
import type { RgbImage, SegmentBoxResult, ToolRunOptions } from './types.js';

/**
 * The object inside `box`: the segmentation model on the crop (the given cut-out engine), GrabCut
 * seeded by the box as fallback. Null when nothing is found ("segment box failure resolves empty").
 * PLACEHOLDER: replaced by the engine's implementation.
 */
export async function segmentBox(_image: RgbImage, _box: ImageBox, _engine: CutoutEngine | null, _options: ToolRunOptions = {}): Promise<SegmentBoxResult | null> {
  throw new Error('segmentBox: not implemented yet');
}
