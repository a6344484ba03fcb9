/**
 * Every catalogue box type, rendered as the pipeline frames it: each makes a packshot, and the
 * bottles are told apart by their outline alone (the mask of the product, glass counted solid).
 */
import { BOX_TYPES } from '@packsmith/contracts';
import { describe, expect, it } from 'vitest';
import { boxModel } from '../pipeline/box-model/index.js';
import { renderPackshotPixels } from './packshot.js';
import { silhouette, type Silhouette } from './render3d.fixtures.js';

const BOTTLES = [
  'wine-bottle',
  'beer-bottle',
  'spirits-bottle',
  'water-bottle',
  'juice-bottle',
  'dropper-bottle',
  'pump-bottle',
  'spray-bottle',
  'shampoo-bottle',
] as const;

const outline = (slug: string): Silhouette => {
  const box = BOX_TYPES.find((b) => b.slug === slug);
  if (!box) throw new Error(`no box ${slug}`);
  const model = boxModel(box.id);
  return silhouette(model.shape, 160, model.camera);
};

/** How far apart two outlines are: mean difference of their width profiles plus the difference of their aspect ratios. */
const distance = (a: Silhouette, b: Silhouette): number =>
  a.profile.reduce((t, v, i) => t + Math.abs(v - b.profile[i]!), 0) / a.profile.length + Math.abs(a.aspect - b.aspect);

/** Width of the outline's top quarter relative to its widest row: a neck, a cap, a pump. */
const topWidth = (s: Silhouette): number => Math.max(...s.profile.slice(-6));

describe('packshot silhouettes', () => {
  it.each(BOX_TYPES.map((b) => [b.id, b.slug] as const))('box %i (%s) renders a packshot with the product filling the frame', (id) => {
    const model = boxModel(id);
    const img = renderPackshotPixels({ shape: model.shape, textures: {}, material: model.material, camera: model.camera, size: 96 });
    expect(img.rgba.length).toBe(96 * 96 * 4);
    const s = silhouette(model.shape, 96, model.camera);
    // Framed to 80 % of the frame on its longer side: the product is there, and not a speck.
    expect(s.coverage).toBeGreaterThan(0.06);
    expect(Math.max(s.aspect, 1 / s.aspect)).toBeLessThan(6);
  });

  it('tells every kind of bottle from every other by its outline', () => {
    const shapes = Object.fromEntries(BOTTLES.map((slug) => [slug, outline(slug)]));
    const pairs: string[] = [];
    for (let i = 0; i < BOTTLES.length; i++) {
      for (let j = i + 1; j < BOTTLES.length; j++) {
        const d = distance(shapes[BOTTLES[i]!]!, shapes[BOTTLES[j]!]!);
        if (d < 0.04) pairs.push(`${BOTTLES[i]} ~ ${BOTTLES[j]} (${d.toFixed(3)})`);
      }
    }
    expect(pairs).toEqual([]);
  });

  it('draws wine slim and long-necked, juice wide-mouthed, spirits broad-shouldered, a dropper with its bulb', () => {
    const wine = outline('wine-bottle');
    const beer = outline('beer-bottle');
    const juice = outline('juice-bottle');
    const spirits = outline('spirits-bottle');
    const water = outline('water-bottle');
    const dropper = outline('dropper-bottle');
    // Wine is the slimmest outline; juice's mouth is wider than any long neck's.
    for (const other of [beer, juice, spirits, water, dropper]) expect(wine.aspect).toBeLessThan(other.aspect);
    expect(topWidth(juice)).toBeGreaterThan(topWidth(wine) + 0.15);
    expect(topWidth(juice)).toBeGreaterThan(topWidth(beer) + 0.1);
    // Spirits stay full width higher up than wine and beer (a broad, late shoulder).
    const fullTo = (s: Silhouette): number => s.profile.reduce((last, w, i) => (w > 0.9 ? i : last), -1);
    expect(fullTo(spirits)).toBeGreaterThan(fullTo(wine));
    expect(fullTo(spirits)).toBeGreaterThan(fullTo(beer));
    // A dropper's top third (collar and bulb) is far narrower than its body.
    expect(Math.max(...dropper.profile.slice(-5))).toBeLessThan(0.6);
  });

  it("shows a pump's nozzle and a sprayer's arm as a lopsided top", () => {
    for (const slug of ['pump-bottle', 'spray-bottle']) {
      const s = outline(slug);
      // Mask columns left and right of the body's centre line in the top tenth of the outline.
      let minX = s.size,
        maxX = -1,
        minY = s.size,
        maxY = -1,
        bodyL = s.size,
        bodyR = -1;
      for (let y = 0; y < s.size; y++)
        for (let x = 0; x < s.size; x++)
          if (s.mask[y * s.size + x]) {
            minY = Math.min(minY, y);
            maxY = Math.max(maxY, y);
          }
      const bodyRow = Math.round(maxY - (maxY - minY) * 0.3);
      for (let x = 0; x < s.size; x++)
        if (s.mask[bodyRow * s.size + x]) {
          bodyL = Math.min(bodyL, x);
          bodyR = Math.max(bodyR, x);
        }
      const axis = (bodyL + bodyR) / 2;
      for (let y = minY; y < minY + (maxY - minY) * 0.2; y++)
        for (let x = 0; x < s.size; x++)
          if (s.mask[y * s.size + x]) {
            minX = Math.min(minX, x);
            maxX = Math.max(maxX, x);
          }
      // The head reaches further to one side of the axis than to the other.
      expect(axis - minX, slug).toBeGreaterThan((maxX - axis) * 1.5);
    }
  });
});
