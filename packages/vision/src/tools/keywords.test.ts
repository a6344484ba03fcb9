import { describe, expect, it } from 'vitest';
import { imageKeywords } from './keywords.js';
import { textToImage } from './text-to-image.js';
import type { RgbImage } from './types.js';

function split(width: number, height: number, colours: readonly (readonly [number, number, number])[], fractions: readonly number[]): RgbImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      let acc = 0;
      let k = 0;
      while (k < fractions.length - 1 && x / width >= acc + fractions[k]!) acc += fractions[k++]!;
      data.set(colours[k]!, (y * width + x) * 3);
    }
  return { data, width, height };
}

describe('imageKeywords', () => {
  it('names a half red, half white image red and white, about half each, and calls it minimal', () => {
    const res = imageKeywords(
      split(
        256,
        256,
        [
          [215, 38, 61],
          [251, 251, 248],
        ],
        [0.5, 0.5],
      ),
    );
    expect(res.colors.map((c) => c.name).sort()).toEqual(['red', 'white']);
    for (const c of res.colors) expect(c.share).toBeCloseTo(0.5, 1);
    expect(res.colors.reduce((s, c) => s + c.share, 0)).toBeLessThanOrEqual(1);
    expect(res.tags[0]).toBe('minimalist');
  });

  it('reads black with gold as luxury', () => {
    const res = imageKeywords(
      split(
        256,
        256,
        [
          [17, 17, 17],
          [201, 162, 39],
        ],
        [0.8, 0.2],
      ),
    );
    expect(res.colors[0]!.name).toBe('black');
    expect(res.colors[1]!.name).toBe('gold');
    expect(res.tags).toContain('luxury');
    expect(res.tags.indexOf('luxury')).toBeLessThan(2);
  });

  it('reads saturated mixed hues as vibrant/bold and browns with greens as earthy', () => {
    const vivid = imageKeywords(
      split(
        240,
        120,
        [
          [230, 30, 40],
          [30, 90, 230],
          [250, 200, 0],
          [20, 170, 80],
        ],
        [0.25, 0.25, 0.25, 0.25],
      ),
    );
    expect(vivid.colors).toHaveLength(4);
    expect(vivid.tags).toEqual(expect.arrayContaining(['bold', 'vibrant', 'playful']));
    const earthy = imageKeywords(
      split(
        240,
        120,
        [
          [110, 75, 45],
          [96, 120, 70],
          [200, 180, 150],
        ],
        [0.4, 0.3, 0.3],
      ),
    );
    expect(earthy.tags).toEqual(expect.arrayContaining(['organic', 'earthy']));
    expect(earthy.tags).not.toContain('vibrant');
  });

  it('reads greys as monochrome and pale tints as pastel', () => {
    expect(
      imageKeywords(
        split(
          200,
          100,
          [
            [40, 40, 40],
            [128, 128, 128],
            [220, 220, 220],
          ],
          [0.3, 0.4, 0.3],
        ),
      ).tags,
    ).toContain('monochrome');
    expect(
      imageKeywords(
        split(
          200,
          100,
          [
            [242, 184, 192],
            [190, 220, 240],
            [250, 240, 200],
          ],
          [0.4, 0.3, 0.3],
        ),
      ).tags,
    ).toContain('pastel');
  });

  it('reads a wooden table scene as organic and earthy, browns first, not luxury', async () => {
    const scene = await textToImage('wooden table', { aspect: '4:3', longSide: 256, seed: 5 });
    const res = imageKeywords(scene.image);
    expect(res.tags).toEqual(expect.arrayContaining(['organic', 'earthy']));
    expect(res.tags).not.toContain('luxury');
    expect(res.colors.reduce((s, c) => s + c.share, 0)).toBeLessThanOrEqual(1);
  });
});
