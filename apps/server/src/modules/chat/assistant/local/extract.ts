/**
 * Reads a design brief out of free English text: product, brand, box types, styles, colours,
 * elements, a mention of a logo, and what the user means by the message as a whole (generate,
 * leave it to us, a greeting…). Rules only, no model: fast and predictable.
 *
 * Each phrase counts once: brand and product are found first and cut out (so "Honey Bee Farm" adds
 * no colour and "handmade soap" no style); boxes are read next; then colour moods, colours, styles
 * and elements compete by phrase length (see readTags). A negator ("no gold", "without leaves")
 * turns what follows it into removals.
 */
import { normalizeTerm, stripNonTerms, type DesignBrief } from '@packsmith/contracts';
import type { Awaiting } from '../assistant.js';
import { WordIndex, isDictionaryWord, isFiniteVerb } from './language.js';
import { isKnownProduct, isProductTerm, profileFor } from './profiles.js';
import { prepareText } from './prepare.js';
import { BAG_PRODUCTS, boxScanner, colourScanner, genericBoxes, isPackWord, readTags, styleScanner, withoutTags } from './terms.js';

/** Additions and removals for one list of the brief. */
export interface ListChange {
  add: string[];
  remove: string[];
  /** The message corrects the list ("actually make it blue"): the additions replace it. */
  replace: boolean;
}

export type Intent = 'generate' | 'confirm' | 'skip' | 'greeting' | 'thanks' | 'question' | null;

/** What one message says about the brief (nothing here is applied yet). */
export interface BriefUpdate {
  product: string | null;
  brand: string | null;
  /** Box slugs named in the message, first named first; they replace the brief's boxes. */
  boxes: string[];
  /** 0-based pick among the offered box options ("the second one"). */
  choice: number | null;
  styles: ListChange;
  /** Colours named as colours. */
  colours: ListChange;
  /** Colours a mood stands for ("earthy tones"): used when no colour is named. */
  moodColours: string[];
  elements: ListChange;
  logo: 'mentioned' | 'declined' | null;
  intent: Intent;
  /** "We don't have a brand name yet." */
  noBrand: boolean;
  /** Names read from position alone ("Sunday makes granola"): the reply asks whether they are right. */
  guess: { brand: boolean; product: boolean };
}

export interface ExtractContext {
  brief: DesignBrief;
  awaiting: Awaiting | null;
}

export function emptyUpdate(): BriefUpdate {
  const list = (): ListChange => ({ add: [], remove: [], replace: false });
  return {
    product: null,
    brand: null,
    boxes: [],
    choice: null,
    styles: list(),
    colours: list(),
    elements: list(),
    moodColours: [],
    logo: null,
    intent: null,
    noBrand: false,
    guess: { brand: false, product: false },
  };
}

// ------------------------------------------------------------------------------------------- intent

const GENERATE_RE =
  /(?:^| )(?:generate|regenerate|go ahead|go for it|create (?:the |my |some )?designs?|make (?:the |my |some )?designs?|start generating|show me (?:some |the |my )?designs?|let s see (?:it|them|some designs|the designs))(?= |$)/;
const GENERATE_WHOLE_RE =
  /^(?:(?:ok|okay|yes|great|perfect|cool|alright) )?(?:let s go|lets go|go|do it|make it|create it|build it|hit it|start|run it)(?: please| now)?$/;
const CONFIRM_WHOLE_RE =
  /^(?:yes|yeah|yep|yup|sure|ok|okay|k|ready|i m ready|im ready|looks good|look good|sounds good|looks great|sounds great|looks perfect|perfect|great|good|all good|that s all|thats all|that s it|thats it|nothing else|no that s all|no thats all|no nothing else|no thanks|no thank you|nope|no|done|fine|correct|right|exactly|lgtm|all set|yes please|go on|proceed|continue|that works|works for me|love it|nice|cool|alright)(?: thanks| thank you| please)?$/;
const SKIP_RE =
  /(?:^| )(?:you choose|you pick|you decide|up to you|surprise me|no preferences?|don t mind|dont mind|don t care|dont care|whatever|any is fine|anything is fine|anything works|either is fine|either works|not sure|no idea|doesn t matter|doesnt matter|dunno|skip|your call|your choice|default|whatever you think|you recommend|do you recommend|do you suggest|your suggestions?|the suggestions?|your recommendations?|the recommended|go with your|what you suggest|what you recommend)(?= |$)/;
const GREETING_RE = /^(?:hi|hello|hey|hiya|heya|yo|howdy|good morning|good afternoon|good evening|greetings)(?: there| again)?$/;
const THANKS_RE = /^(?:thanks|thank you|thx|ty|cheers|thanks a lot|thank you so much|many thanks)$/;
const QUESTION_START_RE = /^(?:what|how|why|who|when|where|which|can|could|do|does|is|are|will|would|should|may)(?= |$)/;
const NO_BRAND_RE =
  /(?:^| )(?:no brand|no brand name|no name|don t have (?:a |one|the )?(?:brand|name|one)|dont have (?:a |one |the )?(?:brand|name|one)|do not have (?:a )?(?:brand|name|one)|haven t (?:decided|picked|chosen)|not decided|undecided|tbd|to be decided|not sure)(?= |$)/;

function classifyIntent(raw: string, n: string): Intent {
  if (GENERATE_RE.test(n) || GENERATE_WHOLE_RE.test(n)) return 'generate';
  if (SKIP_RE.test(n)) return 'skip';
  if (CONFIRM_WHOLE_RE.test(n)) return 'confirm';
  if (THANKS_RE.test(n)) return 'thanks';
  // "Hi, I need help with packaging" opens with a greeting; whatever else it says is read as usual.
  if (GREETING_RE.test(n) || GREETING_RE.test(normalizeTerm(raw.split(/[,.!?;]/)[0] ?? ''))) return 'greeting';
  if (raw.trim().endsWith('?') || QUESTION_START_RE.test(n)) return 'question';
  return null;
}

// --------------------------------------------------------------------------------------------- names

interface Found {
  value: string;
  start: number;
  end: number;
}

/** Longer phrases are not names or products but run-on text. */
const MAX_PRODUCT_CHARS = 80;
const MAX_BRAND_CHARS = 60;

const wordKey = (w: string): string => normalizeTerm(w).replace(/ /g, '');

/** Words that end a name or a product phrase. */
const STOP_WORDS = new Set([
  'called',
  'named',
  'under',
  'with',
  'in',
  'for',
  'that',
  'which',
  'who',
  'whose',
  'brand',
  'brands',
  'branded',
  'company',
  'business',
  'startup',
  'packaging',
  'package',
  'packages',
  'packaged',
  'but',
  'please',
  'by',
  'from',
  'using',
  'featuring',
  'inspired',
  'so',
  'because',
  'to',
  'we',
  'i',
  'im',
  'it',
  'its',
  'our',
  'my',
  'style',
  'styled',
  'look',
  'looking',
  'vibe',
  'vibes',
  'feel',
  'theme',
  'themed',
  'colors',
  'colours',
  'color',
  'colour',
  'design',
  'designs',
  'is',
  'are',
  'was',
  'were',
  'will',
  'would',
  'should',
  'could',
  'can',
  'need',
  'needs',
  'want',
  'wants',
  'like',
  'as',
  'at',
  'on',
  'into',
  'plus',
  'also',
  'too',
  'then',
  'or',
  'via',
  'where',
  'when',
  'while',
  'if',
  'since',
  'aimed',
  'targeted',
  'targeting',
  'sold',
  'selling',
  'sells',
  'makes',
  'making',
  'maybe',
  'perhaps',
  'thanks',
  'label',
  'labels',
  'ideally',
  'preferably',
  'either',
  'something',
  'anything',
  'the',
  'a',
  'an',
  'and',
  'of',
  'here',
  'there',
  'has',
  'have',
  'had',
  'just',
  'only',
  'not',
  'no',
  'instead',
  'rather',
  'than',
  'very',
  'really',
  'lets',
  'let',
  'inside',
  'go',
  'goes',
]);
/** Words for the business rather than the product ("my ramen shop", "Casa Verde winery"). */
const BUSINESS_WORDS = new Set([
  'brand',
  'company',
  'business',
  'startup',
  'shop',
  'store',
  'roastery',
  'roasters',
  'bakery',
  'brewery',
  'winery',
  'distillery',
  'farm',
  'farms',
  'studio',
  'kitchen',
  'cafe',
  'restaurant',
  'label',
  'co',
  'lab',
  'labs',
  'apothecary',
  'creamery',
  'collective',
  'boutique',
  'atelier',
  'market',
  'line',
  'range',
  'collection',
  'house',
  'maison',
  'maker',
  'makers',
  'producer',
  'producers',
  'manufacturer',
  'supplier',
  'stand',
  'stall',
  'truck',
  'cart',
  'vineyard',
  'microroastery',
  'roaster',
  'florist',
  'pantry',
  'deli',
]);
/**
 * Words that describe a pack, not what goes in it ("a rigid gift box", "resealable pouch", "lid and
 * base box", "display box for shops"): a phrase of only these is never the product.
 */
