import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { productPalette, rankByScore } from './palette.js';

/** A transparent 400×400 cut-out with a red body and a small white label: what a product cut-out looks like. */
async function cutout(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <rect x="100" y="40" width="200" height="340" rx="30" fill="#d02020"/>
    <rect x="140" y="160" width="120" height="60" fill="#ffffff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

describe('productPalette', () => {
  it("reads the product's colours from opaque pixels only (the transparent surround is not black)", async () => {
    const palette = await productPalette(await cutout());
    expect(palette.length).toBeGreaterThanOrEqual(2);
    const [r, g, b] = rgb(palette[0] ?? '#000000');
    expect(r).toBeGreaterThan(180);
    expect(g).toBeLessThan(60);
    expect(b).toBeLessThan(60);
    expect(palette.some((hex) => rgb(hex).every((c) => c > 220))).toBe(true);
    expect(palette.some((hex) => rgb(hex).every((c) => c < 40))).toBe(false);
  });

  it('answers no colours for a fully transparent image', async () => {
    const empty = await sharp({ create: { width: 50, height: 50, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    expect(await productPalette(empty)).toEqual([]);
  });
});

describe('rankByScore', () => {
  it('orders by score, keeping gallery order among equals', () => {
    const items = [
      { id: 'a', position: 0, s: 1 },
      { id: 'b', position: 1, s: 3 },
      { id: 'c', position: 2, s: 1 },
      { id: 'd', position: 3, s: 2 },
    ];
    expect(rankByScore(items, (i) => i.s).map((i) => i.id)).toEqual(['b', 'd', 'a', 'c']);
  });
});
