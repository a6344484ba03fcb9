import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { relativeLuminance } from '@packsmith/design-engine/creative';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { rgbHex } from './creative/lab.js';
import { busyImage, flatImage } from './creative/test-images.js';
import { renderTextOverlay, textOnImage } from './text-on-image.js';
import type { RgbImage } from './types.js';

const TESSERACT = '/usr/bin/tesseract';
const run = promisify(execFile);
const hasTesseract = existsSync(TESSERACT);
const norm = (s: string) => s.toUpperCase().replace(/\s+/g, ' ').trim();

/** The worst WCAG ratio of the text colour against the result's pixels next to the glyphs (within 3 px, not under them). */
function measuredContrast(result: RgbImage, overlayAlpha: (i: number) => number, color: string): number {
  const W = result.width;
  const fg = relativeLuminance(color);
  let worst = 21;
  for (let y = 3; y < result.height - 3; y++)
    for (let x = 3; x < W - 3; x++) {
      const i = y * W + x;
      if (overlayAlpha(i) !== 0 && overlayAlpha(i) !== 255) continue;
      // A ground pixel: no glyph ink here, glyph ink within 3 px.
      let near = false;
      for (let dy = -3; dy <= 3 && !near; dy++) for (let dx = -3; dx <= 3 && !near; dx++) if (isInk(x + dx, y + dy)) near = true;
      if (!near || isInk(x, y)) continue;
      const p = i * 3;
      const bg = relativeLuminance(rgbHex(result.data[p]!, result.data[p + 1]!, result.data[p + 2]!));
      worst = Math.min(worst, (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05));
    }
  return worst;
  function isInk(x: number, y: number): boolean {
    const j = (y * W + x) * 3;
    // Ink: exactly the text colour (fully covered glyph pixels).
    return rgbHex(result.data[j]!, result.data[j + 1]!, result.data[j + 2]!) === color;
  }
}

describe('textOnImage', () => {
  const dir = mkdtempSync(join(tmpdir(), 'packsmith-text-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const read = async (img: RgbImage, name: string) => {
    const file = join(dir, `${name}.png`);
    await sharp(Buffer.from(img.data), { raw: { width: img.width, height: img.height, channels: 3 } })
      .png()
      .toFile(file);
    const { stdout } = await run(TESSERACT, [file, '-', '--psm', '6']);
    return norm(stdout);
  };

  it.skipIf(!hasTesseract)('reads back on a flat and a busy image, at ≥ 4.5:1 measured on the pixels', { timeout: 60_000 }, async () => {
    for (const [name, image] of [
      ['flat', flatImage(512, 384, [236, 226, 208])],
      ['dark', flatImage(512, 384, [30, 40, 70])],
      ['busy', busyImage(512, 384)],
    ] as const) {
      const res = await textOnImage(image, 'Fresh Roast Coffee');
      expect(res.contrast, name).toBeGreaterThanOrEqual(4.5);
      expect(res.font).toBe('Inter');
      // In the upper middle.
      expect(res.box.y + res.box.height / 2, name).toBeLessThan(384 * 0.5);
      expect(Math.abs(res.box.x + res.box.width / 2 - 256), name).toBeLessThan(20);
      const overlay = renderTextOverlay('Fresh Roast Coffee', 512, 384, { under: image });
      expect(overlay.color).toBe(res.color);
      const m = measuredContrast(res.image, (i) => overlay.overlay.data[i * 4 + 3]!, res.color);
      expect(m, name).toBeGreaterThanOrEqual(4.4);
      // The words in order (a wrapped line may come back as its own OCR line, with stray marks from the pattern around it).
      const ocr = await read(res.image, name);
      const at = ['FRESH', 'ROAST', 'COFFEE'].map((w) => ocr.indexOf(w));
      expect(
        at.every((k, i) => k >= 0 && (i === 0 || k > at[i - 1]!)),
        `${name}: ${ocr}`,
      ).toBe(true);
    }
  });

  it('wraps long text to at most three lines inside style.box, in the asked font and colour', async () => {
    const image = flatImage(400, 400, [250, 250, 250]);
    const box = { x: 40, y: 200, width: 200, height: 150 };
    const res = await textOnImage(image, 'Small batch cold brew with oat milk and honey', { style: { box, font: 'playfair-display', color: '#1a2b3c' } });
    expect(res.font).toMatch(/Playfair/);
    expect(res.color).toBe('#1a2b3c');
    expect(res.box.x).toBeGreaterThanOrEqual(box.x);
    expect(res.box.y).toBeGreaterThanOrEqual(box.y);
    expect(res.box.x + res.box.width).toBeLessThanOrEqual(box.x + box.width);
    expect(res.box.y + res.box.height).toBeLessThanOrEqual(box.y + box.height);
    // Pixels outside the box (and its plate margin) untouched.
    for (let y = 0; y < 400; y += 3) for (let x = 0; x < 400; x += 3) if (y < 180 || x > 260) expect(res.image.data[(y * 400 + x) * 3]).toBe(250);
  });
});
