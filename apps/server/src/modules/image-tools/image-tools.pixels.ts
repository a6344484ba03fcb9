import sharp from 'sharp';
import type { Mask, RgbImage, RgbaImage } from '@packsmith/vision';

/*
 * Decoding and encoding for the image tools (sharp): the engines work on raw pixels only.
 */

/** JPEG quality of results whose source was a JPEG (or that have no source). */
export const RESULT_JPEG_QUALITY = 92;

const view = (b: Buffer): Uint8Array => new Uint8Array(b.buffer, b.byteOffset, b.length);

/**
 * A mask as one byte a pixel, 255 where it selects (white, at least 128 after flattening onto
 * black: a transparent ground with white strokes counts as its strokes), 0 elsewhere.
 */
export async function decodeMask(bytes: Buffer): Promise<Mask> {
  const { data, info } = await sharp(bytes).flatten({ background: '#000000' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  const out = new Uint8Array(info.width * info.height);
  const channels = info.channels;
  for (let i = 0; i < out.length; i++) out[i] = (data[i * channels] ?? 0) >= 128 ? 255 : 0;
  return { data: out, width: info.width, height: info.height };
}

/** True when any pixel is selected. */
export function maskSelects(mask: Uint8Array): boolean {
  for (const v of mask) if (v >= 128) return true;
  return false;
}

export async function decodeRgb(bytes: Buffer, size?: { width: number; height: number }): Promise<RgbImage> {
  let pipeline = sharp(bytes).autoOrient().removeAlpha().toColourspace('srgb');
  if (size) pipeline = pipeline.resize(size.width, size.height, { fit: 'fill' });
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  return { data: view(data), width: info.width, height: info.height };
}

export async function decodeRgba(bytes: Buffer): Promise<RgbaImage> {
  const { data, info } = await sharp(bytes).autoOrient().ensureAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data: view(data), width: info.width, height: info.height };
}

/** True when some pixel is not fully opaque. */
export function hasTransparency(rgba: RgbaImage): boolean {
  for (let i = 3; i < rgba.data.length; i += 4) if ((rgba.data[i] ?? 255) < 255) return true;
  return false;
}

/** An RGB result: PNG when the source was a PNG, JPEG q92 otherwise. */
export async function encodeRgb(image: RgbImage, png: boolean): Promise<Buffer> {
  const s = sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), { raw: { width: image.width, height: image.height, channels: 3 } });
  return png ? s.png().toBuffer() : s.jpeg({ quality: RESULT_JPEG_QUALITY }).toBuffer();
}

/** An RGBA result: PNG (it has alpha). */
export async function encodeRgba(image: RgbaImage): Promise<Buffer> {
  return sharp(Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length), { raw: { width: image.width, height: image.height, channels: 4 } })
    .png()
    .toBuffer();
}

/** A one-channel mask as a greyscale PNG (white = selected). */
export async function encodeMask(mask: Mask): Promise<Buffer> {
  return sharp(Buffer.from(mask.data.buffer, mask.data.byteOffset, mask.data.length), { raw: { width: mask.width, height: mask.height, channels: 1 } })
    .png()
    .toBuffer();
}

/**
 * The remote engines' mask (OpenAI images edit, ComfyUI inpaint): a PNG of the image's size whose
 * transparent pixels are the area to repaint, i.e. our white-is-selected mask inverted into alpha.
 * `null` mask: everything transparent (the whole image may change: edit and image to image).
 */
export async function providerMask(mask: Mask | null, width: number, height: number): Promise<Buffer> {
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba[i * 4] = 0;
    rgba[i * 4 + 1] = 0;
    rgba[i * 4 + 2] = 0;
    rgba[i * 4 + 3] = mask && (mask.data[i] ?? 0) < 128 ? 255 : 0;
  }
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

/** The RGB image with `mask` as its alpha (remove background: the product on a transparent ground). */
export function withAlpha(rgb: RgbImage, alpha: Uint8Array): RgbaImage {
  const out = new Uint8Array(rgb.width * rgb.height * 4);
  for (let i = 0; i < rgb.width * rgb.height; i++) {
    out[i * 4] = rgb.data[i * 3] ?? 0;
    out[i * 4 + 1] = rgb.data[i * 3 + 1] ?? 0;
    out[i * 4 + 2] = rgb.data[i * 3 + 2] ?? 0;
    out[i * 4 + 3] = alpha[i] ?? 0;
  }
  return { data: out, width: rgb.width, height: rgb.height };
}

/** A matte PNG (any channels) as one byte a pixel at the given size. */
export async function decodeMatte(png: Buffer, width: number, height: number): Promise<Uint8Array> {
  const data = await sharp(png).toColourspace('b-w').resize(width, height, { fit: 'fill' }).extractChannel(0).raw().toBuffer();
  return view(data);
}

/** Text to image sizes: the longer side 1024, the other from the aspect ratio (multiples of 8). */
export function aspectSize(aspect: string, longSide = 1024): { width: number; height: number } {
  const [a, b] = aspect.split(':').map(Number);
  const w = a && a > 0 ? a : 1;
  const h = b && b > 0 ? b : 1;
  const k = longSide / Math.max(w, h);
  const round8 = (v: number) => Math.max(8, Math.round(v / 8) * 8);
  return { width: round8(w * k), height: round8(h * k) };
}
