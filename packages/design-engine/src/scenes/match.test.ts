import { SCENE_FAMILIES } from '@packsmith/contracts';
import { describe, expect, it } from 'vitest';
import { Rng } from '../artwork/random.js';
import { colorName, colorTagsOf, dominantColors, productTone, sceneColors } from './colors.js';
import { familyPreference, rankScenes, recommendScenes, sceneMatchScore } from './match.js';

describe('sceneMatchScore', () => {
  it('prefers a backdrop of the opposite lightness, so the product stands out', () => {
    const whiteJar = ['#f6f4ef', '#d9d4c8'];
    expect(sceneMatchScore(['#2b2d31'], whiteJar)).toBeGreaterThan(sceneMatchScore(['#f2f0ec'], whiteJar) + 0.2);
    const blackBottle = ['#16171a'];
    expect(sceneMatchScore(['#ece6dc'], blackBottle)).toBeGreaterThan(sceneMatchScore(['#2a2b2e'], blackBottle) + 0.2);
  });

  it('scores complementary and analogous hues above a clashing one at equal contrast', () => {
    const red = ['#c8102e'];
    const complementary = sceneMatchScore(['#c9e4de'], red); // pale teal
    const analogous = sceneMatchScore(['#f3d9d2'], red); // pale blush
    const clash = sceneMatchScore(['#dcebc8'], red); // pale lime, ~90° away
    expect(complementary).toBeGreaterThan(clash);
    expect(analogous).toBeGreaterThan(clash);
  });

  it('marks down a backdrop louder than the product', () => {
    const muted = ['#8a9a8f'];
    expect(sceneMatchScore(['#e9e3f0'], muted)).toBeGreaterThan(sceneMatchScore(['#ff2fd0'], muted));
  });

  it('stays within 0–1 and handles empty input', () => {
    expect(sceneMatchScore([], ['#ffffff'])).toBe(0);
    const s = sceneMatchScore(['#777777'], []);
    expect(s).toBeGreaterThanOrEqual(0);
    expect(s).toBeLessThanOrEqual(1);
  });
});

describe('ranking and recommendation', () => {
  it('ranks templates by colour match and category preference', () => {
    const templates = [
      { id: 'a', family: 'studio_sweep' as const, colors: ['#f3f1ed'] },
      { id: 'b', family: 'wood' as const, colors: ['#3a3f45', '#6b4a2f'] },
      { id: 'c', family: 'marble' as const, colors: ['#2f3136'] },
    ];
    // A white cosmetic jar: dark scenes first, and marble beats wood for beauty products.
    const ranked = rankScenes(templates, ['#f6f4ef'], 'Fashion & Beauty');
    expect(ranked.map((r) => r.item.id)).toEqual(['c', 'b', 'a']);
    expect(ranked[0]?.score).toBeGreaterThan(ranked[2]?.score ?? 1);
  });

  it('knows which families suit which products', () => {
    expect(familyPreference('wood', 'Food & Beverages')).toBeGreaterThan(familyPreference('concrete', 'Food & Beverages'));
    expect(familyPreference('studio_sweep', 'Electronics')).toBeGreaterThan(familyPreference('linen', 'Electronics'));
    expect(familyPreference('marble', 'organic face serum')).toBeGreaterThan(familyPreference('wood', 'organic face serum'));
    expect(familyPreference('sand')).toBe(0.7);
  });

  it('recommends one seed per family, best first, deterministically', () => {
    const a = recommendScenes(['#c8102e', '#f4ecd8'], 'Food & Beverages');
    const b = recommendScenes(['#c8102e', '#f4ecd8'], 'Food & Beverages');
    expect(a).toEqual(b);
    expect(new Set(a.map((s) => s.family)).size).toBe(SCENE_FAMILIES.length);
    for (let i = 1; i < a.length; i++) expect((a[i - 1] as { score: number }).score).toBeGreaterThanOrEqual((a[i] as { score: number }).score);
    expect(recommendScenes(['#c8102e'], undefined, { count: 4 })).toHaveLength(4);
  });
});

describe('scene colours', () => {
  it('reads the product tone from its most important colour', () => {
    const t = productTone(['#1b2a4a', '#c9a227']);
    expect(t.hue).toBeGreaterThan(240);
    expect(t.hue).toBeLessThan(280);
    expect(productTone(['#ffffff', '#000000']).hue).toBeNull();
    expect(productTone([]).hue).toBeNull();
  });

  it('gives light products a darker backdrop and dark products a light one', () => {
    for (let seed = 0; seed < 20; seed++) {
      const forDark = sceneColors(['#141414'], new Rng(`t/${seed}`));
      expect(forDark.l).toBeGreaterThan(0.8);
      const forWhite = sceneColors(['#fafafa'], new Rng(`t/${seed}`));
      expect(forWhite.l).toBeLessThan(0.75);
    }
  });

  it('names colours as a person would', () => {
    expect(colorName('#ffffff')).toBe('white');
    expect(colorName('#101010')).toBe('black');
    expect(colorName('#8a8f95')).toBe('grey');
    expect(colorName('#e8dcc4')).toBe('beige');
    expect(colorName('#7a4a2a')).toBe('brown');
    expect(colorName('#d7263d')).toBe('red');
    expect(colorName('#f07c1b')).toBe('orange');
    expect(colorName('#f4c430')).toBe('yellow');
    expect(colorName('#2f9e44')).toBe('green');
    expect(colorName('#0f7c80')).toBe('teal');
    expect(colorName('#2563eb')).toBe('blue');
    expect(colorName('#7b3fb0')).toBe('purple');
    expect(colorName('#ec6fa0')).toBe('pink');
  });

  it('finds the dominant colours of a raster, largest share first', () => {
    const px = Buffer.alloc(100 * 3);
    for (let i = 0; i < 100; i++) {
      const [r, g, b] = i < 70 ? [240, 236, 228] : [27, 42, 74];
      px[i * 3] = r;
      px[i * 3 + 1] = g;
      px[i * 3 + 2] = b;
    }
    const d = dominantColors(px, 3);
    expect(d[0]?.share).toBeCloseTo(0.7, 5);
    expect(d).toHaveLength(2);
    expect(colorTagsOf(d)).toEqual(['white', 'blue']);
  });
});
