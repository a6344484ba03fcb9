import { isUnspaced, type ParsedQuery } from './idea-text.js';

/*
 * The gallery's search index: the narrow columns of every listed idea (folded search text, tags,
 * category, box, popularity), held in process and queried in memory with the same rules as the SQL
 * of ideas.repo.ts (docs/DESIGN-IDEAS.md "Search"). A seq scan of 10,000 wide project rows on the
 * embedded database costs tens of milliseconds per query; this answers in about one. The index only
 * picks the page's ids and the total: the rows themselves are then read from the database with the
 * listing rules applied again, so a project unpublished, hidden or deleted a moment ago (by another
 * process) is never shown, even before the index is reloaded.
 */

export interface IndexEntry {
  id: string;
  category: string | null;
  box: string | null;
  tags: readonly string[];
  names: string;
  tagText: string;
  story: string;
  featured: boolean;
  likeCount: number;
  viewCount: number;
  publishedAt: number | null;
  createdAt: number;
}

export interface IndexQuery {
  category?: string;
  boxes?: readonly string[];
  tags?: readonly string[];
  anyTag?: readonly string[];
  query?: ParsedQuery | null;
  sort?: 'popular' | 'newest';
  limit: number;
  offset: number;
}

/** A query word's readings as the substrings to look for (built once per query, not once per entry). */
interface Pattern {
  starts: string;
  whole: string;
}
interface CompiledQuery {
  words: Pattern[][];
  phraseTags: string[];
  phraseWhole: string | null;
}

function compile(q: ParsedQuery): CompiledQuery {
  return {
    words: q.words.map((w) => w.alternatives.map((a) => ({ starts: isUnspaced(a) ? a : ` ${a}`, whole: ` ${a} ` }))),
    phraseTags: [q.phrase, ...q.phraseTags].map((t) => `| ${t} |`),
    phraseWhole: q.words.length > 1 ? ` ${q.phrase} ` : null,
  };
}

/** Every word (one of its readings) starts a word of the names, tags or story. */
function matches(e: IndexEntry, q: CompiledQuery): boolean {
  return q.words.every((w) => w.some((p) => e.names.includes(p.starts) || e.tagText.includes(p.starts) || e.story.includes(p.starts)));
}

/** The same weights as the SQL relevance of ideas.repo.ts. */
function relevance(e: IndexEntry, q: CompiledQuery): number {
  let score = 0;
  for (const w of q.words) {
    for (const p of w) {
      score += e.tagText.includes(p.whole) ? 6 : e.tagText.includes(p.starts) ? 4 : 0;
      score += e.names.includes(p.whole) ? 5 : e.names.includes(p.starts) ? 3 : 0;
      score += e.story.includes(p.whole) ? 2 : e.story.includes(p.starts) ? 1 : 0;
    }
  }
  for (const t of q.phraseTags) if (e.tagText.includes(t)) score += 10;
  if (q.phraseWhole && e.names.includes(q.phraseWhole)) score += 8;
  return score;
}

export const matchesQuery = (e: IndexEntry, q: ParsedQuery): boolean => matches(e, compile(q));
export const relevanceOf = (e: IndexEntry, q: ParsedQuery): number => relevance(e, compile(q));

const desc = (a: number, b: number) => b - a;
const descNullsLast = (a: number | null, b: number | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : b - a);
const byId = (a: IndexEntry, b: IndexEntry) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function popular(a: IndexEntry, b: IndexEntry): number {
  return (
    Number(b.featured) - Number(a.featured) ||
    desc(a.likeCount, b.likeCount) ||
    desc(a.viewCount, b.viewCount) ||
    descNullsLast(a.publishedAt, b.publishedAt) ||
    desc(a.createdAt, b.createdAt) ||
    byId(a, b)
  );
}
const newest = (a: IndexEntry, b: IndexEntry): number => descNullsLast(a.publishedAt, b.publishedAt) || desc(a.createdAt, b.createdAt) || byId(a, b);

/** The entries in both list orders, sorted once per load: a query only filters them (and orders hits by score). */
export interface IdeaIndex {
  popular: readonly IndexEntry[];
  newest: readonly IndexEntry[];
}

export function buildIndex(entries: readonly IndexEntry[]): IdeaIndex {
  return { popular: [...entries].sort(popular), newest: [...entries].sort(newest) };
}

/** The page's ids in order and the total, over the entries that pass every filter. */
export function queryIndex(index: IdeaIndex, q: IndexQuery): { ids: string[]; total: number } {
  const boxes = q.boxes ? new Set(q.boxes) : null;
  const query = q.query ? compile(q.query) : null;
  const hits: { e: IndexEntry; score: number }[] = [];
  for (const e of q.sort === 'newest' ? index.newest : index.popular) {
    if (q.category && e.category !== q.category) continue;
    if (boxes && (e.box === null || !boxes.has(e.box))) continue;
    if (q.tags && !q.tags.every((t) => e.tags.includes(t))) continue;
    if (q.anyTag && !q.anyTag.some((t) => e.tags.includes(t))) continue;
    if (query && !matches(e, query)) continue;
    hits.push({ e, score: query ? relevance(e, query) : 0 });
  }
  // Array.prototype.sort is stable: equal scores keep the list order the entries were sorted in.
  if (query) hits.sort((a, b) => b.score - a.score);
  return { ids: hits.slice(q.offset, q.offset + q.limit).map((h) => h.e.id), total: hits.length };
}

/**
 * The index as a process holds it: loaded on first use; reloaded in the background once older than
 * `ttlMs` (changes another process makes arrive within about `ttlMs` plus one load), and reloaded
 * before answering after this process changed an idea (`invalidate`). Concurrent callers share one load.
 */
export function createIdeaIndexCache(deps: { load: () => Promise<IndexEntry[]>; ttlMs: number; now?: () => number }) {
  type Loaded = IdeaIndex;
  const now = deps.now ?? (() => Date.now());
  let current: { entries: Loaded; at: number; generation: number } | null = null;
  let loading: { promise: Promise<Loaded>; generation: number } | null = null;
  let generation = 0;

  function reload(): Promise<Loaded> {
    // A load started before the latest change may miss it: only a load of this generation is shared.
    if (loading && loading.generation === generation) return loading.promise;
    const started = generation;
    const at = now();
    const promise = deps.load().then((rows) => {
      const entries = buildIndex(rows);
      if (started === generation) current = { entries, at, generation: started };
      return entries;
    });
    const entry = { promise, generation: started };
    loading = entry;
    const done = () => {
      if (loading === entry) loading = null;
    };
    promise.then(done, done);
    return promise;
  }

  return {
    /**
     * The entries: at once while they are fresh, or merely old (a reload then starts in the background,
     * so no request waits for one); after a change of this process, the reload is waited for.
     */
    async get(): Promise<Loaded> {
      if (current && current.generation === generation) {
        if (now() - current.at >= deps.ttlMs) reload().catch(() => {});
        return current.entries;
      }
      return reload();
    },
    invalidate(): void {
      generation += 1;
    },
    /**
     * A like changed an idea's count: the loaded index takes it in place (re-sorted; a reload of every
     * row would block the embedded database for far longer). Nothing to do when none is loaded.
     */
    setLikes(id: string, likeCount: number): void {
      if (!current) return;
      const found = current.entries.popular.find((e) => e.id === id);
      if (!found) return;
      const entries = current.entries.popular.map((e) => (e.id === id ? { ...e, likeCount } : e));
      current = { ...current, entries: buildIndex(entries) };
    },
  };
}
export type IdeaIndexCache = ReturnType<typeof createIdeaIndexCache>;
