import type { AspectRatio, SceneFamily } from '@packsmith/contracts';
import { describe, expect, it } from 'vitest';
import { aspectSize, chooseFamily, textToImage } from './text-to-image.js';

describe('textToImage', () => {
  it('chooses the family from the prompt words', () => {
    const cases: [string, SceneFamily][] = [
      ['perfume bottle on white marble', 'marble'],
      ['rustic wooden table', 'wood'],
      ['sunny beach sand', 'sand'],
      ['botanical leaf shadows', 'botanical_shadow'],
      ['clear pool water ripples', 'water_ripple'],
      ['clean studio backdrop', 'studio_sweep'],
      ['product on a podium', 'podium'],
      ['raw concrete wall', 'concrete'],
      ['soft linen cloth', 'linen'],
      ['terrazzo counter', 'terrazzo'],
      ['christmas morning', 'seasonal'],
      ['pink to purple gradient', 'gradient'],
    ];
    for (const [prompt, family] of cases) expect(chooseFamily(prompt, 'auto', 1).family, prompt).toBe(family);
    // No family word: the style's families.
    expect(['marble', 'podium']).toContain(chooseFamily('something nice', 'luxury', 7).family);
  });

  it('renders every aspect ratio at the long side, deterministically', async () => {
    const sizes: Record<AspectRatio, [number, number]> = { '1:1': [256, 256], '4:3': [256, 192], '3:4': [192, 256], '16:9': [256, 144], '9:16': [144, 256] };
    for (const [aspect, [w, h]] of Object.entries(sizes) as [AspectRatio, [number, number]][]) {
      expect(aspectSize(aspect, 256)).toEqual({ width: w, height: h });
      const res = await textToImage('marble', { aspect, longSide: 256 });
      expect([res.image.width, res.image.height]).toEqual([w, h]);
      expect(res.image.data.length).toBe(w * h * 3);
    }
    const a = await textToImage('blue linen, vintage', { aspect: '1:1', longSide: 192 });
    const b = await textToImage('blue linen, vintage', { aspect: '1:1', longSide: 192 });
    expect(Buffer.from(a.image.data).equals(Buffer.from(b.image.data))).toBe(true);
    expect(a.note).toMatch(/linen scene .* in blue tones, with a vintage grade/);
    const c = await textToImage('blue linen, vintage', { aspect: '1:1', longSide: 192, seed: 99 });
    expect(Buffer.from(a.image.data).equals(Buffer.from(c.image.data))).toBe(false);
  }, 60_000);

  it('a light or deep colour word sets the scene light or deep, whatever the seed picks', async () => {
    const meanL = (data: Uint8Array) => {
      let sum = 0;
      for (let i = 0; i < data.length; i += 3) sum += 0.2126 * (data[i] ?? 0) + 0.7152 * (data[i + 1] ?? 0) + 0.0722 * (data[i + 2] ?? 0);
      return sum / (data.length / 3);
    };
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const white = await textToImage('white marble podium with soft morning light', { aspect: '1:1', longSide: 128, seed });
      expect(meanL(white.image.data), `white, seed ${seed}`).toBeGreaterThan(170);
      const deep = await textToImage('black marble', { aspect: '1:1', longSide: 128, seed });
      expect(meanL(deep.image.data), `black, seed ${seed}`).toBeLessThan(110);
    }
  }, 60_000);
});
