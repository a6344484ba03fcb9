/**
 * Style tags → style families. Each family has its own layout grammar, type pairings and
 * colour temperament; free-form tags ("elegant", "eco", "kids") map onto the nearest one.
 */

export const STYLE_FAMILIES = ['minimalist', 'luxury', 'vintage', 'playful', 'botanical', 'geometric', 'modern', 'bold'] as const;
export type StyleFamily = (typeof STYLE_FAMILIES)[number];

const SYNONYMS: Readonly<Record<string, StyleFamily>> = {
  minimalist: 'minimalist', minimal: 'minimalist', minimalism: 'minimalist', simple: 'minimalist', clean: 'minimalist',
  scandinavian: 'minimalist', nordic: 'minimalist', japandi: 'minimalist', zen: 'minimalist', understated: 'minimalist',
  luxury: 'luxury', luxurious: 'luxury', premium: 'luxury', elegant: 'luxury', elegance: 'luxury', classy: 'luxury',
  sophisticated: 'luxury', gold: 'luxury', opulent: 'luxury', 'high end': 'luxury', deluxe: 'luxury', art_deco: 'luxury', 'art deco': 'luxury',
  vintage: 'vintage', classic: 'vintage', traditional: 'vintage', heritage: 'vintage', antique: 'vintage', rustic: 'vintage',
  handcrafted: 'vintage', artisan: 'vintage', artisanal: 'vintage', 'old school': 'vintage', victorian: 'vintage', apothecary: 'vintage',
  playful: 'playful', fun: 'playful', cute: 'playful', kids: 'playful', children: 'playful', whimsical: 'playful',
  cheerful: 'playful', cartoon: 'playful', friendly: 'playful', happy: 'playful', quirky: 'playful', colorful: 'playful', colourful: 'playful',
  botanical: 'botanical', floral: 'botanical', natural: 'botanical', nature: 'botanical', organic: 'botanical', eco: 'botanical',
  green: 'botanical', herbal: 'botanical', garden: 'botanical', earthy: 'botanical', sustainable: 'botanical', boho: 'botanical',
  geometric: 'geometric', abstract: 'geometric', bauhaus: 'geometric', pattern: 'geometric', memphis: 'geometric', mosaic: 'geometric',
  modern: 'modern', contemporary: 'modern', sleek: 'modern', tech: 'modern', futuristic: 'modern', gradient: 'modern',
  corporate: 'modern', professional: 'modern', urban: 'modern', sporty: 'modern', sport: 'modern',
  bold: 'bold', retro: 'bold', pop: 'bold', 'pop art': 'bold', loud: 'bold', vibrant: 'bold', seventies: 'bold',
  '70s': 'bold', groovy: 'bold', street: 'bold', graphic: 'bold', energetic: 'bold', industrial: 'bold',
};

function normalise(tag: string): string {
  return tag.trim().toLowerCase().replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').replace(/\s*style$/, '');
}

/** The families named by the tags, in order, without repeats; empty when none is recognised. */
export function familiesFromTags(tags: readonly string[]): StyleFamily[] {
  const out: StyleFamily[] = [];
  for (const raw of tags) {
    const tag = normalise(raw);
    const hit = SYNONYMS[tag] ?? tag.split(' ').map((w) => SYNONYMS[w]).find((f) => f !== undefined);
    if (hit && !out.includes(hit)) out.push(hit);
  }
  return out;
}

export function isStyleFamily(value: string): value is StyleFamily {
  return (STYLE_FAMILIES as readonly string[]).includes(value);
}
