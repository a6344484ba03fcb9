/**
 * Catalogue lookups for the extractor: terms found *with their positions*, so that a phrase is read
 * once ("honey jar" is a box, not the colour honey; "mint leaves" an element, not the colour mint),
 * colour moods ("earthy tones"), and the generic pack nouns ("a bag", "a bottle") that only mean a
 * box once the product is known.
 */
import {
  BOX_TYPES,
  COLOUR_TAGS,
  KEYWORD_TAGS,
  STYLE_TAGS,
  lookupColour,
  normalizeTerm,
  type BoxSlug,
  type BoxType,
  type ColourSlug,
  type GeometryKind,
  type KeywordTag,
  type MatchableTerm,
} from '@packsmith/contracts';
import { PRODUCT_PROFILES, type ProductProfile } from './profiles.js';

interface Entry<T> extends MatchableTerm {
  readonly value: T;
}

/** Where a term was found in normalised text. */
export interface Hit<T> {
  value: T;
  start: number;
  end: number;
}

/** Finds catalogue terms in normalised text, with positions, and returns the text without them. */
export interface Scanner<T> {
  hits(text: string): Hit<T>[];
  scan(text: string): { found: T[]; rest: string };
}

function escape(word: string): string {
  return word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * One regular expression per list: every phrase of every term, longest first, so at each position
 * the longest phrase wins (as in the shared matcher, whose phrase rules this follows: words may be
 * run together, "stand up" = "standup", and a plural is accepted). `plural: false` for colours:
 * "bones" is not the colour bone, "roses" are flowers.
 */
function createScanner<T>(entries: readonly Entry<T>[], plural = true): Scanner<T> {
  const byKey = new Map<string, T>();
  const phrases: string[] = [];
  for (const entry of entries) {
    for (const phrase of [entry.name, ...entry.synonyms].map(normalizeTerm).filter(Boolean)) {
      const key = phrase.replace(/ /g, '');
      if (byKey.has(key)) continue;
      byKey.set(key, entry.value);
      phrases.push(phrase);
    }
  }
  const body = phrases
    .sort((a, b) => b.length - a.length)
    .map((p) => p.split(' ').map(escape).join(' ?'))
    .join('|');
  const re = new RegExp(`(?<![a-z0-9])(?:${body})${plural ? '(?:s|es)?' : ''}(?![a-z0-9])`, 'g');
  const valueOf = (matched: string): T | undefined => {
    const key = matched.replace(/ /g, '');
    return byKey.get(key) ?? (plural ? (byKey.get(key.replace(/es$/, '')) ?? byKey.get(key.replace(/s$/, ''))) : undefined);
  };
  const hits = (text: string): Hit<T>[] => {
    const out: Hit<T>[] = [];
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const value = valueOf(m[0]);
      if (value !== undefined) out.push({ value, start: m.index, end: m.index + m[0].length });
    }
    return out;
  };
  return {
    hits,
    scan(text) {
      const chosen = pickLongest(hits(text));
      return { found: unique(chosen.map((h) => h.value)), rest: blank(text, chosen) };
    },
  };
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)];
}

/** Longest first, then leftmost; overlapping shorter hits are dropped. Returned in text order. */
function pickLongest<H extends { start: number; end: number }>(hits: readonly H[], rank: (h: H) => number = () => 0): H[] {
  const sorted = [...hits].sort((a, b) => b.end - b.start - (a.end - a.start) || rank(a) - rank(b) || a.start - b.start);
  const taken: H[] = [];
  for (const h of sorted) if (!taken.some((t) => h.start < t.end && t.start < h.end)) taken.push(h);
  return taken.sort((a, b) => a.start - b.start);
}

function blank(text: string, hits: readonly { start: number; end: number }[]): string {
  let out = text;
  for (const h of [...hits].sort((a, b) => b.start - a.start)) out = `${out.slice(0, h.start)} ${out.slice(h.end)}`;
  return out.replace(/ {2,}/g, ' ').trim();
}

