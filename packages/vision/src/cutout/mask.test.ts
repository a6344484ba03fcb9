import { describe, expect, it } from 'vitest';
import { alphaBounds, cropBox, dilate, extractedCoordinates, keepRegion, keptComponents, labelComponents, productPresence } from './mask.js';

/** A mask from rows of '#' (255) and '.' (0). */
function grid(rows: string[]): { data: Uint8Array; width: number; height: number } {
  const width = rows[0]?.length ?? 0;
  const data = new Uint8Array(width * rows.length);
  rows.forEach((r, y) => [...r].forEach((c, x) => (data[y * width + x] = c === '#' ? 255 : 0)));
  return { data, width, height: rows.length };
}

describe('components', () => {
  it('labels 8-connected blobs with their areas', () => {
    const m = grid([
      '##....#', //
      '##...#.',
      '.....#.',
      '#......',
    ]);
    const c = labelComponents(m.data, m.width, m.height, 128);
    // The 2×2 square, the diagonal stroke (joined through a corner) and the single pixel.
    expect(c.areas.slice(1).sort((a, b) => a - b)).toEqual([1, 3, 4]);
    expect(c.labels[0]).toBe(c.labels[m.width + 1]);
    expect(c.labels[6]).toBe(c.labels[2 * m.width + 5]);
  });

  it('drops specks but keeps several real products', () => {
    const width = 200;
    const height = 100;
    const data = new Uint8Array(width * height);
    const rect = (x0: number, y0: number, w: number, h: number): void => {
      for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) data[y * width + x] = 255;
    };
    rect(20, 20, 40, 60); // a bottle: 2,400 px
    rect(120, 40, 30, 40); // a jar beside it: 1,200 px
    rect(90, 5, 2, 2); // a speck of dust: 4 px
    rect(180, 90, 5, 4); // a crumb on the table: 20 px
    const c = labelComponents(data, width, height, 128);
    const kept = keptComponents(c, width * height);
    const keptAreas = [...kept].map((id) => c.areas[id]).sort((a, b) => (a ?? 0) - (b ?? 0));
    expect(keptAreas).toEqual([1200, 2400]);
  });

  it('keeps the holes of a kept blob and a fringe around it', () => {
    const m = grid([
      '.........', //
      '.#####...',
      '.#...#...',
      '.#####...',
      '.........',
    ]);
    const c = labelComponents(m.data, m.width, m.height, 128);
    const region = keepRegion(c, new Set([1]), m.width, m.height, 0);
    expect(region[2 * m.width + 3]).toBe(1); // the ring's inside
    expect(region[2 * m.width + 7]).toBe(0);
    const grown = keepRegion(c, new Set([1]), m.width, m.height, 1);
    expect(grown[2 * m.width + 6]).toBe(1);
    expect(grown[2 * m.width + 7]).toBe(0);
  });

  it('dilates a square by r pixels', () => {
    const m = new Uint8Array(7 * 7);
    m[3 * 7 + 3] = 1;
    const d = dilate(m, 7, 7, 2);
    expect(d.reduce((a, b) => a + b, 0)).toBe(25);
    expect(d[1 * 7 + 1]).toBe(1);
    expect(d[0]).toBe(0);
  });
});

describe('crop and extracted_coordinates', () => {
  it('bounds the alpha above a threshold', () => {
    const width = 50;
    const alpha = new Uint8Array(width * 40);
    alpha[10 * width + 12] = 200;
    alpha[30 * width + 40] = 255;
    alpha[35 * width + 45] = 5; // faint noise does not count
    expect(alphaBounds(alpha, width, 40)).toEqual({ x: 12, y: 10, width: 29, height: 21 });
    expect(alphaBounds(new Uint8Array(100), 10, 10)).toBeUndefined();
  });

  it('grows the crop by a margin and clamps it to the photo', () => {
    // 2 % of 2048 = 41 px of margin.
    expect(cropBox({ x: 500, y: 600, width: 400, height: 900 }, 2048, 1536)).toEqual({ x: 459, y: 559, width: 482, height: 977 });
    expect(cropBox({ x: 10, y: 1500, width: 100, height: 36 }, 2048, 1536)).toEqual({ x: 0, y: 1459, width: 151, height: 77 });
  });

  it('reports the crop in photo pixels, the photo size and the cut-out size', () => {
    const c = extractedCoordinates({ x: 459, y: 559, width: 482, height: 977 }, 2048, 1536);
    expect(c).toEqual({ x: 459, y: 559, width: 482, height: 977, totalWidth: 2048, totalHeight: 1536, cropWidth: 482, cropHeight: 977, rotation: 0 });
  });
});

describe('product presence', () => {
  const matte = (fraction: number): Float32Array => Float32Array.from({ length: 10_000 }, (_, i) => (i < fraction * 10_000 ? 1 : 0));
  it('finds a product that covers part of the frame', () => {
    expect(productPresence(matte(0.3), 10_000, 0.5)).toEqual({ ok: true, coverage: 0.3 });
  });
  it('finds none in a nearly empty matte or one that covers the whole frame', () => {
    expect(productPresence(matte(0.001), 10_000, 0.5)).toMatchObject({ ok: false, why: 'empty' });
    expect(productPresence(matte(0.99), 10_000, 0.5)).toMatchObject({ ok: false, why: 'everything' });
  });
});
