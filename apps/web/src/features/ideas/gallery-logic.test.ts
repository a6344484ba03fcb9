import { describe, expect, it } from 'vitest';
import { filtersFromParams, hasNarrowingFilter, withFilter, withoutFilters } from './filters';
import { loadedIdeas, nextIdeaPage } from './idea-queries';
import { ideaItem, ideaPage } from './idea-test-kit';
import { aspectOf, layoutColumns } from './masonry';
import { suggestTags } from './suggestions';

describe('gallery filters in the URL', () => {
  it('reads known values and leaves out what the catalogue does not know', () => {
    const p = new URLSearchParams('box=stand-up-pouch&style=minimalist&color=gold&sort=newest&ref=x');
    expect(filtersFromParams(p)).toEqual({ box: 'stand-up-pouch', style: 'minimalist', color: 'gold', sort: 'newest' });
    expect(filtersFromParams(new URLSearchParams('box=teapot&style=&color=ultraviolet&sort=random'))).toEqual({});
  });

  it('sets and drops one filter keeping the rest of the query; clearing keeps ref and keyword', () => {
    const p = new URLSearchParams('ref=mail&style=minimalist');
    expect(withFilter(p, 'color', 'gold').toString()).toBe('ref=mail&style=minimalist&color=gold');
    expect(withFilter(p, 'style', null).toString()).toBe('ref=mail');
    expect(withoutFilters(new URLSearchParams('keyword=tea&box=stand-up-pouch&color=gold&ref=m')).toString()).toBe('keyword=tea&ref=m');
    expect(hasNarrowingFilter({ sort: 'newest' })).toBe(false);
    expect(hasNarrowingFilter({ color: 'gold' })).toBe(true);
  });
});

describe('search suggestions', () => {
  it('puts names starting with the text first, then word starts, then contains', () => {
    const labels = suggestTags('gold', 20).map((s) => s.label);
    expect(labels[0]).toBe('Gold');
    expect(labels).toContain('Rose Gold');
    expect(labels.indexOf('Gold')).toBeLessThan(labels.indexOf('Rose Gold'));
  });

  it('offers the categories and ignores case and accents; nothing for an empty box', () => {
    expect(suggestTags('FOOD')[0]).toMatchObject({ kind: 'category', label: 'Food & Beverages' });
    expect(suggestTags('beverages')[0]).toMatchObject({ kind: 'category', label: 'Food & Beverages' });
    expect(suggestTags('mínimal')[0]).toMatchObject({ kind: 'style', value: 'minimalist' });
    expect(suggestTags('   ')).toEqual([]);
    expect(suggestTags('zzzqqq')).toEqual([]);
    expect(suggestTags('e', 5)).toHaveLength(5);
  });
});

describe('masonry layout', () => {
  it('puts each tile in the shortest column and never moves placed tiles when more arrive', () => {
    const tall = { width: 500, height: 1000 };
    const wide = { width: 1000, height: 500 };
    const first = [tall, wide, wide, tall].map((s, i) => ({ ...s, i }));
    const cols = layoutColumns(first, 2);
    // The tall tile fills column 1; three wide ones fit beside it before column 2 is taller.
    expect(cols.map((c) => c.map((t) => t.i))).toEqual([[0], [1, 2, 3]]);
    const more = layoutColumns([...first, { ...tall, i: 4 }, { ...wide, i: 5 }], 2);
    // The first four stay where they were.
    expect(more.map((c) => c.map((t) => t.i))).toEqual([
      [0, 4],
      [1, 2, 3, 5],
    ]);
  });

  it('uses a portrait shape for covers without a size and bounds freak ratios', () => {
    expect(aspectOf({ width: null, height: null })).toBeCloseTo(0.8);
    expect(aspectOf({ width: 10000, height: 10 })).toBe(2);
    expect(layoutColumns([], 3)).toEqual([[], [], []]);
  });
});

describe('paging', () => {
  it('asks for the next page until the total is loaded, and stops on an empty page', () => {
    const p1 = ideaPage(24, 30);
    expect(nextIdeaPage(p1, [p1])).toBe(2);
    const p2 = ideaPage(6, 30, 25);
    expect(nextIdeaPage(p2, [p1, p2])).toBeUndefined();
    const empty = { list: [], total: 30 };
    expect(nextIdeaPage(empty, [p1, empty])).toBeUndefined();
  });

  it('lists an idea once even if a shifting list pages it twice', () => {
    const a = { list: [ideaItem({ project_id: 'a' }), ideaItem({ project_id: 'b' })], total: 3 };
    const b = { list: [ideaItem({ project_id: 'b' }), ideaItem({ project_id: 'c' })], total: 3 };
    expect(loadedIdeas({ pages: [a, b], pageParams: [1, 2] }).map((i) => i.project_id)).toEqual(['a', 'b', 'c']);
  });
});
