import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { clampBox } from './image-tools.service.js';
import { aspectSize, decodeMask, maskSelects, providerMask } from './image-tools.pixels.js';

describe('image tools: pixel helpers', () => {
  it('clamps a box to the image and refuses one wholly outside', () => {
    expect(clampBox({ x: 90, y: 50, width: 40, height: 100 }, 100, 80)).toEqual({ x: 90, y: 50, width: 10, height: 30 });
    expect(clampBox({ x: 0, y: 0, width: 10, height: 10 }, 100, 80)).toEqual({ x: 0, y: 0, width: 10, height: 10 });
    expect(clampBox({ x: 100, y: 0, width: 10, height: 10 }, 100, 80)).toBeNull();
    expect(clampBox({ x: 0, y: 80, width: 10, height: 10 }, 100, 80)).toBeNull();
  });

  it('reads a mask as white-is-selected, strokes on a transparent ground included', async () => {
    const strokes = await sharp({ create: { width: 4, height: 2, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: { create: { width: 1, height: 1, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } }, left: 2, top: 1 }])
      .png()
      .toBuffer();
    const mask = await decodeMask(strokes);
    expect([...mask.data]).toEqual([0, 0, 0, 0, 0, 0, 255, 0]);
    expect(maskSelects(mask.data)).toBe(true);
    expect(maskSelects(new Uint8Array(8))).toBe(false);
  });

  it("inverts the mask into the providers' alpha: transparent where to repaint", async () => {
    const png = await providerMask({ data: new Uint8Array([255, 0, 0, 255]), width: 2, height: 2 }, 2, 2);
    const alpha = await sharp(png).extractChannel(3).raw().toBuffer();
    expect([...alpha]).toEqual([0, 255, 255, 0]);
    const all = await sharp(await providerMask(null, 2, 2))
      .extractChannel(3)
      .raw()
      .toBuffer();
    expect([...all]).toEqual([0, 0, 0, 0]);
  });

  it('sizes text to image by the aspect ratio, the longer side 1024', () => {
    expect(aspectSize('1:1')).toEqual({ width: 1024, height: 1024 });
    expect(aspectSize('16:9')).toEqual({ width: 1024, height: 576 });
    expect(aspectSize('3:4')).toEqual({ width: 768, height: 1024 });
  });
});
