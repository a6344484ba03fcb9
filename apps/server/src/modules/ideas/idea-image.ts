import sharp from 'sharp';
import { medianCut } from '../chat/index.js';

/** Longest side an image is read at for its palette and keywords: colours need no more, and it keeps the call fast. */
export const IMAGE_SAMPLE_SIDE = 256;

export interface SampledImage {
  /** Interleaved 8-bit sRGB, 3 channels (what the keyword engine reads). */
  rgb: { data: Uint8Array; width: number; height: number };
  /** Dominant colours by median cut over the opaque pixels, most used first. */
  palette: string[];
}

/** Decodes an image (PNG/JPEG bytes) downscaled, with its median-cut palette; transparent pixels never count. */
export async function sampleImage(bytes: Buffer, k = 5): Promise<SampledImage> {
  const { data, info } = await sharp(bytes, { limitInputPixels: 64_000_000 })
    .resize(IMAGE_SAMPLE_SIDE, IMAGE_SAMPLE_SIDE, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels: [number, number, number][] = [];
  const rgb = new Uint8Array(info.width * info.height * 3);
  for (let i = 0, j = 0; i + 3 < data.length; i += info.channels, j += 3) {
    const r = data[i] ?? 0;
    const g = data[i + 1] ?? 0;
    const b = data[i + 2] ?? 0;
    rgb[j] = r;
    rgb[j + 1] = g;
    rgb[j + 2] = b;
    if ((data[i + 3] ?? 0) >= 128) pixels.push([r, g, b]);
  }
  return { rgb: { data: rgb, width: info.width, height: info.height }, palette: medianCut(pixels, k).map((c) => c.hex) };
}

/** Resizes a PNG so its longest side is at most `side` (the flat fronts are rendered at 1024 px). */
export async function fitPng(bytes: Buffer, side: number): Promise<{ png: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(bytes).resize(side, side, { fit: 'inside', withoutEnlargement: true }).png().toBuffer({ resolveWithObject: true });
  return { png: data, width: info.width, height: info.height };
}

/** The pixel size of a PNG/JPEG. */
export async function sizeOfImage(bytes: Buffer): Promise<{ width: number; height: number }> {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width ?? 0, height: meta.height ?? 0 };
}