/**
 * Single words that name a kind of pack rather than one box type ("a jar" is a honey jar or a cream
 * jar depending on the product), and "pillow", which is more often bedding than a pillow box.
 */
const GENERIC_BOX_WORDS = new Set([
  'can',
  'jar',
  'tube',
  'cup',
  'bowl',
  'tub',
  'container',
  'tin',
  'bag',
  'pouch',
  'carton',
  'pillow',
  'bottle',
  'box',
  'label',
]);

export const boxScanner = createScanner<BoxType>(
  BOX_TYPES.map((b) => ({
    name: b.name.replace(/\s*\(.*\)$/, ''),
    synonyms: [b.name, b.slug, ...b.synonyms].filter((s) => !GENERIC_BOX_WORDS.has(normalizeTerm(s))),
    value: b,
  })),
);

export const styleScanner = createScanner<string>(STYLE_TAGS.map((s) => ({ name: s.name, synonyms: [s.slug, ...s.synonyms], value: s.slug })));
export const colourScanner = createScanner<string>(
  COLOUR_TAGS.map((c) => ({ name: c.name, synonyms: [c.slug, ...c.synonyms], value: c.slug })),
  false,
);
export const keywordScanner = createScanner(KEYWORD_TAGS.map((k) => ({ name: k.name, synonyms: [k.slug, ...k.synonyms], value: k })));
/** Product names of several words ("face cream", "dark chocolate"): read as the product, never as tags. */
const productTermScanner = createScanner(
  PRODUCT_PROFILES.flatMap((p) => {
    const multi = p.terms.filter((t) => normalizeTerm(t).includes(' '));
    const [first, ...others] = multi;
    return first ? [{ name: first, synonyms: others, value: p.id }] : [];
  }),
);

/** Which geometries a generic pack noun can mean, and the box it means when the product says nothing. */
const GENERIC_NOUNS: Record<string, { geometries: readonly GeometryKind[]; fallback: BoxSlug | null }> = {
  bottle: { geometries: ['bottle'], fallback: 'juice-bottle' },
  box: { geometries: ['folding-carton', 'rigid-box', 'corrugated-box'], fallback: 'reverse-tuck-end' },
  carton: { geometries: ['folding-carton'], fallback: 'reverse-tuck-end' },
  bag: { geometries: ['bag'], fallback: 'paper-bag' },
  pouch: { geometries: ['pouch'], fallback: 'stand-up-pouch' },
  packet: { geometries: ['pouch'], fallback: 'sachet' },
  jar: { geometries: ['jar'], fallback: 'glass-jar' },
  tube: { geometries: ['tube'], fallback: 'cosmetic-tube' },
  cup: { geometries: ['cup'], fallback: 'paper-cup' },
  bowl: { geometries: ['bowl'], fallback: 'paper-bowl' },
  tub: { geometries: ['tub', 'cup', 'bowl'], fallback: 'food-container' },
  container: { geometries: ['tub', 'bowl', 'cup'], fallback: 'food-container' },
  tin: { geometries: ['can'], fallback: 'tin-can' },
  can: { geometries: ['can'], fallback: 'beverage-can' },
  // A label goes on whatever bottle, jar or can the product comes in; alone it names no box.
  label: { geometries: ['bottle', 'jar', 'can'], fallback: null },
};

const boxesBySlug = new Map<string, BoxType>(BOX_TYPES.map((b) => [b.slug, b]));

/**
 * "can" is a box after a determiner or an adjective ("in a can", "a retro can with…") and never the
 * verb ("can you…", "we can make"): the word after it decides.
 */
const GENERIC_RE =
  /(?:^| )(?:(bottle|box|carton|bag|pouch|packet|jar|tube|cup|bowl|tub|container|tin|label)(?:s|es)?|(cans)|(?:a|an|the|in|into|one|our|my|per|each|this|that|same|slim|tall|small|big|large|metal) (can)|(can)(?= (?:with|for|of|and|or|in|design|label|labels|packaging|please|too|instead|like|shape|format|size|wrap|mockup)(?= |$)|$))(?= |$)/g;

