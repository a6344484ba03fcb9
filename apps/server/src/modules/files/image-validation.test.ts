import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { Msg, UploadMsg } from '@packsmith/contracts';
import { makeGif, makeJpeg, makePng, makePngClaiming, makeRotatedJpeg, makeSvg, makeTruncatedPng, makeWebp, sizeOf } from '../../../test/images.js';
import { describeServerImage, sniffImageFormat, validateUploadImage, type ImageRules } from './image-validation.js';

/** Small bounds, so these tests need only tiny images. */
const SMALL: ImageRules = { minSide: 16, maxSide: 64, maxInputPixels: 1_000_000 };

describe('validateUploadImage', () => {
  it('keeps a valid PNG and JPEG byte for byte', async () => {
    for (const bytes of [await makePng(1200, 1600), await makeJpeg(1200, 1600)]) {
      const r = await validateUploadImage(bytes);
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.image).toMatchObject({ width: 1200, height: 1600, resized: false });
      expect(r.image.bytes.equals(bytes)).toBe(true);
    }
  });

  it('downscales the longest side to 2048 in the same format', async () => {
    const png = await validateUploadImage(await makePng(3000, 2000));
    expect(png).toMatchObject({ ok: true, image: { width: 2048, height: 1365, resized: true, mime: 'image/png', ext: 'png' } });
    if (png.ok) expect(await sizeOf(png.image.bytes)).toEqual({ width: 2048, height: 1365, format: 'png' });
    const jpg = await validateUploadImage(await makeJpeg(1500, 4000));
    expect(jpg).toMatchObject({ ok: true, image: { width: 768, height: 2048, resized: true, mime: 'image/jpeg', ext: 'jpg' } });
    if (jpg.ok) expect(await sizeOf(jpg.image.bytes)).toEqual({ width: 768, height: 2048, format: 'jpeg' });
  });

  it('accepts exactly 1024 and exactly 2048 without change', async () => {
    const bytes = await makePng(1024, 2048);
    expect(await validateUploadImage(bytes)).toMatchObject({ ok: true, image: { width: 1024, height: 2048, resized: false } });
  });

  it('applies EXIF orientation before measuring and strips metadata', async () => {
    // Stored 1600×1200 with orientation 6: people see 1200×1600.
    const r = await validateUploadImage(await makeRotatedJpeg(1600, 1200));
    expect(r).toMatchObject({ ok: true, image: { width: 1200, height: 1600, resized: false } });
    if (!r.ok) return;
    const meta = await sharp(r.image.bytes).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
    expect(meta.orientation ?? 1).toBe(1);
    expect(meta.exif).toBeUndefined();
  });

  it('refuses what is not a JPEG or PNG by content, whatever its name', async () => {
    const text = Buffer.from('hello, I am a text file named photo.png');
    for (const bytes of [text, await makeGif(1200, 1200), await makeWebp(1200, 1200), makeSvg(1200, 1200), Buffer.alloc(0)]) {
      expect(await validateUploadImage(bytes)).toEqual({ ok: false, reason: 'not-image', message: Msg.uploadImageFile });
    }
  });

  it('refuses an image whose smallest side is under 1024', async () => {
    expect(await validateUploadImage(await makePng(800, 1600))).toEqual({ ok: false, reason: 'too-small', message: Msg.uploadMinSide });
    expect(await validateUploadImage(await makeJpeg(3000, 1023))).toMatchObject({ ok: false, message: Msg.uploadMinSide });
  });

  it('answers "Image load error" for truncated or corrupt data behind a valid signature', async () => {
    expect(await validateUploadImage(await makeTruncatedPng(1200, 1600))).toEqual({ ok: false, reason: 'load-error', message: Msg.imageLoadError });
    const jpg = await makeJpeg(1200, 1600);
    expect(await validateUploadImage(jpg.subarray(0, jpg.length / 2))).toMatchObject({ ok: false, message: Msg.imageLoadError });
    const garbage = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)]);
    expect(await validateUploadImage(garbage)).toMatchObject({ ok: false, message: Msg.imageLoadError });
  });

  it('stops decompression bombs at the pixel limit before decoding', async () => {
    const bomb = await makePngClaiming(20000, 20000);
    expect(bomb.length).toBeLessThan(1000);
    expect(await validateUploadImage(bomb)).toEqual({ ok: false, reason: 'too-many-pixels', message: UploadMsg.tooManyPixels });
  });
});

