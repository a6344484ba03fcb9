import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { boxModel } from './box-model/index.js';
import { renderAtlasFace } from './face-atlas.js';
import { renderDesignSet, type DesignSetBrief } from './render-design-set.js';
import { closeDesignWorkers } from './worker-pool.js';

afterAll(async () => {
  await closeDesignWorkers();
});

/** Mean colour of an RGBA PNG over its opaque pixels, and the share of them. */
async function opaqueMean(png: Buffer): Promise<{ rgb: [number, number, number]; opaque: number }> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const sum = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3]! < 250) continue;
    sum[0]! += data[i]!;
    sum[1]! += data[i + 1]!;
    sum[2]! += data[i + 2]!;
    n++;
  }
  return { rgb: [sum[0]! / n, sum[1]! / n, sum[2]! / n], opaque: n / (info.width * info.height) };
}

describe('face atlas', () => {
  const carton: DesignSetBrief = { brand: 'Lumen', product: 'Cold Brew Coffee', boxId: 101, element: ['coffee'], style: [], color: ['navy'] };

  it("holds every face of the box at its size in mm, side by side, and draws one face at a time in the design's colours", { timeout: 60_000 }, async () => {
    const [design] = await renderDesignSet({ brief: carton, count: 1, seed: 7, size: 256 });
    const atlas = design!.faceAtlas;
    const model = boxModel(101);
    const names = Object.keys(model.faces).sort();
    expect(Object.keys(atlas.rects).sort()).toEqual(names);
    for (const name of names) {
      const rect = atlas.rects[name as keyof typeof atlas.rects]!;
      const face = model.faces[name as keyof typeof model.faces]!;
      expect(rect.width).toBeCloseTo(face.widthMm, 6);
      expect(rect.height).toBeCloseTo(face.heightMm, 6);
    }
    // Faces do not overlap.
    const rects = Object.values(atlas.rects).sort((a, b) => a.x - b.x);
    for (let i = 1; i < rects.length; i++) expect(rects[i]!.x).toBeGreaterThanOrEqual(rects[i - 1]!.x + rects[i - 1]!.width);

    const front = await renderAtlasFace(atlas.svg, 'front', 200, Math.round((200 * model.faces.front!.heightMm) / model.faces.front!.widthMm));
    const meta = await sharp(front).metadata();
    expect(meta.width).toBe(200);
    const { opaque } = await opaqueMean(front);
    // A carton's front is printed edge to edge.
    expect(opaque).toBeGreaterThan(0.99);
    // The drawn front matches the design's own flat front (same artwork), colour for colour.
    const flat = await opaqueMean(await sharp(design!.frontPng).resize(200).png().toBuffer());
    const drawn = await opaqueMean(front);
    for (let c = 0; c < 3; c++) expect(Math.abs(drawn.rgb[c]! - flat.rgb[c]!)).toBeLessThan(6);
  });

  it('draws a bottle label as a wrap face transparent where the body shows', { timeout: 60_000 }, async () => {
    const [design] = await renderDesignSet({ brief: { ...carton, boxId: 303, product: 'Sparkling Water' }, count: 1, seed: 3, size: 256 });
    const atlas = design!.faceAtlas;
    expect(atlas.rects.wrap).toBeDefined();
    const wrap = await renderAtlasFace(atlas.svg, 'wrap', 400, Math.max(1, Math.round((400 * atlas.rects.wrap!.height) / atlas.rects.wrap!.width)));
    const { opaque } = await opaqueMean(wrap);
    expect(opaque).toBeGreaterThan(0.2);
  });

  it('refuses sizes outside 1–8192 px', async () => {
    await expect(renderAtlasFace('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>', 'front', 0, 10)).rejects.toThrow(RangeError);
    await expect(renderAtlasFace('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>', 'front', 10, 10)).rejects.toThrow(/no front face/);
  });
});