/** Words before "bags"/"boxes" that make the pack the product itself ("tote bags", "poop bags", "tea bags"). */
export const BAG_PRODUCTS = new Set([
  'tote',
  'poop',
  'sandwich',
  'freezer',
  'bin',
  'trash',
  'garbage',
  'laundry',
  'lunch',
  'makeup',
  'toiletry',
  'wash',
  'pencil',
  'tea',
  'storage',
  'sleeping',
  'gym',
  'beach',
  'coffee',
]);

/** Generic pack nouns in normalised text, in order, as the boxes they mean for this product (`fromLabel`: said as "label"). */
export function genericBoxes(text: string, profile: ProductProfile): { box: BoxType; fromLabel: boolean }[] {
  const out: { box: BoxType; fromLabel: boolean }[] = [];
  GENERIC_RE.lastIndex = 0;
  for (let m = GENERIC_RE.exec(text); m; m = GENERIC_RE.exec(text)) {
    const noun = m[1] ?? (m[2] || m[3] || m[4] ? 'can' : '');
    const rule = GENERIC_NOUNS[noun];
    if (!rule) continue;
    const before = text.slice(0, m.index).trim().split(' ').at(-1) ?? '';
    if (noun === 'bag' && BAG_PRODUCTS.has(before)) continue;
    const suited = profile.boxes.find((s) => rule.geometries.includes(boxesBySlug.get(s)?.geometry ?? 'bag')) ?? rule.fallback;
    // A plain box is the generic carton unless the product calls for another kind (a rigid box for a board game).
    const slug = noun === 'box' && (suited === 'straight-tuck-end' || suited === 'auto-lock-bottom') ? rule.fallback : suited;
    const box = slug ? boxesBySlug.get(slug) : undefined;
    if (box && !out.some((o) => o.box === box)) out.push({ box, fromLabel: noun === 'label' });
  }
  return out;
}

/** Words that are pack nouns (for trimming "coffee bag" down to the product). */
export function isPackWord(word: string): boolean {
  const forms = [word, word.replace(/s$/, ''), word.replace(/es$/, '')];
  return forms.some((w) => GENERIC_BOX_WORDS.has(w) || PACK_WORDS.has(w));
}
const PACK_WORDS = new Set(['packaging', 'package', 'packet', 'sachet', 'wrapper', 'sleeve', 'mailer', 'pack', 'wrapping']);

/*
 * Colour moods: "earthy tones", "pastels", "muted colours" stand for a few catalogue colours.
 * They compete with single words by length, so "warm earthy tones" is not also the style "earthy".
 */
