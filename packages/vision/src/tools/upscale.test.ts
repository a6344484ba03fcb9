import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { boxDownscale, renderSharpnessImage, SHARPNESS_KINDS } from '../testset/sharpness.js';
import { psnr, ssim } from './metrics.js';
import type { RgbaImage } from './types.js';
import { fitScale, upscale } from './upscale.js';

async function bicubic(img: RgbaImage, w: number, h: number): Promise<RgbaImage> {
  const out = await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 4 } })
    .resize(w, h, { kernel: 'cubic', fit: 'fill' })
    .raw()
    .toBuffer();
  return { data: new Uint8Array(out), width: w, height: h };
}

describe('upscale', () => {
  it('beats plain bicubic on box-reduced test images (×2 and ×4)', { timeout: 120_000 }, async () => {
    const rows: Array<{ ours: [number, number]; cubic: [number, number] }> = [];
    for (const factor of [2, 4] as const) {
      for (const kind of SHARPNESS_KINDS) {
        const truth = await renderSharpnessImage(kind, 512);
        const small = boxDownscale(truth, factor);
        const ours = await upscale(small, factor);
        expect(ours.scale).toBe(factor);
        expect(ours.image.width).toBe(512);
        const cubic = await bicubic(small, 512, 512);
        rows.push({ ours: [psnr(ours.image, truth), ssim(ours.image, truth)], cubic: [psnr(cubic, truth), ssim(cubic, truth)] });
      }
    }
    const mean = (f: (r: (typeof rows)[number]) => number): number => rows.reduce((s, r) => s + f(r), 0) / rows.length;
    const figures = {
      oursPsnr: mean((r) => r.ours[0]),
      oursSsim: mean((r) => r.ours[1]),
      cubicPsnr: mean((r) => r.cubic[0]),
      cubicSsim: mean((r) => r.cubic[1]),
    };
    console.log('upscale vs bicubic', JSON.stringify(figures));
    // Measured 2026-11-27: ours 37.9 dB / 0.934, bicubic 35.6 dB / 0.917.
    expect(figures.oursSsim).toBeGreaterThan(figures.cubicSsim + 0.01);
    expect(figures.oursPsnr).toBeGreaterThan(figures.cubicPsnr + 1);
    // Not worse than bicubic on any single image by more than a little.
    for (const r of rows) expect(r.ours[1]).toBeGreaterThan(r.cubic[1] - 0.005);
  });

  it('reduces the factor to fit the longest side cap and reports it', async () => {
    expect(fitScale(3000, 2000, 2, 4096)).toBeCloseTo(4096 / 3000, 9);
    expect(fitScale(1000, 800, 4, 4096)).toBe(4);
    expect(fitScale(5000, 100, 2, 4096)).toBe(1);
    const strip: RgbaImage = { data: new Uint8Array(3000 * 60 * 4).fill(200), width: 3000, height: 60 };
    const r = await upscale(strip, 2);
    expect(r.image.width).toBe(4096);
    expect(r.image.height).toBe(Math.round(60 * (4096 / 3000)));
    expect(r.scale).toBeCloseTo(4096 / 3000, 6);
    const small = await upscale({ data: new Uint8Array(100 * 50 * 4).fill(90), width: 100, height: 50 }, 4, { maxSide: 300 });
    expect(small.image.width).toBe(300);
    expect(small.scale).toBe(3);
  });

  it('back-projects at a factor the cap made fractional too (×1.5), and against another reduction kernel', async () => {
    // Reduced with sharp's downscaling kernel (not an area average) to 2/3, enlarged with the cap at the original size.
    for (const kind of ['text', 'fabric'] as const) {
      const truth = await renderSharpnessImage(kind, 480);
      const smallBuf = await sharp(truth.data, { raw: { width: 480, height: 480, channels: 4 } })
        .resize(320, 320, { kernel: 'cubic' })
        .raw()
        .toBuffer();
      const small: RgbaImage = { data: new Uint8Array(smallBuf), width: 320, height: 320 };
      const ours = await upscale(small, 2, { maxSide: 480 });
      expect(ours.scale).toBe(1.5);
      const cubic = await bicubic(small, 480, 480);
      // Measured: text 27.4 dB / 0.962 vs 22.7 / 0.927; fabric 37.1 / 0.966 vs 31.7 / 0.868.
      expect(psnr(ours.image, truth)).toBeGreaterThan(psnr(cubic, truth) + 2);
      expect(ssim(ours.image, truth)).toBeGreaterThan(ssim(cubic, truth) + 0.02);
    }
  });

  it('keeps transparency: alpha enlarged on its own, hard outlines stay crisp, opaque stays opaque', async () => {
    const truth = await renderSharpnessImage('product', 512);
    const small = boxDownscale(truth, 4);
    const r = await upscale(small, 4);
    const cubic = await bicubic(small, 512, 512);
    let wrong = 0;
    let soft = 0;
    let cubicSoft = 0;
    for (let p = 0; p < 512 * 512; p++) {
      const a = r.image.data[p * 4 + 3]!;
      if (a >= 128 !== truth.data[p * 4 + 3]! >= 128) wrong++;
      if (a > 16 && a < 239) soft++;
      const c = cubic.data[p * 4 + 3]!;
      if (c > 16 && c < 239) cubicSoft++;
    }
    expect(wrong / (512 * 512)).toBeLessThan(0.005);
    expect(soft).toBeLessThan(cubicSoft * 0.6);
    expect(r.image.data[3]).toBe(0);
    const opaque = await upscale(boxDownscale(await renderSharpnessImage('wood', 256), 2), 2);
    expect(opaque.image.data.filter((_, i) => i % 4 === 3).every((a) => a === 255)).toBe(true);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    const img: RgbaImage = { data: new Uint8Array(64 * 64 * 4).fill(128), width: 64, height: 64 };
    await expect(upscale(img, 2, { signal: controller.signal })).rejects.toThrow('stop');
  });
});
