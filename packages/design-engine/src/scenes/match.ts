/**
 * Which scenes suit a product: a pure colour score (the product must stand out — lightness
 * contrast, a harmonious hue, a backdrop no louder than the product) and family preferences
 * by product category. Used to rank the stored templates and to pick families and seeds to
 * generate.
 */
import { SCENE_FAMILIES, type SceneFamily } from '@packsmith/contracts';
import { hexToOklch, hueDistance, parseHex } from '../artwork/color.js';
import { Rng } from '../artwork/random.js';
import { productTone, sceneColors } from './colors.js';

const smooth = (e0: number, e1: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};

interface Tone {
  l: number;
  c: number;
  h: number | null;
}

/** Weighted lightness, chroma and main hue of a list of colours (first ones weigh most). */
function toneOf(colors: readonly string[]): Tone | null {
  const hex = colors.map((c) => parseHex(c)).filter((h): h is string => h !== null);
  if (hex.length === 0) return null;
  let l = 0;
  let c = 0;
  let w = 0;
  let best: { h: number; s: number } | null = null;
  hex.slice(0, 5).forEach((x, i) => {
    const o = hexToOklch(x);
    const k = 1 / (i + 1) ** 2;
    l += o.l * k;
    c += o.c * k;
    w += k;
    if (o.c >= 0.035 && (!best || o.c * k > best.s)) best = { h: o.h, s: o.c * k };
  });
  const b = best as { h: number; s: number } | null;
  return { l: l / w, c: c / w, h: b ? b.h : null };
}

/**
 * 0–1: how well a scene with these dominant colours sets off a product with this palette.
 * Lightness contrast counts most (the silhouette must read), then hue harmony (analogous or
 * complementary beat a clash at ~90°; neutrals go with anything), then restraint (a backdrop
 * more saturated than the product steals the eye) and distinctness (not the product's own colour).
 */
export function sceneMatchScore(sceneColors: readonly string[], productPalette: readonly string[]): number {
  const s = toneOf(sceneColors);
  if (!s) return 0;
  const pt = productTone(productPalette);
  const p: Tone = productPalette.length ? { l: pt.l, c: pt.c, h: pt.hue } : { l: 0.6, c: 0, h: null };
  const contrast = smooth(0.06, 0.34, Math.abs(s.l - p.l));
  let harmony: number;
  if (s.h === null || p.h === null || s.c < 0.03) harmony = 0.85;
  else {
    const d = hueDistance(s.h, p.h);
    if (d <= 45) harmony = 1 - (d / 45) * 0.15;
    else if (d >= 150) harmony = 1 - (Math.abs(d - 180) / 30) * 0.15;
    else harmony = 0.35 + 0.5 * (Math.abs(d - 97.5) / 52.5);
  }
  const restraint = s.c <= p.c + 0.02 ? 1 : Math.max(0, 1 - (s.c - p.c - 0.02) * 8);
  const distinct =
    s.h === null || p.h === null
      ? smooth(0.03, 0.15, Math.abs(s.l - p.l))
      : smooth(0.03, 0.12, Math.hypot(s.l - p.l, (s.c - p.c) * 2, (hueDistance(s.h, p.h) / 180) * Math.min(s.c, p.c) * 4));
  const score = 0.38 * contrast + 0.3 * harmony + 0.14 * restraint + 0.18 * distinct;
  return Math.round(score * 1000) / 1000;
}

type Preferences = Readonly<Partial<Record<SceneFamily, number>>>;