const PALETTES: Record<string, readonly ColourSlug[]> = {
  earthy: ['terracotta', 'olive', 'sand', 'brown'],
  earth: ['terracotta', 'olive', 'sand', 'brown'],
  warm: ['terracotta', 'mustard', 'cream', 'rust'],
  cool: ['navy', 'teal', 'sky', 'slate'],
  pastel: ['blush', 'mint', 'sky', 'lavender'],
  neutral: ['beige', 'cream', 'stone', 'white'],
  muted: ['sage', 'stone', 'mauve', 'denim'],
  bright: ['red', 'yellow', 'cobalt', 'lime'],
  vibrant: ['red', 'yellow', 'cobalt', 'lime'],
  vivid: ['red', 'yellow', 'cobalt', 'lime'],
  bold: ['red', 'yellow', 'cobalt', 'black'],
  dark: ['charcoal', 'navy', 'forest', 'plum'],
  moody: ['charcoal', 'navy', 'forest', 'plum'],
  deep: ['navy', 'forest', 'burgundy', 'plum'],
  light: ['cream', 'blush', 'sky', 'sage'],
  soft: ['cream', 'blush', 'sky', 'sage'],
  jewel: ['emerald', 'plum', 'cobalt', 'burgundy'],
  autumn: ['rust', 'mustard', 'burgundy', 'olive'],
  autumnal: ['rust', 'mustard', 'burgundy', 'olive'],
  fall: ['rust', 'mustard', 'burgundy', 'olive'],
  ocean: ['navy', 'aqua', 'sand', 'white'],
  sea: ['navy', 'aqua', 'sand', 'white'],
  tropical: ['coral', 'lime', 'turquoise', 'yellow'],
  natural: ['kraft', 'cream', 'sage', 'stone'],
  citrus: ['lemon', 'orange', 'lime'],
  sunset: ['coral', 'amber', 'plum', 'peach'],
  candy: ['pink', 'sky', 'lemon', 'mint'],
  metallic: ['gold', 'silver', 'copper'],
  monochrome: ['black', 'white'],
  rainbow: ['red', 'orange', 'yellow', 'green', 'blue', 'purple'],
};
const PALETTE_WORDS = Object.keys(PALETTES).join('|');
/** "warm earthy tones", "pastel colours", "neutral palette": mood words before a colour noun. */
const PALETTE_PHRASE_RE = new RegExp(`(?<![a-z0-9])((?:(?:${PALETTE_WORDS}) (?:and )?)+)(?:tones?|colou?rs?|palettes?|shades|hues|tints)(?![a-z0-9])`, 'g');
const PALETTE_ALONE: Record<string, string> = {
  pastels: 'pastel',
  neutrals: 'neutral',
  metallics: 'metallic',
  monochrome: 'monochrome',
  'earth tones': 'earthy',
};
const PALETTE_ALONE_RE = /(?<![a-z0-9])(pastels|neutrals|metallics|monochrome|earth tones)(?![a-z0-9])/g;
const BASE_COLOURS = 'red|pink|orange|yellow|green|blue|purple|violet|brown|grey|gray|teal|gold|white|black|lilac|peach|mint|coral';
/** "pastel" alone; "pastel pink" is a tone below. */
const PASTEL_RE = new RegExp(`(?<![a-z0-9])pastel(?! (?:${BASE_COLOURS})(?![a-z0-9]))(?![a-z0-9])`, 'g');

/** Light and dark variants of base colours that the catalogue has no synonym for. */
const TONE_VARIANTS: Record<'light' | 'dark' | 'muted' | 'bright' | 'neon', Partial<Record<string, ColourSlug>>> = {
  light: {
    green: 'mint',
    blue: 'sky',
    pink: 'blush',
    purple: 'lavender',
    violet: 'lavender',
    yellow: 'lemon',
    brown: 'tan',
    grey: 'silver',
    gray: 'silver',
    red: 'salmon',
    orange: 'peach',
    teal: 'turquoise',
    gold: 'champagne',
  },
  dark: {
    green: 'forest',
    blue: 'navy',
    red: 'maroon',
    purple: 'plum',
    brown: 'chocolate',
    grey: 'charcoal',
    gray: 'charcoal',
    pink: 'magenta',
    orange: 'rust',
    yellow: 'mustard',
    teal: 'teal',
    gold: 'bronze',
  },
  muted: { green: 'sage', blue: 'denim', pink: 'rose', purple: 'mauve', grey: 'stone', gray: 'stone', red: 'terracotta', yellow: 'mustard' },
  bright: { green: 'green', blue: 'blue', pink: 'pink', red: 'red', yellow: 'yellow', orange: 'orange', purple: 'purple' },
  neon: { green: 'lime', blue: 'cyan', pink: 'magenta', red: 'red', yellow: 'yellow', orange: 'orange', purple: 'violet' },
};
const TONE_WORDS: Record<string, keyof typeof TONE_VARIANTS> = {
  light: 'light',
  pale: 'light',
  soft: 'light',
  baby: 'light',
  pastel: 'light',
  dark: 'dark',
  deep: 'dark',
  rich: 'dark',
  muted: 'muted',
  dusty: 'muted',
  dull: 'muted',
  bright: 'bright',
  vivid: 'bright',
  sunny: 'bright',
  neon: 'neon',
  electric: 'bright',
  fluorescent: 'neon',
  hi: 'bright',
};
const TONE_RE = new RegExp(`(?<![a-z0-9])(${Object.keys(TONE_WORDS).join('|')}) (${BASE_COLOURS})(?![a-z0-9])`, 'g');
const colourSlugs = new Set<string>(COLOUR_TAGS.map((c) => c.slug));
/** "coffee brown", "blush pink", "sage green": a colour word before its hue names that colour. */
const HUED_RE = new RegExp(
  `(?<![a-z0-9])(${COLOUR_TAGS.map((c) => c.slug)
    .filter((c) => /^[a-z]+$/.test(c) && !BASE_COLOURS.split('|').includes(c))
    .join('|')}) (?:${BASE_COLOURS})(?![a-z0-9])`,
  'g',
);

