import type { BackgroundPlacement, ExtractedCoordinates, SceneLight } from '@packsmith/contracts';

/** A transparent cut-out of the product in a photo. */
export interface CutoutResult {
  /** RGBA PNG cropped to the product's bounds (plus a small margin), at the photo's full resolution. */
  cutoutPng: Buffer;
  /** 8-bit single-channel PNG alpha matte of the whole photo (photo width × height). */
  maskPng: Buffer;
  /** Where the crop sits in the photo (SPEC §3 extracted_coordinates). */
  coordinates: ExtractedCoordinates;
  /** Milliseconds per stage, for logs and the benchmark. */
  timings: Record<string, number>;
}

export interface CutoutOptions {
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/** A cut-out engine: ISNet (onnxruntime-node) by default, GrabCut as the permissive fallback. */
export interface CutoutEngine {
  readonly name: 'isnet' | 'grabcut';
  cutout(photo: Buffer, options?: CutoutOptions): Promise<CutoutResult>;
  /** Load the model once so the first user does not pay for it. */
  warmUp(): Promise<void>;
  dispose(): Promise<void>;
}

export type CutoutFailure = 'no_product' | 'unreadable';

/** A photo the engine cannot cut out, with the reason a person understands. */
export class CutoutRejected extends Error {
  override name = 'CutoutRejected';
  constructor(
    readonly reason: CutoutFailure,
    message: string,
  ) {
    super(message);
  }
}

/** What the compositor knows about a scene (absent fields are estimated from the image). */
export interface SceneInfo {
  light?: SceneLight;
  /** 0–1 from the top. */
  floorY?: number;
}

export interface CompositeRequest {
  /** The scene, any size (usually 2048 px on the longer side). */
  scenePng: Buffer;
  scene?: SceneInfo;
  /** The RGBA cut-out. */
  cutoutPng: Buffer;
  /**
   * Placement on the 1024 canvas; scaled exactly to the scene's resolution. Absent: the product
   * stands centred on the scene's floor line (`scene.floorY`, else 0.8) at about 55 % of its height.
   */
  placement?: BackgroundPlacement;
  /** 0-based variant of a run: variants differ in light grade and shadow, never in the product's own colours. */
  variant?: number;
  /**
   * Encoding of the result: `png` (lossless, default) or `jpeg` (quality 92, 4:4:4 chroma: what a
   * photo result is delivered as; encodes in about half the time and a third of the bytes).
   */
  format?: CompositeFormat;
}

export type CompositeFormat = 'png' | 'jpeg';

export interface CompositeResult {
  /** The encoded composite, in `format`. */
  image: Buffer;
  format: CompositeFormat;
  width: number;
  height: number;
  /** Mean CIEDE2000 of the product region before and after the light match (must stay under 3). */
  productDeltaE: number;
  timings: Record<string, number>;
}
