import { describe, expect, it } from 'vitest';
import { hexToOklch, hueDistance } from './color.js';
import { parseColorTags } from './color-names.js';
import { contrastRatio } from './contrast.js';
import { SCHEMES, buildPalette, paletteColors } from './palette.js';
import { Rng } from './random.js';
import { STYLE_FAMILIES } from './styles.js';

describe('colour tags', () => {
  it('reads names (catalogue first, with its synonyms), hex codes and modifiers', () => {
    const t = parseColorTags(['Navy', '#ff0000', 'pastel pink', 'earthy', 'pistachio']);
    // "pastel pink" is a catalogue synonym of Blush; "pistachio" only the local table knows.
    expect(t.colors).toEqual(['#1b2a4a', '#ff0000', '#f2b8c0', '#a8c686']);
    expect(t.modifiers).toEqual(expect.arrayContaining(['pastel', 'earthy']));
  });
});

describe('buildPalette', () => {
  it('keeps the tagged colour as the anchor of a light palette', () => {
    const p = buildPalette({ family: 'minimalist', colorTags: ['green'], mode: 'light' }, new Rng('a'));
    expect(p.primary).toBe('#2f9e44');
    expect(hexToOklch(p.background).l).toBeGreaterThan(0.9);
  });

  it('follows the scheme: complementary accents sit across the wheel', () => {
    const p = buildPalette({ family: 'geometric', colorTags: ['blue'], scheme: 'complementary', mode: 'light' }, new Rng('b'));
    expect(hueDistance(hexToOklch(p.accent).h, hexToOklch('#2563eb').h)).toBeGreaterThan(140);
  });

  it('gives readable text on its own grounds for every family, scheme and mode', () => {
    const tags = [['navy'], ['blush', 'gold'], ['#ffcc00'], [], ['black'], ['pastel mint'], ['terracotta', 'olive']];
    for (const family of STYLE_FAMILIES) {
      for (const scheme of SCHEMES) {
        for (const mode of ['light', 'dark', 'color'] as const) {
          for (const colorTags of tags) {
            const p = buildPalette({ family, colorTags, scheme, mode }, new Rng(`${family}${scheme}${mode}${colorTags.join()}`));
            expect(contrastRatio(p.text, p.background)).toBeGreaterThanOrEqual(4.5);
            expect(contrastRatio(p.textOnPrimary, p.primary)).toBeGreaterThanOrEqual(4.5);
            expect(paletteColors(p)).toHaveLength(6);
          }
        }
      }
    }
  });

  it('reuses a liked palette', () => {
    const liked = ['#101820', '#1c2833', '#f2aa4c', '#e0e0e0', '#f5f5f5', '#101820'];
    const p = buildPalette({ family: 'modern', colorTags: ['red'], liked }, new Rng('c'));
    expect(p.scheme).toBe('liked');
    expect(p.primary).toBe('#f2aa4c');
    expect(p.mode).toBe('dark');
  });
});

describe('buildPalette with named colours', () => {
  const hexOf = (tag: string) => parseColorTags([tag]).colors[0];

  it('makes a light named colour the ground as it is, in every style: pastel pink stays pale pink', () => {
    for (const family of STYLE_FAMILIES) {
      for (let seed = 0; seed < 6; seed++) {
        const p = buildPalette({ family, colorTags: ['pastel pink'] }, new Rng(`blush${family}${seed}`));
        expect(p.roles?.ground?.key, family).toBe('blush');
        expect(p.background).toBe(hexOf('pastel pink'));
        expect(p.mode).toBe('light');
        expect(contrastRatio(p.text, p.background)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('keeps a deep named colour deep (navy is the ground, not black) and a metal as the feature', () => {
    for (const family of STYLE_FAMILIES) {
      const navy = buildPalette({ family, colorTags: ['navy'] }, new Rng(`navy${family}`));
      expect(navy.background, family).toBe('#1b2a4a');
      expect(navy.mode).toBe('dark');
      const deco = buildPalette({ family, colorTags: ['black', 'gold'] }, new Rng(`deco${family}`));
      expect(deco.background).toBe('#111111');
      expect(deco.primary).toBe('#c9a227');
      expect(deco.roles?.features.map((f) => f.key)).toEqual(['gold']);
    }
  });

  it('puts a brief of metals only on a neutral ground (silver on a deep one), the metal leading', () => {
    for (const family of STYLE_FAMILIES) {
      const p = buildPalette({ family, colorTags: ['silver'] }, new Rng(`silver${family}`));
      expect(p.roles?.ground).toBeNull();
      expect(p.primary).toBe('#bfc5cc');
      expect(hexOf('silver')).toBe('#bfc5cc');
      expect(hexToOklch(p.background).l).toBeLessThan(0.35);
    }
  });

  it('lets saturated mid tones fill the pack only in colour-field styles; elsewhere they lead on a quiet ground', () => {
    const bold = buildPalette({ family: 'bold', colorTags: ['red', 'yellow'] }, new Rng('ry'));
    expect(['#d7263d', '#f4c430']).toContain(bold.background);
    const minimal = buildPalette({ family: 'minimalist', colorTags: ['green'] }, new Rng('g'));
    expect(minimal.background).not.toBe('#2f9e44');
    expect(minimal.primary).toBe('#2f9e44');
  });
});
