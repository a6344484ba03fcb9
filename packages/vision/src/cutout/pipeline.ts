/**
 * The stages every cut-out engine shares: decode → coarse matte (the engine's own) → guided-filter
 * refinement → speck removal and the product check → full-resolution alpha → edge colours → PNGs.
 */
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import type { CutoutOptions, CutoutResult } from '../types.js';
import { CutoutRejected } from '../types.js';
import { decontaminate } from './colour.js';
import { applyCoefficientsUpsampled, type RgbImage } from './guided-filter.js';
import { alphaBounds, cropBox, extractedCoordinates, keepRegion, keptComponents, labelComponents, productPresence } from './mask.js';
import { refineMatte } from './refine.js';

export const UNREADABLE_MESSAGE = 'We could not read this image. Please upload a JPEG or PNG photo.';
export const NO_PRODUCT_MESSAGE = 'We could not find a product in this photo. Try a photo with the product clearly in view.';

/** Tuning of the refinement, shared by the engines (values chosen on the generated test set). */
export interface RefineTuning {
  /** Longer side of the working resolution where the guided filter's coefficients are fitted. */
  workSide: number;
  /** Guided filter window radius, in working pixels (at workSide). */
  radius: number;
  /** Guided filter regularisation (colours in 0–1). */
  eps: number;
  /** Half-width of the band around the coarse edge where the guided filter decides, working pixels. */
  band: number;
  /** Alpha under this fraction is cleared, above 1 − it made opaque (linear in between). */
  clip: number;
  /** Guided-filter passes. */
  passes: number;
}

export const DEFAULT_REFINE: RefineTuning = { workSide: 1024, radius: 6, eps: 2e-4, band: 4, clip: 0.1, passes: 2 };

/** An engine's own part: the coarse matte (0–1) of the working image, same size. */
export type CoarseMatte = (photo: RgbImage, work: RgbImage, signal: AbortSignal | undefined) => Promise<Float32Array>;

export interface Decoded {
  /** The photo at full resolution. */
  photo: RgbImage;
  /** The photo scaled to fit workSide (the same object when it already fits). */
  work: RgbImage;
}

