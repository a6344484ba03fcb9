import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { applyOverlay, surfaceBackdrop } from './overlay.js';
import { renderTemplate, type RenderedTemplate } from './template/index.js';
import { textOnProduct } from './text-on-product.js';

let carton: RenderedTemplate | undefined;
const template = (): RenderedTemplate => (carton ??= renderTemplate({ boxId: 101, size: 320 }));

describe('applyOverlay', () => {
  it('lays an overlay through the UV map and leaves every pixel where it is transparent exactly as it was', () => {
    const { sceneRgb, maps } = template();
    const front = maps.surfaces.findIndex((s) => s.role === 'front');
    expect(front).toBeGreaterThanOrEqual(0);
    const { width: AW, height: AH } = maps.surfaces[front]!.designArea;
    const W = Math.round(AW);
    const H = Math.round(AH);
    // A red square over the middle third of the design area, transparent elsewhere.
    const data = new Uint8Array(W * H * 4);
    for (let y = Math.round(H / 3); y < Math.round((2 * H) / 3); y++)
      for (let x = Math.round(W / 3); x < Math.round((2 * W) / 3); x++) data.set([220, 20, 30, 255], (y * W + x) * 4);
    const out = applyOverlay({ sceneRgb, maps, surface: front, overlay: { data, width: W, height: H } });
    let inside = 0;
    let red = 0;
    let moved = 0;
    for (let i = 0; i < maps.width * maps.height; i++) {
      const same = out[i * 3] === sceneRgb[i * 3] && out[i * 3 + 1] === sceneRgb[i * 3 + 1] && out[i * 3 + 2] === sceneRgb[i * 3 + 2];
      const u = maps.u[i]!;
      const v = maps.v[i]!;
      const onFront = maps.surface[i] === front + 1;
      // Off the square by more than a texel's interpolation: untouched bytes.
      const margin = 2 / Math.min(W, H);
      const inSquare = onFront && u > 1 / 3 - margin && u < 2 / 3 + margin && v > 1 / 3 - margin && v < 2 / 3 + margin;
      if (!inSquare && !same) moved++;
      // Well inside the square on the face: red, lit by the face's light.
      if (onFront && maps.coverage[i]! > 0.99 && u > 0.4 && u < 0.6 && v > 0.4 && v < 0.6) {
        inside++;
        if (out[i * 3]! > out[i * 3 + 1]! + 60 && out[i * 3]! > out[i * 3 + 2]! + 60) red++;
      }
    }
    expect(moved).toBe(0);
    expect(inside).toBeGreaterThan(100);
    expect(red).toBe(inside);
  });

  it('sets text on the product: changes only the front inside the text box, readable against the face', () => {
    const { sceneRgb, maps } = template();
    const front = maps.surfaces.findIndex((s) => s.role === 'front');
    const area = maps.surfaces[front]!.designArea;
    const res = textOnProduct({ sceneRgb, maps, surface: front, text: 'OAT MILK' });
    expect(res.contrast).toBeGreaterThanOrEqual(4.5);
    expect(res.box.y + res.box.height).toBeLessThan(area.height * 0.5);
    let changed = 0;
    for (let i = 0; i < maps.width * maps.height; i++) {
      if (res.rgb[i * 3] === sceneRgb[i * 3] && res.rgb[i * 3 + 1] === sceneRgb[i * 3 + 1] && res.rgb[i * 3 + 2] === sceneRgb[i * 3 + 2]) continue;
      changed++;
      expect(maps.surface[i]).toBe(front + 1);
      const x = maps.u[i]! * area.width;
      const y = maps.v[i]! * area.height;
      const pad = 3 + Math.max(area.width, area.height) / 64;
      expect(x).toBeGreaterThan(res.box.x - pad);
      expect(x).toBeLessThan(res.box.x + res.box.width + pad);
      expect(y).toBeGreaterThan(res.box.y - pad);
      expect(y).toBeLessThan(res.box.y + res.box.height + pad);
    }
    expect(changed).toBeGreaterThan(50);
    const backdrop = surfaceBackdrop({ sceneRgb, maps, surface: front, width: 64, height: 96 });
    expect(backdrop.data.length).toBe(64 * 96 * 3);
  });

  it.skipIf(!existsSync('/usr/bin/tesseract'))('reads the text back from the product (OCR)', { timeout: 30_000 }, async () => {
    const { sceneRgb, maps } = template();
    const front = maps.surfaces.findIndex((s) => s.role === 'front');
    const res = textOnProduct({ sceneRgb, maps, surface: front, text: 'OAT MILK' });
    const dir = mkdtempSync(join(tmpdir(), 'packsmith-product-text-'));
    try {
      const file = join(dir, 'product.png');
      await sharp(res.rgb, { raw: { width: maps.width, height: maps.height, channels: 3 } })
        .png()
        .toFile(file);
      // Sparse text mode: the words sit on a box face in a scene, not in a page of text.
      const { stdout } = await promisify(execFile)('/usr/bin/tesseract', [file, '-', '--psm', '11']);
      const words = stdout.toUpperCase().split(/\s+/);
      expect(words).toEqual(expect.arrayContaining(['OAT', 'MILK']));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
