import { describe, expect, it } from 'vitest';
import { IDEA_CATEGORIES, categoryHref, categoryOfParam } from './categories';

describe('design-idea category URLs', () => {
  it('reads back every category from its own link, encoded or decoded', () => {
    for (const name of IDEA_CATEGORIES) {
      const segment = categoryHref(name).slice('/design-ideas/'.length);
      expect(categoryOfParam(segment)).toBe(name);
      expect(categoryOfParam(decodeURIComponent(segment))).toBe(name);
    }
  });

  it('understands the typed, slug and earlier dashed forms', () => {
    expect(categoryOfParam('Food%20%26%20Beverages')).toBe('Food & Beverages');
    expect(categoryOfParam('food & beverages')).toBe('Food & Beverages');
    expect(categoryOfParam('food-beverages')).toBe('Food & Beverages');
    expect(categoryOfParam('food-and-beverages')).toBe('Food & Beverages');
    expect(categoryOfParam('BABY-AND-TOYS')).toBe('Baby & Toys');
  });

  it('names nothing for an unknown or malformed segment', () => {
    expect(categoryOfParam('Garden tools')).toBeUndefined();
    expect(categoryOfParam('100%')).toBeUndefined();
    expect(categoryOfParam('')).toBeUndefined();
  });
});
