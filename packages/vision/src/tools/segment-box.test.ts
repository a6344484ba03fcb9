import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createCutoutEngine } from '../cutout/index.js';
import { CutoutRejected, type CutoutEngine } from '../types.js';
import { decodeMask, maskIoU, renderTestPhoto, testPhotoSpecs, type TestPhoto } from '../testset/index.js';
import { segmentBox } from './segment-box.js';
import type { RgbImage } from './types.js';

async function rgbOf(photo: TestPhoto): Promise<RgbImage> {
  const { data, info } = await sharp(photo.photo).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

/** The truth's bounding box, grown by `grow` of its size on each side. */
function boxAround(mask: { data: Uint8Array; width: number; height: number }, grow: number): { x: number; y: number; width: number; height: number } {
  let x0 = mask.width;
  let y0 = mask.height;
  let x1 = 0;
  let y1 = 0;
  for (let y = 0; y < mask.height; y++) {
    for (let x = 0; x < mask.width; x++) {
      if (mask.data[y * mask.width + x]! < 128) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x);
      y1 = Math.max(y1, y);
    }
  }
  const gx = Math.round((x1 - x0) * grow);
  const gy = Math.round((y1 - y0) * grow);
  return { x: Math.max(0, x0 - gx), y: Math.max(0, y0 - gy), width: x1 - x0 + 1 + 2 * gx, height: y1 - y0 + 1 + 2 * gy };
}

// Single-product photos, a spread of product kinds and backgrounds.
const specs = testPhotoSpecs({ maxSide: 1024 })
  .filter((s) => s.products === 1)
  .filter((_, i) => i % 7 === 0)
  .slice(0, 4);

describe('segmentBox', () => {
  it('finds the product in a box around it with GrabCut (no model)', async () => {
    const ious: number[] = [];
    for (const spec of specs) {
      const photo = await renderTestPhoto(spec);
      const image = await rgbOf(photo);
      const truth = await decodeMask(photo.maskPng);
      const r = await segmentBox(image, boxAround(truth, 0.06), null, { seed: 1 });
      expect(r).not.toBeNull();
      if (!r) continue;
      expect(r.engine).toBe('grabcut');
      expect(r.mask.width).toBe(image.width);
      expect(r.cutout.width).toBe(r.bounds.width);
      expect(r.cutout.data.length).toBe(r.bounds.width * r.bounds.height * 4);
      ious.push(maskIoU(r.mask, truth));
    }
    const mean = ious.reduce((a, b) => a + b, 0) / ious.length;
    console.log('segmentBox grabcut IoU', ious.map((v) => v.toFixed(3)).join(' '), 'mean', mean.toFixed(3));
    expect(Math.min(...ious)).toBeGreaterThan(0.93);
    expect(mean).toBeGreaterThan(0.96);
  });

  it('uses the ISNet model when given one', { timeout: 180_000 }, async () => {
    const photo = await renderTestPhoto(specs[0]!);
    const image = await rgbOf(photo);
    const truth = await decodeMask(photo.maskPng);
    const engine = createCutoutEngine();
    try {
      const r = await segmentBox(image, boxAround(truth, 0.06), engine, { seed: 1 });
      expect(r?.engine).toBe('isnet');
      const iou = r ? maskIoU(r.mask, truth) : 0;
      console.log('segmentBox isnet IoU', iou.toFixed(3));
      expect(iou).toBeGreaterThan(0.97);
    } finally {
      await engine.dispose();
    }
  });

  it('falls back to GrabCut when the model rejects the crop or finds nothing there, and passes other errors on', async () => {
    const photo = await renderTestPhoto(specs[2]!);
    const image = await rgbOf(photo);
    const truth = await decodeMask(photo.maskPng);
    const box = boxAround(truth, 0.06);
    const fake = (cutout: CutoutEngine['cutout']): CutoutEngine => ({ name: 'isnet', cutout, warmUp: async () => {}, dispose: async () => {} });
    const rejecting = fake(() => Promise.reject(new CutoutRejected('no_product', 'nothing')));
    const empty = fake(async (png) => {
      const { width, height } = await sharp(png).metadata();
      const maskPng = await sharp(Buffer.alloc(width * height), { raw: { width, height, channels: 1 } })
        .png()
        .toBuffer();
      const coordinates = { x: 0, y: 0, width: 1, height: 1, totalWidth: width, totalHeight: height, cropWidth: 1, cropHeight: 1, rotation: 0 };
      return { cutoutPng: maskPng, maskPng, coordinates, timings: {} };
    });
    for (const engine of [rejecting, empty]) {
      const r = await segmentBox(image, box, engine, { seed: 1 });
      expect(r?.engine).toBe('grabcut');
      expect(maskIoU(r!.mask, truth)).toBeGreaterThan(0.93);
    }
    const broken = fake(() => Promise.reject(new Error('model file missing')));
    await expect(segmentBox(image, box, broken)).rejects.toThrow('model file missing');
  });

  it('resolves empty on plain background, and for a box outside the image', async () => {
    const size = 512;
    const data = new Uint8Array(size * size * 3);
    for (let i = 0; i < data.length; i += 3) {
      data[i] = 200 + ((i * 7) % 5);
      data[i + 1] = 190;
      data[i + 2] = 180;
    }
    const image = { data, width: size, height: size };
    expect(await segmentBox(image, { x: 100, y: 100, width: 200, height: 150 }, null, { seed: 1 })).toBeNull();
    expect(await segmentBox(image, { x: 600, y: 10, width: 50, height: 50 }, null)).toBeNull();
  });

  it('clamps a box that runs off the image', async () => {
    const photo = await renderTestPhoto(specs[1]!);
    const image = await rgbOf(photo);
    const truth = await decodeMask(photo.maskPng);
    const b = boxAround(truth, 0.06);
    const r = await segmentBox(image, { ...b, width: b.width + image.width }, null, { seed: 1 });
    expect(r).not.toBeNull();
    expect(r!.bounds.x + r!.bounds.width).toBeLessThanOrEqual(image.width);
  });
});