/** Decodes PNG/JPEG/WebP bytes to sRGB (EXIF orientation applied, transparency flattened onto white). */
export async function decodePhoto(bytes: Buffer, workSide: number): Promise<Decoded> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw new CutoutRejected('unreadable', UNREADABLE_MESSAGE);
  }
  if (!meta.format || !['jpeg', 'png', 'webp'].includes(meta.format)) throw new CutoutRejected('unreadable', UNREADABLE_MESSAGE);
  let raw: { data: Buffer; info: OutputInfo };
  try {
    raw = await sharp(bytes, { failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new CutoutRejected('unreadable', UNREADABLE_MESSAGE);
  }
  const { width, height, channels } = raw.info;
  if (channels !== 3 || width < 16 || height < 16) throw new CutoutRejected('unreadable', UNREADABLE_MESSAGE);
  const photo: RgbImage = { data: new Uint8Array(raw.data.buffer, raw.data.byteOffset, raw.data.length), width, height };
  const k = Math.min(1, workSide / Math.max(width, height));
  if (k === 1) return { photo, work: photo };
  const ww = Math.max(1, Math.round(width * k));
  const wh = Math.max(1, Math.round(height * k));
  const small = await sharp(raw.data, { raw: { width, height, channels: 3 } })
    .resize(ww, wh, { fit: 'fill' })
    .raw()
    .toBuffer();
  return { photo, work: { data: new Uint8Array(small.buffer, small.byteOffset, small.length), width: ww, height: wh } };
}

/** A photo of one flat colour (or nearly): nothing to cut out. */
export function isUniform(image: RgbImage): boolean {
  const { data } = image;
  const pixels = image.width * image.height;
  const sum = [0, 0, 0];
  const sq = [0, 0, 0];
  let count = 0;
  // Every 7th pixel is plenty for a flatness test.
  for (let i = 0; i < pixels; i += 7, count++) {
    for (let c = 0; c < 3; c++) {
      const v = data[i * 3 + c] ?? 0;
      sum[c] = (sum[c] ?? 0) + v;
      sq[c] = (sq[c] ?? 0) + v * v;
    }
  }
  return [0, 1, 2].every((c) => {
    const mean = (sum[c] ?? 0) / count;
    return (sq[c] ?? 0) / count - mean * mean < 3 * 3;
  });
}

/** Resizes a 0–1 matte (e.g. the network's square output) to the working size. */
export async function resizeMatte(matte: Float32Array, width: number, height: number, toWidth: number, toHeight: number): Promise<Float32Array> {
  const bytes = new Uint8Array(width * height);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Math.round(Math.min(1, Math.max(0, matte[i] ?? 0)) * 255);
  const resized = await sharp(bytes, { raw: { width, height, channels: 1 } })
    .resize(toWidth, toHeight, { fit: 'fill', kernel: 'cubic' })
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  const out = new Float32Array(toWidth * toHeight);
  for (let i = 0; i < out.length; i++) out[i] = (resized[i] ?? 0) / 255;
  return out;
}

/**
 * Refines the coarse matte at the working resolution and keeps only real products: the alpha
 * model (coefficients) for the full-resolution stage, and the working-resolution alpha q.
 * Throws CutoutRejected when no product stands out.
 */
export function refineCoarse(work: RgbImage, p: Float32Array, tuning: RefineTuning): { coeffs: Float32Array; q: Float32Array } {
  // Sizes scale with the working resolution so small photos behave alike.
  const scale = Math.max(work.width, work.height) / tuning.workSide;
  const radius = Math.max(2, Math.round(tuning.radius * scale));
  const { coeffs, q } = refineMatte(work, p, {
    radius,
    eps: tuning.eps,
    band: Math.max(1, Math.round(tuning.band * scale)),
    clip: tuning.clip,
    passes: tuning.passes,
  });
  const n = work.width * work.height;
  if (!productPresence(q, n, 0.5).ok) throw new CutoutRejected('no_product', NO_PRODUCT_MESSAGE);
  const components = labelComponents(q, work.width, work.height, 0.5);
  const region = keepRegion(components, keptComponents(components, n), work.width, work.height, radius + 2);
  for (let i = 0; i < n; i++) {
    if (region[i]) continue;
    coeffs.fill(0, i * 4, i * 4 + 4);
    q[i] = 0;
  }
  return { coeffs, q };
}

/** Runs the shared stages around an engine's coarse matte. */
export async function runCutout(bytes: Buffer, coarse: CoarseMatte, tuning: RefineTuning, options: CutoutOptions = {}): Promise<CutoutResult> {
  const { signal, onProgress } = options;
  const timings: Record<string, number> = {};
  let t = performance.now();
  const lap = (stage: string, progress: number): void => {
    const now = performance.now();
    timings[stage] = Math.round(now - t);
    t = now;
    onProgress?.(progress);
    signal?.throwIfAborted();
  };
  signal?.throwIfAborted();
  onProgress?.(0);

  const { photo, work } = await decodePhoto(bytes, tuning.workSide);
  if (isUniform(work)) throw new CutoutRejected('no_product', NO_PRODUCT_MESSAGE);
  lap('decode', 0.1);

  const p = await coarse(photo, work, signal);
  lap('segment', 0.6);

  const { coeffs, q } = refineCoarse(work, p, tuning);
  lap('refine', 0.75);

  const alpha = applyCoefficientsUpsampled(coeffs, work.width, work.height, photo);
  const bounds = alphaBounds(alpha, photo.width, photo.height);
  if (!bounds) throw new CutoutRejected('no_product', NO_PRODUCT_MESSAGE);
  const crop = cropBox(bounds, photo.width, photo.height);
  lap('alpha', 0.8);

  const rgba = decontaminate(photo, alpha, crop, work, q);
  lap('colour', 0.85);

  const [cutoutPng, maskPng] = await Promise.all([
    sharp(rgba, { raw: { width: crop.width, height: crop.height, channels: 4 } })
      .png({ compressionLevel: 4, adaptiveFiltering: false })
      .toBuffer(),
    sharp(alpha, { raw: { width: photo.width, height: photo.height, channels: 1 } })
      .toColourspace('b-w')
      .png({ compressionLevel: 4, adaptiveFiltering: false })
      .toBuffer(),
  ]);
  lap('encode', 1);
  timings.total = Object.values(timings).reduce((a, b) => a + b, 0);
  return { cutoutPng, maskPng, coordinates: extractedCoordinates(crop, photo.width, photo.height), timings };
}
