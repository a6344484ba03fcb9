import { describe, expect, it } from 'vitest';
import { buildIndex, createIdeaIndexCache, queryIndex as queryEntries, type IndexEntry, type IndexQuery } from './idea-index.js';

const queryIndex = (entries: IndexEntry[], q: IndexQuery) => queryEntries(buildIndex(entries), q);
import { parseQuery, searchTexts } from './idea-text.js';

function entry(id: string, o: Partial<IndexEntry> & { brand?: string; product?: string; story?: string } = {}): IndexEntry {
  const tags = o.tags ?? [];
  const t = searchTexts({ brand: o.brand ?? '', product: o.product ?? '', name: '', tags, story: o.story ?? '' });
  return {
    id,
    category: o.category ?? 'Others',
    box: o.box ?? null,
    tags,
    names: t.searchNames,
    tagText: t.searchTags,
    story: t.searchStory,
    featured: o.featured ?? false,
    likeCount: o.likeCount ?? 0,
    viewCount: o.viewCount ?? 0,
    publishedAt: o.publishedAt ?? 1000,
    createdAt: o.createdAt ?? 1000,
  };
}

const entries = [
  entry('story', { brand: 'Quiet', product: 'Tea', story: 'Coffee lovers will like it.', likeCount: 50 }),
  entry('tag', { brand: 'Bean', product: 'Roast', tags: ['coffee'] }),
  entry('name', { brand: 'Coffee Co', product: 'Blend', tags: ['coffee'], category: 'Food & Beverages', box: 'stand-up-pouch' }),
  entry('featured', { brand: 'Star', product: 'Soap', featured: true }),
  entry('old', { brand: 'Old', product: 'Soap', publishedAt: 10, likeCount: 5 }),
];

describe('the in-memory search index', () => {
  it('ranks name and tag hits above story hits, then popularity', () => {
    expect(queryIndex(entries, { query: parseQuery('coffee'), limit: 10, offset: 0 })).toEqual({ ids: ['name', 'tag', 'story'], total: 3 });
  });

  it('needs every word, and matches word starts only', () => {
    expect(queryIndex(entries, { query: parseQuery('coffee blend'), limit: 10, offset: 0 }).ids).toEqual(['name']);
    expect(queryIndex(entries, { query: parseQuery('offee'), limit: 10, offset: 0 }).total).toBe(0);
    expect(queryIndex(entries, { query: parseQuery('cof'), limit: 10, offset: 0 }).total).toBe(3);
  });

  it('orders popular (featured, likes, views, newest) or newest, filters, and pages with the total', () => {
    expect(queryIndex(entries, { limit: 2, offset: 0 })).toEqual({ ids: ['featured', 'story'], total: 5 });
    expect(queryIndex(entries, { limit: 10, offset: 0, sort: 'newest' }).ids.at(-1)).toBe('old');
    expect(queryIndex(entries, { limit: 10, offset: 40 })).toEqual({ ids: [], total: 5 });
    expect(queryIndex(entries, { category: 'Food & Beverages', boxes: ['stand-up-pouch'], tags: ['coffee'], limit: 10, offset: 0 }).ids).toEqual(['name']);
    expect(queryIndex(entries, { anyTag: ['coffee', 'nope'], limit: 10, offset: 0 }).total).toBe(2);
    expect(queryIndex(entries, { boxes: [], limit: 10, offset: 0 }).total).toBe(0);
  });
});

describe('the index cache', () => {
  it('loads once within its TTL, reloads after it and after an invalidation, and shares one load', async () => {
    let t = 0;
    let loads = 0;
    const cache = createIdeaIndexCache({ load: async () => [entry(`v${++loads}`)], ttlMs: 100, now: () => t });
    const [a, b] = await Promise.all([cache.get(), cache.get()]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
    t = 50;
    await cache.get();
    expect(loads).toBe(1);
    t = 150;
    // Old: answered at once, reloaded behind the scenes.
    expect((await cache.get()).popular[0]?.id).toBe('v1');
    await new Promise((r) => setTimeout(r, 0));
    expect(loads).toBe(2);
    expect((await cache.get()).popular[0]?.id).toBe('v2');
    cache.invalidate();
    expect((await cache.get()).popular[0]?.id).toBe('v3');
  });

  it('does not keep a load that a change overtook', async () => {
    let release: () => void = () => {};
    let loads = 0;
    const cache = createIdeaIndexCache({
      load: () => {
        loads++;
        const n = loads;
        return n === 1 ? new Promise((r) => (release = () => r([entry('before')]))) : Promise.resolve([entry('after')]);
      },
      ttlMs: 10_000,
    });
    const first = cache.get();
    cache.invalidate();
    expect((await cache.get()).popular[0]?.id).toBe('after');
    release();
    expect((await first).popular[0]?.id).toBe('before');
    expect((await cache.get()).popular[0]?.id).toBe('after');
  });
});
