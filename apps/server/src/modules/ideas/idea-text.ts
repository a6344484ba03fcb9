import { lookupColour, lookupKeyword, lookupStyle } from '@packsmith/contracts';

/*
 * Text rules of the gallery: how tags are spelled when stored, and the folded search text of an
 * idea (projects.search_names / search_tags / search_story) against which queries — folded the same
 * way — are matched. Folding is done here, in one place, for what is stored and for what is asked.
 */

/** Letters NFD does not decompose, mapped by hand ("Łódź" → "lodz", "Straße" → "strasse"). */
const EXTRA: Readonly<Record<string, string>> = { ł: 'l', đ: 'd', ð: 'd', ø: 'o', ß: 'ss', æ: 'ae', œ: 'oe', þ: 'th', ı: 'i', ħ: 'h' };

/**
 * Lower case, accents stripped (NFD minus combining marks, NFKC first so full-width letters and
 * ligatures fold too), every run of characters that are not letters or digits (spaces, punctuation,
 * emoji, symbols) turned into one space. Letters of every script are kept, so CJK text stays searchable.
 */
export function foldText(text: string): string {
  return text
    .normalize('NFKC')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[łđðøßæœþıħ]/g, (c) => EXTRA[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Scripts written without spaces between words: a query word may sit inside a longer run. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
export function isUnspaced(word: string): boolean {
  return UNSPACED.test(word);
}

/** A tag as stored: the catalogue slug when the phrase names a style, colour or element, else the folded phrase with hyphens. */
export function canonicalTag(phrase: string): string {
  const known = lookupStyle(phrase) ?? lookupColour(phrase) ?? lookupKeyword(phrase);
  if (known) return known.slug;
  return foldText(phrase).replace(/ /g, '-');
}

/** Words of a product too common to be a tag. */
const STOP_WORDS = new Set(['and', 'the', 'for', 'with', 'from', 'set', 'kit', 'pack', 'box', 'of', 'in', 'a', 'an', 'new', 'our', 'my']);

/** The words of a product name worth a tag ("Honey almond granola" → honey, almond, granola). */
export function productWords(product: string): string[] {
  return foldText(product)
    .split(' ')
    .filter((w) => (w.length >= 3 || isUnspaced(w)) && !STOP_WORDS.has(w) && !/^\d+$/.test(w));
}

/** Deduplicated non-empty tags in first-seen order. */
export function uniqueTags(tags: Iterable<string>): string[] {
  return [...new Set([...tags].filter((t) => t !== ''))];
}

export interface SearchTexts {
  searchNames: string;
  searchTags: string;
  searchStory: string;
}

const padded = (text: string): string => {
  const folded = foldText(text);
  return folded === '' ? '' : ` ${folded} `;
};

/**
 * The folded, space-padded columns search matches against: a whole word w is `% w %`, a word
 * starting with w is `% w%`; in search_tags every tag sits between bars, so a whole tag t is `%| t |%`.
 */
export function searchTexts(idea: {
  brand: string;
  product: string;
  name: string;
  tags: readonly string[];
  extraTags?: readonly string[];
  story: string;
}): SearchTexts {
  const names = [idea.brand, idea.product, idea.name].map(foldText).filter(Boolean).join(' ');
  const tags = uniqueTags([...idea.tags, ...(idea.extraTags ?? [])].map(foldText));
  return {
    searchNames: names === '' ? '' : ` ${names} `,
    searchTags: tags.length === 0 ? '' : `|${tags.map((t) => ` ${t} `).join('|')}|`,
    searchStory: padded(idea.story),
  };
}

/** The most words a query is read for (the rest are ignored): bounds the SQL of one search. */
export const QUERY_WORDS_MAX = 8;

export interface QueryWord {
  /** The folded word and what the catalogue reads it as ("boho" → also "bohemian"). */
  alternatives: string[];
}

export interface ParsedQuery {
  /** Every word must match somewhere (any of its alternatives). */
  words: QueryWord[];
  /** The whole folded query: an exact tag or name hit of it weighs most. */
  phrase: string;
  /** Catalogue tags the whole query names ("cherry blossom" → cherry blossoms), folded. */
  phraseTags: string[];
}

function catalogueReadings(phrase: string): string[] {
  const out: string[] = [];
  for (const found of [lookupStyle(phrase), lookupColour(phrase), lookupKeyword(phrase)]) if (found) out.push(foldText(found.slug));
  return out;
}

/** A search keyword as words to match; null when it holds nothing searchable (empty, only emoji or punctuation). */
export function parseQuery(keyword: string | undefined): ParsedQuery | null {
  const phrase = foldText(keyword ?? '');
  if (phrase === '') return null;
  const seen = new Set<string>();
  const words: QueryWord[] = [];
  for (const w of phrase.split(' ')) {
    if (seen.has(w) || words.length >= QUERY_WORDS_MAX) continue;
    seen.add(w);
    words.push({ alternatives: uniqueTags([w, ...catalogueReadings(w)]) });
  }
  return { words, phrase, phraseTags: uniqueTags(catalogueReadings(phrase)) };
}

/** LIKE patterns need no escaping: folded text holds only letters, digits and single spaces. */
export function likeSafe(word: string): string {
  return word.replace(/[%_\\|]/g, '');
}
