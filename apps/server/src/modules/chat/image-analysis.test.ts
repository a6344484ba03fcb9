import sharp, { type OverlayOptions } from 'sharp';
import { describe, expect, it } from 'vitest';
import { dominantPalette, fromHex, medianCut, nearestColour, promptSentence, styleFromPalette, toHex } from './image-analysis.js';

/** A PNG of vertical stripes: each colour takes `share` of the width. */
async function stripes(parts: { hex: string; share: number }[], size = 200): Promise<Buffer> {
  const composites: OverlayOptions[] = [];
  let x = 0;
  for (const p of parts) {
    const w = Math.round(p.share * size);
    if (w <= 0) continue;
    const rgb = fromHex(p.hex) ?? [0, 0, 0];
    composites.push({ input: { create: { width: w, height: size, channels: 3, background: { r: rgb[0], g: rgb[1], b: rgb[2] } } }, left: x, top: 0 });
    x += w;
  }
  return sharp({ create: { width: size, height: size, channels: 3, background: '#000000' } })
    .composite(composites)
    .png()
    .toBuffer();
}

function near(a: string, b: string, tolerance = 10): boolean {
  const x = fromHex(a);
  const y = fromHex(b);
  return !!x && !!y && Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]) <= tolerance;
}

describe('palette', () => {
  it('finds the colours of an image, most used first', async () => {
    const png = await stripes([
      { hex: '#1b2a4a', share: 0.5 },
      { hex: '#c9a227', share: 0.3 },
      { hex: '#f4ecd8', share: 0.2 },
    ]);
    const palette = await dominantPalette(png);
    expect(palette.length).toBeGreaterThanOrEqual(3);
    expect(near(palette[0] ?? '', '#1b2a4a')).toBe(true);
    expect(near(palette[1] ?? '', '#c9a227')).toBe(true);
    expect(near(palette[2] ?? '', '#f4ecd8')).toBe(true);
  });

  it('answers one colour for a flat image and ignores transparent pixels', async () => {
    const flat = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 47, g: 158, b: 68, alpha: 1 } } })
      .composite([{ input: { create: { width: 32, height: 64, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0 } } }, left: 0, top: 0 }])
      .png()
      .toBuffer();
    expect(await dominantPalette(flat)).toEqual(['#2f9e44']);
    expect(medianCut([], 5)).toEqual([]);
  });

  it('converts hex both ways', () => {
    expect(toHex([255, 0, 16.4])).toBe('#ff0010');
    expect(fromHex('#FF0010')).toEqual([255, 0, 16]);
    expect(fromHex('red')).toBeNull();
  });
});

describe('style and prompt', () => {
  it('reads a style from the palette', () => {
    expect(styleFromPalette(['#111111', '#c9a227', '#f4ecd8'])).toContain('luxury');
    expect(styleFromPalette(['#d7263d', '#2563eb', '#f4c430', '#2f9e44'])).toContain('playful');
    expect(styleFromPalette(['#f5f5f5', '#e0e0e0', '#cccccc'])).toContain('minimalist');
    expect(styleFromPalette(['#b58c5e', '#7a4a2a', '#9caf88'])).toContain('organic');
    expect(styleFromPalette([]).length).toBeGreaterThan(0);
  });

  it('names colours by the catalogue', () => {
    expect(nearestColour('#c8a12a')?.slug).toBe('gold');
    expect(nearestColour('#1a2b4b')?.slug).toBe('navy');
  });

  it('writes a prompt sentence with the brief when the design is ours', () => {
    const known = { brand: 'Nova', product: 'oat milk', style: ['organic'], layout_id: 'hero-band', box_id: 201 };
    const sentence = promptSentence({ palette: ['#1b2a4a', '#c9a227'], style: ['organic', 'luxury'] }, known);
    expect(sentence).toBe('An organic and luxury packaging design for Nova oat milk on a mailer box in navy and gold, hero band layout.');
    expect(promptSentence({ palette: ['#ffffff'], style: ['minimalist'] }, null)).toBe('A minimalist packaging design on a package in white.');
  });
});