const PACK_FEATURE_WORDS = new Set([
  'rigid',
  'gift',
  'resealable',
  'reclosable',
  'zip',
  'zipper',
  'ziplock',
  'lid',
  'lids',
  'base',
  'display',
  'window',
  'windowed',
  'kraft',
  'magnetic',
  'drawer',
  'sleeve',
  'shops',
  'shop',
  'stores',
  'retail',
  'shelf',
  'shelves',
  'counter',
  'shipping',
  'mailer',
  'mailing',
  'tuck',
  'end',
  'folding',
  'foldable',
  'collapsible',
  'corrugated',
  'cardboard',
  'paperboard',
  'paper',
  'glass',
  'plastic',
  'metal',
  'tin',
  'aluminium',
  'aluminum',
  'recyclable',
  'compostable',
  'biodegradable',
  'eco',
  'friendly',
  'sustainable',
  'printed',
  'custom',
  'branded',
  'stand',
  'up',
  'standup',
  'flat',
  'bottom',
  'side',
  'gusset',
  'gusseted',
  'clear',
  'frosted',
  'amber',
  'matte',
  'matt',
  'glossy',
  'insert',
  'inserts',
  'tray',
  'handle',
  'handles',
  'neck',
  'hang',
  'tab',
  'presentation',
  'luxury',
  'premium',
  'small',
  'large',
  'big',
  'mini',
  'tall',
  'slim',
  'round',
  'square',
  'rectangular',
  'new',
  'nice',
  'cute',
  'simple',
  'sturdy',
  'packs',
  'pack',
  'and',
  'with',
  'for',
  'print',
  'printing',
  'logo',
  'logos',
  'design',
  'designs',
  'artwork',
  'font',
  'text',
  'finish',
  'foil',
  'embossing',
  'emboss',
  'sticker',
  'stickers',
  'colour',
  'colours',
  'color',
  'colors',
  'pls',
  'only',
  'inside',
  'outside',
  'takeaway',
  'hexagonal',
  'crash',
  'lock',
  'auto',
  'half',
  'dozen',
]);
/** Words that start an instruction, never a product or a name ("make it blue", "use gold"). */
const VERB_START = new Set([
  'make',
  'use',
  'add',
  'change',
  'design',
  'create',
  'give',
  'put',
  'want',
  'need',
  'like',
  'love',
  'go',
  'do',
  'get',
  'let',
  'lets',
  'try',
  'show',
  'can',
  'could',
  'would',
  'should',
  'please',
  'i',
  'we',
  'you',
  'my',
  'our',
  'keep',
  'remove',
  'drop',
  'switch',
  'swap',
  'replace',
  'generate',
  'help',
  'looking',
  'thinking',
  'maybe',
  'actually',
  'also',
  'and',
  'but',
  'so',
  'then',
  'not',
  'no',
  'yes',
]);
/** Words a name may contain between capitalised words ("Willow & Thyme", "House of Nova"). */
const NAME_JOINERS = new Set(['&', 'and', 'of', 'the', 'de', 'du', 'la', 'le', 'del', 'di', 'von', 'van', "n'", 'n']);
const NOT_NAMES = new Set([
  'it',
  'this',
  'that',
  'them',
  'they',
  'yet',
  'one',
  'something',
  'anything',
  'nothing',
  'sure',
  'yes',
  'no',
  'ok',
  'okay',
  'none',
  'new',
  'hi',
  'hello',
  'hey',
  'thanks',
  'please',
  'what',
  'how',
  'why',
  'whatever',
  'i',
  'we',
  'me',
  'us',
  'you',
  'brand',
  'name',
  'the brand',
  'hmm',
  'hm',
  'hmmm',
  'um',
  'umm',
  'uh',
  'erm',
  'er',
  'ah',
  'oh',
  'well',
  'yeah',
  'nope',
  'maybe',
  'dunno',
  'team',
  'folks',
]);
/** Words that make a capitalised phrase an occasion, a place or a platform, not a brand ("for Christmas", "for Mother's Day"). */
const NOT_BRAND_WORDS = new Set([
  'christmas',
  'xmas',
  'easter',
  'halloween',
  'valentine',
  'valentines',
  'mother',
  'mothers',
  'father',
  'fathers',
  'thanksgiving',
  'diwali',
  'ramadan',
  'eid',
  'hanukkah',
  'friday',
  'year',
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'saturday',
  'sunday',
  'amazon',
  'etsy',
  'shopify',
  'instagram',
  'tiktok',
  'facebook',
  'europe',
  'usa',
  'us',
  'uk',
  'eu',
  'america',
  'asia',
  'africa',
  'canada',
  'australia',
  'germany',
  'france',
  'italy',
  'spain',
  'japan',
  'china',
  'india',
  'mexico',
  'english',
  'i',
  'me',
  'my',
  'our',
  'the',
  'a',
  'gen',
  'kids',
  'men',
  'women',
  'teens',
  'summer',
  'winter',
  'spring',
  'autumn',
]);
/** Days and months name brands too ("Sunday Florist"), so they only count against a one-word name ("for Sunday"). */
const CALENDAR_WORDS = new Set([
  'friday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'saturday',
  'sunday',
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
  'summer',
  'winter',
  'spring',
  'autumn',
]);
const hasNotBrandWord = (name: string): boolean => {
  const words = name.split(/\s+/);
  return words.some((w) => NOT_BRAND_WORDS.has(wordKey(w)) && (words.length === 1 || !CALENDAR_WORDS.has(wordKey(w))));
};
const POSSESSIVE_NOT_NAMES = new Set([
  'it',
  'that',
  'what',
  'here',
  'there',
  'let',
  'he',
  'she',
  'who',
  'where',
  'how',
  'today',
  'everyone',
  'mum',
  'mom',
  'dad',
  'one',
  'this',
]);

const isCapitalised = (w: string): boolean => /^[\p{Lu}\p{N}]/u.test(w);

