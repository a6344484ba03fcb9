import {
  BOX_CATEGORIES,
  DESIGN_IDEA_CATEGORIES,
  boxById,
  boxBySlug,
  lookupBox,
  lookupColour,
  type BoxType,
  type DesignIdeaCategoryName,
} from '@packsmith/contracts';
import { paletteSimilarity } from './lab.js';
import { canonicalTag, foldText, productWords, uniqueTags } from './idea-text.js';

/*
 * The gallery's pure rules: which category a product belongs to, how a category or box is named in
 * a request, what a project is filed under when it is published, and how ideas rank against one
 * idea (similar ideas) or against an image (similar by image).
 */

/** Words that file a product under a category; whole folded words (plurals: a trailing s is tried off). */
// prettier-ignore -- word lists read best filled, not one word a line
const CATEGORY_WORDS: Record<Exclude<DesignIdeaCategoryName, 'Others'>, readonly string[]> = {
  'Food & Beverages': [
    'food',
    'snack',
    'chips',
    'crisps',
    'coffee',
    'tea',
    'matcha',
    'milk',
    'juice',
    'soda',
    'water',
    'beer',
    'ipa',
    'lager',
    'wine',
    'spirits',
    'gin',
    'vodka',
    'whisky',
    'whiskey',
    'rum',
    'kombucha',
    'chocolate',
    'cocoa',
    'candy',
    'sweets',
    'honey',
    'jam',
    'granola',
    'cereal',
    'oats',
    'pasta',
    'noodles',
    'ramen',
    'rice',
    'flour',
    'bread',
    'bagel',
    'bakery',
    'cookie',
    'biscuit',
    'cake',
    'gelato',
    'ice',
    'cream',
    'yogurt',
    'cheese',
    'sauce',
    'ketchup',
    'mayo',
    'salsa',
    'oil',
    'olive',
    'vinegar',
    'salt',
    'pepper',
    'spice',
    'spices',
    'popcorn',
    'nuts',
    'almond',
    'salad',
    'soup',
    'meal',
    'drink',
    'beverage',
    'lemonade',
    'smoothie',
    'syrup',
    'latte',
    'espresso',
    'beans',
    'bar',
    'protein',
    'energy',
    'fruit',
    'vegan',
    'butter',
    'seasoning',
    'cider',
    'mead',
    'sake',
    'liqueur',
    'tonic',
    'jerky',
    'pretzel',
    'cracker',
    'muesli',
    'dumpling',
  ],
  Electronics: [
    'earbuds',
    'headphones',
    'headset',
    'speaker',
    'charger',
    'cable',
    'usb',
    'bluetooth',
    'wireless',
    'smart',
    'bulb',
    'led',
    'lamp',
    'phone',
    'smartphone',
    'tablet',
    'laptop',
    'keyboard',
    'mouse',
    'controller',
    'gaming',
    'console',
    'camera',
    'drone',
    'router',
    'wifi',
    'battery',
    'power',
    'bank',
    'smartwatch',
    'watch',
    'tracker',
    'radio',
    'recorder',
    'microphone',
    'robot',
    'electronics',
    'electronic',
    'circuit',
    'gadget',
    'adapter',
    'hub',
    'monitor',
    'projector',
    'light',
    'vr',
    'audio',
    'sensor',
    'thermostat',
    'doorbell',
    'case',
  ],
  'Fashion & Beauty': [
    'serum',
    'perfume',
    'parfum',
    'fragrance',
    'cologne',
    'lipstick',
    'lip',
    'balm',
    'gloss',
    'mascara',
    'eyeshadow',
    'eyeliner',
    'foundation',
    'makeup',
    'cosmetic',
    'cosmetics',
    'nail',
    'polish',
    'skincare',
    'cream',
    'moisturiser',
    'moisturizer',
    'lotion',
    'cleanser',
    'toner',
    'mask',
    'shampoo',
    'conditioner',
    'hair',
    'dye',
    'beard',
    'soap',
    'body',
    'oil',
    'scrub',
    'sunscreen',
    'spf',
    'fashion',
    'jeans',
    'denim',
    'shirt',
    'dress',
    'scarf',
    'sneakers',
    'shoes',
    'socks',
    'tote',
    'handbag',
    'bag',
    'jewellery',
    'jewelry',
    'earrings',
    'necklace',
    'ring',
    'sunglasses',
    'eyewear',
    'apparel',
    'clothing',
    'beauty',
    'blush',
    'concealer',
    'spray',
    'setting',
  ],
  'Health & Personal Care': [
    'vitamin',
    'vitamins',
    'supplement',
    'supplements',
    'gummies',
    'capsules',
    'tablets',
    'pills',
    'probiotic',
    'melatonin',
    'protein',
    'toothpaste',
    'toothbrush',
    'floss',
    'mouthwash',
    'dental',
    'deodorant',
    'sanitiser',
    'sanitizer',
    'medicine',
    'pharmacy',
    'drops',
    'nasal',
    'eye',
    'plaster',
    'plasters',
    'bandage',
    'first',
    'aid',
    'balm',
    'rub',
    'muscle',
    'pain',
    'relief',
    'sleep',
    'herbal',
    'wellness',
    'health',
    'acne',
    'aloe',
    'prenatal',
    'collagen',
    'greens',
    'superfood',
    'turmeric',
    'bath',
    'salts',
    'inhaler',
    'menthol',
    'razor',
    'shaving',
    'hygiene',
  ],
  'Household essentials': [
    'detergent',
    'laundry',
    'softener',
    'cleaner',
    'cleaning',
    'spray',
    'dish',
    'dishwasher',
    'sponge',
    'sponges',
    'candle',
    'diffuser',
    'scent',
    'air',
    'freshener',
    'bin',
    'liners',
    'trash',
    'towels',
    'kitchen',
    'paper',
    'tissue',
    'toilet',
    'filter',
    'filters',
    'coasters',
    'blanket',
    'throw',
    'matches',
    'polish',
    'wax',
    'furniture',
    'home',
    'household',
    'storage',
    'bags',
    'dryer',
    'litter',
    'pet',
    'dog',
    'cat',
    'broom',
    'mop',
    'bleach',
    'disinfectant',
    'seed',
    'seeds',
    'garden',
    'plant',
    'fertiliser',
    'fertilizer',
  ],
  'Baby & Toys': [
    'baby',
    'babies',
    'infant',
    'toddler',
    'kids',
    'kid',
    'children',
    'child',
    'toy',
    'toys',
    'puzzle',
    'jigsaw',
    'blocks',
    'lego',
    'doll',
    'teddy',
    'plush',
    'game',
    'games',
    'playset',
    'crayons',
    'crayon',
    'slime',
    'nappies',
    'nappy',
    'diapers',
    'diaper',
    'formula',
    'teether',
    'swaddle',
    'swaddles',
    'pacifier',
    'stroller',
    'nursery',
    'bubble',
    'rattle',
    'stacker',
    'maracas',
    'board',
    'book',
    'books',
    'dinosaur',
  ],
};

