import sharp, { type Metadata } from 'sharp';
import { MASK_MAX_SIDE, MASK_MIN_SIDE, Msg, UPLOAD_MAX_INPUT_PIXELS, UPLOAD_MAX_SIDE, UPLOAD_MIN_SIDE, UploadMsg } from '@packsmith/contracts';

export type ImageMime = 'image/jpeg' | 'image/png';
export type ImageFormat = 'jpeg' | 'png';

export interface ValidImage {
  /** The bytes to store: the input itself when it needed no change, otherwise the re-encoded image. */
  bytes: Buffer;
  mime: ImageMime;
  ext: 'jpg' | 'png';
  width: number;
  height: number;
  /** True when the longest side was over the maximum and the image was downscaled. */
  resized: boolean;
}

export type ImageRejection = 'not-image' | 'too-small' | 'load-error' | 'too-many-pixels';

export type ImageValidation = { ok: true; image: ValidImage } | { ok: false; reason: ImageRejection; message: string };

export interface ImageRules {
  minSide: number;
  maxSide: number;
  maxInputPixels: number;
}

export const UPLOAD_RULES: ImageRules = { minSide: UPLOAD_MIN_SIDE, maxSide: UPLOAD_MAX_SIDE, maxInputPixels: UPLOAD_MAX_INPUT_PIXELS };

const MESSAGES: Record<ImageRejection, string> = {
  'not-image': Msg.uploadImageFile,
  'too-small': Msg.uploadMinSide,
  'load-error': Msg.imageLoadError,
  'too-many-pixels': UploadMsg.tooManyPixels,
};

const reject = (reason: ImageRejection): ImageValidation => ({ ok: false, reason, message: MESSAGES[reason] });

/** JPEG or PNG by their signatures; the name and the declared type of an upload are never trusted. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= png.length && png.every((b, i) => bytes[i] === b)) return 'png';
  return null;
}

/**
 * The upload rules of SPEC §5 on the server: JPEG/PNG only (by content), fully decodable, smallest
 * side at least `minSide`, longest side downscaled to `maxSide` (same format, JPEG quality 90,
 * EXIF orientation applied, metadata stripped). An image needing no change is kept byte for byte.
 * Pure: no I/O besides decoding the buffer.
 */
export async function validateUploadImage(bytes: Buffer, rules: ImageRules = UPLOAD_RULES): Promise<ImageValidation> {
  const format = sniffImageFormat(bytes);
  if (!format) return reject('not-image');
  // failOn 'error' rejects truncated or corrupt data but tolerates the harmless warnings many cameras produce.
  const input = () => sharp(bytes, { failOn: 'error', limitInputPixels: rules.maxInputPixels });

  let meta: Metadata;
  try {
    meta = await input().metadata();
    // Decoding every pixel is the only way to find truncated data; stats() streams, so memory stays small.
    await input().stats();
  } catch (err) {
    return reject(isPixelLimit(err) ? 'too-many-pixels' : 'load-error');
  }
  if (meta.format !== format || !meta.width || !meta.height) return reject('not-image');

  const rotates = (meta.orientation ?? 1) !== 1;
  const swaps = (meta.orientation ?? 1) >= 5;
  const width = swaps ? meta.height : meta.width;
  const height = swaps ? meta.width : meta.height;
  if (Math.min(width, height) < rules.minSide) return reject('too-small');

  const mime: ImageMime = format === 'png' ? 'image/png' : 'image/jpeg';
  const ext = format === 'png' ? 'png' : 'jpg';
  const resized = Math.max(width, height) > rules.maxSide;
  if (!resized && !rotates) return { ok: true, image: { bytes, mime, ext, width, height, resized: false } };

  try {
    let pipeline = input().autoOrient();
    if (resized) pipeline = pipeline.resize({ width: rules.maxSide, height: rules.maxSide, fit: 'inside', withoutEnlargement: true });
    pipeline = format === 'png' ? pipeline.png() : pipeline.jpeg({ quality: 90 });
    const out = await pipeline.toBuffer({ resolveWithObject: true });
    return { ok: true, image: { bytes: out.data, mime, ext, width: out.info.width, height: out.info.height, resized } };
  } catch (err) {
    return reject(isPixelLimit(err) ? 'too-many-pixels' : 'load-error');
  }
}

/**
 * An image tool's mask (upload purpose `mask`): PNG only (by content), fully decodable, each side
 * MASK_MIN_SIDE–MASK_MAX_SIDE px, kept byte for byte (never resized or turned: it must stay the size
 * of the image it was painted on).
 */
export async function validateMaskImage(bytes: Buffer): Promise<{ ok: true; image: ValidImage } | { ok: false; message: string }> {
  if (sniffImageFormat(bytes) !== 'png') return { ok: false, message: UploadMsg.maskNotPng };
  let meta: Metadata;
  try {
    const input = () => sharp(bytes, { failOn: 'error', limitInputPixels: UPLOAD_MAX_INPUT_PIXELS });
    meta = await input().metadata();
    await input().stats();
  } catch (err) {
    return { ok: false, message: isPixelLimit(err) ? UploadMsg.tooManyPixels : Msg.imageLoadError };
  }
  const { width, height } = meta;
  if (meta.format !== 'png' || !width || !height) return { ok: false, message: UploadMsg.maskNotPng };
  if (Math.min(width, height) < MASK_MIN_SIDE || Math.max(width, height) > MASK_MAX_SIDE) return { ok: false, message: UploadMsg.maskSize(width, height) };
  return { ok: true, image: { bytes, mime: 'image/png', ext: 'png', width, height, resized: false } };
}

function isPixelLimit(err: unknown): boolean {
  return err instanceof Error && /pixel limit/i.test(err.message);
}

/**
 * Describes an image the server itself produced (no size rules); throws when it is not a
 * decodable PNG or JPEG, which would be a bug in the producer rather than a user error.
 */
export async function describeServerImage(bytes: Buffer): Promise<ValidImage> {
  const format = sniffImageFormat(bytes);
  if (!format) throw new Error('only PNG or JPEG bytes can be stored');
  const meta = await sharp(bytes, { limitInputPixels: UPLOAD_MAX_INPUT_PIXELS }).metadata();
  if (meta.format !== format || !meta.width || !meta.height) throw new Error('the image header does not decode');
  return {
    bytes,
    mime: format === 'png' ? 'image/png' : 'image/jpeg',
    ext: format === 'png' ? 'png' : 'jpg',
    width: meta.width,
    height: meta.height,
    resized: false,
  };
}