/** Title case for names typed in lower case ("willow and thyme" → "Willow and Thyme"). */
function titleCase(name: string): string {
  if (/\p{Lu}/u.test(name)) return name;
  return name
    .split(' ')
    .map((w, i) => (i > 0 && NAME_JOINERS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

const PHRASE_END = /[,;:!?()"“”\n+•|]|\.(?:\s|$)|\s-\s|\s-$|[–—]/u;
const QUOTE_OPEN = /^\s*(["“'‘])/;

/**
 * The name starting at `from`: a quoted name, or words up to punctuation or a stop word (at most
 * 5). With `capOnly`, only capitalised words (and joiners between them) count.
 */
function readName(raw: string, from: number, capOnly: boolean): Found | null {
  const tail = raw.slice(from);
  const quote = QUOTE_OPEN.exec(tail);
  if (quote) {
    const close = quote[1] === '"' ? '"' : quote[1] === '“' ? '”' : /['’]/;
    const body = tail.slice(quote[0].length);
    const endAt = typeof close === 'string' ? body.indexOf(close) : body.search(close);
    const inner = endAt > 0 ? body.slice(0, endAt).trim() : '';
    if (!inner || inner.split(/\s+/).length > 5) return null;
    const start = from + quote[0].length + body.indexOf(inner);
    return { value: inner, start, end: start + inner.length };
  }
  const cut = tail.search(PHRASE_END);
  const segment = cut >= 0 ? tail.slice(0, cut) : tail;
  const lead = segment.length - segment.trimStart().length;
  const words = segment.trim().split(/\s+/).filter(Boolean);
  const taken: string[] = [];
  for (let i = 0; i < words.length && taken.length < 5; i++) {
    let w = words[i] ?? '';
    const next = words[i + 1];
    // "Mama's chilli oil" ends the name and keeps the 's; "Nova's new bar" is grammar (Nova); "Tony's Pizzeria" is one name.
    const possessive = /['’]s$/.test(w) && isCapitalised(w) && !(next !== undefined && isCapitalised(next) && capOnly);
    if (possessive && GRAMMAR_POSSESSIVE_NEXT.has(wordKey(next ?? ''))) w = w.slice(0, -2);
    const key = wordKey(w);
    if (taken.length > 0 && NAME_JOINERS.has(w.toLowerCase())) {
      const joins = next !== undefined && (capOnly ? isCapitalised(next) : !STOP_WORDS.has(wordKey(next)));
      if (!joins) break;
      taken.push(w);
      continue;
    }
    if (capOnly && !isCapitalised(w)) break;
    if (!capOnly && STOP_WORDS.has(key) && !(taken.length === 0 && key === 'the' && next && isCapitalised(next))) break;
    if (key === '') break;
    taken.push(w);
    // "Dot's Doughnuts" goes on; "Mama's chilli oil" ends at the possessive.
    if (possessive && !(next !== undefined && isCapitalised(next) && !/['’]s$/.test(next) && !GRAMMAR_POSSESSIVE_NEXT.has(wordKey(next)))) break;
  }
  while (taken.length > 0 && NAME_JOINERS.has((taken[taken.length - 1] ?? '').toLowerCase())) taken.pop();
  const text = taken.join(' ');
  const value = text
    .replace(/(?<![sS])['’]+$/, '')
    .replace(/[.]+$/, '')
    .replace(/(?<=[^sS])['’]$/, '');
  if (!value || NOT_NAMES.has(value.toLowerCase())) return null;
  const start = from + lead;
  return { value, start, end: start + value.length };
}

/** Words after "X's" that make the 's grammar, not part of the name ("Pounce's new line", "Nova's latest"). */
const GRAMMAR_POSSESSIVE_NEXT = new Set([
  'new',
  'latest',
  'first',
  'next',
  'own',
  'line',
  'range',
  'products',
  'product',
  'packaging',
  'brand',
  'signature',
  'best',
  'bestselling',
  'flagship',
  'upcoming',
  'seasonal',
  'limited',
  'holiday',
  'range',
  'collection',
  'team',
  'founder',
  'logo',
  'colours',
  'colors',
  'label',
]);

/** Whether the phrase says nothing but styles, colours, pack words and fillers ("minimalist", "dark green box"). */
function looksLikeTagsOnly(phrase: string): boolean {
  const n = normalizeTerm(phrase);
  if (!n || isKnownProduct(n)) return false;
  return (
    withoutTags(n)
      .split(' ')
      .filter((w) => w && !isPackWord(w) && !STOP_WORDS.has(w)).length === 0
  );
}

function acceptableBrand(found: Found | null): found is Found {
  if (!found) return false;
  if (found.value.split(/\s+/).length > 5 || found.value.length > MAX_BRAND_CHARS) return false;
  return !looksLikeTagsOnly(found.value) || /\p{Lu}/u.test(found.value.slice(1));
}

interface NamePattern {
  re: RegExp;
  capOnly: boolean;
  /** For "for Nova" and the like: the name must not be an occasion, a place or a product word. */
  strict?: boolean;
}

const BRAND_PATTERNS: NamePattern[] = [
  {
    re: /\b(?:change|switch|rename|update|set|make)\s+(?:the\s+|it\s+|my\s+|our\s+)?(?:brand(?:\s+name)?|name|company\s+name)\s+(?:to|as|into)\s+/gi,
    capOnly: false,
  },
  { re: /\brename\s+(?:it|the\s+brand|us)\s+(?:to\s+)?/gi, capOnly: false },
  {
    re: /\b(?:brand|company|business|shop|store)(?:'s|’s)?(?:\s+name)?(?:\s+(?:is|will\s+be|would\s+be|should\s+be)|\s*[:=]|\s+[-–])\s*(?:called\s+|named\s+)?/gi,
    capOnly: false,
  },
  { re: /\bbrand\s+name\s+(?!is\b|will\b|would\b|should\b)/gi, capOnly: false },
  // "our name is Nova", not "my name is John" (a person).
  { re: /(?<!product\s|my\s)\bname\s*(?:is\b|:)\s*/gi, capOnly: false },
  { re: /\b(?:called|named|call\s+it|name\s+it|calling\s+it|naming\s+it|call\s+the\s+brand|name\s+the\s+brand|goes\s+by|known\s+as)\s+/gi, capOnly: false },
  { re: /\b[Bb]rand\s+/g, capOnly: true },
  // "brand seoul food co" (typed in lower case): not "brand new", "brand colours"…
  {
    re: /\bbrand\s+(?!new\b|identity\b|colou?rs?\b|name\b|is\b|guidelines?\b|story\b|look\b|feel\b|values?\b|voice\b|style\b|logo\b|and\b|for\b|of\b|that\b|which\b|i\b|we\b|my\b|our\b|the\b|a\b|an\b|with\b|called\b|named\b)/gi,
    capOnly: false,
    strict: true,
  },
  {
    re: /\b(?:company|business|shop|store|roastery|bakery|brewery|winery|distillery|studio|farm|label|startup|cafe|café|restaurant|kitchen|boutique)\s+/gi,
    capOnly: true,
    strict: true,
  },
  {
    re: /\b(?:we\s+are|we're|we’re|i\s+run|i\s+own|we\s+run|i\s+founded|we\s+founded|my\s+company|our\s+company|my\s+business|our\s+business|my\s+shop|our\s+shop|my\s+store|our\s+store|my\s+brand|our\s+brand|our\s+(?:small\s+|little\s+|family\s+)?(?:studio|distillery|bakery|brewery|winery|vineyard|farm|roastery|kitchen|label))\s*,?\s+/gi,
    capOnly: true,
    strict: true,
  },
  { re: /\bby\s+/gi, capOnly: true, strict: true },
  { re: /\b(?:for|at|from)\s+/gi, capOnly: true, strict: true },
];
const QUOTED_RE = /["“]([^"“”\n]{1,40})["”]|(?:^|\s)['‘]([^'‘’\n]{1,40})['’](?=$|[\s,.!?;:])/g;
const SLOGAN_BEFORE_RE = /(?:text|tagline|slogan|saying|says|say|reads|read|words|line|message|phrase|quote|headline|claim)\s*:?\s*$/i;
const ORG_AFTER_RE =
  /^\s+(?:winery|brewery|bakery|roastery|roasters|farm|farms|studio|kitchen|apothecary|co|company|distillery|creamery|dairy|bakehouse|patisserie|chocolatier|atelier|lab|labs|collective|market|boutique|cafe|café)\b/i;
const CAP_WORD = String.raw`\p{Lu}(?:[\p{L}\p{N}.-]|['’][sS](?=\s+\p{Lu})|['’](?![sS](?![\p{L}])))*`;
const CAP_SEQ_RE = new RegExp(String.raw`(?<![\p{L}\p{N}])${CAP_WORD}(?:\s+(?:&\s+|and\s+|of\s+)?${CAP_WORD}){0,3}`, 'gu');

export function findBrand(raw: string): Found | null {
  for (const { re, capOnly, strict } of BRAND_PATTERNS) {
    re.lastIndex = 0;
    for (let m = re.exec(raw); m; m = re.exec(raw)) {
      const name = readName(raw, m.index + m[0].length, capOnly);
      if (!acceptableBrand(name)) continue;
      if (strict) {
        if (hasNotBrandWord(name.value) || isProductTerm(name.value) || looksLikeTagsOnly(name.value)) continue;
      }
      return name;
    }
  }
  QUOTED_RE.lastIndex = 0;
  for (let m = QUOTED_RE.exec(raw); m; m = QUOTED_RE.exec(raw)) {
    const inner = (m[1] ?? m[2] ?? '').trim();
    if (!inner || SLOGAN_BEFORE_RE.test(raw.slice(0, m.index))) continue;
    const start = raw.indexOf(inner, m.index);
    if (inner.split(/\s+/).length <= 5) return { value: inner, start, end: start + inner.length };
  }
  CAP_SEQ_RE.lastIndex = 0;
  for (let m = CAP_SEQ_RE.exec(raw); m; m = CAP_SEQ_RE.exec(raw)) {
    const seq = m[0].replace(/[.]+$/, '');
    const after = raw.slice(m.index + seq.length);
    const first = wordKey(seq.split(/\s+/)[0] ?? '');
    // "the Nova brand", "Nova is our brand", "Casa Verde winery", "Nova's cold brew".
    const brandAfter = /^\s+(?:brand\b|is\s+(?:the|my|our)\s+(?:brand|company|label)\b)/i.test(after);
    const orgAfter = ORG_AFTER_RE.test(after) && m.index > 0;
    const possessive = /^['’]s\s/.test(after) && !POSSESSIVE_NOT_NAMES.has(first);
    if (!brandAfter && !orgAfter && !possessive) continue;
    if (isProductTerm(seq) || NOT_NAMES.has(seq.toLowerCase()) || hasNotBrandWord(seq) || looksLikeTagsOnly(seq)) continue;
    if (m.index === 0 && !possessive && STOP_WORDS.has(first)) continue;
    if (possessive && !GRAMMAR_POSSESSIVE_NEXT.has(wordKey(/^['’]s\s+(\S+)/.exec(after)?.[1] ?? ''))) {
      return { value: `${seq}${after.slice(0, 2)}`, start: m.index, end: m.index + seq.length + 2 };
    }
    return { value: seq, start: m.index, end: m.index + seq.length };
  }
  return null;
}

/** A brand is sure when a cue word names it ("brand Nova", "called Nova", "Nova brewery"); otherwise it was read from position. */
const BRAND_CUE_BEFORE_RE =
  /(?:brand|name|called|named|call\s+it|company|business|shop|store|label|we\s+are|we're|we’re|i\s+run|i\s+own)\W{0,4}(?:\s+(?:is|will\s+be|=))?\s*["“'‘]?\s*$/i;
function brandIsGuess(brand: Found, raw: string): boolean {
  if (BRAND_CUE_BEFORE_RE.test(raw.slice(Math.max(0, brand.start - 30), brand.start))) return false;
  const after = raw.slice(brand.end);
  if (ORG_AFTER_RE.test(after) || /^\s+(?:brand|company|label)\b/i.test(after) || /^['’]s\s/.test(after)) return false;
  return positionalGuess(brand);
}

// ------------------------------------------------------------------------------------------ product

const LEAD_RE =
  /^(?:(?:\d+(?:[.,]\d+)?\s?(?:kg|g|mg|ml|l|cl|oz|lb|lbs|x|pcs|pc|pack|ct|piece|pieces|count)?|one|two|three|four|five|six|eight|ten|twelve|a|an|the|my|our|some|new|brand new|own|very own|this|these|those|their|his|her|your|of|just|mainly|mostly|basically|range of|line of|lines of|collection of|series of|selection of|variety of|batch of|kind of|type of|types of|bunch of|lot of|lots of|couple of|bottle of|bottles of|jar of|jars of|bag of|bags of|box of|boxes of|can of|cans of|pack of|packs of|tin of|tins of|pouch of)\s+)+/i;

/** The product phrase at the start of `tail`: up to punctuation or a stop word, without leading fillers. */
function readProduct(raw: string, from: number): Found | null {
  const tail = raw.slice(from);
  const cut = tail.search(PHRASE_END);
  let segment = cut >= 0 ? tail.slice(0, cut) : tail;
  const leadMatch = LEAD_RE.exec(segment.trimStart());
  const lead = segment.length - segment.trimStart().length + (leadMatch ? leadMatch[0].length : 0);
  segment = segment.slice(lead);
  const words = segment.split(/\s+/).filter(Boolean);
  const taken: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    const key = wordKey(w);
    if ((key === 'and' || w === '&') && taken.length > 0) {
      // "soap and candles" is one product line; "soap and I want…" ends it.
      const next = wordKey(words[i + 1] ?? '');
      // "coconut & lime body butter": a flavour that reads as a colour still joins when a product follows.
      const rest = words.slice(i + 1, i + 5).join(' ');
      if (next && !STOP_WORDS.has(next) && !VERB_START.has(next) && (!looksLikeTagsOnly(words[i + 1] ?? '') || isKnownProduct(rest))) {
        taken.push(w);
        continue;
      }
      break;
    }
    // "bone broth for dogs", "sardines in olive oil": who it is for, and what it is in, belong to the product.
    if (taken.length > 0 && key === 'for' && AUDIENCE.has(wordKey(words[i + 1] ?? ''))) {
      taken.push(w, words[i + 1] ?? '');
      break;
    }
    if (
      taken.length > 0 &&
      key === 'in' &&
      (isProductTerm(words.slice(i + 1, i + 3).join(' ')) || isProductTerm(words[i + 1] ?? '')) &&
      !isPackWord(wordKey(words[i + 1] ?? ''))
    ) {
      const two = isProductTerm(words.slice(i + 1, i + 3).join(' '));
      taken.push(w, ...words.slice(i + 1, i + (two ? 3 : 2)));
      break;
    }
    if (STOP_WORDS.has(key) || key === '') break;
    // "our LED lamps come in a box": a finite verb after the noun ends the phrase (compromise's tags).
    if (taken.length > 0 && endsNounPhrase(raw, from + lead + offsetOfWord(segment, i))) break;
    taken.push(w);
  }
  if (taken.length === 0) return null;
  const value = taken.join(' ').replace(/[.'’]+$/, '');
  const start = from + lead;
  return { value, start, end: start + value.length };
}

/** Animals a product is for: "bone broth for dogs" is not bone broth for people. */
const AUDIENCE = new Set(['dogs', 'cats', 'pets', 'puppies', 'kittens', 'horses', 'birds', 'rabbits']);

/** Character offset of word `i` of a phrase split on white space. */
function offsetOfWord(segment: string, i: number): number {
  const re = /\S+/g;
  let m: RegExpExecArray | null = null;
  for (let k = 0; k <= i; k++) m = re.exec(segment);
  return m ? m.index : 0;
}

/** The tags of the last text read, so a message is parsed once however many phrases are read from it. */
let lastTagged: { raw: string; index: WordIndex } | null = null;
function endsNounPhrase(raw: string, at: number): boolean {
  if (lastTagged?.raw !== raw) lastTagged = { raw, index: WordIndex.of(raw) };
  const word = lastTagged.index.at(at);
  // Product words that the tagger also knows as verbs ("cold brew", "hand wash") stay in.
  if (word === undefined || isProductTerm(word.text)) return false;
  const following = lastTagged.index.words[lastTagged.index.words.indexOf(word) + 1];
  // "a cat treat made with salmon", "a candle poured into amber glass".
  if (word.tags.has('PastTense') && following?.tags.has('Preposition')) return true;
  if (!isFiniteVerb(word)) return false;
  if (word.tags.has('Copula') || word.tags.has('Modal')) return true;
  // "dried mango slices": a word in -s after a noun is more often a plural than a verb.
  if (/s$/i.test(word.text)) return false;
  const next = lastTagged.index.words[lastTagged.index.words.indexOf(word) + 1];
  return next === undefined || ['Preposition', 'Determiner', 'Adverb', 'Adjective'].some((t) => next.tags.has(t));
}

function sliceFound(found: Found, fromWord: number, toWord: number): Found | null {
  const words = found.value.split(' ');
  const kept = words.slice(fromWord, toWord);
  if (kept.length === 0) return null;
  const offset = words.slice(0, fromWord).join(' ').length + (fromWord > 0 ? 1 : 0);
  const value = kept.join(' ');
  return { value, start: found.start + offset, end: found.start + offset + value.length };
}

/**
 * Cleans a product phrase: without the brand ("Crumb & Co sourdough" → "sourdough"), without the
 * business word ("ramen shop" → "ramen") and without the pack ("Jewelry gift box" → "Jewelry",
 * "honey jar" → "honey"). Null when nothing that names a product is left.
 */
function refineProduct(found: Found | null, brand: Found | null): Found | null {
  if (!found) return null;
  let current: Found | null = found;
  if (brand && current) {
    const words = current.value.split(' ');
    const brandWords = brand.value.split(' ').length;
    const lower = (ws: string[]) => normalizeTerm(ws.join(' '));
    if (lower(words.slice(0, brandWords)) === normalizeTerm(brand.value)) current = sliceFound(current, brandWords, words.length);
    else if (words.length > brandWords && lower(words.slice(-brandWords)) === normalizeTerm(brand.value))
      current = sliceFound(current, 0, words.length - brandWords);
  }
  if (!current) return null;
  // The pack at the end: a box phrase after the product ("Jewelry gift box"), or a whole box phrase
  // that holds a product word ("honey jar", "cold pressed juice bottles", "cat food tin").
  const words = current.value.split(' ');
  let packless = words.length;
  while (packless > 0 && isPackWord(wordKey(words[packless - 1] ?? ''))) packless--;
  const withoutPack = words.slice(0, packless).join(' ');
  for (let k = 0; k < words.length; k++) {
    const n = normalizeTerm(words.slice(k).join(' '));
    const hit = boxScanner.hits(n).find((h) => h.start === 0 && h.end === n.length);
    if (!hit) continue;
    const boxProductWords = words.slice(k, packless).join(' ');
    const keepsProduct =
      packless > k &&
      (isProductTerm(boxProductWords) || isProductTerm(withoutPack) || isProductTerm(words.slice(Math.max(0, packless - 2), packless).join(' ')));
    if (keepsProduct) current = sliceFound(current, 0, packless);
    else if (k > 0) current = sliceFound(current, 0, k);
    else current = null;
    break;
  }
  if (!current) return null;
  let ws = current.value.split(' ');
  let end = ws.length;
  while (end > 1 && isPackWord(wordKey(ws[end - 1] ?? '')) && !(/^bags?$/.test(wordKey(ws[end - 1] ?? '')) && BAG_PRODUCTS.has(wordKey(ws[end - 2] ?? ''))))
    end--;
  current = sliceFound(current, 0, end);
  if (!current) return null;
  ws = current.value.split(' ');
  if (!isProductTerm(current.value)) {
    end = ws.length;
    while (end > 0 && BUSINESS_WORDS.has(wordKey(ws[end - 1] ?? ''))) end--;
    current = sliceFound(current, 0, end);
  }
  return current;
}

/** Whether a cut-off tail names a pack ("tin", "gift box"). */
function boxOrPackIn(tail: string): boolean {
  const n = normalizeTerm(tail);
  return boxScanner.hits(n).length > 0 || n.split(' ').some((w) => isPackWord(w));
}

function acceptableProduct(found: Found | null, brand: Found | null): found is Found {
  if (!found) return false;
  const n = normalizeTerm(found.value);
  const words = n.split(' ');
  if (!n || words.length > 7 || found.value.length > MAX_PRODUCT_CHARS || NOT_NAMES.has(words[0] ?? '') || NOT_NAMES.has(n) || VERB_START.has(words[0] ?? ''))
    return false;
  if (brand && normalizeTerm(brand.value) === n) return false;
  if (words.every((w) => BUSINESS_WORDS.has(w) || isPackWord(w) || PACK_FEATURE_WORDS.has(w))) return false;
  // "Chocolate brown" is a colour, not chocolate; "caramel and cream palette" a palette.
  if (colourScanner.hits(n).some((h) => h.start === 0 && h.end === n.length) && n.includes(' ')) return false;
  if (/ (?:red|pink|orange|yellow|green|blue|purple|brown|grey|gray|white|black)$/.test(n) && words.length <= 3 && !isProductTerm(n)) return false;
  if (/ (?:palette|colou?rs?|tones|shades)$/.test(n) && / and /.test(n)) return false;
  if (isKnownProduct(n)) return true;
  if (looksLikeTagsOnly(found.value)) return false;
  if (GREETING_RE.test(n) || CONFIRM_WHOLE_RE.test(n) || SKIP_RE.test(n) || THANKS_RE.test(n)) return false;
  return true;
}

/** Proper names ("a box for Nova") are brands, not products — unless they name a known product ("our Pinot Noir"). */
function looksLikeProperName(found: Found, raw: string): boolean {
  if (found.start === 0 || isProductTerm(found.value)) return false;
  if (/[.!?]\s*$/.test(raw.slice(0, found.start))) return false;
  return found.value.split(/\s+/).every((w) => isCapitalised(w) || NAME_JOINERS.has(w.toLowerCase()));
}

/** Drops style and colour words in front of a noun phrase ("eco friendly kraft tea" → "tea"), not product words ("green tea"). */
function stripAdjectives(found: Found | null): Found | null {
  let current = found;
  while (current && current.value.includes(' ')) {
    if (isProductTerm(current.value)) break;
    const words = current.value.split(' ');
    if (isProductTerm(words.slice(0, 2).join(' ')) || isProductTerm(words.slice(0, 3).join(' '))) break;
    let cut = 0;
    for (let j = Math.min(3, words.length - 1); j >= 1; j--) {
      // "organic green tea": "green tea" is a product, so only "organic" may go.
      if (isProductTerm(words.slice(j - 1, j + 1).join(' ')) || isProductTerm(words.slice(j - 1, j + 2).join(' '))) continue;
      if (looksLikeTagsOnly(words.slice(0, j).join(' '))) {
        cut = j;
        break;
      }
    }
    if (cut === 0) break;
    current = sliceFound(current, cut, words.length);
  }
  return current;
}

/** Drops style words in front of a product ("Premium whiskey" → "whiskey"), keeping colour words ("Blush palette"). */
function stripStyleWords(found: Found | null): Found | null {
  let current = found;
  while (current && current.value.includes(' ') && !isProductTerm(current.value)) {
    const [first = '', second = ''] = current.value.split(' ');
    if (styleScanner.scan(normalizeTerm(first)).rest !== '' || isProductTerm(`${first} ${second}`)) break;
    current = sliceFound(current, 1, current.value.split(' ').length);
  }
  return current;
}

type Cleaner = (found: Found | null) => Found | null;
interface ProductPattern {
  re: RegExp;
  /** When the phrase found must be followed by something ("… is called", "… in a pouch"). */
  followedBy?: RegExp;
  clean?: Cleaner;
  /** "a box for Nova": capitalised phrases here are names, not products. */
  rejectNames?: boolean;
  /** The phrase before a pack word: read from the last stop word before it. */
  nounBeforePack?: boolean;
  /** Not when the phrase was a pack ("Tea tin with a window" is no product "Tea"). */
  notPack?: boolean;
}

const PACK_NOUNS = String.raw`(?:packaging|package|packages|labels?|box|boxes|bags?|pouch(?:es)?|bottles?|jars?|tins?|tubes?|cartons?|wrappers?|sleeves?|containers?|cups?|cans|packets?|sachets?|tubs?|bowls?|mailers?)`;

const STRONG_PRODUCT: ProductPattern[] = [
  {
    re: /\b(?:i|we)\s+(?:sell|make|produce|brew|roast|bake|craft|distill|distil|manufacture|grow|import|ferment|blend|press|knit|sew|offer|stock|carry|supply|pour)\s+/gi,
  },
  {
    re: /\b(?:i'?m|i’m|i\s+am|we'?re|we’re|we\s+are|i'?ll\s+be|we'?ll\s+be)\s+(?:selling|making|launching|producing|brewing|roasting|baking|crafting|releasing|creating|starting|opening|introducing|developing|bottling|packing)\s+/gi,
  },
  { re: /\b(?:my|our|the)?\s*products?\s*(?:is|are|will\s+be|would\s+be|=|:|-)\s+/gi },
  { re: /\b(?:change|switch|update|set)\s+(?:the\s+)?product\s+(?:to|into|as)\s+/gi },
  { re: /(?:^|[;,.]\s*)products?\s+(?!is\b|are\b|line\b|name\b|range\b|photos?\b|shots?\b|for\b|of\b)(?=\p{Ll})/giu },
  { re: /\b(?:holds|hold|holding|contains|containing|fits|filled\s+with)\s+/gi },
  { re: /\bactually\s+(?:it'?s|it’s|it\s+is|we\s+sell|i\s+sell|they'?re|they\s+are)\s+(?:for\s+)?/gi },
  { re: /\b(?:selling|producing|offering|that\s+sells|that\s+makes|who\s+sells?|who\s+makes?)\s+/gi },
];
const MEDIUM_PRODUCT: ProductPattern[] = [
  { re: /^\s*(?:it'?s|it’s|it\s+is|this\s+is|these\s+are|they'?re|they\s+are)\s+(?:for\s+)?/gi },
  { re: new RegExp(String.raw`(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{N}-]*(?:\s+(?:&\s+)?\p{Lu}[\p{L}\p{N}-]*)*['’]s\s+`, 'gu'), rejectNames: true },
  { re: /\b(?:our|my)\s+/gi, followedBy: /^\s+(?:is|are)\s+(?:called|named)\b/i },
  // "our LED lamps come in a mailer box", "my candles need a box".
  { re: /\b(?:our|my)\s+/gi, followedBy: /^\s+(?:come|comes|ship|ships|go|goes|need|needs|sit|sits|will\s+go|will\s+come)\b/i, rejectNames: true },
  { re: /^\s*/g, followedBy: new RegExp(String.raw`^\s+(?:in|into|inside)\s+(?:a|an|the|some)?\s*(?:[\p{L}-]+\s+){0,3}?${PACK_NOUNS}\b`, 'iu') },
  // "a box for the gift set" names the pack's use, not what is in it.
  { re: new RegExp(String.raw`\b${PACK_NOUNS}\s+(?:design\s+|ideas?\s+)?for\s+(?!(?:the\s+|a\s+|our\s+|my\s+)?gift\s+sets?\b)`, 'giu'), rejectNames: true },
  { re: /\b(?:bottles?|jars?|cans|bags?|boxes|box|tins?|pouch(?:es)?|packs?|packets?|cartons?|tubes?|cups?|tubs?)\s+of\s+/gi },
  // Many briefs open with the product ("Raw honey from our own hives, sold under the name Golden Acre").
  { re: /(?:^|[.!?;]\s+)(?:(?:hi|hey|hello|hiya|ok|okay|so)\b[!,.—–-]*\s+)?/gi, rejectNames: true, notPack: true, clean: stripStyleWords },
  { re: new RegExp(String.raw`((?:[\p{L}\p{N}'’-]+\s+){1,5}${PACK_NOUNS})\b`, 'giu'), nounBeforePack: true, clean: stripAdjectives, rejectNames: true },
  {
    re: /\b(?:a|an|my|our|the)\s+(?=(?:[\p{L}\p{N}'’-]+\s+){1,4}?(?:brand|company|business|startup|label|line|range|shop|store|producer|maker)\b)/giu,
    clean: stripAdjectives,
    rejectNames: true,
  },
  { re: /\bfor\s+(?:my|our)\s+/gi, rejectNames: true },
];

/** "I need coffee packaging" → "coffee packaging": the words before the pack noun after the last stop word or verb. */
function tailAfterStops(start: number, phrase: string): Found | null {
  const words = phrase.split(/\s+/);
  let i = words.length - 1;
  while (i > 0 && !STOP_WORDS.has(wordKey(words[i - 1] ?? '')) && !VERB_START.has(wordKey(words[i - 1] ?? ''))) i--;
  if (i >= words.length - 1) return null;
  const value = words.slice(i).join(' ');
  const offset = phrase.lastIndexOf(value);
  return { value, start: start + offset, end: start + offset + value.length };
}

const BUSINESS_AFTER_RE = /^\s+(?:brand|company|business|startup|label)\b/i;

/** The product a pattern's match points at, cleaned and checked; null when it names none. */
function candidateOf(p: ProductPattern, m: RegExpExecArray, raw: string, brand: Found | null): Found | null {
  let found = p.nounBeforePack ? tailAfterStops(m.index, m[1] ?? '') : readProduct(raw, m.index + m[0].length);
  if (p.followedBy && (!found || !p.followedBy.test(raw.slice(found.end)))) return null;
  const read = found;
  found = refineProduct(p.clean ? p.clean(found) : found, brand);
  if (p.notPack && read && found && read.value !== found.value && boxOrPackIn(read.value.slice(found.value.length))) return null;
  if (!acceptableProduct(found, brand)) return null;
  if (p.rejectNames && looksLikeProperName(found, raw)) return null;
  return found;
}

function productBy(patterns: readonly ProductPattern[], raw: string, brand: Found | null): Found | null {
  let deferred: Found | null = null;
  for (const p of patterns) {
    p.re.lastIndex = 0;
    for (let m = p.re.exec(raw); m; m = p.re.exec(raw)) {
      // Anchored zero-width patterns ("^") match once.
      if (m[0] === '') p.re.lastIndex += 1;
      const found = candidateOf(p, m, raw, brand);
      if (!found) continue;
      // "packets for my garden brand": that names the business; keep looking for the product itself.
      if (BUSINESS_AFTER_RE.test(raw.slice(found.end)) && !p.clean) {
        deferred ??= found;
        continue;
      }
      return found;
    }
  }
  return deferred;
}

export function findProduct(raw: string, brand: Found | null, strongOnly: boolean): Found | null {
  const strong = productBy(STRONG_PRODUCT, raw, brand);
  if (strong || strongOnly) return strong;
  return productBy(MEDIUM_PRODUCT, raw, brand);
}

// ------------------------------------------------------------------------------------------- frames

/**
 * How people introduce a brand and its product in one breath. Each frame gives both names, which
 * makes it surer than the single-name patterns above, so frames are tried first:
 * "I sell Leafy, an organic green tea", "Sunday makes granola", "Crunchy Monsters — cheese crackers",
 * "Beacon: LED lamps", "we're pounce and we make cat treats", "We are Nocturne Parfums, a perfume
 * house", "sold under the name Beacon", "Harvest is my jam brand: strawberry jam".
 */
export interface FramedNames {
  brand: Found | null;
  product: Found | null;
  /** Whether the frame leaves room for doubt (a lower-case or common-word name read from position alone). */
  guess: boolean;
  /** The product is only the kind of business ("a skincare brand"): one named elsewhere wins. */
  weakProduct?: boolean;
}

const PRONOUNS = new Set(['i', 'we', 'you', 'it', 'they', 'he', 'she', 'this', 'that', 'these', 'those', 'there', 'here', 'my', 'our', 'a', 'an', 'the']);
/** Words of a first phrase that make it a remark, not a brand ("Quick question: …", "Update — …"). */
const REMARK_WORDS = new Set([
  'question',
  'questions',
  'note',
  'notes',
  'update',
  'idea',
  'ideas',
  'request',
  'brief',
  'project',
  'help',
  'hi',
  'hello',
  'hey',
  'ok',
  'okay',
  'so',
  'also',
  'btw',
  'ps',
  'edit',
  'context',
  'background',
  'details',
  'info',
  'summary',
  'goal',
  'goals',
  'budget',
  'deadline',
  'target',
  'audience',
  'vibe',
  'style',
  'colours',
  'colors',
  'packaging',
  'pack',
  'box',
  'product',
  'brand',
  'name',
  'thanks',
  'thank',
  'hiya',
  'heya',
  'howdy',
  'greetings',
  'team',
  'folks',
  'everyone',
  'all',
  'dear',
  'morning',
  'afternoon',
  'evening',
  'quick',
  'fyi',
]);
const SELL_VERBS = String.raw`(?:sell|make|produce|brew|roast|bake|craft|distill|distil|manufacture|grow|ferment|blend|press|knit|sew|offer|pour|create|design|mix|cook)`;
const SELLS_VERBS = String.raw`(?:sells|makes|produces|brews|roasts|bakes|crafts|distills|distils|manufactures|grows|ferments|blends|presses|knits|sews|offers|pours|creates|designs|mixes|cooks|is\s+making|is\s+selling|is\s+launching|does)`;
const CLAUSE_START = String.raw`(?:^|[.!?;]\s+|\n)`;

function frameLeadWordsOk(found: Found): boolean {
  const words = normalizeTerm(found.value).split(' ');
  if (words.length === 0 || words.length > 5) return false;
  if (PRONOUNS.has(words[0] ?? '') || VERB_START.has(words[0] ?? '')) return false;
  if (words.some((w) => REMARK_WORDS.has(w))) return false;
  return !isProductTerm(found.value) && (!looksLikeTagsOnly(found.value) || (isTitleCased(found.value) && found.value.includes(' ')));
}

/** A brand read from position alone is a guess when it is lower case or a single dictionary word ("Sunday", "Harvest"). */
function positionalGuess(found: Found): boolean {
  return !/\p{Lu}/u.test(found.value) || (!found.value.includes(' ') && isDictionaryWord(found.value));
}

/** The product a frame's tail names: a product phrase, refined, or null. */
function productAt(raw: string, from: number, brand: Found | null): Found | null {
  const found = refineProduct(stripStyleWords(readProduct(raw, from)), brand);
  return acceptableProduct(found, brand) ? found : null;
}

/**
 * "an organic green tea", "a luxury perfume house": the product inside an appositive. `weak` when
 * the appositive names the business ("a skincare brand"): a product named elsewhere wins over it.
 */
function appositiveProduct(raw: string, from: number, brand: Found | null): { found: Found; weak: boolean } | null {
  const m = /^\s*(?:,\s*|\s+[-–—]\s+|\s*:\s*)?(?:a|an|our|my|the)\s+/i.exec(raw.slice(from));
  if (!m) return null;
  const start = from + m[0].length;
  const head = readProduct(raw, start);
  const found = refineProduct(stripAdjectives(head), brand);
  if (!found || !acceptableProduct(found, brand) || BUSINESS_WORDS.has(normalizeTerm(found.value))) return null;
  const nextWord = head ? wordKey(/^\s*([\p{L}]+)/u.exec(raw.slice(head.end))?.[1] ?? '') : '';
  const weak = head !== null && (BUSINESS_WORDS.has(wordKey(head.value.split(' ').at(-1) ?? '')) || BUSINESS_WORDS.has(nextWord));
  return { found, weak };
}

const AFTER_BRAND_RE = new RegExp(String.raw`^\s*(?:(?::|\s[-–—]|[–—])\s*|,?\s*(?:${SELLS_VERBS}|${SELL_VERBS})\s+|,\s*(?=[\p{Ll}\p{N}]))`, 'iu');
function productAfterBrand(raw: string, brand: Found): Found | null {
  const sep = AFTER_BRAND_RE.exec(raw.slice(brand.end));
  if (!sep) return null;
  const found = productAt(raw, brand.end + sep[0].length, brand);
  return found && !looksLikeTagsOnly(found.value) ? found : null;
}

/** "Juniper Lane gin" → brand "Juniper Lane", product "gin"; null unless the tail is a known product. */
function nameBeforeProduct(found: Found, raw: string): { brand: Found; product: Found } | null {
  const words = found.value.split(' ');
  let k = 0;
  while (k < words.length - 1 && (isCapitalised(words[k] ?? '') || (k > 0 && NAME_JOINERS.has((words[k] ?? '').toLowerCase())))) k++;
  // All in lower case: a first word that is no English word, no product and no tag ("pounce cat treats").
  if (
    k === 0 &&
    !/\p{Lu}/u.test(raw) &&
    piecesOf(raw).length >= 3 &&
    words.length > 1 &&
    !isDictionaryWord(words[0] ?? '') &&
    !isKnownProduct(words[0] ?? '') &&
    !looksLikeTagsOnly(words[0] ?? '')
  )
    k = 1;
  // "Soy candle": one capitalised English word opening a sentence is just the sentence's capital.
  if (k === 1 && found.start === 0 && isDictionaryWord(words[0] ?? '')) return null;
  if (k === 0 || k > 4) return null;
  const brand = sliceFound(found, 0, k);
  const product = sliceFound(found, k, words.length);
  if (!brand || !product || !isKnownProduct(product.value) || isKnownProduct(brand.value) || looksLikeTagsOnly(brand.value) || hasNotBrandWord(brand.value))
    return null;
  return { brand, product };
}

// --------------------------------------------------------------------------------------- list reader

/** One piece of a list-like brief ("Spiced rum - Salt Dog Rum Co - rum bottle label - navy, cream"). */
interface Piece {
  start: number;
  end: number;
  text: string;
}
type PieceKind = 'name' | 'product' | 'pack' | 'tags' | 'other';

const PIECE_SPLIT_RE = /\s*(?:[,;•|+]|\s-\s|[–—]|:|(?<=[.!?])\s+)\s*/gu;

function piecesOf(raw: string): Piece[] {
  const out: Piece[] = [];
  let at = 0;
  PIECE_SPLIT_RE.lastIndex = 0;
  const push = (from: number, to: number) => {
    const text = raw.slice(from, to);
    const lead = text.length - text.trimStart().length;
    const body = text.trim().replace(/[.!?]+$/, '');
    if (body) out.push({ start: from + lead, end: from + lead + body.length, text: body });
  };
  for (let m = PIECE_SPLIT_RE.exec(raw); m; m = PIECE_SPLIT_RE.exec(raw)) {
    if (m[0] === '') {
      PIECE_SPLIT_RE.lastIndex += 1;
      continue;
    }
    push(at, m.index);
    at = m.index + m[0].length;
  }
  push(at, raw.length);
  return out;
}

/** Every word capitalised (or a joiner, a number, "Co."): "Salt Dog Rum Co", "Hop & Holly". */
function isTitleCased(text: string): boolean {
  const words = text.split(/\s+/);
  return words.every((w, i) => isCapitalised(w) || (i > 0 && NAME_JOINERS.has(w.toLowerCase())) || /^\p{N}/u.test(w));
}

function kindOfPiece(piece: Piece, index: number): PieceKind {
  const n = normalizeTerm(piece.text);
  if (!n) return 'other';
  const words = piece.text.split(/\s+/);
  if (looksLikeTagsOnly(piece.text)) return boxScanner.hits(n).length > 0 || words.some((w) => isPackWord(wordKey(w))) ? 'pack' : 'tags';
  const product = refineProduct(readProduct(piece.text, 0), null);
  const productOk = acceptableProduct(product, null);
  // A name: title case, not a known product; a single capitalised word opening the message counts too ("Bloom; seed cards").
  const nameLike =
    words.length <= 5 &&
    isTitleCased(piece.text) &&
    !isProductTerm(piece.text) &&
    !hasNotBrandWord(piece.text) &&
    (words.length > 1 || index === 0 || !isDictionaryWord(piece.text));
  if (nameLike && !(words.length === 1 && isKnownProduct(piece.text))) {
    // "Merino wool socks" opens a message in sentence case: a product, not a name.
    if (!(index === 0 && words.length > 1 && isKnownProduct(piece.text) && !isCapitalised(words[1] ?? ''))) return 'name';
  }
  if (productOk) return boxScanner.hits(n).some((h) => h.start === 0 && h.end === n.length) ? 'pack' : 'product';
  return 'other';
}

/**
 * Briefs written as lists ("Chai concentrate, Spice Route Chai, juice bottle, rust and cream";
 * "• Pip Squeak⏎• organic teething biscuits⏎• pillow box"): one piece that is a name and one that
 * is a product make the brand and the product.
 */
export function findListedNames(raw: string): FramedNames | null {
  const pieces = piecesOf(raw);
  if (pieces.length < 2 || pieces.length > 12) return null;
  const kinds = pieces.map((p, i) => kindOfPiece(p, i));
  const names = pieces.filter((_, i) => kinds[i] === 'name');
  const productPiece = pieces.find((_, i) => kinds[i] === 'product' || kinds[i] === 'pack' || kinds[i] === 'other');
  if (names.length !== 1 || !productPiece) return null;
  const namePiece = names[0];
  if (!namePiece) return null;
  const brand = readName(raw, namePiece.start, false);
  if (!brand || brand.end < namePiece.end - 2) return null;
  // The product is read by the usual patterns once the brand is known: a list's product piece can hold its pack too.
  return { brand, product: null, guess: !namePiece.text.includes(' ') && isDictionaryWord(namePiece.text) };
}

/** A name that may stand alone at the head of a line: title case, one word, or anything in an all-lower-case message. */
function nameShaped(name: Found, raw: string): boolean {
  const words = name.value.split(/\s+/);
  if (isTitleCased(name.value) || words.length === 1) return true;
  return !/\p{Lu}/u.test(raw) && words.length <= 3;
}

const hasOccasionWord = (name: string): boolean => name.split(/\s+/).some((w) => NOT_BRAND_WORDS.has(wordKey(w)) && !CALENDAR_WORDS.has(wordKey(w)));

const SELL_LEAD = String.raw`\b(?:(?:i|we)(?:'m|’m|'re|’re|\s+am|\s+are)?\s+(?:just\s+|now\s+|finally\s+|also\s+|recently\s+)?(?:${SELL_VERBS}|selling|making|launching|launch|launched|started|start|founded|opened|run|own|created|introducing)|launching|introducing)\s+`;

export function findFramedNames(raw: string): FramedNames | null {
  // "I sell Leafy, an organic green tea", "I'm launching Brightwell, a vegan gummy", "I sell Kalos, olive oil soap bars".
  const sellName = new RegExp(SELL_LEAD, 'gi');
  for (let m = sellName.exec(raw); m; m = sellName.exec(raw)) {
    const name = readName(raw, m.index + m[0].length, false);
    if (!name || !frameLeadWordsOk(name)) continue;
    const product = appositiveProduct(raw, name.end, name);
    if (product) return { brand: name, product: product.found, weakProduct: product.weak, guess: positionalGuess(name) };
    // Without an article only a capitalised name makes an appositive ("Kalos, olive oil soap bars").
    const bare = /^\s*,\s*/.exec(raw.slice(name.end));
    if (bare && isTitleCased(name.value) && !isKnownProduct(name.value)) {
      const found = productAt(raw, name.end + bare[0].length, name);
      if (found) return { brand: name, product: found, guess: positionalGuess(name) };
    }
  }
  // "we're pounce and we make cat treats", "We are Nocturne Parfums, a luxury perfume house".
  const weAre = /\b(?:we\s+are|we're|we’re|we\s+r|this\s+is|i\s+am|i'm|i’m)\s+/gi;
  for (let m = weAre.exec(raw); m; m = weAre.exec(raw)) {
    const name = readName(raw, m.index + m[0].length, false);
    if (!name || !frameLeadWordsOk(name) || /ing$/i.test(name.value.split(/\s+/)[0] ?? '')) continue;
    const after = raw.slice(name.end);
    const makes = new RegExp(String.raw`^\s*(?:,\s*|\s+)(?:and\s+)?(?:we|i)\s+${SELL_VERBS}\s+`, 'i').exec(after);
    const appositive = makes ? null : appositiveProduct(raw, name.end, name);
    const product = makes ? productAt(raw, name.end + makes[0].length, name) : (appositive?.found ?? null);
    if (product) return { brand: name, product, weakProduct: appositive?.weak ?? false, guess: positionalGuess(name) };
    if (/\p{Lu}/u.test(name.value) && /^\s*(?:[,.!;]|$)/.test(after)) return { brand: name, product: null, guess: false };
  }
  // "sold under the name Beacon", "trading as Beacon", "rebranding as Good Dog Goods", "sell them on Etsy as Woolly Wonders".
  const under =
    /\b(?:under\s+the\s+(?:name|brand(?:\s+name)?|label)|trading\s+as|trade\s+as|we\s+go\s+by|operating\s+as|rebranding\s+as|rebrand(?:ed)?\s+as|renamed\s+(?:to|as)|(?:sell|selling|sold|market|known)\b[^.;:!?]{0,30}?\bas)\s+/gi;
  for (let m = under.exec(raw); m; m = under.exec(raw)) {
    const name = readName(raw, m.index + m[0].length, /\bas\s+$/i.test(m[0]) && !/trading|trade|operating|rebrand|renamed/i.test(m[0]));
    if (name && frameLeadWordsOk(name)) return { brand: name, product: null, guess: false };
  }
  // "we run a microroastery (Kiln Coffee)": a name in brackets after the business.
  const bracket = /\b(?:run|own|have|started|founded|are)\s+(?:a|an|our|my)\s+[\p{L}-]+(?:\s+[\p{L}-]+)?\s+\(\s*/giu;
  for (let m = bracket.exec(raw); m; m = bracket.exec(raw)) {
    const name = readName(raw, m.index + m[0].length, true);
    if (name && frameLeadWordsOk(name) && raw.slice(name.end).trimStart().startsWith(')')) return { brand: name, product: null, guess: false };
  }
  // "Harvest is my jam brand: strawberry jam", "Sunday is our granola company".
  const isMy =
    /(?:^|[.!?;]\s+)([^.!?;,:]{1,60}?)\s+is\s+(?:my|our|the)\s+(?:(?:new|own|little|small)\s+)?([^.!?;,:]{0,40}?)\s*(?:brand|company|label|business|line|range)\b/gi;
  for (let m = isMy.exec(raw); m; m = isMy.exec(raw)) {
    const start = m.index + m[0].indexOf(m[1] ?? '');
    const name = readName(raw, start, false);
    if (!name || name.end - name.start < (m[1] ?? '').trim().length || !frameLeadWordsOk(name)) continue;
    const tail = raw.slice(m.index + m[0].length);
    const colon = /^\s*[:—–-]\s*/.exec(tail);
    let product = colon ? productAt(raw, m.index + m[0].length + colon[0].length, name) : null;
    if (!product && (m[2] ?? '').trim()) {
      const yStart = raw.indexOf(m[2] ?? '', start + name.value.length);
      product = productAt(raw, yStart, name);
    }
    return { brand: name, product, guess: false };
  }
  // "Sunday makes small-batch granola", "Saltwater Kids make reef-safe sunscreen" (a clause that opens with the name).
  const subjectVerb = new RegExp(String.raw`${CLAUSE_START}(?:(?:hi|hello|hey)[!,.]?\s+)?([^.!?;,:\n]{1,50}?)\s+(${SELLS_VERBS}|${SELL_VERBS})\s+`, 'gi');
  for (let m = subjectVerb.exec(raw); m; m = subjectVerb.exec(raw)) {
    const start = m.index + m[0].indexOf(m[1] ?? '');
    const name = readName(raw, start, false);
    if (!name || name.end - name.start < (m[1] ?? '').trim().length || !frameLeadWordsOk(name)) continue;
    // "X make …" (plural verb) only with a title-cased name: "Kids make" alone is a sentence, not a brand.
    if (!/s$|\s/.test(m[2] ?? '') && !(isTitleCased(name.value) && name.value.includes(' '))) continue;
    const product = productAt(raw, m.index + m[0].length, name);
    if (product) return { brand: name, product, guess: positionalGuess(name) };
  }
  // "Crunchy Monsters — kids cheese crackers", "Beacon: LED lamps", "Sunday: overnight oats" (a line that opens with the name).
  const leadSep = /(?:^|[.!?;]\s+)(?:(?:hi|hello|hey|hiya)[!,.]*\s+)?([^.!?;,:—–\n]{1,50}?)\s*(?:\s[-–—]\s|[–—]|:)\s*/g;
  for (let m = leadSep.exec(raw); m; m = leadSep.exec(raw)) {
    const start = m.index + m[0].indexOf(m[1] ?? '');
    const name = readName(raw, start, false);
    if (!name || name.end - name.start < (m[1] ?? '').trim().length || hasOccasionWord(name.value) || !nameShaped(name, raw)) continue;
    const brandLike = isTitleCased(name.value) && (name.value.includes(' ') || /[&'’]/.test(name.value));
    if (!frameLeadWordsOk(name) && !(brandLike && !isProductTerm(name.value) && !REMARK_WORDS.has(wordKey(name.value)))) continue;
    const product = productAt(raw, m.index + m[0].length, name) ?? appositiveProduct(raw, m.index + m[0].length, name)?.found ?? null;
    if (product) return { brand: name, product, guess: positionalGuess(name) };
    if (brandLike) return { brand: name, product: null, guess: false };
  }
  // "Clay face mask by Terra Skin", "Nappy cream from Snuggle Bug" (the product, then its maker).
  const byName = /(?:^|[.!?;:]\s+)(?:(?:hi|hello|hey|hiya)\s*[!,.—–-]*\s+)?([^.!?;,:—–\n]{2,60}?)\s+(?:by|from)\s+/gi;
  for (let m = byName.exec(raw); m; m = byName.exec(raw)) {
    const lower = !/\p{Lu}/u.test(raw);
    const name = readName(raw, m.index + m[0].length, !lower);
    if (!name || !frameLeadWordsOk(name) || hasNotBrandWord(name.value) || (lower && name.value.split(/\s+/).length > 4)) continue;
    const start = m.index + m[0].indexOf(m[1] ?? '');
    const product = refineProduct(stripStyleWords(readProduct(raw, start)), name);
    if (product && acceptableProduct(product, name) && product.end <= m.index + m[0].length) return { brand: name, product, guess: false };
  }
  return null;
}

// ----------------------------------------------------------------------------------- bare answers

const BARE_PRODUCT_LEAD_RE =
  /^(?:(?:it'?s|it’s|it\s+is|its|they'?re|they\s+are|this\s+is|these\s+are|we\s+sell|i\s+sell|we\s+make|i\s+make|selling|making|for|just|mainly|mostly|basically|um+|uh+|h+m+|well|oh|sure|yes|ok|okay|the\s+product\s+is|product\s+is|product|a|an|some)\b[\s,]*)+/i;
const BARE_BRAND_LEAD_RE =
  /^(?:(?:it'?s|it’s|it\s+is|its|we'?re|we’re|we\s+are|the\s+brand\s+is|brand\s+is|the\s+brand|brand\s+name|brand|the\s+name\s+is|name\s+is|name|call\s+it|called|sure|yes|ok|okay|oh|um+|uh+|well|let'?s\s+go\s+with|go\s+with)\b[\s,:]*)+/i;

function bareProduct(raw: string, brand: Found | null): Found | null {
  const lead = BARE_PRODUCT_LEAD_RE.exec(raw.trimStart());
  const from = raw.length - raw.trimStart().length + (lead ? lead[0].length : 0);
  const found = refineProduct(stripAdjectives(readProduct(raw, from)), brand);
  if (!found || found.value.split(/\s+/).length > 6) return null;
  return acceptableProduct(found, brand) ? found : null;
}

function bareBrand(raw: string): Found | null {
  const lead = BARE_BRAND_LEAD_RE.exec(raw.trimStart());
  const from = raw.length - raw.trimStart().length + (lead ? lead[0].length : 0);
  const found = readName(raw, from, false);
  if (!found || found.value.split(/\s+/).length > 5 || found.value.length > MAX_BRAND_CHARS) return null;
  const n = normalizeTerm(found.value);
  if (GREETING_RE.test(n) || CONFIRM_WHOLE_RE.test(n) || SKIP_RE.test(n) || NO_BRAND_RE.test(n) || VERB_START.has(n.split(' ')[0] ?? '')) return null;
  if (looksLikeTagsOnly(found.value) && !/\p{Lu}/u.test(found.value)) return null;
  return found;
}

// -------------------------------------------------------------------------------------- tag reading

const NEGATOR_RE =
  /(?:^| )(?:no|not|without|remove|drop|lose|minus|except|excluding|avoid|instead of|rather than|get rid of|less|dont want|don t want|do not want|dont use|don t use|do not use|no more|never|ditch|take out|take off|nothing)(?= |$)/;
const RESUME_RE = /(?:^| )(?:and (?:add|use|make|go|switch|try|put|include)|add|use|make it|go with|switch to|then)(?= |$)/;
const CORRECTION_RE =
  /(?:^| )(?:actually|instead|change|changed|switch|swap|rather|replace|make it|make them|make the|go with|use only|only|just|not)(?= |$)|^no /;
const APPEND_RE = /(?:^| )(?:add|also|too|as well|plus|more|another|include|including|and some)(?= |$)/;
const LOGO_RE = /(?:^| )logos?(?= |$)/;
const LOGO_DECLINED_RE =
  /(?:^| )(?:no|without|don t have|dont have|do not have|haven t got|no need for|skip|remove|drop|lose|take off|take out)(?: (?:a|the|our|my|any|an))? logos?(?= |$)/;
const ORDINALS: Record<string, number> = { first: 0, '1st': 0, second: 1, '2nd': 1, third: 2, '3rd': 2, fourth: 3, '4th': 3, fifth: 4, '5th': 4 };
const ORDINAL_RE =
  /(?:^| )(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th)(?: one| option)?(?= |$)|(?:^| )(?:option|number|no|#) ?([1-5])(?= |$)|^([1-5])$/;
/** A clause that only says no ("Bottles? No — a pouch"): what came before it is withdrawn. */
const WITHDRAW_RE = /^(?:no|nope|not that|actually no|no no|never mind|scratch that)$/;
const CURRENT_PACK_RE = /(?:^| )(?:currently|at the moment|right now|already|used to|these days|at present|our old|the old|existing)(?= |$)/;
const CLAUSE_SPLIT_RE = /[,.;!?()\n]+|\s[-–—]\s|\bbut\b/i;

interface Segment {
  text: string;
  negated: boolean;
}

/** Splits a clause at its first negator: what follows it (until "and add…") is negated. */
function segmentsOf(clause: string): Segment[] {
  // Phrases that look like tags but are not ("I'd love" is no heart, "can you" no can): the catalogue's list.
  const n = stripNonTerms(clause);
  if (!n) return [];
  const neg = NEGATOR_RE.exec(n);
  if (!neg) return [{ text: n, negated: false }];
  const before = n.slice(0, neg.index);
  const afterAll = n.slice(neg.index + neg[0].length);
  const resume = RESUME_RE.exec(afterAll);
  const negated = resume ? afterAll.slice(0, resume.index) : afterAll;
  const after = resume ? afterAll.slice(resume.index) : '';
  return [{ text: before.trim(), negated: false }, { text: negated.trim(), negated: true }, ...segmentsOf(after)].filter((s) => s.text !== '');
}

function pushAll(into: string[], items: readonly string[]): void {
  for (const i of items) if (!into.includes(i)) into.push(i);
}

// ------------------------------------------------------------------------------------------- public

/** Reads one message. `ctx` tells which field a bare answer fills and which product the boxes are for. */
export function extractBrief(text: string, ctx: ExtractContext): BriefUpdate {
  const prepared = prepareText(text);
  const raw = prepared.text.replace(/\s+/g, ' ').trim();
  const update = emptyUpdate();
  if (!raw && !prepared.form.brand) return update;
  const n = normalizeTerm(raw);
  update.intent = classifyIntent(raw, n);
  update.noBrand = ctx.awaiting === 'brand' && NO_BRAND_RE.test(n);

  const framed = findFramedNames(raw) ?? (findBrand(raw) ? null : findListedNames(raw));
  const formBrand = prepared.form.brand ? readName(prepared.form.brand, 0, false) : null;
  let brand = framed?.brand ?? findBrand(raw);
  if (!brand && ctx.awaiting === 'brand' && update.intent !== 'question' && !update.noBrand) brand = bareBrand(raw);

  const wantsProduct = !ctx.brief.product || ctx.awaiting === 'product';
  let product = framed?.weakProduct || !framed?.product ? (findProduct(raw, brand, !wantsProduct) ?? framed?.product ?? null) : framed.product;
  update.guess = { brand: framed ? framed.guess : brand !== null && brandIsGuess(brand, raw), product: false };
  // "not sure yet", "yes", "thanks" answer the question without naming a product.
  const chatter = update.intent === 'skip' || update.intent === 'confirm' || update.intent === 'thanks' || update.intent === 'question';
  if (!product && wantsProduct && ctx.awaiting !== 'brand' && !chatter) {
    const bare = bareProduct(raw, brand);
    // A bare phrase is a product only when it was asked for, or nothing has been said yet.
    if (bare && (ctx.awaiting === 'product' || isKnownProduct(bare.value) || (!ctx.brief.brand && !ctx.brief.product))) product = bare;
  }
  // "Juniper Lane gin": a capitalised name in front of a known product is the brand (a guess, so the reply asks).
  if (!brand && product && !framed) {
    const split = nameBeforeProduct(product, raw);
    if (split) {
      brand = split.brand;
      product = split.product;
      update.guess.brand = true;
    }
  }
  // After the brand: "Field Notes: notebooks", "Voltaic makes power banks", "Blackwater, makes a pink gin", "Bumble & Bee, baby massage oil".
  if (brand && !product && wantsProduct) product = productAfterBrand(raw, brand);
  if (formBrand) {
    update.brand = titleCase(formBrand.value);
    update.guess.brand = false;
  } else if (brand) update.brand = titleCase(brand.value);
  if (product) update.product = product.value;

  // Tags are read with the brand and product phrases cut out; boxes with only the brand cut out,
  // because "coffee bag" and "honey jar" name box types.
  const cutOut = (spans: (Found | null)[]) => {
    let out = raw;
    for (const s of spans.filter((x): x is Found => x !== null).sort((a, b) => b.start - a.start)) out = `${out.slice(0, s.start)} ; ${out.slice(s.end)}`;
    return out;
  };
  const profile = profileFor(update.product ?? ctx.brief.product);
  // "Golden Hive farm": the business word after the name is part of it for reading tags.
  const orgAfter = brand ? ORG_AFTER_RE.exec(raw.slice(brand.end)) : null;
  const brandSpan = brand && orgAfter ? { ...brand, end: brand.end + orgAfter[0].length } : brand;

  // Box types named outright come before generic nouns ("our retail bags … a flat bottom pouch"), and
  // a label (which only says "on whatever it comes in") comes last.
  const specificBoxes: string[] = [];
  const genericFound: string[] = [];
  const labelBoxes: string[] = [];
  for (const clause of cutOut([brandSpan]).split(CLAUSE_SPLIT_RE)) {
    const c = normalizeTerm(clause);
    if (WITHDRAW_RE.test(c)) {
      specificBoxes.length = 0;
      genericFound.length = 0;
      labelBoxes.length = 0;
      continue;
    }
    // "Currently a stand up pouch", "it ships in a mailer box already": the pack they have, not the one they want.
    if (CURRENT_PACK_RE.test(c)) continue;
    for (const seg of segmentsOf(c)) {
      if (seg.negated) continue;
      const specific = boxScanner.scan(seg.text);
      pushAll(
        specificBoxes,
        specific.found.map((b) => b.slug),
      );
      for (const g of genericBoxes(specific.rest, profile)) pushAll(g.fromLabel ? labelBoxes : genericFound, [g.box.slug]);
    }
  }
  pushAll(update.boxes, [...specificBoxes, ...genericFound, ...labelBoxes]);

  for (const clause of cutOut([brandSpan, product]).split(CLAUSE_SPLIT_RE)) {
    for (const seg of segmentsOf(normalizeTerm(clause))) {
      const tags = readTags(seg.text);
      const target = seg.negated ? 'remove' : 'add';
      pushAll(update.colours[target], tags.colours);
      if (!seg.negated) pushAll(update.moodColours, tags.moods);
      pushAll(update.styles[target], tags.styles);
      pushAll(update.elements[target], tags.elements);
    }
  }
  // Named both ways in one message ("blue, not navy blue"): the addition stands.
  for (const list of [update.colours, update.styles, update.elements]) list.remove = list.remove.filter((r) => !list.add.includes(r));

  const correcting = CORRECTION_RE.test(n) && !APPEND_RE.test(n);
  update.styles.replace = correcting && update.styles.add.length > 0;
  update.colours.replace = correcting && (update.colours.add.length > 0 || update.moodColours.length > 0);

  if (LOGO_RE.test(n)) update.logo = LOGO_DECLINED_RE.test(n) ? 'declined' : 'mentioned';

  if (ctx.awaiting === 'box' && update.boxes.length === 0) {
    const o = ORDINAL_RE.exec(n);
    if (o) update.choice = o[1] !== undefined ? (ORDINALS[o[1]] ?? null) : Number(o[2] ?? o[3]) - 1;
    else if (/(?:^| )(?:last one|the last)(?= |$)/.test(n)) update.choice = -1;
  }

  // A message that names things is not an off-topic question even with a "?" ("navy?").
  if (update.intent === 'question' && hasContent(update) && !/^(?:what|how|why|who|when|where|which)(?= |$)/.test(n)) update.intent = null;
  return update;
}

/** Whether the update says anything about the brief. */
export function hasContent(u: BriefUpdate): boolean {
  return (
    u.product !== null ||
    u.brand !== null ||
    u.boxes.length > 0 ||
    u.choice !== null ||
    u.styles.add.length +
      u.styles.remove.length +
      u.colours.add.length +
      u.colours.remove.length +
      u.moodColours.length +
      u.elements.add.length +
      u.elements.remove.length >
      0 ||
    u.logo !== null
  );
}
