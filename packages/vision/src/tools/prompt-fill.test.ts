import { describe, expect, it } from 'vitest';
import { hexToLab, rgbToLab } from './creative/lab.js';
import { litWall, rectMask } from './creative/test-images.js';
import { iconCoverage } from './creative/icon.js';
import { fillFromPrompt } from './prompt-fill.js';
import type { RgbImage } from './types.js';

const W = 256;
const H = 256;
const HOLE = { x: 64, y: 80, width: 128, height: 96 };

function labsIn(img: RgbImage, r: typeof HOLE) {
  const out: { l: number; a: number; b: number }[] = [];
  for (let y = r.y; y < r.y + r.height; y++)
    for (let x = r.x; x < r.x + r.width; x++) {
      const i = (y * img.width + x) * 3;
      out.push(rgbToLab(img.data[i]!, img.data[i + 1]!, img.data[i + 2]!));
    }
  return out;
}
const std = (xs: number[]) => {
  const m = xs.reduce((s, x) => s + x, 0) / xs.length;
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length);
};

/** Every pixel further than `pad` px from the hole keeps its bytes. */
function outsideUnchanged(a: RgbImage, b: RgbImage, pad: number): number {
  let changed = 0;
  for (let y = 0; y < a.height; y++)
    for (let x = 0; x < a.width; x++) {
      if (x >= HOLE.x - pad && x < HOLE.x + HOLE.width + pad && y >= HOLE.y - pad && y < HOLE.y + HOLE.height + pad) continue;
      const i = (y * a.width + x) * 3;
      if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) changed++;
    }
  return changed;
}

describe('fillFromPrompt', () => {
  const image = litWall(W, H);
  const mask = rectMask(W, H, HOLE);

  it('paints a named colour in Lab, keeping the image shading, and says so', async () => {
    const res = await fillFromPrompt(image, mask, 'make it sage green');
    expect(res.note).toBe('Painted the area in sage green.');
    const target = hexToLab('#9caf88');
    const after = labsIn(res.image, HOLE);
    const before = labsIn(image, HOLE);
    const mean = (k: 'l' | 'a' | 'b') => after.reduce((s, p) => s + p[k], 0) / after.length;
    const dE = Math.hypot(mean('l') - target.l, mean('a') - target.a, mean('b') - target.b);
    expect(dE).toBeLessThan(3);
    // The lit wall's left-to-right ramp and ripple survive: the lightness spread is mostly kept.
    expect(std(after.map((p) => p.l))).toBeGreaterThan(0.7 * std(before.map((p) => p.l)));
    expect(outsideUnchanged(image, res.image, 3)).toBe(0);
  });

  it('takes a hex code', async () => {
    const res = await fillFromPrompt(image, mask, 'fill with #1f6fd0');
    expect(res.note).toContain('#1f6fd0');
    const after = labsIn(res.image, HOLE);
    const t = hexToLab('#1f6fd0');
    const ma = after.reduce((s, p) => s + p.a, 0) / after.length;
    const mb = after.reduce((s, p) => s + p.b, 0) / after.length;
    expect(Math.hypot(ma - t.a, mb - t.b)).toBeLessThan(6);
  });

  it('fills a material with texture and leaves the outside alone', async () => {
    const res = await fillFromPrompt(image, mask, 'marble');
    expect(res.note).toMatch(/marble texture/);
    // Texture: more lightness variation at high frequency than the smooth wall had.
    const hf = (img: RgbImage) => {
      const ls = labsIn(img, HOLE).map((p) => p.l);
      let s = 0;
      for (let i = 1; i < ls.length; i++) s += Math.abs(ls[i]! - ls[i - 1]!);
      return s / ls.length;
    };
    expect(hf(res.image)).toBeGreaterThan(hf(image) * 1.3);
    expect(outsideUnchanged(image, res.image, 3)).toBe(0);
    const wood = await fillFromPrompt(image, mask, 'a wooden surface');
    expect(wood.note).toMatch(/wooden texture/);
    expect(outsideUnchanged(image, wood.image, 3)).toBe(0);
  });

  it("draws an icon's shape in a contrasting colour over a fill from the surroundings", async () => {
    const res = await fillFromPrompt(image, mask, 'add a leaf');
    expect(res.note).toMatch(/drew a leaf/);
    const size = Math.round(Math.min(HOLE.width, HOLE.height) * 0.8);
    const cover = iconCoverage('leaf', size);
    const ox = Math.round(HOLE.x + (HOLE.width - size) / 2);
    const oy = Math.round(HOLE.y + (HOLE.height - size) / 2);
    const on: number[] = [];
    const off: number[] = [];
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const c = cover[y * size + x]!;
        const i = ((oy + y) * W + ox + x) * 3;
        const l = rgbToLab(res.image.data[i]!, res.image.data[i + 1]!, res.image.data[i + 2]!).l;
        if (c > 0.8) on.push(l);
        else if (c === 0) off.push(l);
      }
    const m = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(on.length).toBeGreaterThan(200);
    expect(Math.abs(m(on) - m(off))).toBeGreaterThan(25);
    expect(outsideUnchanged(image, res.image, 3)).toBe(0);
  });

  it('reads a colour word after a drawing verb as the object ("add a coffee" draws, "make it coffee" paints)', async () => {
    expect((await fillFromPrompt(image, mask, 'add a coffee')).note).toMatch(/drew a coffee/);
    expect((await fillFromPrompt(image, mask, 'make it coffee')).note).toBe('Painted the area in coffee.');
    expect((await fillFromPrompt(image, mask, 'add a red heart')).note).toMatch(/drew a heart in red/);
  });

  it('fills from the surroundings and names the words it did not understand', async () => {
    const res = await fillFromPrompt(image, mask, 'xyzzy plugh');
    expect(res.note).toMatch(/Did not recognise .*xyzzy plugh/);
    const after = labsIn(res.image, HOLE).map((p) => p.l);
    const before = labsIn(image, HOLE).map((p) => p.l);
    // Smooth membrane: the ripple is gone, the overall tone stays near the wall's.
    expect(std(after)).toBeLessThan(std(before));
    expect(Math.abs(after.reduce((s, x) => s + x, 0) / after.length - before.reduce((s, x) => s + x, 0) / before.length)).toBeLessThan(8);
    expect(outsideUnchanged(image, res.image, 3)).toBe(0);
  });
});
