/**
 * Colour fidelity measured on the rendered packshots: every colour a colour-heavy brief names
 * covers its share of the visible pack (a tenth each for two, a twentieth for a third) on every
 * design of a set, light names stay light, deep names deep, and metals show as foil.
 */
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { measureColourShares } from '../artwork/colour-share.js';
import { namedColours, targetShare } from '../artwork/named-colours.js';
import { renderPackshotPixels } from '../render3d/packshot.js';
import type { Texture } from '../render3d/texture.js';
import { boxModel } from './box-model/index.js';
import { COLOUR_CASES } from './colour-briefs.fixtures.js';
import { renderPackshotSurface } from './packshot-surface.js';
import { type RenderedDesign, renderDesignSet } from './render-design-set.js';
import { closeDesignWorkers } from './worker-pool.js';

afterAll(async () => {
  await closeDesignWorkers();
});

/** The packshot as RGBA bytes (the PNG is opaque: the backdrop counts, but never matches a named colour). */
async function pixels(d: RenderedDesign): Promise<{ data: Uint8Array; width: number; height: number }> {
  const { data, info } = await sharp(d.packshotPng).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

function stripeTexture(width: number, height: number): Texture {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set(((i / width) | 0) % 8 < 4 ? [27, 42, 74, 255] : [244, 236, 216, 255], i * 4);
  return { width, height, data };
}

describe('packshot surface', () => {
  it('renders the same pixels as render3d, with a mask of the pack alone', () => {
    for (const boxId of [101, 404, 704]) {
      const model = boxModel(boxId);
      const tex = stripeTexture(64, 96);
      const opts = { shape: model.shape, textures: { front: tex, right: tex, top: tex, wrap: tex }, material: model.material, camera: model.camera, size: 160 };
      const surface = renderPackshotSurface(opts);
      const reference = renderPackshotPixels(opts);
      expect(Buffer.from(surface.rgba).equals(Buffer.from(reference.rgba)), `box ${boxId}`).toBe(true);
      const covered = surface.mask.reduce((s, v) => s + v, 0) / surface.mask.length;
      expect(covered).toBeGreaterThan(0.08);
      expect(covered).toBeLessThan(0.7);
      // Corners are backdrop.
      expect(surface.mask[0]).toBe(0);
      expect(surface.mask[surface.mask.length - 1]).toBe(0);
    }
  });
});

describe('named colours on the packshot', () => {
  it('gives every named colour its share on every design of colour-heavy sets (16 briefs × 2 seeds × 4 designs)', { timeout: 300_000 }, async () => {
    const sets = await Promise.all(
      COLOUR_CASES.flatMap((c) => [1, 2].map(async (seed) => ({ c, seed, set: await renderDesignSet({ brief: c.brief, count: 4, seed, size: 512 }) }))),
    );
    const byColour = new Map<string, number[]>();
    const misses: string[] = [];
    for (const { c, seed, set } of sets) {
      const named = namedColours(c.brief.color);
      expect(set).toHaveLength(4);
      set.forEach((d, i) => {
        expect(Object.keys(d.colourShares)).toEqual(named.map((n) => n.key));
        named.forEach((n, k) => {
          const share = d.colourShares[n.key] ?? 0;
          byColour.set(n.key, [...(byColour.get(n.key) ?? []), share]);
          if (share < targetShare(k)) misses.push(`${c.name} seed ${seed} design ${i} (${d.layoutId}): ${n.key} ${(share * 100).toFixed(1)} %`);
        });
      });
    }
    const rows = [...byColour].map(([key, v]) => {
      const s = [...v].sort((a, b) => a - b);
      return `${key} min ${(s[0]! * 100).toFixed(1)} % median ${(s[Math.floor(s.length / 2)]! * 100).toFixed(1)} % (${s.length})`;
    });
    console.info(`Named colour shares on the packshot:\n  ${rows.join('\n  ')}`);
    expect(misses).toEqual([]);
  });

  it('keeps light names light and deep names deep, never their darker or greyer neighbours', { timeout: 120_000 }, async () => {
    const pink = COLOUR_CASES.find((c) => c.name === 'pastel pink cream jar')!;
    const navy = COLOUR_CASES.find((c) => c.name === 'navy and cream can')!;
    for (const d of await renderDesignSet({ brief: pink.brief, count: 4, seed: 3, size: 512 })) {
      const px = await pixels(d);
      const [blush, maroon, burgundy] = measureColourShares(px.data, px.width, px.height, namedColours(['blush', 'maroon', 'burgundy']));
      expect(blush!.lightness, d.layoutId).toBeGreaterThan(75);
      expect(maroon!.share + burgundy!.share, `${d.layoutId}: no maroon label`).toBeLessThan(0.01);
    }
    for (const d of await renderDesignSet({ brief: navy.brief, count: 4, seed: 3, size: 512 })) {
      const px = await pixels(d);
      const [navyShare, black, cream] = measureColourShares(px.data, px.width, px.height, namedColours(['navy', 'black', 'cream']));
      expect(navyShare!.lightness, d.layoutId).toBeLessThan(30);
      expect(black!.share, `${d.layoutId}: navy is not black`).toBeLessThan(navyShare!.share * 0.25);
      expect(cream!.lightness, `${d.layoutId}: cream stays light on the can's shaded flanks`).toBeGreaterThan(75);
    }
  });

  it('lays metals as foil over a visible area: gold spans a band of lightness, not one flat ink or a hairline', { timeout: 120_000 }, async () => {
    const deco = COLOUR_CASES.find((c) => c.name === 'black and gold art deco perfume box')!;
    for (const d of await renderDesignSet({ brief: deco.brief, count: 4, seed: 5, size: 512 })) {
      const px = await pixels(d);
      const [gold] = measureColourShares(px.data, px.width, px.height, namedColours(['gold']), { stride: 1 });
      expect(d.colourShares.gold, d.layoutId).toBeGreaterThanOrEqual(0.1);
      const [lo, hi] = gold!.lightRange ?? [0, 0];
      expect(hi - lo, `${d.layoutId}: foil sheen`).toBeGreaterThanOrEqual(8);
    }
  });
});
