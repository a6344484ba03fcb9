/** Mask accuracy measures for the cut-out tests and benchmark. */
import sharp from 'sharp';

/** A decoded 8-bit single-channel mask. */
export interface Mask {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Decodes a mask image (grey, or the first channel of a colour image). */
export async function decodeMask(png: Buffer): Promise<Mask> {
  const { data, info } = await sharp(png).extractChannel(0).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  if (info.channels !== 1) throw new Error(`expected one channel, got ${info.channels}`);
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

function sameSize(a: Mask, b: Mask): void {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`mask sizes differ: ${a.width}×${a.height} vs ${b.width}×${b.height}`);
}

/** Intersection over union of the two masks thresholded at half coverage (1 when both are empty). */
export function maskIoU(predicted: Mask, truth: Mask, threshold = 128): number {
  sameSize(predicted, truth);
  let inter = 0;
  let union = 0;
  const p = predicted.data;
  const t = truth.data;
  for (let i = 0; i < p.length; i++) {
    const a = (p[i] ?? 0) >= threshold;
    const b = (t[i] ?? 0) >= threshold;
    if (a && b) inter++;
    if (a || b) union++;
  }
  return union === 0 ? 1 : inter / union;
}

/** Soft IoU of two alpha mattes: Σ min(a, b) / Σ max(a, b); rewards partial alpha where it is due. */
export function softIoU(predicted: Mask, truth: Mask): number {
  sameSize(predicted, truth);
  let inter = 0;
  let union = 0;
  const p = predicted.data;
  const t = truth.data;
  for (let i = 0; i < p.length; i++) {
    const a = p[i] ?? 0;
    const b = t[i] ?? 0;
    inter += a < b ? a : b;
    union += a < b ? b : a;
  }
  return union === 0 ? 1 : inter / union;
}
