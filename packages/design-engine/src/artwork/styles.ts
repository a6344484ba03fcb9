import { lookupStyle } from '@packsmith/contracts';

/**
 * Style tags → style families. Each family has its own layout grammar, type pairings and
 * colour temperament; free-form tags ("elegant", "eco", "kids") map onto the nearest one.
 */

export const STYLE_FAMILIES = ['minimalist', 'luxury', 'vintage', 'playful', 'botanical', 'geometric', 'modern', 'bold'] as const;
export type StyleFamily = (typeof STYLE_FAMILIES)[number];

const SYNONYMS: Readonly<Record<string, StyleFamily>> = {
  minimalist: 'minimalist',
  minimal: 'minimalist',
  minimalism: 'minimalist',
  simple: 'minimalist',
  clean: 'minimalist',
  scandinavian: 'minimalist',
  nordic: 'minimalist',
  japandi: 'minimalist',
  zen: 'minimalist',
  understated: 'minimalist',
  luxury: 'luxury',
  luxurious: 'luxury',
  premium: 'luxury',
  elegant: 'luxury',
  elegance: 'luxury',
  classy: 'luxury',
  sophisticated: 'luxury',
  gold: 'luxury',
  opulent: 'luxury',
  'high end': 'luxury',
  deluxe: 'luxury',
  art_deco: 'luxury',
  'art deco': 'luxury',
  vintage: 'vintage',
  classic: 'vintage',
  traditional: 'vintage',
  heritage: 'vintage',
  antique: 'vintage',
  rustic: 'vintage',
  handcrafted: 'vintage',
  artisan: 'vintage',
  artisanal: 'vintage',
  'old school': 'vintage',
  victorian: 'vintage',
  apothecary: 'vintage',
  playful: 'playful',
  fun: 'playful',
  cute: 'playful',
  kids: 'playful',
  children: 'playful',
  whimsical: 'playful',
  cheerful: 'playful',
  cartoon: 'playful',
  friendly: 'playful',
  happy: 'playful',
  quirky: 'playful',
  colorful: 'playful',
  colourful: 'playful',
  botanical: 'botanical',
  floral: 'botanical',
  natural: 'botanical',
  nature: 'botanical',
  organic: 'botanical',
  eco: 'botanical',
  green: 'botanical',
  herbal: 'botanical',
  garden: 'botanical',
  earthy: 'botanical',
  sustainable: 'botanical',
  boho: 'botanical',
  geometric: 'geometric',
  abstract: 'geometric',
  bauhaus: 'geometric',
  pattern: 'geometric',
  memphis: 'geometric',
  mosaic: 'geometric',
  modern: 'modern',
  contemporary: 'modern',
  sleek: 'modern',
  tech: 'modern',
  futuristic: 'modern',
  gradient: 'modern',
  corporate: 'modern',
  professional: 'modern',
  urban: 'modern',
  sporty: 'modern',
  sport: 'modern',
  bold: 'bold',
  retro: 'bold',
  pop: 'bold',
  'pop art': 'bold',
  loud: 'bold',
  vibrant: 'bold',
  seventies: 'bold',
  '70s': 'bold',
  groovy: 'bold',
  street: 'bold',
  graphic: 'bold',
  energetic: 'bold',
  industrial: 'bold',
};

/** Every style of the shared tag catalogue, by slug, onto the family that draws it. */
const CATALOGUE_FAMILY: Readonly<Record<string, StyleFamily>> = {
  minimalist: 'minimalist',
  scandinavian: 'minimalist',
  japanese: 'minimalist',
  swiss: 'minimalist',
  flat: 'minimalist',
  'line-art': 'minimalist',
  clinical: 'minimalist',
  luxury: 'luxury',
  'art-deco': 'luxury',
  elegant: 'luxury',
  'art-nouveau': 'luxury',
  chinese: 'luxury',
  vintage: 'vintage',
  'hand-drawn': 'vintage',
  rustic: 'vintage',
  classic: 'vintage',
  folk: 'vintage',
  victorian: 'vintage',
  nautical: 'vintage',
  playful: 'playful',
  kawaii: 'playful',
  whimsical: 'playful',
  festive: 'playful',
  kids: 'playful',
  y2k: 'playful',
  illustrative: 'playful',
  collage: 'playful',
  botanical: 'botanical',
  organic: 'botanical',
  bohemian: 'botanical',
  watercolor: 'botanical',
  tropical: 'botanical',
  mediterranean: 'botanical',
  geometric: 'geometric',
  memphis: 'geometric',
  abstract: 'geometric',
  'mid-century': 'geometric',
  modern: 'modern',
  gradient: 'modern',
  futuristic: 'modern',
  cyberpunk: 'modern',
  industrial: 'modern',
  sporty: 'modern',
  typographic: 'modern',
  brutalist: 'modern',
  bold: 'bold',
  retro: 'bold',
  'pop-art': 'bold',
  street: 'bold',
  grunge: 'bold',
  psychedelic: 'bold',
};

function normalise(tag: string): string {
  return tag
    .trim()
    .toLowerCase()
    .replace(/[-_]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\s*style$/, '');
}

/** The families named by the tags, in order, without repeats; empty when none is recognised. */
export function familiesFromTags(tags: readonly string[]): StyleFamily[] {
  const out: StyleFamily[] = [];
  for (const raw of tags) {
    const tag = normalise(raw);
    const slug = lookupStyle(raw)?.slug;
    const hit =
      (slug ? CATALOGUE_FAMILY[slug] : undefined) ??
      SYNONYMS[tag] ??
      tag
        .split(' ')
        .map((w) => SYNONYMS[w])
        .find((f) => f !== undefined);
    if (hit && !out.includes(hit)) out.push(hit);
  }
  return out;
}

export function isStyleFamily(value: string): value is StyleFamily {
  return (STYLE_FAMILIES as readonly string[]).includes(value);
}