function toneColour(tone: string, base: string): string | undefined {
  const kind = TONE_WORDS[tone];
  const plain = base === 'gray' ? 'grey' : base;
  return lookupColour(`${tone} ${base}`)?.slug ?? (kind ? TONE_VARIANTS[kind][base] : undefined) ?? (colourSlugs.has(plain) ? plain : undefined);
}

type TagKind = 'box' | 'colour' | 'mood' | 'keyword' | 'style' | 'product';
interface TagHit {
  kind: TagKind;
  values: string[];
  start: number;
  end: number;
}
/** On equal length: a box phrase, then colours, then design elements, then styles, then product names. */
const TIE_RANK: Record<TagKind, number> = { box: 0, colour: 1, mood: 1, keyword: 2, style: 3, product: 4 };

function regexHits(re: RegExp, text: string, values: (m: RegExpExecArray) => string[], kind: 'colour' | 'mood' = 'colour'): TagHit[] {
  const out: TagHit[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) out.push({ kind, values: values(m), start: m.index, end: m.index + m[0].length });
  return out;
}

/** "gold foil accents" is also the colour gold: effects named after a colour carry it. */
function effectColour(keyword: KeywordTag): string[] {
  if (keyword.group !== 'effect') return [];
  const colour = lookupColour(keyword.name.split(' ')[0] ?? '');
  return colour ? [`colour:${colour.slug}`] : [];
}

/**
 * Colour words that are also materials ("kraft box", "amber glass") or flavours and scents
 * ("chocolate flavour", "lavender soap", "stone-ground"): read as colours only when said as
 * colours — before a colour noun or another colour, or in a list of colours ("lavender and cream").
 */
const MATERIAL_WORDS = new Set([
  'kraft',
  'amber',
  'clear',
  'frosted',
  'glass',
  'tin',
  'stone',
  'cork',
  'bamboo',
  'wood',
  'wooden',
  'slate',
  'paper',
  'concrete',
  'marble',
]);
const FLAVOUR_WORDS = new Set([
  'honey',
  'chocolate',
  'caramel',
  'coffee',
  'mint',
  'lemon',
  'lime',
  'olive',
  'charcoal',
  'rose',
  'lavender',
  'vanilla',
  'cherry',
  'berry',
  'peach',
  'coconut',
  'cinnamon',
  'ginger',
  'pistachio',
  'espresso',
  'sage',
  'orange',
  'strawberry',
  'raspberry',
  'blueberry',
  'mango',
  'matcha',
  'cocoa',
  'almond',
  'apricot',
  'plum',
  'grape',
  'wine',
  'salmon',
  'mustard',
  'butter',
  'cream',
  'sand',
  'tangerine',
  'melon',
  'watermelon',
  'banana',
  'apple',
  'pear',
  'fig',
  'citrus',
  'saffron',
  'turmeric',
  'paprika',
  'chili',
  'jade',
  'pearl',
  'oat',
  'wheat',
  'tobacco',
  'whiskey',
  'whisky',
  'coral',
  'champagne',
  'bordeaux',
]);
const COLOUR_NOUN = /^(?:colou?rs?|colou?red|tones?|shades?|hues?|palette|accents?|details?|foil|ink)$/;
const LIST_JOIN = /^(?:and|or|n|plus)$/;

