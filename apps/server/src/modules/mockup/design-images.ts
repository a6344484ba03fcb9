import sharp from 'sharp';
import { UPLOAD_MAX_INPUT_PIXELS, type MockupCrop } from '@packsmith/contracts';
import type { DesignImage } from '@packsmith/mockup';

/** JPEG quality of a stored mockup: photographs, where 92 keeps print edges clean at a third of PNG's size. */
export const MOCKUP_JPEG_QUALITY = 92;

/** Longest side a design is decoded at: larger images are scaled down first (memory, and no surface needs more). */
export const DESIGN_MAX_SIDE = 4096;

/** A design image as the engine takes it: sRGB RGBA, the crop taken first (it is in the stored image's pixels). */
export async function decodeDesign(bytes: Buffer, crop: MockupCrop | null): Promise<DesignImage> {
  let image = sharp(bytes, { limitInputPixels: UPLOAD_MAX_INPUT_PIXELS });
  if (crop) image = image.extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height });
  const { data, info } = await image
    .resize({ width: DESIGN_MAX_SIDE, height: DESIGN_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 4) throw new Error(`a design decodes to ${info.channels} channels`);
  return { rgba: data, width: info.width, height: info.height };
}

/** A plain colour covering a surface (a design's ground where it has no face). `#rgb` or `#rrggbb`; anything else is white. */
export function solidDesign(hex: string): DesignImage {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  const h = m?.[1] ?? 'ffffff';
  const full = h.length === 3 ? [...h].map((c) => c + c).join('') : h;
  const rgba = new Uint8Array([parseInt(full.slice(0, 2), 16), parseInt(full.slice(2, 4), 16), parseInt(full.slice(4, 6), 16), 255]);
  return { rgba, width: 1, height: 1 };
}

/** The mockup's RGB bytes as the stored JPEG. */
export function encodeMockupJpeg(rgb: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(rgb, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: MOCKUP_JPEG_QUALITY, chromaSubsampling: '4:4:4' })
    .toBuffer();
}
