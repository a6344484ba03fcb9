import { describe, expect, it } from 'vitest';
import { boxSlugsFor, classifyProduct, fileIdea, imageMatchScore, rankBy, resolveBox, resolveCategory, similarityScore, tagOverlap } from './idea-rules.js';

describe('the category classifier', () => {
  it.each([
    ['Cold brew coffee', 'Ember', null, 'Food & Beverages'],
    ['Sparkling water', 'Alpine', 'water-bottle', 'Food & Beverages'],
    ['Wireless earbuds', 'Voltra', null, 'Electronics'],
    ['USB-C fast charger', 'Spark', null, 'Electronics'],
    ['Vitamin C face serum', 'Lumière', 'dropper-bottle', 'Fashion & Beauty'],
    ['Eau de parfum', 'Rosewood', null, 'Fashion & Beauty'],
    ['Whitening toothpaste', 'PureMint', 'toothpaste-tube', 'Health & Personal Care'],
    ['Melatonin gummies', 'Moonbeam', null, 'Health & Personal Care'],
    ['Laundry detergent', 'Fresh Fold', null, 'Household essentials'],
    ['Soy wax candle', 'Lumen', 'glass-jar', 'Household essentials'],
    ['Wooden building blocks', 'Rocket', null, 'Baby & Toys'],
    ['Organic baby food pouches', 'Little Sprout', 'stand-up-pouch', 'Baby & Toys'],
    ['Travel chess set', 'Gambit', null, 'Others'],
    ['', '', null, 'Others'],
  ] as const)('%s (%s, %s) → %s', (product, brand, box, expected) => {
    expect(classifyProduct({ product, brand, box })).toBe(expected);
  });

  it('lets the box decide when the words do not', () => {
    expect(classifyProduct({ product: 'Midnight Rose', box: 'dropper-bottle' })).toBe('Fashion & Beauty');
    expect(classifyProduct({ product: 'Midnight Rose', box: 'beer-bottle' })).toBe('Food & Beverages');
    expect(classifyProduct({ product: 'Midnight Rose', box: null })).toBe('Others');
  });
});

describe('names in requests', () => {
  it('reads a category however its own links, a typist or a slug spell it', () => {
    for (const raw of [
      'Food & Beverages',
      'food & beverages',
      'Food%20%26%20Beverages',
      'Food%2520%2526%2520Beverages',
      'food-beverages',
      'Food and Beverages',
      '  FOOD &   BEVERAGES ',
    ]) {
      expect(resolveCategory(raw), raw).toBe('Food & Beverages');
    }
    expect(resolveCategory('Health%20%26%20Personal%20Care')).toBe('Health & Personal Care');
    expect(resolveCategory('household-essentials')).toBe('Household essentials');
    expect(resolveCategory('Baby+%26+Toys')).toBe('Baby & Toys');
    expect(resolveCategory('Food')).toBeNull();
    expect(resolveCategory('%E0%A4%A')).toBeNull();
  });

  it('reads a box by slug, id or phrase, and a box category as all its boxes', () => {
    expect(resolveBox('mailer-box')?.id).toBe(201);
    expect(resolveBox('201')?.slug).toBe('mailer-box');
    expect(resolveBox('Mailer box')?.slug).toBe('mailer-box');
    expect(resolveBox('9999')).toBeNull();
    expect(boxSlugsFor('Pouches')).toEqual(['stand-up-pouch', 'flat-pouch', 'sachet', 'flat-bottom-pouch']);
    expect(boxSlugsFor('Cans & Jars')).toContain('glass-jar');
    expect(boxSlugsFor('no such thing')).toBeNull();
  });
});

describe('filing a published project', () => {
  it('files category, catalogue tags, product words and the box', () => {
    const filing = fileIdea({
      name: 'My design',
      product: 'Honey almond granola',
      brand: 'Sunny Side',
      box: ['Stand-up pouch'],
      style: ['Boho', 'playful'],
      color: ['navy blue', 'Gold'],
      element: ['sakura'],
    });
    expect(filing).toEqual({
      category: 'Food & Beverages',
      tags: ['bohemian', 'playful', 'navy', 'gold', 'cherry-blossoms', 'honey', 'almond', 'granola'],
      box: 'stand-up-pouch',
    });
  });

  it('prefers the chosen box id to the list', () => {
    expect(fileIdea({ name: '', product: 'Serum', brand: '', box: ['mailer box'], style: [], color: [], element: [], boxId: 401 }).box).toBe('dropper-bottle');
  });
});

describe('ranking', () => {
  const base = { likeCount: 0, viewCount: 0 };
  const source = { ...base, category: 'Food & Beverages', tags: ['organic', 'sage', 'oats'], palette: ['#9caf88', '#f4ecd8'] };

  it('puts the same category with shared tags and a close palette first', () => {
    const twin = { ...base, category: 'Food & Beverages', tags: ['organic', 'sage', 'milk'], palette: ['#9db089', '#f2ead6'] };
    const sameCategory = { ...base, category: 'Food & Beverages', tags: ['bold'], palette: ['#ff0000', '#000000'] };
    const sharedTags = { ...base, category: 'Electronics', tags: ['organic', 'sage'], palette: ['#9caf88'] };
    const stranger = { ...base, category: 'Electronics', tags: ['cyberpunk'], palette: ['#ff00ff'] };
    const ranked = rankBy([stranger, sharedTags, sameCategory, twin], (c) => similarityScore(source, c));
    expect(ranked).toEqual([twin, sharedTags, sameCategory, stranger]);
  });

  it('breaks ties by popularity, but popularity never beats a shared tag', () => {
    const liked = { ...base, category: 'Others', tags: ['x'], palette: [], likeCount: 1000, viewCount: 100000 };
    const quiet = { ...base, category: 'Others', tags: ['x'], palette: [] };
    const tagged = { ...base, category: 'Others', tags: ['organic', 'x'], palette: [] };
    expect(rankBy([quiet, liked], (c) => similarityScore(source, c))).toEqual([liked, quiet]);
    expect(rankBy([liked, tagged], (c) => similarityScore(source, c))[0]).toBe(tagged);
  });

  it('ranks ideas against an image by palette and keywords', () => {
    const image = { palette: ['#1b2a4a', '#c9a227'], keywords: ['navy', 'luxury'] };
    const match = { ...base, category: 'Others', tags: ['navy', 'luxury'], palette: ['#1a2b4b', '#c8a126'] };
    const palette = { ...base, category: 'Others', tags: [], palette: ['#1a2b4b', '#c8a126'] };
    const none = { ...base, category: 'Others', tags: ['pink'], palette: ['#ffc0cb'] };
    expect(rankBy([none, palette, match], (c) => imageMatchScore(image, c))).toEqual([match, palette, none]);
  });

  it('measures tag overlap as Jaccard', () => {
    expect(tagOverlap(['a', 'b'], ['b', 'c'])).toBeCloseTo(1 / 3);
    expect(tagOverlap([], ['a'])).toBe(0);
    expect(tagOverlap(['a'], ['a'])).toBe(1);
  });
});
