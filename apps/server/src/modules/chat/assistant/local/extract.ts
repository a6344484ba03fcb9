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
import { isKnownProduct, isProductTerm, profileFor } from './profiles.js';
import { boxScanner, genericBoxes, isPackWord, readTags, withoutTags } from './terms.js';

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
  colours: ListChange;
  elements: ListChange;
  logo: 'mentioned' | 'declined' | null;
  intent: Intent;
  /** "We don't have a brand name yet." */
  noBrand: boolean;
}

export interface ExtractContext {
  brief: DesignBrief;
  awaiting: Awaiting | null;
}

export function emptyUpdate(): BriefUpdate {
  const list = (): ListChange => ({ add: [], remove: [], replace: false });
  return { product: null, brand: null, boxes: [], choice: null, styles: list(), colours: list(), elements: list(), logo: null, intent: null, noBrand: false };
}

// ------------------------------------------------------------------------------------------- intent

const GENERATE_RE =
  /(?:^| )(?:generate|regenerate|go ahead|go for it|create (?:the |my |some )?designs?|make (?:the |my |some )?designs?|start generating|show me (?:some |the |my )?designs?|let s see (?:it|them|some designs|the designs))(?= |$)/;
const GENERATE_WHOLE_RE = /^(?:(?:ok|okay|yes|great|perfect|cool|alright) )?(?:let s go|lets go|go|do it|make it|create it|build it|hit it|start|run it)(?: please| now)?$/;
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
  'called', 'named', 'under', 'with', 'in', 'for', 'that', 'which', 'who', 'whose', 'brand', 'brands', 'branded', 'company', 'business',
  'startup', 'packaging', 'package', 'packages', 'packaged', 'but', 'please', 'by', 'from', 'using', 'featuring', 'inspired', 'so',
  'because', 'to', 'we', 'i', 'im', 'it', 'its', 'our', 'my', 'style', 'styled', 'look', 'looking', 'vibe', 'vibes', 'feel', 'theme',
  'themed', 'colors', 'colours', 'color', 'colour', 'design', 'designs', 'is', 'are', 'was', 'were', 'will', 'would', 'should', 'could',
  'can', 'need', 'needs', 'want', 'wants', 'like', 'as', 'at', 'on', 'into', 'plus', 'also', 'too', 'then', 'or', 'via', 'where', 'when',
  'while', 'if', 'since', 'aimed', 'targeted', 'targeting', 'sold', 'selling', 'sells', 'makes', 'making', 'maybe', 'perhaps', 'thanks',
  'label', 'labels', 'ideally', 'preferably', 'either', 'something', 'anything', 'the', 'a', 'an', 'and', 'of', 'here', 'there', 'has',
  'have', 'had', 'just', 'only', 'not', 'no', 'instead', 'rather', 'than', 'very', 'really', 'lets', 'let', 'inside', 'go', 'goes',
]);
/** Words for the business rather than the product ("my ramen shop", "Casa Verde winery"). */
const BUSINESS_WORDS = new Set([
  'brand', 'company', 'business', 'startup', 'shop', 'store', 'roastery', 'roasters', 'bakery', 'brewery', 'winery', 'distillery', 'farm',
  'farms', 'studio', 'kitchen', 'cafe', 'restaurant', 'label', 'co', 'lab', 'labs', 'apothecary', 'creamery', 'collective', 'boutique',
  'atelier', 'market', 'line', 'range', 'collection',
]);
/** Words that start an instruction, never a product or a name ("make it blue", "use gold"). */
const VERB_START = new Set([
  'make', 'use', 'add', 'change', 'design', 'create', 'give', 'put', 'want', 'need', 'like', 'love', 'go', 'do', 'get', 'let', 'lets',
  'try', 'show', 'can', 'could', 'would', 'should', 'please', 'i', 'we', 'you', 'my', 'our', 'keep', 'remove', 'drop', 'switch', 'swap',
  'replace', 'generate', 'help', 'looking', 'thinking', 'maybe', 'actually', 'also', 'and', 'but', 'so', 'then', 'not', 'no', 'yes',
]);
/** Words a name may contain between capitalised words ("Willow & Thyme", "House of Nova"). */
const NAME_JOINERS = new Set(['&', 'and', 'of', 'the', 'de', 'du', 'la', 'le', 'del', 'di', 'von', 'van', "n'", 'n']);
const NOT_NAMES = new Set([
  'it', 'this', 'that', 'them', 'they', 'yet', 'one', 'something', 'anything', 'nothing', 'sure', 'yes', 'no', 'ok', 'okay', 'none', 'new',
  'hi', 'hello', 'hey', 'thanks', 'please', 'what', 'how', 'why', 'whatever', 'i', 'we', 'me', 'us', 'you', 'brand', 'name', 'the brand',
]);
/** Words that make a capitalised phrase an occasion, a place or a platform, not a brand ("for Christmas", "for Mother's Day"). */
const NOT_BRAND_WORDS = new Set([
  'christmas', 'xmas', 'easter', 'halloween', 'valentine', 'valentines', 'mother', 'mothers', 'father', 'fathers', 'thanksgiving', 'diwali',
  'ramadan', 'eid', 'hanukkah', 'friday', 'year', 'january', 'february', 'march', 'april', 'may', 'june', 'july', 'august',
  'september', 'october', 'november', 'december', 'monday', 'tuesday', 'wednesday', 'thursday', 'saturday', 'sunday', 'amazon', 'etsy',
  'shopify', 'instagram', 'tiktok', 'facebook', 'europe', 'usa', 'us', 'uk', 'eu', 'america', 'asia', 'africa', 'canada', 'australia',
  'germany', 'france', 'italy', 'spain', 'japan', 'china', 'india', 'mexico', 'english', 'i', 'me', 'my', 'our', 'the', 'a', 'gen', 'kids',
  'men', 'women', 'teens', 'summer', 'winter', 'spring', 'autumn',
]);
const hasNotBrandWord = (name: string): boolean => name.split(/\s+/).some((w) => NOT_BRAND_WORDS.has(wordKey(w)));
const POSSESSIVE_NOT_NAMES = new Set(['it', 'that', 'what', 'here', 'there', 'let', 'he', 'she', 'who', 'where', 'how', 'today', 'everyone', 'mum', 'mom', 'dad', 'one', 'this']);

