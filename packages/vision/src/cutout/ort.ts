/**
 * The slice of onnxruntime-node this package uses, typed here: the package ships JavaScript
 * without declarations (its types live in onnxruntime-common, which is not our dependency).
 */
import { createRequire } from 'node:module';

export interface OrtTensor {
  readonly dims: readonly number[];
  readonly data: Float32Array;
}

export interface OrtSessionOptions {
  intraOpNumThreads?: number;
  interOpNumThreads?: number;
  graphOptimizationLevel?: 'disabled' | 'basic' | 'extended' | 'all';
  executionMode?: 'sequential' | 'parallel';
  enableCpuMemArena?: boolean;
  enableMemPattern?: boolean;
}

export interface OrtSession {
  readonly inputNames: readonly string[];
  readonly outputNames: readonly string[];
  run(feeds: Record<string, OrtTensor>, fetches: readonly string[]): Promise<Record<string, OrtTensor>>;
  release(): Promise<void>;
}

interface OrtModule {
  InferenceSession: { create(model: Uint8Array, options: OrtSessionOptions): Promise<OrtSession> };
  Tensor: new (type: 'float32', data: Float32Array, dims: readonly number[]) => OrtTensor;
}

let ort: OrtModule | undefined;

/** Loads the native binding on first use (it costs ~100 ms and ~30 MB; GrabCut users never pay it). */
export function loadOrt(): OrtModule {
  ort ??= createRequire(import.meta.url)('onnxruntime-node') as OrtModule;
  return ort;
}
