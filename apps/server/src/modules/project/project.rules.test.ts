import { describe, expect, it } from 'vitest';
import { coverOf } from './project.dto.js';
import { applyImageLike, dataPatchRefusal, type ImageLikes } from './project.rules.js';

const empty: ImageLikes = { like_list: [], dislike_list: [], like_best: null };

describe('applyImageLike', () => {
  it('moves an image between like and dislike and undoes a repeated press', () => {
    const liked = applyImageLike(empty, 'a', 'like');
    expect(liked).toEqual({ like_list: ['a'], dislike_list: [], like_best: null });
    const disliked = applyImageLike(liked, 'a', 'dislike');
    expect(disliked).toEqual({ like_list: [], dislike_list: ['a'], like_best: null });
    expect(applyImageLike(disliked, 'a', 'dislike')).toEqual(empty);
  });

  it('keeps one best image; pressing it again clears it; disliking it clears it', () => {
    const a = applyImageLike(empty, 'a', 'best');
    expect(a.like_best).toBe('a');
    expect(applyImageLike(a, 'b', 'best').like_best).toBe('b');
    expect(applyImageLike(a, 'a', 'best').like_best).toBeNull();
    expect(applyImageLike(a, 'a', 'dislike')).toEqual({ like_list: [], dislike_list: ['a'], like_best: null });
    expect(applyImageLike(a, 'a', 'like').like_best).toBe('a');
  });

  it('cleans stored lists of duplicates and blanks', () => {
    const dirty: ImageLikes = { like_list: ['a', 'a', ' ', 'b'], dislike_list: ['', 'c', 'c'], like_best: '  ' };
    expect(applyImageLike(dirty, 'd', 'like')).toEqual({ like_list: ['a', 'b', 'd'], dislike_list: ['c'], like_best: null });
  });
});

describe('coverOf', () => {
  it('uses the first image of the latest non-empty result, then the origin image', () => {
    expect(coverOf({ resultList: [['old.png'], ['new.png', 'new2.png']], data: { origin_image: 'o.png' } })).toBe('new.png');
    expect(coverOf({ resultList: [['old.png'], []], data: {} })).toBe('old.png');
    expect(coverOf({ resultList: [], data: { origin_image: 'o.png' } })).toBe('o.png');
    expect(coverOf({ resultList: [], data: { origin_image: 42 } })).toBeNull();
  });
});

describe('dataPatchRefusal', () => {
  const mb = (n: number) => 'x'.repeat(Math.round(n * 1024 * 1024));
  it('accepts a merge within the per-project bound and refuses one over it', () => {
    expect(dataPatchRefusal({ a: mb(0.4) }, { b: mb(0.4) })).toBeNull();
    expect(dataPatchRefusal({ a: mb(0.6) }, { b: mb(0.6) })).toMatch(/^data: a project's data may hold at most 1 MB/);
  });

  it('counts replaced keys once, and lets an oversized project shrink', () => {
    expect(dataPatchRefusal({ a: mb(0.9) }, { a: mb(0.95) })).toBeNull();
    expect(dataPatchRefusal({ a: mb(1.5) }, { a: mb(1.2) })).toBeNull();
    expect(dataPatchRefusal({ a: mb(1.5) }, { b: 'more' })).not.toBeNull();
  });
});