/** Box types that lean towards a category when the words leave it open. */
const BOX_LEANINGS: Partial<Record<string, DesignIdeaCategoryName>> = {
  'dropper-bottle': 'Fashion & Beauty',
  'pump-bottle': 'Fashion & Beauty',
  'cream-jar': 'Fashion & Beauty',
  'lip-balm-tube': 'Fashion & Beauty',
  'cosmetic-tube': 'Fashion & Beauty',
  'shampoo-bottle': 'Fashion & Beauty',
  'toothpaste-tube': 'Health & Personal Care',
  'wine-bottle': 'Food & Beverages',
  'beer-bottle': 'Food & Beverages',
  'water-bottle': 'Food & Beverages',
  'juice-bottle': 'Food & Beverages',
  'spirits-bottle': 'Food & Beverages',
  'beverage-can': 'Food & Beverages',
  'slim-can': 'Food & Beverages',
  'paper-cup': 'Food & Beverages',
  'cold-cup': 'Food & Beverages',
  'ice-cream-cup': 'Food & Beverages',
  'paper-bowl': 'Food & Beverages',
  'food-container': 'Food & Beverages',
};

/** Who a product is for outweighs what it is: "baby food" is filed under Baby & Toys, not Food. */
const AUDIENCE_WORDS = new Set(['baby', 'babies', 'infant', 'toddler', 'kids', 'kid', 'children', 'child', 'nursery', 'newborn']);

