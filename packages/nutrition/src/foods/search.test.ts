import { describe, expect, it } from 'vitest';
import type { Food } from './foods.js';
import { findFood, FOODS } from './foods.js';
import { normaliseName, searchFoodHits, searchFoods } from './search.js';

const first = (q: string, extra?: readonly Food[]) => searchFoods(q, { extra })[0]?.name;
const own = (id: string, name: string, aliases: string[] = []): Food => ({
  id,
  name,
  aliases,
  per_100g: { energy_kcal: '400', fat: '0', carbohydrate: '100', protein: '0', sodium: '0' },
  allergens: [],
  reference: 'Supplier specification',
});

describe('normaliseName', () => {
  it('folds case, accents and punctuation, and reads plurals as singulars', () => {
    expect(normaliseName('Crème Fraîche')).toEqual(['creme', 'fraiche']);
    expect(normaliseName('Tomatoes, BERRIES; oats & peaches')).toEqual(['tomato', 'berry', 'oat', 'peach']);
    expect(normaliseName('Swiss hummus, couscous')).toEqual(['swiss', 'hummus', 'couscous']);
  });
});

describe('searchFoods', () => {
  it('finds the common base ingredient first: "flour" is all-purpose wheat flour', () => {
    expect(first('flour')).toBe('Wheat flour, white, all-purpose, enriched, bleached');
    expect(first('sugar')).toBe('Sugars, granulated');
    expect(first('milk')).toBe('Milk, whole, 3.25% milkfat, with added vitamin D');
    expect(first('egg')).toBe('Egg, whole, raw, fresh');
  });

  it('folds case and accents', () => {
    expect(first('GRUYÈRE')).toBe('Cheese, gruyere');
    expect(first('jalapeño')).toBe('Peppers, jalapeno, raw');
  });

  it('reads plurals and singulars alike', () => {
    expect(first('eggs')).toBe(first('egg'));
    expect(first('tomatoes')).toBe('Tomatoes, red, ripe, raw, year round average');
    expect(first('strawberry')).toBe('Strawberries, raw');
  });

  it('takes the words in any order', () => {
    expect(first('flour wheat')).toBe('Wheat flour, white, all-purpose, enriched, bleached');
    expect(first('sugar brown')).toBe('Sugars, brown');
    expect(first('oil olive')).toBe('Oil, olive, salad or cooking');
  });

  it('matches a word still being typed as a prefix', () => {
    expect(first('choc')).toMatch(/chocolate/i);
    expect(searchFoodHits('choc')[0]?.match).toBe('prefix');
    expect(first('parm')).toMatch(/parmesan/);
    expect(first('self rais')).toBe('Wheat flour, white, all-purpose, self-rising, enriched');
  });

  it('forgives typos', () => {
    expect(first('suger')).toBe('Sugars, granulated');
    expect(first('buter')).toBe('Butter, salted');
    expect(first('chiken brest')).toBe('Chicken, breast, skinless, boneless, meat only, raw');
    expect(first('cinammon')).toBe('Spices, cinnamon, ground');
    expect(searchFoodHits('suger')[0]?.match).toBe('fuzzy');
    // Short words get no typo allowance: "oat" is not "oil".
    expect(searchFoods('oat').some((f) => f.name.startsWith('Oil'))).toBe(false);
  });

  it('knows UK and US names', () => {
    expect(first('icing sugar')).toBe('Sugars, powdered');
    expect(first('powdered sugar')).toBe('Sugars, powdered');
    expect(first('double cream')).toBe('Cream, fluid, heavy whipping');
    expect(first('heavy cream')).toBe('Cream, fluid, heavy whipping');
    expect(first('plain flour')).toBe('Wheat flour, white, all-purpose, enriched, bleached');
    expect(first('courgette')).toBe('Squash, summer, zucchini, includes skin, raw');
    expect(first('bicarbonate of soda')).toBe('Leavening agents, baking soda');
  });

  it('ranks an exact name above an alias above all words above a prefix above a typo', () => {
    expect(searchFoodHits('Honey')[0]).toMatchObject({ match: 'name', food: { name: 'Honey' } });
    expect(searchFoodHits('caster sugar')[0]).toMatchObject({ match: 'alias', matched: 'caster sugar' });
    const kinds = searchFoodHits('butter', { limit: 30 }).map((h) => h.match);
    const order = ['name', 'alias', 'words', 'prefix', 'fuzzy'];
    expect(kinds.map((k) => order.indexOf(k))).toEqual([...kinds.map((k) => order.indexOf(k))].sort((a, b) => a - b));
  });

  it('searches the user’s own entries with the table and labels them; on equal scores they come first', () => {
    const mine = [own('u-1', 'Coconut sugar (our supplier)', ['coconut sugar']), own('u-2', 'Cultured butter, Normandy', ['butter'])];
    const hits = searchFoodHits('coconut sugar', { extra: mine });
    expect(hits[0]).toMatchObject({ source: 'user', food: { id: 'u-1', source: 'user' } });
    expect(searchFoodHits('butter', { extra: mine })[0]).toMatchObject({ source: 'user', food: { id: 'u-2' } });
    expect(searchFoodHits('butter', { extra: mine })[1]).toMatchObject({ source: 'usda', food: { name: 'Butter, salted' } });
    expect(searchFoods('buter', { extra: mine }).map((f) => f.id)).toContain('u-2');
  });

  it('answers at most `limit` foods, none for nonsense, the table’s start for an empty query', () => {
    expect(searchFoods('flour', { limit: 3 })).toHaveLength(3);
    expect(searchFoods('flour')).toHaveLength(10);
    expect(searchFoods('xyzzyq')).toEqual([]);
    expect(searchFoods('  ', { limit: 2 })).toEqual(FOODS.slice(0, 2));
  });
});

describe('findFood', () => {
  it('finds table rows and the user’s entries by id', () => {
    expect(findFood('usda-sr-19335')?.name).toBe('Sugars, granulated');
    expect(findFood('u-1', [own('u-1', 'Mine')])).toMatchObject({ name: 'Mine', source: 'user' });
    expect(findFood('nope')).toBeUndefined();
  });
});
