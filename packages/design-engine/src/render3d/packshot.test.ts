import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { projectToScreen } from './math.js';
import { MATERIAL_TYPES } from './materials.js';
import { buildShape, type ShapeSpec } from './shapes.js';
import { decodeTexture, DEFAULT_FOV, defaultPitch, defaultYaw, frameCamera, renderPackshot, renderPackshotPixels, type PackshotPixels } from './packshot.js';
import type { Texture } from './texture.js';

/** A panel of one colour with a white band: the kind of front a generated design has, minus the text. */
function panel(width: number, height: number, rgb: readonly [number, number, number]): Texture {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const band = y > height * 0.8 && y < height * 0.86;
      data.set(band ? [255, 255, 255, 255] : [rgb[0], rgb[1], rgb[2], 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

const ORANGE = [228, 87, 46] as const;
const BOX: ShapeSpec = { kind: 'box', width: 80, height: 110, depth: 40 };

function rgbAt(img: PackshotPixels, x: number, y: number): [number, number, number] {
  const o = (Math.round(y) * img.width + Math.round(x)) * 4;
  return [img.rgba[o]!, img.rgba[o + 1]!, img.rgba[o + 2]!];
}

const distance = (a: readonly number[], b: readonly number[]): number => Math.hypot(a[0]! - b[0]!, a[1]! - b[1]!, a[2]! - b[2]!);
const luminance = (c: readonly number[]): number => 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;

/** Share of pixels in the central square (half the frame's side) close to `rgb`. */
function centralShare(img: PackshotPixels, rgb: readonly number[], tolerance: number): number {
  let hit = 0;
  let total = 0;
  for (let y = img.height / 4; y < (img.height * 3) / 4; y += 2) {
    for (let x = img.width / 4; x < (img.width * 3) / 4; x += 2) {
      total++;
      if (distance(rgbAt(img, x, y), rgb) < tolerance) hit++;
    }
  }
  return hit / total;
}

describe('renderPackshot', () => {
  it('renders a 1024 px PNG where the coloured front dominates the centre', async () => {
    const front = panel(400, 550, ORANGE);
    const shot = await renderPackshot({ shape: BOX, textures: { front, side: panel(200, 550, [40, 40, 40]) }, size: 1024 });
    const meta = await sharp(shot.png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1024, 1024]);
    expect(shot.rgba.length).toBe(1024 * 1024 * 4);
    // The front is lit almost head-on: its print keeps its colour.
    expect(centralShare(shot, ORANGE, 45)).toBeGreaterThan(0.6);
  });

  it('shades the floor under the product with its shadow', () => {
    const img = renderPackshotPixels({ shape: BOX, textures: { front: panel(400, 550, ORANGE) }, size: 384 });
    // Floor just in front of the box's bottom edge, and the floor at the frame's left on the same row
    // (the backdrop's gradient is vertical, so only the shadow differs).
    const cam = frameCamera(buildShape(BOX), defaultYaw(BOX), defaultPitch(BOX), DEFAULT_FOV, 384, 0.8);
    const [x, y] = projectToScreen(cam.viewProj, [0, 0, 22], 384, 384);
    const under = luminance(rgbAt(img, x, y + 2));
    const open = luminance(rgbAt(img, 3, y + 2));
    expect(under).toBeLessThan(open * 0.9);
    // The backdrop is the requested colour family far from the product (top corner).
    expect(distance(rgbAt(img, 3, 3), [241, 239, 235])).toBeLessThan(20);
  });

  it('gives identical bytes for identical input', async () => {
    const opts = { shape: BOX, textures: { front: panel(200, 275, ORANGE) }, size: 256 } as const;
    const a = await renderPackshot(opts);
    const b = await renderPackshot(opts);
    expect(a.png.equals(b.png)).toBe(true);
  });

  it('uses the background colour it is given', () => {
    const img = renderPackshotPixels({ shape: BOX, textures: { front: panel(200, 275, ORANGE) }, size: 128, background: '#203040' });
    expect(distance(rgbAt(img, 2, 64), [32, 48, 64])).toBeLessThan(16);
  });

  it('prints a front panel on the front of a bottle label, facing the camera', () => {
    const green = [40, 150, 80] as const;
    const img = renderPackshotPixels({ shape: { kind: 'bottle', diameter: 70, height: 240 }, textures: { front: panel(300, 240, green) }, size: 256 });
    // Frame centre sits on the label (bottle label spans the lower body; check a column of pixels there).
    let hits = 0;
    for (let y = 128; y < 200; y += 4) if (distance(rgbAt(img, 128, y), green) < 60) hits++;
    expect(hits).toBeGreaterThan(10);
  });

  it('lets the backdrop show through clear glass but not through its paper label', () => {
    const red = [200, 30, 30] as const;
    const shape: ShapeSpec = { kind: 'bottle', diameter: 70, height: 240 };
    const glass = renderPackshotPixels({ shape, textures: { wrap: panel(400, 200, red) }, material: 'GLASS_GLOSSY', size: 256 });
    const plastic = renderPackshotPixels({ shape, textures: { wrap: panel(400, 200, red) }, material: 'PLASTIC_GLOSSY', bodyColor: '#202020', size: 256 });
    // The shoulder, above the label: glass over a light backdrop is much lighter than dark plastic.
    const cam = frameCamera(buildShape(shape), 0, defaultPitch(shape), DEFAULT_FOV, 256, 0.8);
    const [x, y] = projectToScreen(cam.viewProj, [0, 200, 35 * 0.5], 256, 256);
    expect(luminance(rgbAt(glass, x, y))).toBeGreaterThan(luminance(rgbAt(plastic, x, y)) + 60);
  });

  it.each([
    ['box', BOX],
    ['can', { kind: 'cylinder', diameter: 66, height: 122, variant: 'can' }],
    ['jar', { kind: 'cylinder', diameter: 80, height: 90, variant: 'jar' }],
    ['bottle', { kind: 'bottle', diameter: 70, height: 240 }],
    ['tube', { kind: 'tube', diameter: 40, length: 170 }],
    ['pouch', { kind: 'pouch', width: 140, height: 200 }],
    ['cup', { kind: 'cup', topDiameter: 90, bottomDiameter: 60, height: 110 }],
  ] as [string, ShapeSpec][])('frames a %s to 80%% of the frame, centred', (_name, shape) => {
    const mesh = buildShape(shape);
    const cam = frameCamera(mesh, defaultYaw(shape), defaultPitch(shape), DEFAULT_FOV, 200, 0.8);
    let minX = Infinity,
      maxX = -Infinity,
      minY = Infinity,
      maxY = -Infinity;
    for (let i = 0; i < mesh.positions.length; i += 3) {
      const [x, y] = projectToScreen(cam.viewProj, [mesh.positions[i]!, mesh.positions[i + 1]!, mesh.positions[i + 2]!], 200, 200);
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
    }
    expect(Math.max(maxX - minX, maxY - minY)).toBeCloseTo(160, 6);
    expect((minX + maxX) / 2).toBeCloseTo(100, 6);
    expect((minY + maxY) / 2).toBeCloseTo(100, 6);
    // The rasterised region holds the whole product.
    expect(cam.region.x).toBeLessThanOrEqual(minX);
    expect(cam.region.x + cam.region.width).toBeGreaterThanOrEqual(maxX);
    expect(cam.region.y + cam.region.height).toBeGreaterThanOrEqual(maxY);
  });

  it('draws the product where the framing puts it', () => {
    const img = renderPackshotPixels({ shape: BOX, textures: { front: panel(200, 275, [20, 20, 20]), side: panel(100, 275, [20, 20, 20]) }, size: 200 });
    let minX = 200,
      maxX = 0,
      minY = 200,
      maxY = 0;
    for (let y = 0; y < 200; y++) {
      for (let x = 0; x < 200; x++) {
        if (luminance(rgbAt(img, x, y)) >= 120) continue;
        minX = Math.min(minX, x);
        maxX = Math.max(maxX, x);
        minY = Math.min(minY, y);
        maxY = Math.max(maxY, y);
      }
    }
    // The box's height dominates: about 160 px tall, centred.
    expect(maxY - minY + 1).toBeGreaterThan(150);
    expect(maxY - minY + 1).toBeLessThan(166);
    expect(Math.abs((minX + maxX) / 2 - 100)).toBeLessThan(6);
  });

  it('renders every material', () => {
    for (const material of MATERIAL_TYPES) {
      const img = renderPackshotPixels({ shape: BOX, textures: {}, material, size: 64 });
      expect(img.rgba.length).toBe(64 * 64 * 4);
      expect(img.rgba.every((v) => Number.isFinite(v))).toBe(true);
    }
  });

  it('decodes an SVG into a texture', async () => {
    const tex = await decodeTexture(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10" fill="#ff0000"/></svg>'),
    );
    expect([tex.width, tex.height]).toEqual([20, 10]);
    expect(Array.from(tex.data.slice(0, 4))).toEqual([255, 0, 0, 255]);
  });

  it('shows glass, not blank label stock, where a wrap label on a glass bottle is transparent', () => {
    const bottle: ShapeSpec = { kind: 'bottle', diameter: 70, height: 240 };
    const fill = (a: number): Texture => ({ width: 8, height: 8, data: new Uint8Array(8 * 8 * 4).fill(255).map((v, i) => (i % 4 === 3 ? a : v)) });
    const clear = renderPackshotPixels({ shape: bottle, textures: { wrap: fill(0) }, material: 'GLASS_GLOSSY', bodyColor: '#1f3a26', size: 128 });
    const paper = renderPackshotPixels({ shape: bottle, textures: { wrap: fill(255) }, material: 'GLASS_GLOSSY', bodyColor: '#1f3a26', size: 128 });
    // The middle of the label band (the bottle's lower half, centred).
    const at = [64, 80] as const;
    expect(luminance(rgbAt(paper, ...at)) - luminance(rgbAt(clear, ...at))).toBeGreaterThan(15);
  });

  it('rejects a size it cannot render', () => {
    expect(() => renderPackshotPixels({ shape: BOX, textures: {}, size: 0 })).toThrow(/size/);
  });
});