const isCapitalised = (w: string): boolean => /^[\p{Lu}\p{N}]/u.test(w);

/** Title case for names typed in lower case ("willow and thyme" → "Willow and Thyme"). */
function titleCase(name: string): string {
  if (/\p{Lu}/u.test(name)) return name;
  return name
    .split(' ')
    .map((w, i) => (i > 0 && NAME_JOINERS.has(w) ? w : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

const PHRASE_END = /[,;:!?()"“”\n]|\.(?:\s|$)|\s[-–—]\s|\s[-–—]$/u;
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
    // "Nova's cold brew" ends the name; "Tony's Pizzeria" is one.
    const possessive = /['’]s$/.test(w) && isCapitalised(w) && !(next !== undefined && isCapitalised(next) && capOnly);
    if (possessive) w = w.slice(0, -2);
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
    if (possessive) break;
  }
  while (taken.length > 0 && NAME_JOINERS.has((taken[taken.length - 1] ?? '').toLowerCase())) taken.pop();
  const text = taken.join(' ');
  const value = text.replace(/[.'’]+$/, '');
  if (!value || NOT_NAMES.has(value.toLowerCase())) return null;
  const start = from + lead;
  return { value, start, end: start + value.length };
}

/** Whether the phrase says nothing but styles, colours, pack words and fillers ("minimalist", "dark green box"). */
function looksLikeTagsOnly(phrase: string): boolean {
  const n = normalizeTerm(phrase);
  if (!n || isKnownProduct(n)) return false;
  return withoutTags(n).split(' ').filter((w) => w && !isPackWord(w) && !STOP_WORDS.has(w)).length === 0;
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
  { re: /\b(?:change|switch|rename|update|set|make)\s+(?:the\s+|it\s+|my\s+|our\s+)?(?:brand(?:\s+name)?|name|company\s+name)\s+(?:to|as|into)\s+/gi, capOnly: false },
  { re: /\brename\s+(?:it|the\s+brand|us)\s+(?:to\s+)?/gi, capOnly: false },
  { re: /\b(?:brand|company|business|shop|store)(?:'s|’s)?(?:\s+name)?(?:\s+(?:is|will\s+be|would\s+be|should\s+be)|\s*[:=]|\s+[-–])\s*(?:called\s+|named\s+)?/gi, capOnly: false },
  { re: /\bbrand\s+name\s+(?!is\b|will\b|would\b|should\b)/gi, capOnly: false },
  // "our name is Nova", not "my name is John" (a person).
  { re: /(?<!product\s|my\s)\bname\s*(?:is\b|:)\s*/gi, capOnly: false },
  { re: /\b(?:called|named|call\s+it|name\s+it|calling\s+it|naming\s+it|call\s+the\s+brand|name\s+the\s+brand|goes\s+by|known\s+as)\s+/gi, capOnly: false },
  { re: /\b[Bb]rand\s+/g, capOnly: true },
  { re: /\b(?:company|business|shop|store|roastery|bakery|brewery|winery|distillery|studio|farm|label|startup|cafe|café|restaurant|kitchen|boutique)\s+/gi, capOnly: true, strict: true },
  {
    re: /\b(?:we\s+are|we're|we’re|i\s+run|i\s+own|we\s+run|i\s+founded|we\s+founded|my\s+company|our\s+company|my\s+business|our\s+business|my\s+shop|our\s+shop|my\s+store|our\s+store)\s+/gi,
    capOnly: true,
    strict: true,
  },
  { re: /\b(?:for|at|by|from)\s+/gi, capOnly: true, strict: true },
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
    return { value: seq, start: m.index, end: m.index + seq.length };
  }
  return null;
}

// ------------------------------------------------------------------------------------------ product

const LEAD_RE =
  /^(?:(?:a|an|the|my|our|some|new|brand new|own|very own|this|these|those|their|his|her|your|of|just|mainly|mostly|basically|range of|line of|lines of|collection of|series of|selection of|variety of|batch of|kind of|type of|types of|bunch of|lot of|lots of|couple of|bottle of|bottles of|jar of|jars of|bag of|bags of|box of|boxes of|can of|cans of|pack of|packs of|tin of|tins of|pouch of)\s+)+/i;

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
    if (key === 'and' && taken.length > 0) {
      // "soap and candles" is one product line; "soap and I want…" ends it.
      const next = wordKey(words[i + 1] ?? '');
      if (next && !STOP_WORDS.has(next) && !VERB_START.has(next) && !looksLikeTagsOnly(words[i + 1] ?? '')) {
        taken.push(w);
        continue;
      }
      break;
    }
    if (STOP_WORDS.has(key) || key === '') break;
    taken.push(w);
  }
  if (taken.length === 0) return null;
  const value = taken.join(' ').replace(/[.'’]+$/, '');
  const start = from + lead;
  return { value, start, end: start + value.length };
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
    else if (words.length > brandWords && lower(words.slice(-brandWords)) === normalizeTerm(brand.value)) current = sliceFound(current, 0, words.length - brandWords);
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
    const keepsProduct = packless > k && (isProductTerm(boxProductWords) || isProductTerm(withoutPack) || isProductTerm(words.slice(Math.max(0, packless - 2), packless).join(' ')));
    if (keepsProduct) current = sliceFound(current, 0, packless);
    else if (k > 0) current = sliceFound(current, 0, k);
    else current = null;
    break;
  }
  if (!current) return null;
  let ws = current.value.split(' ');
  let end = ws.length;
  while (end > 1 && isPackWord(wordKey(ws[end - 1] ?? ''))) end--;
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

function acceptableProduct(found: Found | null, brand: Found | null): found is Found {
  if (!found) return false;
  const n = normalizeTerm(found.value);
  const words = n.split(' ');
  if (!n || words.length > 7 || found.value.length > MAX_PRODUCT_CHARS || NOT_NAMES.has(words[0] ?? '') || NOT_NAMES.has(n) || VERB_START.has(words[0] ?? '')) return false;
  if (brand && normalizeTerm(brand.value) === n) return false;
  if (isKnownProduct(n)) return true;
  if (words.every((w) => BUSINESS_WORDS.has(w) || isPackWord(w))) return false;
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
}

const PACK_NOUNS = String.raw`(?:packaging|package|packages|labels?|box|boxes|bags?|pouch(?:es)?|bottles?|jars?|tins?|tubes?|cartons?|wrappers?|sleeves?|containers?|cups?|cans|packets?|sachets?|tubs?|bowls?|mailers?)`;

const STRONG_PRODUCT: ProductPattern[] = [
  { re: /\b(?:i|we)\s+(?:sell|make|produce|brew|roast|bake|craft|distill|distil|manufacture|grow|import|ferment|blend|press|knit|sew|offer|stock|carry|supply|pour)\s+/gi },
  { re: /\b(?:i'?m|i’m|i\s+am|we'?re|we’re|we\s+are|i'?ll\s+be|we'?ll\s+be)\s+(?:selling|making|launching|producing|brewing|roasting|baking|crafting|releasing|creating|starting|opening|introducing|developing|bottling|packing)\s+/gi },
  { re: /\b(?:my|our|the)?\s*products?\s*(?:is|are|will\s+be|would\s+be|=|:|-)\s+/gi },
  { re: /\b(?:change|switch|update|set)\s+(?:the\s+)?product\s+(?:to|into|as)\s+/gi },
  { re: /\bactually\s+(?:it'?s|it’s|it\s+is|we\s+sell|i\s+sell|they'?re|they\s+are)\s+(?:for\s+)?/gi },
  { re: /\b(?:selling|producing|offering|that\s+sells|that\s+makes|who\s+sells?|who\s+makes?)\s+/gi },
];
const MEDIUM_PRODUCT: ProductPattern[] = [
  { re: /^\s*(?:it'?s|it’s|it\s+is|this\s+is|these\s+are|they'?re|they\s+are)\s+(?:for\s+)?/gi },
  { re: new RegExp(String.raw`(?<![\p{L}\p{N}])\p{Lu}[\p{L}\p{N}-]*(?:\s+(?:&\s+)?\p{Lu}[\p{L}\p{N}-]*)*['’]s\s+`, 'gu'), rejectNames: true },
  { re: /\b(?:our|my)\s+/gi, followedBy: /^\s+(?:is|are)\s+(?:called|named)\b/i },
  { re: /^\s*/g, followedBy: new RegExp(String.raw`^\s+(?:in|into|inside)\s+(?:a|an|the|some)?\s*(?:[\p{L}-]+\s+){0,3}?${PACK_NOUNS}\b`, 'iu') },
  { re: new RegExp(String.raw`\b${PACK_NOUNS}\s+(?:design\s+|ideas?\s+)?for\s+`, 'giu'), rejectNames: true },
  { re: /\b(?:bottles?|jars?|cans|bags?|boxes|box|tins?|pouch(?:es)?|packs?|packets?|cartons?|tubes?|cups?|tubs?)\s+of\s+/gi },
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
  found = refineProduct(p.clean ? p.clean(found) : found, brand);
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
const CORRECTION_RE = /(?:^| )(?:actually|instead|change|changed|switch|swap|rather|replace|make it|make them|make the|go with|use only|only|just|not)(?= |$)|^no /;
const APPEND_RE = /(?:^| )(?:add|also|too|as well|plus|more|another|include|including|and some)(?= |$)/;
const LOGO_RE = /(?:^| )logos?(?= |$)/;
const LOGO_DECLINED_RE =
  /(?:^| )(?:no|without|don t have|dont have|do not have|haven t got|no need for|skip|remove|drop|lose|take off|take out)(?: (?:a|the|our|my|any|an))? logos?(?= |$)/;
const ORDINALS: Record<string, number> = { first: 0, '1st': 0, second: 1, '2nd': 1, third: 2, '3rd': 2, fourth: 3, '4th': 3, fifth: 4, '5th': 4 };
const ORDINAL_RE = /(?:^| )(first|1st|second|2nd|third|3rd|fourth|4th|fifth|5th)(?: one| option)?(?= |$)|(?:^| )(?:option|number|no|#) ?([1-5])(?= |$)|^([1-5])$/;
/** A clause that only says no ("Bottles? No — a pouch"): what came before it is withdrawn. */
const WITHDRAW_RE = /^(?:no|nope|not that|actually no|no no|never mind|scratch that)$/;
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
  const raw = text.replace(/\s+/g, ' ').trim();
  const update = emptyUpdate();
  if (!raw) return update;
  const n = normalizeTerm(raw);
  update.intent = classifyIntent(raw, n);
  update.noBrand = ctx.awaiting === 'brand' && NO_BRAND_RE.test(n);

  let brand = findBrand(raw);
  if (!brand && ctx.awaiting === 'brand' && update.intent !== 'question' && !update.noBrand) brand = bareBrand(raw);

  const wantsProduct = !ctx.brief.product || ctx.awaiting === 'product';
  let product = findProduct(raw, brand, !wantsProduct);
  // "not sure yet", "yes", "thanks" answer the question without naming a product.
  const chatter = update.intent === 'skip' || update.intent === 'confirm' || update.intent === 'thanks' || update.intent === 'question';
  if (!product && wantsProduct && ctx.awaiting !== 'brand' && !chatter) {
    const bare = bareProduct(raw, brand);
    // A bare phrase is a product only when it was asked for, or nothing has been said yet.
    if (bare && (ctx.awaiting === 'product' || isKnownProduct(bare.value) || (!ctx.brief.brand && !ctx.brief.product))) product = bare;
  }
  if (brand) update.brand = titleCase(brand.value);
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

  for (const clause of cutOut([brandSpan]).split(CLAUSE_SPLIT_RE)) {
    const c = normalizeTerm(clause);
    if (WITHDRAW_RE.test(c)) {
      update.boxes = [];
      continue;
    }
    for (const seg of segmentsOf(c)) {
      if (seg.negated) continue;
      const specific = boxScanner.scan(seg.text);
      pushAll(update.boxes, specific.found.map((b) => b.slug));
      pushAll(update.boxes, genericBoxes(specific.rest, profile).map((b) => b.slug));
    }
  }

  for (const clause of cutOut([brandSpan, product]).split(CLAUSE_SPLIT_RE)) {
    for (const seg of segmentsOf(normalizeTerm(clause))) {
      const tags = readTags(seg.text);
      const target = seg.negated ? 'remove' : 'add';
      pushAll(update.colours[target], tags.colours);
      pushAll(update.styles[target], tags.styles);
      pushAll(update.elements[target], tags.elements);
    }
  }
  // Named both ways in one message ("blue, not navy blue"): the addition stands.
  for (const list of [update.colours, update.styles, update.elements]) list.remove = list.remove.filter((r) => !list.add.includes(r));

  const correcting = CORRECTION_RE.test(n) && !APPEND_RE.test(n);
  update.styles.replace = correcting && update.styles.add.length > 0;
  update.colours.replace = correcting && update.colours.add.length > 0;

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
    u.styles.add.length + u.styles.remove.length + u.colours.add.length + u.colours.remove.length + u.elements.add.length + u.elements.remove.length > 0 ||
    u.logo !== null
  );
}