function wordsAround(text: string, start: number, end: number): { before: string[]; after: string[] } {
  return { before: text.slice(0, start).trim().split(' ').filter(Boolean).slice(-2), after: text.slice(end).trim().split(' ').filter(Boolean).slice(0, 3) };
}

const isColourWord = (w: string | undefined): boolean => w !== undefined && lookupColour(w) !== undefined && !MATERIAL_WORDS.has(w);
const TONE_BEFORE = /^(?:light|pale|soft|baby|pastel|dark|deep|rich|muted|dusty|bright|vivid|neon|warm|cool|burnt|burned)$/;
/** Words after a flavour that make it a flavour or a scent ("lavender scented", "chocolate flavour", "salmon and tuna recipes"). */
const FLAVOUR_OF =
  /^(?:flavou?rs?|flavou?red|scents?|scented|aroma|infused|taste|tasting|extract|oil|oils|water|essence|notes?|ground|dipped|coated|filled|chips?|bars?|cakes?|cookies?|soaps?|candles?|toothpaste|tea|teas|sauce|jam|syrup|butter|spread|balm|lotion|shampoo|cand(?:y|ies)|gummies|ice|milk|latte|blend|roast|leaves|leaf|sprigs?|flowers?|petals?|sticks?|beans?|pods?|slices?|juice|soda|liqueur|wine|beer|gin|vodka|rum|protein|powder|granola|biscuits?|crackers?|seeds?|nuts?|salt|pepper|shots?|reef|recipes?|pieces|drops|toner|scrub|mist|spray|cream|cheese|yogurt|yoghurt|honey|curd|pie|tart|muffins?|cupcakes?|fudge|truffles?|pralines?|from|by|made|smoked|grown|harvested|farmed|fillets?|steaks?|pate|is|are|was|were)$/;
/** Words before a flavour that make it one ("salted caramel", "smoked salmon", "wild honey"). */
const FLAVOUR_AFTER =
  /^(?:salted|milk|wild|raw|fresh|dried|smoked|roasted|toasted|candied|spiced|sweet|sour|bitter|pure|organic|natural|manuka|real|cold|hot|iced|sliced|whole|ground|crushed)$/;

/**
 * Colour words that are also materials ("kraft box", "amber glass") or flavours and scents
 * ("chocolate flavour", "lavender soap", "honey and almonds"). A material is a colour only when said
 * as one ("kraft brown", "black and kraft", "amber tones"); a flavour is a colour unless the words
 * round it make it a flavour: a food or scent after it, a cooking word before it, or a list of
 * things that are not colours ("salmon and tuna recipes", "lemon and ginger shots").
 */
function saidAsColour(text: string, hit: { start: number; end: number }): boolean {
  const phrase = text.slice(hit.start, hit.end);
  const material = MATERIAL_WORDS.has(phrase);
  if (!material && !FLAVOUR_WORDS.has(phrase)) return true;
  const { before, after } = wordsAround(text, hit.start, hit.end);
  const next = after[0] ?? '';
  const prev = before[before.length - 1] ?? '';
  if (COLOUR_NOUN.test(next) || (next === 'brown' && phrase === 'kraft') || TONE_BEFORE.test(prev)) return true;
  if (material) {
    return (LIST_JOIN.test(next) && isColourWord(after[1]) && !MATERIAL_WORDS.has(after[1] ?? '')) || (LIST_JOIN.test(prev) && isColourWord(before[0]));
  }
  // Next to another colour: "olive + cream", "navy / orange".
  if ((isColourWord(next) && !FLAVOUR_OF.test(after[1] ?? '')) || isColourWord(prev)) return true;
  if (FLAVOUR_OF.test(next) || FLAVOUR_AFTER.test(prev)) return false;
  // "honey and almonds", "chamomile and lavender": listed with something that is no colour ("lavender and midnight blue" is).
  const colourish = (w: string | undefined) => w !== undefined && (isColourWord(w) || TONE_BEFORE.test(w));
  if (LIST_JOIN.test(next) && after[1] !== undefined && !colourish(after[1]) && !colourish(after[2]) && after[1] !== 'a') return false;
  if (LIST_JOIN.test(next) && after[1] === 'a' && !colourish(after[2])) return false;
  if (LIST_JOIN.test(next) && isColourWord(after[1]) && after[2] !== undefined && FLAVOUR_OF.test(after[2])) return false;
  if (
    LIST_JOIN.test(prev) &&
    before[0] !== undefined &&
    !isColourWord(before[0]) &&
    !TONE_BEFORE.test(before[0]) &&
    before[0] !== 'colours' &&
    before[0] !== 'colors'
  )
    return false;
  return true;
}

