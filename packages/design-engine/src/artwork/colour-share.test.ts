import { describe, expect, it } from 'vitest';
import { type Hex, hexToOklch } from './color.js';
import { matchesNamed, measureColourShares } from './colour-share.js';
import { foilColours } from './foil.js';
import { type NamedColour, namedColour, namedColours } from './named-colours.js';

const named = (tag: string): NamedColour => {
  const c = namedColour(tag);
  if (!c) throw new Error(`no colour for ${tag}`);
  return c;
};

const rgb = (hex: Hex): [number, number, number] => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

const matches = (hex: Hex, tag: string) => matchesNamed(...rgb(hex), named(tag));

/** An RGBA image of horizontal stripes: `rows` of each colour, in order. */
function stripes(width: number, parts: readonly (readonly [Hex, number])[]): { data: Uint8Array; height: number } {
  const height = parts.reduce((s, [, rows]) => s + rows, 0);
  const data = new Uint8Array(width * height * 4);
  let y = 0;
  for (const [hex, rows] of parts) {
    const [r, g, b] = rgb(hex);
    for (let k = 0; k < rows; k++, y++) {
      for (let x = 0; x < width; x++) data.set([r, g, b, 255], (y * width + x) * 4);
    }
  }
  return { data, height };
}

describe('named colours of a brief', () => {
  it('resolves catalogue names and synonyms to their slug, metals included, in order and once each', () => {
    const cs = namedColours(['Pastel Pink', 'navy blue', 'rose gold', 'gold foil', '#FF0000', 'luxury', 'pastel pink']);
    expect(cs.map((c) => c.key)).toEqual(['blush', 'navy', 'rose-gold', 'gold', '#ff0000']);
    expect(cs.map((c) => c.tone)).toEqual(['light', 'deep', 'mid', 'mid', 'mid']);
    expect(cs.map((c) => c.metal)).toEqual([null, null, 'rose-gold', 'gold', null]);
    // "rose gold" is a metal, not the catalogue's flat Rose pink.
    expect(named('rose gold').hex).not.toBe(named('rose').hex);
    expect(named('pistachio').key).toBe('pistachio');
  });
});

describe('colour matching on rendered pixels', () => {
  it('tells navy from black and from charcoal, and keeps shaded navy as navy', () => {
    expect(matches('#1b2a4a', 'navy')).toBe(true);
    expect(matches('#142038', 'navy')).toBe(true);
    expect(matches('#111111', 'navy')).toBe(false);
    expect(matches('#2f3338', 'navy')).toBe(false);
    expect(matches('#1b2a4a', 'black')).toBe(false);
  });

  it('tells pastel pink from maroon and from a deep rose', () => {
    expect(matches('#f2b8c0', 'pastel pink')).toBe(true);
    expect(matches('#e9aab3', 'pastel pink')).toBe(true);
    expect(matches('#6b1f2a', 'pastel pink')).toBe(false);
    expect(matches('#b4505f', 'pastel pink')).toBe(false);
    expect(matches('#f4ecd8', 'pastel pink')).toBe(false);
  });

  it('counts every tone of a foil as its metal, and white or grey not as silver', () => {
    for (const tag of ['gold', 'silver', 'copper', 'rose gold'] as const) {
      const c = named(tag);
      if (!c.metal) throw new Error('metal expected');
      const tones = foilColours(c.hex, c.metal);
      const spread = Math.max(...tones.map((t) => hexToOklch(t).l)) - Math.min(...tones.map((t) => hexToOklch(t).l));
      expect(spread, `${tag} foil has a sheen`).toBeGreaterThan(0.12);
      for (const t of tones) expect(matchesNamed(...rgb(t), c), `${tag} foil tone ${t}`).toBe(true);
    }
    expect(matches('#fbfbf8', 'silver')).toBe(false);
    expect(matches('#8a8f95', 'silver')).toBe(false);
    expect(matches('#f4c430', 'gold')).toBe(true);
    expect(matches('#e8dcc4', 'gold')).toBe(false);
  });

  it('measures shares over the masked surface only, with the light of each colour', () => {
    const img = stripes(10, [
      ['#1b2a4a', 3],
      ['#f4ecd8', 5],
      ['#111111', 2],
    ]);
    const cs = namedColours(['navy', 'cream']);
    const all = measureColourShares(img.data, 10, img.height, cs, { stride: 1 });
    expect(all.map((m) => m.share)).toEqual([0.3, 0.5]);
    expect(all[1]!.lightness).toBeGreaterThan(90);
    expect(all[0]!.lightness).toBeLessThan(25);
    // Leave the black rows out (the studio backdrop, say): the shares are of the rest.
    const mask = new Uint8Array(10 * img.height).fill(1, 0, 80);
    const masked = measureColourShares(img.data, 10, img.height, cs, { mask, stride: 1 });
    expect(masked.map((m) => m.share)).toEqual([3 / 8, 5 / 8]);
    expect(measureColourShares(img.data, 10, img.height, namedColours(['gold']), { stride: 1 })[0]).toEqual({
      key: 'gold',
      share: 0,
      lightness: null,
      lightRange: null,
    });
  });
});