const wordSets = Object.entries(CATEGORY_WORDS).map(([name, words]) => [name as DesignIdeaCategoryName, new Set(words)] as const);

/**
 * The design-idea category of a product: its words (product counts twice, brand once) scored against
 * each category's word list, the box type breaking ties and deciding when no word is known; Others
 * when nothing says otherwise. Ties between categories go to the first in SPEC order.
 */
export function classifyProduct(input: { product: string; brand?: string; box?: string | null }): DesignIdeaCategoryName {
  const scores = new Map<DesignIdeaCategoryName, number>();
  const add = (text: string, weight: number) => {
    for (const raw of foldText(text).split(' ')) {
      if (raw === '') continue;
      const forms = raw.endsWith('s') && raw.length > 3 ? [raw, raw.slice(0, -1)] : [raw];
      const w = forms.some((f) => AUDIENCE_WORDS.has(f)) ? weight * 2 : weight;
      for (const [name, set] of wordSets) if (forms.some((f) => set.has(f))) scores.set(name, (scores.get(name) ?? 0) + w);
    }
  };
  add(input.product, 2);
  add(input.brand ?? '', 1);
  const leaning = input.box ? BOX_LEANINGS[input.box] : undefined;
  if (leaning) scores.set(leaning, (scores.get(leaning) ?? 0) + 1.5);
  let best: DesignIdeaCategoryName = 'Others';
  let bestScore = 0;
  for (const { name } of DESIGN_IDEA_CATEGORIES) {
    const s = scores.get(name) ?? 0;
    if (s > bestScore) {
      best = name;
      bestScore = s;
    }
  }
  return best;
}

/**
 * A design-idea category as a request names it: the name as the spec spells it, its slug, in any
 * case, URL-encoded once or twice, with "and" for "&" or extra spaces ("Food%20%26%20Beverages",
 * "food-beverages", "food and beverages"). Null when it names none.
 */