export interface Tags {
  /** Colours named as colours ("navy", "pastel pink", "coffee brown"). */
  colours: string[];
  /** Colours that a mood stands for ("earthy tones", "pastel colours"): a direction, not named colours. */
  moods: string[];
  styles: string[];
  elements: string[];
}

/**
 * Colours (with moods and tones), styles and design elements in normalised text. Every candidate
 * phrase of every list competes by length, so each word is read once: "mint leaves" is an element,
 * "honey jar" a box, "face cream" the product, "warm earthy tones" four colours.
 */
export function readTags(text: string): Tags {
  const hits: TagHit[] = [
    ...boxScanner.hits(text).map((h) => ({ kind: 'box' as const, values: [], start: h.start, end: h.end })),
    ...productTermScanner.hits(text).map((h) => ({ kind: 'product' as const, values: [], start: h.start, end: h.end })),
    ...colourScanner.hits(text).map((h) => ({ kind: 'colour' as const, values: [h.value], start: h.start, end: h.end })),
    ...styleScanner.hits(text).map((h) => ({ kind: 'style' as const, values: [h.value], start: h.start, end: h.end })),
    ...keywordScanner.hits(text).map((h) => ({
      kind: 'keyword' as const,
      values: [h.value.slug, ...effectColour(h.value)],
      start: h.start,
      end: h.end,
    })),
    ...regexHits(
      PALETTE_PHRASE_RE,
      text,
      (m) =>
        (m[1] ?? '')
          .trim()
          .split(' ')
          .flatMap((w) => PALETTES[w] ?? []),
      'mood',
    ),
    ...regexHits(PALETTE_ALONE_RE, text, (m) => [...(PALETTES[PALETTE_ALONE[m[1] ?? ''] ?? ''] ?? [])], 'mood'),
    ...regexHits(PASTEL_RE, text, () => [...(PALETTES.pastel ?? [])], 'mood'),
    ...regexHits(HUED_RE, text, (m) => [m[1] ?? '']),
    ...regexHits(TONE_RE, text, (m) => [toneColour(m[1] ?? '', m[2] ?? '')].filter((c): c is string => !!c)),
  ];
  const out: Tags = { colours: [], moods: [], styles: [], elements: [] };
  const push = (list: string[], v: string) => {
    if (!list.includes(v)) list.push(v);
  };
  for (const h of pickLongest(hits, (x) => TIE_RANK[x.kind])) {
    if (h.kind === 'colour' && !saidAsColour(text, h)) continue;
    for (const v of h.values) {
      if (h.kind === 'colour') push(out.colours, v);
      else if (h.kind === 'mood') push(out.moods, v);
      else if (h.kind === 'style') push(out.styles, v);
      else if (h.kind === 'keyword') {
        if (v.startsWith('colour:')) push(out.colours, v.slice('colour:'.length));
        else push(out.elements, v);
      }
    }
  }
  return out;
}

/** Normalised text without any colour, style, box or element phrase (to see whether anything else is said). */
export function withoutTags(text: string): string {
  const spans = [
    ...boxScanner.hits(text),
    ...colourScanner.hits(text),
    ...styleScanner.hits(text),
    ...regexHits(PALETTE_PHRASE_RE, text, () => []),
    ...regexHits(PALETTE_ALONE_RE, text, () => []),
    ...regexHits(PASTEL_RE, text, () => []),
    ...regexHits(TONE_RE, text, () => []),
  ];
  return blank(text, pickLongest(spans));
}
