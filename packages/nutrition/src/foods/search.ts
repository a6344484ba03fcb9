/**
 * Lookup of foods by what people type: case and accents folded, plurals read as singulars, words in any order,
 * the last word read as a prefix while typing, typos forgiven (Damerau–Levenshtein), aliases, and the user's own
 * entries searched with the table. Ranking and its reasons: docs/NUTRITION-ENGINE.md §7.
 */
import { FOODS, type Food } from './foods.js';

/** How a food's best name matched, strongest first (the ranking's first key). */
export type MatchKind = 'name' | 'alias' | 'words' | 'prefix' | 'fuzzy';
const TIER: Readonly<Record<MatchKind, number>> = { name: 5, alias: 4, words: 3, prefix: 2, fuzzy: 1 };

export interface FoodHit {
  food: Food;
  source: 'usda' | 'user';
  match: MatchKind;
  /** The name or alias that matched ("plain flour"). */
  matched: string;
}

export interface FoodSearchOptions {
  /** At most this many answers (default 10, at most 100). */
  limit?: number;
  /** The user's own entries, searched with the table (listed first on equal scores). */
  extra?: readonly Food[];
}

const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;

/** A plural read as its singular: "tomatoes" → "tomato", "berries" → "berry", "oats" → "oat"; "swiss", "hummus" stay. */
function singular(w: string): string {
  if (w.length <= 3) return w;
  if (w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (/(ch|sh|x|ss|o)es$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s') && !/(ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}

/** Lower case, accents and punctuation dropped, plurals singular: the form names are compared in. */
export function normaliseName(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9%]+/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map(singular);
}

/** Optimal string alignment distance, stopped early once it exceeds `max` (answers max + 1 then). */
let rows = [new Int32Array(32), new Int32Array(32), new Int32Array(32)];
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  // Three reused rows: this runs for every vocabulary word on every keystroke, so it allocates nothing.
  if (b.length + 1 > rows[0]!.length) rows = rows.map(() => new Int32Array(b.length + 1));
  let [prev2, prev, cur] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const bj = b.charCodeAt(j - 1);
      let d = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (ai === bj ? 0 : 1));
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) d = Math.min(d, prev2[j - 2]! + 1);
      cur[j] = d;
      if (d < rowMin) rowMin = d;
    }
    if (rowMin > max) return max + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[b.length]!;
}

/** Typos allowed for a word of this length: none under 4 letters ("oat" is not "oil"), one up to 6, two from 7. */
const allowedTypos = (len: number): number => (len < 4 ? 0 : len < 7 ? 1 : 2);

interface IndexedName {
  text: string;
  words: readonly string[];
  sorted: string;
  isAlias: boolean;
}
interface IndexedFood {
  food: Food;
  order: number;
  source: 'usda' | 'user';
  names: readonly IndexedName[];
}

function indexName(text: string, isAlias: boolean): IndexedName {
  const words = normaliseName(text);
  return { text, words, sorted: [...words].sort().join(' '), isAlias };
}
function indexFood(food: Food, order: number, source: 'usda' | 'user'): IndexedFood {
  return { food, order, source, names: [indexName(food.name, false), ...(food.aliases ?? []).map((a) => indexName(a, true))] };
}

const TABLE_INDEX: readonly IndexedFood[] = FOODS.map((f, i) => indexFood(f, i, 'usda'));
const VOCABULARY: readonly string[] = [...new Set(TABLE_INDEX.flatMap((f) => f.names.flatMap((n) => n.words)))];
// User entries are indexed once per object: the same list is searched on every keystroke.
const userIndex = new WeakMap<Food, IndexedFood>();

/** Word-match strength: 3 exact, 2 prefix, 1 within the typos allowed, 0 none. */
type Strength = 0 | 1 | 2 | 3;

function wordStrength(q: string, w: string, prefixAllowed: boolean): Strength {
  if (q === w) return 3;
  if (prefixAllowed && w.startsWith(q)) return 2;
  const max = allowedTypos(q.length);
  if (max && distance(q, w, max) <= max) return 1;
  // A typo in a word still being typed: "chocl" against the start of "chocolate".
  if (prefixAllowed && max && q.length >= 4 && w.length > q.length && distance(q, w.slice(0, q.length), 1) <= 1) return 1;
  return 0;
}