export function resolveCategory(raw: string): DesignIdeaCategoryName | null {
  let text = raw.trim();
  for (let i = 0; i < 2 && /%[0-9a-f]{2}/i.test(text); i++) {
    try {
      text = decodeURIComponent(text.replace(/\+/g, ' '));
    } catch {
      break;
    }
  }
  const key = (s: string) =>
    foldText(s.replace(/&/g, ' and ').replace(/-/g, ' '))
      .replace(/\band\b/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  const wanted = key(text);
  const found = DESIGN_IDEA_CATEGORIES.find((c) => key(c.name) === wanted || key(c.slug) === wanted);
  return found ? found.name : null;
}

/** A box type from a slug, an id ("201") or a phrase the catalogue knows ("mailer box", "doypack"). */
export function resolveBox(raw: string): BoxType | null {
  const text = raw.trim();
  if (text === '') return null;
  if (/^\d+$/.test(text)) return boxById(Number(text)) ?? null;
  return boxBySlug(text.toLowerCase()) ?? lookupBox(text) ?? null;
}

/** The box slugs a `mockup` value of POST /api/project/category names: one box type, or every box of a box category. */
export function boxSlugsFor(raw: string): string[] | null {
  const box = resolveBox(raw);
  if (box) return [box.slug];
  const folded = foldText(raw.replace(/&/g, ' and '));
  const category = BOX_CATEGORIES.find((c) => foldText(c.name.replace(/&/g, ' and ')) === folded || c.slug === raw.trim().toLowerCase());
  if (!category) return null;
  return boxesOfCategory(category.id);
}

function boxesOfCategory(categoryId: number): string[] {
  const out: string[] = [];
  for (let id = categoryId * 100 + 1; id < categoryId * 100 + 100; id++) {
    const b = boxById(id);
    if (b) out.push(b.slug);
  }
  return out;
}

/** A colour filter value as the tag it matches (slug, name or synonym: "navy blue" → navy). */
export function resolveColour(raw: string): string {
  return lookupColour(raw)?.slug ?? canonicalTag(raw);
}

export interface FilingInput {
  name: string;
  product: string;
  brand: string;
  box: readonly string[];
  style: readonly string[];
  color: readonly string[];
  element: readonly string[];
  story?: string;
  /** data.box_id when the chat chose one. */
  boxId?: number | null;
}

export interface Filing {
  category: DesignIdeaCategoryName;
  tags: string[];
  box: string | null;
}

/** The box type of a brief: data.box_id when it is a catalogue id, else the first box the list names. */
export function boxOfBrief(input: Pick<FilingInput, 'box' | 'boxId'>): BoxType | null {
  if (typeof input.boxId === 'number' && boxById(input.boxId)) return boxById(input.boxId) ?? null;
  for (const b of input.box) {
    const found = resolveBox(b);
    if (found) return found;
  }
  return null;
}

/** What a project is filed under in the gallery: its category, tags (style, colour, element, product words) and box. */
export function fileIdea(input: FilingInput): Filing {
  const box = boxOfBrief(input);
  const tags = uniqueTags([...input.style, ...input.color, ...input.element].map(canonicalTag).concat(productWords(input.product)));
  return { category: classifyProduct({ product: input.product, brand: input.brand, box: box?.slug ?? null }), tags: tags.slice(0, 40), box: box?.slug ?? null };
}

export interface Comparable {
  category: string | null;
  tags: readonly string[];
  palette: readonly string[];
  likeCount: number;
  viewCount: number;
}

/** Shared over all distinct tags (Jaccard), 0–1. */
export function tagOverlap(a: readonly string[], b: readonly string[]): number {
  const sa = new Set(a);
  const sb = new Set(b);
  if (sa.size === 0 || sb.size === 0) return 0;
  let shared = 0;
  for (const t of sa) if (sb.has(t)) shared++;
  return shared / (sa.size + sb.size - shared);
}

/** A little popularity, so equally similar ideas show the liked ones first (never more than a tag's worth). */
const popularity = (c: Pick<Comparable, 'likeCount' | 'viewCount'>): number => Math.min(0.3, Math.log1p(c.likeCount * 3 + c.viewCount) * 0.03);

/**
 * How like `source` a candidate is: the same category weighs most (3), then shared tags (up to 4,
 * Jaccard) and a close palette in Lab (up to 2), with a little popularity to break ties.
 */
export function similarityScore(source: Comparable, candidate: Comparable): number {
  const sameCategory = source.category !== null && source.category === candidate.category ? 3 : 0;
  return sameCategory + 4 * tagOverlap(source.tags, candidate.tags) + 2 * paletteSimilarity(source.palette, candidate.palette) + popularity(candidate);
}

/**
 * How well an idea fits an image: its palette against the image's (up to 3) and the image's keywords
 * found among its tags (up to 2), with a little popularity.
 */
export function imageMatchScore(image: { palette: readonly string[]; keywords: readonly string[] }, candidate: Comparable): number {
  const keywords = uniqueTags(image.keywords.map(canonicalTag));
  const tags = new Set(candidate.tags);
  const hits = keywords.filter((k) => tags.has(k)).length;
  const keywordScore = keywords.length === 0 ? 0 : Math.min(1, hits / Math.min(3, keywords.length));
  return 3 * paletteSimilarity(image.palette, candidate.palette) + 2 * keywordScore + popularity(candidate);
}

/** Orders by score, best first; equal scores keep the input order (stable). */
export function rankBy<T>(items: readonly T[], score: (item: T) => number): T[] {
  return items
    .map((item, i) => ({ item, i, s: score(item) }))
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .map((x) => x.item);
}
