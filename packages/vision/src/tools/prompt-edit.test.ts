import { describe, expect, it } from 'vitest';
import { hueDistance } from './creative/hue-swap.js';
import { hexToLab, hueOf, rgbToLab } from './creative/lab.js';
import { litWall } from './creative/test-images.js';
import { editFromPrompt } from './prompt-edit.js';
import type { RgbImage } from './types.js';

/** A red object lit from the left (shaded) on a pale grey ground. */
function redProduct(): RgbImage {
  const W = 256;
  const img = litWall(W, W);
  for (let y = 60; y < 200; y++)
    for (let x = 70; x < 190; x++) {
      const i = (y * W + x) * 3;
      const shade = 0.6 + 0.4 * (1 - (x - 70) / 120);
      img.data[i] = 200 * shade;
      img.data[i + 1] = 40 * shade;
      img.data[i + 2] = 50 * shade;
    }
  return img;
}

const labAt = (img: RgbImage, i: number) => rgbToLab(img.data[i * 3]!, img.data[i * 3 + 1]!, img.data[i * 3 + 2]!);

describe('editFromPrompt', () => {
  it('"make it blue" turns the dominant hue family blue and keeps the lightness', async () => {
    const img = redProduct();
    const res = await editFromPrompt(img, 'make it blue');
    expect(res.note).toMatch(/tones blue/);
    const blueHue = (() => {
      const t = hexToLab('#2563eb');
      return hueOf(t.a, t.b);
    })();
    let dL = 0;
    let n = 0;
    let hueOff = 0;
    for (let y = 70; y < 190; y++)
      for (let x = 80; x < 180; x++) {
        const i = y * 256 + x;
        const a = labAt(img, i);
        const b = labAt(res.image, i);
        dL += Math.abs(a.l - b.l);
        hueOff += hueDistance(hueOf(b.a, b.b), blueHue);
        n++;
      }
    expect(dL / n).toBeLessThan(4);
    expect(hueOff / n).toBeLessThan(20);
    // The grey wall stays grey-ish: its chroma barely moves.
    const wall = labAt(res.image, 5 * 256 + 5);
    expect(Math.hypot(wall.a, wall.b)).toBeLessThan(14);
  });

  it('grades by words: black and white removes colour, warm adds yellow, vintage fades', async () => {
    const img = redProduct();
    const mono = await editFromPrompt(img, 'black and white please');
    expect(mono.note).toMatch(/black and white grade/);
    let maxC = 0;
    for (let i = 0; i < 256 * 256; i += 97) {
      const p = labAt(mono.image, i);
      maxC = Math.max(maxC, Math.hypot(p.a, p.b));
    }
    expect(maxC).toBeLessThan(3);
    const warm = await editFromPrompt(img, 'warm');
    const db = labAt(warm.image, 20 * 256 + 20).b - labAt(img, 20 * 256 + 20).b;
    expect(db).toBeGreaterThan(5);
    const vintage = await editFromPrompt(img, 'vintage film look');
    const black = await editFromPrompt({ width: 1, height: 1, data: new Uint8Array([0, 0, 0]) }, 'vintage');
    expect(rgbToLab(black.image.data[0]!, black.image.data[1]!, black.image.data[2]!).l).toBeGreaterThan(8);
    expect(vintage.note).toMatch(/vintage/);
    const golden = await editFromPrompt(img, 'golden hour');
    expect(golden.note).toMatch(/golden hour grade/);
    expect(golden.note).not.toMatch(/tones/);
  });

  it('enhances and names the words it did not understand', async () => {
    const img = litWall(128, 128);
    const res = await editFromPrompt(img, 'frobnicate the glorbs');
    expect(res.note).toMatch(/Did not understand "frobnicate glorbs"/);
    let diff = 0;
    for (let i = 0; i < img.data.length; i++) diff += Math.abs(img.data[i]! - res.image.data[i]!);
    expect(diff / img.data.length).toBeGreaterThan(1.5);
  });
});
