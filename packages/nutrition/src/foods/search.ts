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
  /** The name's words as vocabulary ids (see wordId). */
  ids: Int32Array;
  sorted: string;
  isAlias: boolean;
}
interface IndexedFood {
  food: Food;
  order: number;
  source: 'usda' | 'user';
  names: readonly IndexedName[];
}

// Every word of every name once: a query word is compared with each word once, not with each name.
const WORDS: string[] = [];
const WORD_ID = new Map<string, number>();
function wordId(w: string): number {
  let id = WORD_ID.get(w);
  if (id === undefined) {
    id = WORDS.length;
    WORDS.push(w);
    WORD_ID.set(w, id);
  }
  return id;
}

function indexName(text: string, isAlias: boolean): IndexedName {
  const words = normaliseName(text);
  return { text, ids: Int32Array.from(words, wordId), sorted: [...words].sort().join(' '), isAlias };
}
function indexFood(food: Food, order: number, source: 'usda' | 'user'): IndexedFood {
  return { food, order, source, names: [indexName(food.name, false), ...(food.aliases ?? []).map((a) => indexName(a, true))] };
}

const TABLE_INDEX: readonly IndexedFood[] = FOODS.map((f, i) => indexFood(f, i, 'usda'));
const TABLE_WORDS = WORDS.length;
// User entries are indexed once per object: the same list is searched on every keystroke.
const userIndex = new WeakMap<Food, IndexedFood>();

/** Word-match strength: 3 exact, 2 prefix, 1 within the typos allowed, 0 none. */
type Strength = 0 | 1 | 2 | 3;

function wordStrength(q: string, w: string, prefixAllowed: boolean): Strength {
  if (q === w) return 3;
  if (prefixAllowed && w.startsWith(q)) return 2;
  const max = allowedTypos(q.length);
  // A typo rarely takes both of the first two letters: the cheap test spares most distance computations.
  if (!max || (q[0] !== w[0] && q[1] !== w[1] && !(q[0] === w[1] && q[1] === w[0]))) return 0;
  if (distance(q, w, max) <= max) return 1;
  // A typo in a word still being typed: "chocl" against the start of "chocolate".
  if (prefixAllowed && w.length > q.length && distance(q, w.slice(0, q.length), 1) <= 1) return 1;
  return 0;
}

/** Each query word's strength against every word in use (the table's and these user entries'), by word id. */
function strengthsFor(queryWords: readonly string[], extraIds: ReadonlySet<number>): Uint8Array[] {
  return queryWords.map((q, i) => {
    const prefixAllowed = i === queryWords.length - 1 || q.length >= 3;
    const m = new Uint8Array(WORDS.length);
    for (let id = 0; id < TABLE_WORDS; id++) m[id] = wordStrength(q, WORDS[id]!, prefixAllowed);
    for (const id of extraIds) m[id] = wordStrength(q, WORDS[id]!, prefixAllowed);
    return m;
  });
}

const NO_MATCH = { tier: 0, coverage: 0, firstWord: 0 };

function scoreName(n: IndexedName, querySorted: string, strengths: readonly Uint8Array[]): { tier: number; coverage: number; firstWord: number } {
  if (n.sorted === querySorted) return { tier: n.isAlias ? TIER.alias : TIER.name, coverage: 1, firstWord: 1 };
  let weakest = 3;
  let used = 0; // bit j: the name's word j answers a query word (each word answers one)
  let count = 0;
  for (const m of strengths) {
    let best = 0;
    let at = -1;
    for (let j = 0; j < n.ids.length && j < 31; j++) {
      if (used & (1 << j)) continue;
      const s = m[n.ids[j]!]!;
      if (s > best) {
        best = s;
        at = j;
      }
    }
    if (!best) return NO_MATCH;
    used |= 1 << at;
    count++;
    if (best < weakest) weakest = best;
  }
  const tier = weakest === 3 ? TIER.words : weakest === 2 ? TIER.prefix : TIER.fuzzy;
  // Coverage: "sugar" is all of the alias "sugar" but half of "brown sugar": the plainer food first.
  return { tier, coverage: count / n.ids.length, firstWord: used & 1 };
}

/**
 * One number per match, higher better: the tier, then coverage ("sugar" is all of the alias "sugar" but half of
 * "brown sugar": the plainer food first; coverages of different names differ by at least 1/930, ×1000 > 1), then
 * whether the first word matched, then the user's own entry before the table's. Table order breaks what is left.
 */
function rank(tier: number, coverage: number, firstWord: number, user: boolean): number {
  return tier * 10_000 + coverage * 1000 + firstWord * 0.5 + (user ? 0.25 : 0);
}

interface Candidate {
  score: number;
  order: number;
  ix: IndexedFood;
  name: IndexedName;
  tier: number;
}
const better = (a: Candidate, b: Candidate): boolean => a.score > b.score || (a.score === b.score && a.order < b.order);

/** Foods matching `query`, best first, with how each matched and whether it is a table row or the user's own. */
export function searchFoodHits(query: string, options: FoodSearchOptions = {}): FoodHit[] {
  const limit = Math.max(1, Math.min(MAX_LIMIT, Number.isInteger(options.limit) ? (options.limit as number) : DEFAULT_LIMIT));
  const extra = (options.extra ?? []).map((f, i) => {
    let ix = userIndex.get(f);
    if (!ix || ix.order !== i) {
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
  const extraIds = new Set<number>();
  for (const f of extra) for (const n of f.names) for (const id of n.ids) if (id >= TABLE_WORDS) extraIds.add(id);
  const strengths = strengthsFor(queryWords, extraIds);
  const querySorted = [...queryWords].sort().join(' ');
  // The best `limit` kept in order as they come: most matches lose to the last kept one at once (no full sort).
  const top: Candidate[] = [];
  for (let order = 0; order < all.length; order++) {
    const f = all[order]!;
    let best: Candidate | null = null;
    for (const n of f.names) {
      const s = scoreName(n, querySorted, strengths);
      if (!s.tier) continue;
      const score = rank(s.tier, s.coverage, s.firstWord, f.source === 'user');
      if (!best || score > best.score) best = { score, order, ix: f, name: n, tier: s.tier };
    }
    if (!best || (top.length === limit && !better(best, top[top.length - 1]!))) continue;
    let at = top.length;
    while (at > 0 && better(best, top[at - 1]!)) at--;
    top.splice(at, 0, best);
    if (top.length > limit) top.pop();
  }
  return top.map((c) => ({ food: label(c.ix), source: c.ix.source, match: kindOf(c.tier), matched: c.name.text }));
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
