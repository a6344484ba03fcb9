import { COLOUR_TAGS, DESIGN_IDEA_CATEGORIES, KEYWORD_TAGS, STYLE_TAGS } from '@packsmith/contracts';

export type SuggestionKind = 'category' | 'style' | 'colour' | 'keyword';

export interface Suggestion {
  kind: SuggestionKind;
  /** What the visitor reads and what a search for it sends. */
  label: string;
  /** The tag's slug (a category: its name). */
  value: string;
  /** A colour tag's swatch. */
  hex?: string;
}

export const SUGGESTION_KIND_LABELS: Record<SuggestionKind, string> = {
  category: 'Category',
  style: 'Style',
  colour: 'Colour',
  keyword: 'Element',
};

/** Every suggestion the search box can offer: the 7 categories, then style, colour and keyword tags. */
export const ALL_SUGGESTIONS: readonly Suggestion[] = [
  ...DESIGN_IDEA_CATEGORIES.map((c): Suggestion => ({ kind: 'category', label: c.name, value: c.name })),
  ...STYLE_TAGS.map((s): Suggestion => ({ kind: 'style', label: s.name, value: s.slug })),
  ...COLOUR_TAGS.map((c): Suggestion => ({ kind: 'colour', label: c.name, value: c.slug, hex: c.hex })),
  // Keyword names are lower case in the catalogue (they read inside a sentence); a list starts them upper case.
  ...KEYWORD_TAGS.map((k): Suggestion => ({ kind: 'keyword', label: k.name.charAt(0).toUpperCase() + k.name.slice(1), value: k.slug })),
];

const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim();

/**
 * Suggestions for what has been typed: names that start with it first, then names with a word
 * that starts with it, then names that merely contain it; the list order breaks ties.
 */
export function suggestTags(typed: string, limit = 8): Suggestion[] {
  const q = fold(typed);
  if (!q) return [];
  const ranked: { s: Suggestion; rank: number; order: number }[] = [];
  ALL_SUGGESTIONS.forEach((s, order) => {
    const name = fold(s.label);
    let rank = -1;
    if (name.startsWith(q)) rank = 0;
    else if (name.split(/[\s&-]+/).some((w) => w.startsWith(q))) rank = 1;
    else if (name.includes(q)) rank = 2;
    if (rank >= 0) ranked.push({ s, rank, order });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.order - b.order);
  return ranked.slice(0, limit).map((r) => r.s);
}
