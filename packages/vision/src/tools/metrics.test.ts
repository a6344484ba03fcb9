import { describe, expect, it } from 'vitest';
import { borderGradient, meanDeltaE, psnr, seamRatio, ssim } from './metrics.js';

const flat = (w: number, h: number, v: number, channels = 3): { data: Uint8Array; width: number; height: number } => ({
  data: new Uint8Array(w * h * channels).fill(v),
  width: w,
  height: h,
});

describe('image metrics', () => {
  it('PSNR: infinite for equal images, 10·log10(255²/MSE) otherwise, alpha ignored', () => {
    expect(psnr(flat(8, 8, 50), flat(8, 8, 50))).toBe(Infinity);
    expect(psnr(flat(8, 8, 0), flat(8, 8, 10))).toBeCloseTo(10 * Math.log10((255 * 255) / 100), 6);
    const a = flat(8, 8, 100, 4);
    const b = flat(8, 8, 100, 4);
    for (let i = 3; i < b.data.length; i += 4) b.data[i] = 0;
    expect(psnr(a, b)).toBe(Infinity);
  });

  it('SSIM: 1 for equal images, lower for noise and for a contrast change', () => {
    const noise = flat(64, 64, 0);
    for (let i = 0; i < noise.data.length; i++) noise.data[i] = (i * 7919) % 256;
    expect(ssim(noise, noise)).toBeCloseTo(1, 9);
    const halved = { ...noise, data: noise.data.map((v) => 64 + (v >> 1)) };
    const s = ssim(noise, halved);
    expect(s).toBeLessThan(0.95);
    expect(s).toBeGreaterThan(0.5);
    // A flat image against itself shifted by a constant: the structure term is 1, the luminance term a little under.
    const lum = ssim(flat(32, 32, 100), flat(32, 32, 110));
    expect(lum).toBeLessThan(1);
    expect(lum).toBeGreaterThan(0.99);
  });

  it('ΔE2000 in a mask: 0 for equal pixels, only masked pixels count', () => {
    const a = flat(4, 4, 128);
    const b = flat(4, 4, 128);
    b.data.set([255, 0, 0], 0);
    const mask = new Uint8Array(16);
    expect(meanDeltaE(a, b, mask)).toBe(0);
    mask[5] = 255;
    expect(meanDeltaE(a, b, mask)).toBe(0);
    mask[0] = 255;
    expect(meanDeltaE(a, b, mask)).toBeGreaterThan(10);
  });

  it('seam: the colour step across the mask border, relative to the truth', () => {
    const truth = flat(8, 8, 100);
    const result = flat(8, 8, 100);
    const mask = new Uint8Array(64);
    for (let y = 2; y < 6; y++) for (let x = 2; x < 6; x++) mask[y * 8 + x] = 255;
    for (let y = 2; y < 6; y++) for (let x = 2; x < 6; x++) result.data.fill(110, (y * 8 + x) * 3, (y * 8 + x) * 3 + 3);
    expect(borderGradient(truth, mask)).toBe(0);
    expect(borderGradient(result, mask)).toBeCloseTo(Math.hypot(10, 10, 10), 6);
    expect(seamRatio(truth, truth, mask)).toBe(0);
  });
});
