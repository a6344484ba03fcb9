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

/** The worst WCAG ratio of the text colour against the result's pixels next to the glyphs. */
function measuredContrast(result: RgbImage, color: string): number {
  const W = result.width;
  const H = result.height;
  const n = Number.parseInt(color.slice(1), 16);
  const ink = new Uint8Array(W * H);
  for (let i = 0; i < W * H; i++)
    ink[i] = result.data[i * 3] === n >> 16 && result.data[i * 3 + 1] === ((n >> 8) & 255) && result.data[i * 3 + 2] === (n & 255) ? 1 : 0;
  // Ground next to the text: within 4 px of full ink but 2 px clear of it (past the anti-aliased edge).
  const dilate = (src: Uint8Array, r: number): Uint8Array => {
    const rows = new Uint8Array(W * H);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) for (let d = -r; d <= r; d++) if (src[y * W + Math.min(W - 1, Math.max(0, x + d))]) rows[y * W + x] = 1;
    const out = new Uint8Array(W * H);
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++) for (let d = -r; d <= r; d++) if (rows[Math.min(H - 1, Math.max(0, y + d)) * W + x]) out[y * W + x] = 1;
    return out;
  };
  const near = dilate(ink, 4);
  const edge = dilate(ink, 2);
  const fg = relativeLuminance(color);
  const seen = new Map<string, number>();
  let worst = 21;
  for (let i = 0; i < W * H; i++) {
    if (!near[i] || edge[i]) continue;
    const hex = rgbHex(result.data[i * 3]!, result.data[i * 3 + 1]!, result.data[i * 3 + 2]!);
    if (seen.has(hex)) continue;
    const bg = relativeLuminance(hex);
    const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
    seen.set(hex, ratio);
    worst = Math.min(worst, ratio);
  }
  return worst;
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
      const m = measuredContrast(res.image, res.color);
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

  it('draws an overlay transparent off the text, dark on white stock when nothing is under it', () => {
    const t = renderTextOverlay('SALE', 300, 400);
    expect(t.color).toBe('#111111');
    expect(t.contrast).toBeGreaterThan(15);
    let inked = 0;
    for (let y = 0; y < 400; y++)
      for (let x = 0; x < 300; x++) {
        const a = t.overlay.data[(y * 300 + x) * 4 + 3]!;
        if (a === 0) continue;
        inked++;
        expect(x >= t.box.x - 1 && x <= t.box.x + t.box.width && y >= t.box.y - 1 && y <= t.box.y + t.box.height).toBe(true);
      }
    expect(inked).toBeGreaterThan(1000);
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
