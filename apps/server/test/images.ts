import sharp from 'sharp';

/** Test images made on the spot with sharp (no fixtures): a gradient-like pattern so encoders have real work. */
function pattern(width: number, height: number) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#c33"/><stop offset="1" stop-color="#36c"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 3}" r="${Math.min(width, height) / 5}" fill="#fe0"/></svg>`;
  return sharp(Buffer.from(svg));
}

export const makePng = (width: number, height: number) => pattern(width, height).png().toBuffer();
export const makeJpeg = (width: number, height: number) => pattern(width, height).jpeg({ quality: 85 }).toBuffer();
export const makeGif = (width: number, height: number) => pattern(width, height).gif().toBuffer();
export const makeWebp = (width: number, height: number) => pattern(width, height).webp().toBuffer();
/** A JPEG stored sideways with EXIF orientation 6 (displayed rotated 90° clockwise). */
export const makeRotatedJpeg = (storedWidth: number, storedHeight: number) =>
  pattern(storedWidth, storedHeight).jpeg({ quality: 85 }).withMetadata({ orientation: 6 }).toBuffer();
export const makeSvg = (width: number, height: number) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="red"/></svg>`);

/** A PNG cut off halfway through its pixel data: the header reads, decoding fails. */
export async function makeTruncatedPng(width: number, height: number): Promise<Buffer> {
  const full = await makePng(width, height);
  return full.subarray(0, Math.floor(full.length / 2));
}

export async function sizeOf(bytes: Buffer): Promise<{ width: number; height: number; format: string }> {
  const m = await sharp(bytes).metadata();
  return { width: m.width ?? 0, height: m.height ?? 0, format: m.format ?? '' };
}

/**
 * A tiny PNG whose header claims `width`×`height` (a decompression bomb as far as a decoder can
 * tell before reading pixels). The IHDR checksum is recomputed so the header itself is valid.
 */
export async function makePngClaiming(width: number, height: number): Promise<Buffer> {
  const { crc32 } = await import('node:zlib');
  const png = Buffer.from(await makePng(8, 8));
  // Signature (8) + IHDR length (4) + "IHDR" (4): width and height follow, then the CRC at 29.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}