interface Scored {
  hit: FoodHit;
  ix: IndexedFood;
  tier: number;
  coverage: number;
  firstWord: number;
  order: number;
}

/** Each query word's strength against every word of the vocabulary, computed once per query. */
function strengthsFor(queryWords: readonly string[], extraWords: readonly string[]): Map<string, Strength>[] {
  return queryWords.map((q, i) => {
    const last = i === queryWords.length - 1;
    const m = new Map<string, Strength>();
    for (const w of extraWords.length ? [...VOCABULARY, ...extraWords] : VOCABULARY) {
      const s = wordStrength(q, w, last || q.length >= 3);
      if (s) m.set(w, s);
    }
    return m;
  });
}

function scoreName(n: IndexedName, querySorted: string, strengths: readonly Map<string, Strength>[]): { tier: number; coverage: number; firstWord: number } | null {
  if (n.sorted === querySorted) return { tier: n.isAlias ? TIER.alias : TIER.name, coverage: 1, firstWord: 1 };
  let weakest: Strength = 3;
  const used = new Set<number>();
  for (const m of strengths) {
    let best: Strength = 0;
    let at = -1;
    n.words.forEach((w, j) => {
      if (used.has(j)) return;
      const s = m.get(w) ?? 0;
      if (s > best) {
        best = s;
        at = j;
      }
    });
    if (!best) return null;
    used.add(at);
    if (best < weakest) weakest = best;
  }
  const tier = weakest === 3 ? TIER.words : weakest === 2 ? TIER.prefix : TIER.fuzzy;
  // Coverage: "sugar" is all of the alias "sugar" but half of "brown sugar": the plainer food first.
  return { tier, coverage: used.size / n.words.length, firstWord: used.has(0) ? 1 : 0 };
}

function compare(a: Scored, b: Scored): number {
  return (
    b.tier - a.tier ||
    b.coverage - a.coverage ||
    b.firstWord - a.firstWord ||
    (a.hit.source === b.hit.source ? 0 : a.hit.source === 'user' ? -1 : 1) ||
    a.order - b.order
  );
}

/** Foods matching `query`, best first, with how each matched and whether it is a table row or the user's own. */
export function searchFoodHits(query: string, options: FoodSearchOptions = {}): FoodHit[] {
  const limit = Math.max(1, Math.min(MAX_LIMIT, Number.isInteger(options.limit) ? (options.limit as number) : DEFAULT_LIMIT));
  const extra = (options.extra ?? []).map((f, i) => {
    let ix = userIndex.get(f);
    if (!ix) {
      ix = indexFood(f, i, 'user');
      userIndex.set(f, ix);
    }
    return ix;
  });
  const queryWords = normaliseName(query);
  const all = [...extra, ...TABLE_INDEX];
  if (!queryWords.length) {
    return all.slice(0, limit).map((f) => ({ food: label(f), source: f.source, match: 'name', matched: f.food.name }));
  }
  const strengths = strengthsFor(
    queryWords,
    extra.flatMap((f) => f.names.flatMap((n) => n.words)),
  );
  const querySorted = [...queryWords].sort().join(' ');
  const scored: Scored[] = [];
  for (const f of all) {
    let best: Scored | null = null;
    for (const n of f.names) {
      const s = scoreName(n, querySorted, strengths);
      if (!s) continue;
      const cand: Scored = { ...s, order: f.order, ix: f, hit: { food: f.food, source: f.source, match: kindOf(s.tier), matched: n.text } };
      if (!best || compare(cand, best) < 0) best = cand;
    }
    if (best) scored.push(best);
  }
  scored.sort(compare);
  return scored.slice(0, limit).map((s) => ({ ...s.hit, food: label(s.ix) }));
}

function kindOf(tier: number): MatchKind {
  return tier === 5 ? 'name' : tier === 4 ? 'alias' : tier === 3 ? 'words' : tier === 2 ? 'prefix' : 'fuzzy';
}

function label(f: IndexedFood): Food {
  return f.source === 'user' && f.food.source !== 'user' ? { ...f.food, source: 'user' } : f.food;
}

/** Foods whose name or an alias matches `query`, best first (the user's entries carry source 'user'). */
export function searchFoods(query: string, options: FoodSearchOptions = {}): Food[] {
  return searchFoodHits(query, options).map((h) => h.food);
}