/** Family preferences by product kind (matched on category names and product words). */
const CATEGORY_PREFERENCES: readonly { words: readonly string[]; prefs: Preferences }[] = [
  {
    words: ['food', 'beverage', 'drink', 'coffee', 'tea', 'snack', 'chocolate', 'wine', 'beer', 'juice', 'sauce', 'honey', 'bakery', 'cereal', 'spice'],
    prefs: {
      wood: 1,
      linen: 0.92,
      marble: 0.85,
      terrazzo: 0.75,
      botanical_shadow: 0.75,
      seasonal: 0.7,
      studio_sweep: 0.65,
      concrete: 0.6,
      podium: 0.55,
      gradient: 0.55,
      sand: 0.45,
      water_ripple: 0.45,
    },
  },
  {
    words: ['beauty', 'cosmetic', 'skin', 'fashion', 'perfume', 'fragrance', 'serum', 'cream', 'lotion', 'makeup', 'lipstick', 'jewel', 'nail', 'hair'],
    prefs: {
      marble: 1,
      podium: 0.95,
      water_ripple: 0.92,
      botanical_shadow: 0.9,
      sand: 0.82,
      gradient: 0.8,
      terrazzo: 0.72,
      studio_sweep: 0.7,
      linen: 0.65,
      seasonal: 0.55,
      concrete: 0.55,
      wood: 0.5,
    },
  },
  {
    words: ['electronic', 'tech', 'gadget', 'phone', 'audio', 'headphone', 'speaker', 'charger', 'camera', 'computer', 'device'],
    prefs: {
      studio_sweep: 1,
      gradient: 0.95,
      concrete: 0.9,
      podium: 0.88,
      marble: 0.6,
      terrazzo: 0.55,
      wood: 0.5,
      water_ripple: 0.45,
      sand: 0.4,
      linen: 0.4,
      botanical_shadow: 0.45,
      seasonal: 0.5,
    },
  },
  {
    words: ['health', 'personal care', 'supplement', 'vitamin', 'wellness', 'soap', 'shampoo', 'pharma', 'medical', 'oral', 'toothpaste'],
    prefs: {
      water_ripple: 0.95,
      botanical_shadow: 0.92,
      marble: 0.88,
      studio_sweep: 0.82,
      linen: 0.78,
      podium: 0.75,
      sand: 0.62,
      terrazzo: 0.62,
      gradient: 0.65,
      wood: 0.6,
      concrete: 0.5,
      seasonal: 0.5,
    },
  },
  {
    words: ['household', 'home', 'kitchen', 'clean', 'detergent', 'candle', 'decor', 'pet'],
    prefs: {
      linen: 1,
      wood: 0.92,
      concrete: 0.82,
      studio_sweep: 0.78,
      terrazzo: 0.75,
      botanical_shadow: 0.75,
      marble: 0.7,
      podium: 0.6,
      gradient: 0.6,
      seasonal: 0.6,
      water_ripple: 0.5,
      sand: 0.45,
    },
  },
  {
    words: ['baby', 'toy', 'kid', 'child', 'infant', 'game'],
    prefs: {
      studio_sweep: 1,
      gradient: 0.95,
      linen: 0.88,
      podium: 0.82,
      terrazzo: 0.8,
      seasonal: 0.72,
      wood: 0.7,
      botanical_shadow: 0.6,
      marble: 0.55,
      water_ripple: 0.55,
      sand: 0.5,
      concrete: 0.35,
    },
  },
];

/** 0–1 preference of a family for a product category (or product words); 0.7 when nothing matches. */
export function familyPreference(family: SceneFamily, category?: string): number {
  if (!category) return 0.7;
  const text = category.toLowerCase();
  let best: number | null = null;
  for (const entry of CATEGORY_PREFERENCES) {
    if (entry.words.some((w) => text.includes(w))) best = Math.max(best ?? 0, entry.prefs[family] ?? 0.5);
  }
  return best ?? 0.7;
}

export interface RankedScene<T> {
  item: T;
  score: number;
}

/**
 * Ranks scenes (e.g. stored templates) for a product: 70 % colour match, 30 % family preference
 * for the category. Stable for equal scores (keeps the input order).
 */
export function rankScenes<T extends { colors: readonly string[]; family: SceneFamily }>(
  scenes: readonly T[],
  productPalette: readonly string[],
  category?: string,
): RankedScene<T>[] {
  return scenes
    .map((item, i) => ({
      item,
      i,
      score: Math.round((0.7 * sceneMatchScore(item.colors, productPalette) + 0.3 * familyPreference(item.family, category)) * 1000) / 1000,
    }))
    .sort((a, b) => b.score - a.score || a.i - b.i)
    .map(({ item, score }) => ({ item, score }));
}

export interface SceneSuggestion {
  family: SceneFamily;
  seed: number;
  score: number;
}

/**
 * Families and seeds worth generating for a product: each family's candidate seeds are scored
 * on the colours the scene would take (predicted without rendering) and the category, the best
 * seed per family kept, families ordered by score.
 */
export function recommendScenes(
  productPalette: readonly string[],
  category?: string,
  o: { count?: number; seedsPerFamily?: number; baseSeed?: number } = {},
): SceneSuggestion[] {
  const per = o.seedsPerFamily ?? 6;
  const base = o.baseSeed ?? 1;
  const out: SceneSuggestion[] = [];
  for (const family of SCENE_FAMILIES) {
    let best: SceneSuggestion | null = null;
    for (let k = 0; k < per; k++) {
      const seed = base + k;
      // The same stream renderScene uses, so the prediction is the colours the render will take.
      const c = sceneColors(productPalette, new Rng(`scene/${family}/${seed}`));
      const score = 0.7 * sceneMatchScore([c.wall, c.floor, c.accent], productPalette) + 0.3 * familyPreference(family, category);
      if (!best || score > best.score) best = { family, seed, score: Math.round(score * 1000) / 1000 };
    }
    if (best) out.push(best);
  }
  out.sort((a, b) => b.score - a.score);
  return out.slice(0, o.count ?? out.length);
}