describe('validateUploadImage under other bounds', () => {
  it('the pixel limit is the one of the rules it is given', async () => {
    const bytes = await makePng(40, 40);
    expect(await validateUploadImage(bytes, { ...SMALL, maxInputPixels: 1599 })).toEqual({
      ok: false,
      reason: 'too-many-pixels',
      message: UploadMsg.tooManyPixels,
    });
    expect(await validateUploadImage(bytes, { ...SMALL, maxInputPixels: 1600 })).toMatchObject({ ok: true, image: { width: 40, height: 40, resized: false } });
  });

  it('re-encodes a downscaled JPEG at quality 90, EXIF orientation applied', async () => {
    const input = await makeJpeg(100, 80);
    const r = await validateUploadImage(input, SMALL);
    expect(r).toMatchObject({ ok: true, image: { width: 64, height: 51, resized: true, mime: 'image/jpeg', ext: 'jpg' } });
    if (!r.ok) return;
    const resize = { width: 64, height: 64, fit: 'inside', withoutEnlargement: true } as const;
    const at = (quality: number) => sharp(input).autoOrient().resize(resize).jpeg({ quality }).toBuffer();
    expect(r.image.bytes.equals(await at(90))).toBe(true);
    expect(r.image.bytes.equals(await at(80))).toBe(false);
  });

  it('a sideways JPEG within the bounds is re-encoded upright at its own size', async () => {
    const r = await validateUploadImage(await makeRotatedJpeg(60, 40), SMALL);
    expect(r).toMatchObject({ ok: true, image: { width: 40, height: 60, resized: false, mime: 'image/jpeg' } });
    if (r.ok) expect(await sizeOf(r.image.bytes)).toEqual({ width: 40, height: 60, format: 'jpeg' });
  });
});

describe('sniffImageFormat', () => {
  it('reads the signature only', async () => {
    expect(sniffImageFormat(await makePng(10, 10))).toBe('png');
    expect(sniffImageFormat(await makeJpeg(10, 10))).toBe('jpeg');
    expect(sniffImageFormat(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8]))).toBeNull();
  });

  it('needs every byte of the signature, and nothing more', () => {
    const jpeg = [0xff, 0xd8, 0xff];
    const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    expect(sniffImageFormat(Uint8Array.from(jpeg))).toBe('jpeg');
    expect(sniffImageFormat(Uint8Array.from(png))).toBe('png');
    for (const [signature, i] of [...jpeg.map((_, i) => [jpeg, i] as const), ...png.map((_, i) => [png, i] as const)]) {
      const changed = Uint8Array.from(signature);
      changed[i] = 0x00;
      expect(sniffImageFormat(changed), `byte ${i} of ${signature.length} changed`).toBeNull();
    }
    expect(sniffImageFormat(Uint8Array.from(png.slice(0, 7)))).toBeNull();
    expect(sniffImageFormat(new Uint8Array(0))).toBeNull();
  });
});

describe('describeServerImage', () => {
  it('describes a generated PNG without size rules and refuses other formats', async () => {
    expect(await describeServerImage(await makePng(300, 200))).toMatchObject({ width: 300, height: 200, mime: 'image/png', ext: 'png' });
    await expect(describeServerImage(await makeGif(10, 10))).rejects.toThrow(/PNG or JPEG/);
  });

  it('describes a JPEG as is: the same bytes, never resized', async () => {
    const bytes = await makeJpeg(30, 20);
    const d = await describeServerImage(bytes);
    expect(d).toEqual({ bytes, mime: 'image/jpeg', ext: 'jpg', width: 30, height: 20, resized: false });
  });

  it('keeps the upload pixel limit, so a bomb cannot pass as a server image', async () => {
    // 144 megapixels: over the upload limit (100), under sharp's own default (268).
    await expect(describeServerImage(await makePngClaiming(12000, 12000))).rejects.toThrow(/pixel limit/);
  });
});
