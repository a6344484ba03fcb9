import { describe, expect, it } from 'vitest';
import { Dec } from '../decimal.js';
import { computeLabel } from '../compute.js';
import { EU_ALLERGENS, US_ALLERGENS } from '../ingredients.js';
import { isNutrientKey, type NutrientKey } from '../nutrients.js';
import { recipeNutrients } from '../recipe.js';
import { FOODS, type Food } from './foods.js';
import { compositionFor } from './resolve.js';
import { COLUMNS, ROWS } from './table.js';

// The figures in this table end up on printed labels: every row is checked, and a row that fails is a data error.

const get = (f: Food, k: NutrientKey): Dec => Dec.from(f.per_100g[k] ?? '0');
const sum = (f: Food, keys: readonly NutrientKey[]): Dec => keys.reduce((acc, k) => acc.add(get(f, k)), Dec.ZERO);

/**
 * Rows whose USDA energy is not the general 4/4/9 (and 7 for alcohol) factors' answer, and why. USDA computes energy
 * with specific Atwater factors per food; where those differ from the general ones by more than the tolerance the
 * row is still USDA's figure, and is listed here rather than the tolerance being widened.
 */
const ENERGY_EXCEPTIONS: Readonly<Record<string, string>> = {
  'usda-sr-16055': 'carob flour: USDA factors for carob, most of its carbohydrate by difference is fibre and tannin',
  'usda-sr-20077': 'wheat bran: USDA specific factors for bran (protein 1.82, fat 8.37, carbohydrate 2.35 kcal/g)',
  'usda-sr-20033': 'oat bran: USDA specific factors for bran',
  'usda-sr-20060': 'rice bran: USDA specific factors for bran',
  'usda-sr-09159': 'lime: USDA factors for citrus (carbohydrate 2.48 kcal/g, much of it citric acid)',
  'usda-sr-09160': 'lime juice: USDA factors for citrus',
  'usda-sr-02031': 'cayenne (spice): USDA factors for spices, carbohydrate largely fibre and non-nutritive matter',
  'usda-sr-02011': 'cloves (spice): USDA factors for spices',
  'usda-sr-02001': 'allspice (spice): USDA factors for spices',
  'usda-sr-02016': 'dill seed (spice): USDA factors for spices',
  'usda-sr-02017': 'dill weed, dried (spice): USDA factors for spices',
  'usda-sr-18369': 'baking powder: carbohydrate by difference counts the acid salts, which yield no energy',
  'usda-sr-19165': 'cocoa powder: USDA factors for cocoa (protein 1.83, fat 8.37, carbohydrate 1.33 kcal/g)',
  'usda-sr-19166': 'Dutch-process cocoa: USDA factors for cocoa',
  'usda-sr-02048': 'cider vinegar: its energy is acetic acid, which is not carbohydrate',
  'usda-sr-02053': 'distilled vinegar: acetic acid',
  'usda-sr-02068': 'red wine vinegar: acetic acid',
  'usda-sr-02069': 'balsamic vinegar: acetic acid besides its sugars',
};

/** Within ±15% or ±10 kcal of `expected`. */
function near(energy: Dec, expected: Dec): boolean {
  const diff = energy.sub(expected);
  const abs = diff.isNegative() ? Dec.ZERO.sub(diff) : diff;
  return abs.lte(Dec.int(10)) || abs.mul(Dec.int(100)).lte(expected.mul(Dec.int(15)));
}

describe('the food composition table', () => {
  it('has at least 320 rows, every one a USDA SR Legacy row with a unique id and name', () => {
    expect(FOODS.length).toBeGreaterThanOrEqual(320);
    expect(new Set(FOODS.map((f) => f.id)).size).toBe(FOODS.length);
    expect(new Set(FOODS.map((f) => f.name.toLowerCase())).size).toBe(FOODS.length);
    for (const f of FOODS) {
      expect(f.id, f.name).toMatch(/^usda-sr-\d{5}$/);
      expect(f.reference).toBe(`USDA SR Legacy NDB ${f.id.slice('usda-sr-'.length)}`);
    }
  });

  it('an alias names one food only, so typing it picks that food', () => {
    const owner = new Map<string, string>();
    for (const f of FOODS) {
      for (const a of f.aliases ?? []) {
        const k = a.toLowerCase();
        expect(owner.get(k), `"${a}" is an alias of ${owner.get(k)} and of ${f.name}`).toBeUndefined();
        owner.set(k, f.name);
      }
    }
  });

  it('every column is a nutrient key, and every row has a value (or "-") for each', () => {
    for (const c of COLUMNS) expect(isNutrientKey(c), c).toBe(true);
    for (const [ndb, , , , values] of ROWS) expect(values.split(' ').length, ndb).toBe(COLUMNS.length);
  });

  it.each(FOODS.map((f) => [f.name, f] as const))('%s: figures are non-negative decimals, parts within their wholes', (_, f) => {
    for (const [k, v] of Object.entries(f.per_100g)) {
      expect(isNutrientKey(k), k).toBe(true);
      expect(v, `${k} of ${f.name}`).toMatch(/^(0|[1-9]\d*)(\.\d*[1-9])?$/);
    }
    for (const k of ['energy_kcal', 'fat', 'carbohydrate', 'protein', 'sodium'] as const) expect(f.per_100g[k], k).toBeDefined();
    const fat = get(f, 'fat');
    // Exactly within, not within rounding: the engine refuses fatty acids that add up to more than the fat.
    expect(sum(f, ['saturated_fat', 'monounsaturated_fat', 'polyunsaturated_fat']).lte(fat), 'fatty acids ≤ fat').toBe(true);
    expect(get(f, 'sugars').lte(get(f, 'carbohydrate')), 'sugars ≤ carbohydrate').toBe(true);
    expect(get(f, 'fiber').lte(get(f, 'carbohydrate')), 'fibre ≤ carbohydrate').toBe(true);
    expect(get(f, 'added_sugars').lte(get(f, 'sugars')), 'added sugars ≤ sugars').toBe(true);
    expect(sum(f, ['fat', 'carbohydrate', 'protein', 'alcohol']).lte(Dec.HUNDRED), 'fat + carbohydrate + protein + alcohol ≤ 100 g').toBe(true);
  });

  it.each(FOODS.filter((f) => !ENERGY_EXCEPTIONS[f.id]).map((f) => [f.name, f] as const))('%s: energy agrees with the Atwater factors', (_, f) => {
    const p = get(f, 'protein');
    const fat = get(f, 'fat');
    const carb = get(f, 'carbohydrate');
    const fibre = get(f, 'fiber');
    const alcohol = get(f, 'alcohol');
    const base = p
      .mul(Dec.int(4))
      .add(fat.mul(Dec.int(9)))
      .add(alcohol.mul(Dec.int(7)));
    // The FDA's two general methods: 4/4/9 on total carbohydrate, or with fibre at 2 kcal/g (21 CFR 101.9(c)(1)(i)(A), (C)).
    const total = base.add(carb.mul(Dec.int(4)));
    const lessFibre = base.add(carb.sub(fibre).mul(Dec.int(4))).add(fibre.mul(Dec.int(2)));
    const e = get(f, 'energy_kcal');
    expect(near(e, total) || near(e, lessFibre), `${e.toString()} kcal against ${total.toString()} / ${lessFibre.toString()}`).toBe(true);
  });

  it('every exception to the energy check is a row of the table that does fail it (the list does not go stale)', () => {
    for (const id of Object.keys(ENERGY_EXCEPTIONS)) {
      const f = FOODS.find((x) => x.id === id);
      expect(f, id).toBeDefined();
      const total = sum(f!, ['protein', 'carbohydrate'])
        .mul(Dec.int(4))
        .add(get(f!, 'fat').mul(Dec.int(9)));
      expect(near(get(f!, 'energy_kcal'), total), id).toBe(false);
    }
  });

  it('allergens are the engine’s names; wheat always brings gluten', () => {
    const known = new Set([...US_ALLERGENS, ...EU_ALLERGENS]);
    for (const f of FOODS) {
      for (const a of f.allergens) expect(known.has(a), `${f.name}: ${a}`).toBe(true);
      if (f.allergens.includes('wheat')) expect(f.allergens, f.name).toContain('gluten');
    }
  });

  it('allergens a food is by its nature are on its row', () => {
    const has = (name: string, a: string) => expect(FOODS.find((f) => f.name === name)?.allergens, name).toContain(a);
    has('Wheat flour, white, all-purpose, enriched, bleached', 'wheat');
    has('Butter, salted', 'milk');
    has('Egg, whole, raw, fresh', 'egg');
    has('Nuts, almonds', 'tree_nuts');
    has('Peanut butter, smooth style, with salt', 'peanuts');
    has('Seeds, sesame butter, tahini, from roasted and toasted kernels (most common type)', 'sesame');
    has('Soy sauce made from soy and wheat (shoyu)', 'soy');
    has('Crustaceans, shrimp, mixed species, raw', 'crustacean_shellfish');
    has('Mollusks, mussel, blue, raw', 'molluscs');
    has('Celery, raw', 'celery');
    has('Mustard, prepared, yellow', 'mustard');
    has('Oats', 'gluten');
    expect(FOODS.find((f) => f.name === 'Nuts, coconut meat, raw')?.allergens).toEqual([]);
  });

  it('added sugars: all of a sweetener’s sugars, none for an unsweetened food, unknown (absent) for sweetened products', () => {
    const byName = (n: string) => FOODS.find((f) => f.name === n)!;
    expect(byName('Honey').per_100g.added_sugars).toBe(byName('Honey').per_100g.sugars);
    expect(byName('Sugars, granulated').per_100g.added_sugars).toBe('99.8');
    expect(byName('Bananas, raw').per_100g.added_sugars).toBe('0');
    expect(byName('Candies, milk chocolate').per_100g.added_sugars).toBeUndefined();
  });

  it('adjusted figures say so in a note (sugars above the carbohydrate by difference are capped)', () => {
    const milk = FOODS.find((f) => f.id === 'usda-sr-01077')!;
    expect(milk.per_100g.sugars).toBe(milk.per_100g.carbohydrate);
    expect(milk.note).toMatch(/sugars capped .*5\.05 g/);
  });

  // The table feeds the engine through recipe mode: 100 g of any one row must give a label the engine accepts.
  it.each(FOODS.map((f) => [f.name, f] as const))('%s: 100 g of it makes a US and an EU label', (_, f) => {
    const of = (region: 'us' | 'eu') => recipeNutrients({ ingredients: [{ name: f.name, grams: 100, per_100g: compositionFor(f.per_100g, region) }] }, 100);
    expect(() => computeLabel({ region: 'us', format: 'standard', serving: { size_text: '100 g', grams_or_ml: 100 }, nutrients: of('us') })).not.toThrow();
    expect(() => computeLabel({ region: 'eu', format: 'table', serving: { size_text: '100 g', grams_or_ml: 100 }, nutrients: of('eu') })).not.toThrow();
  });

  // Pure fats sit at the edge of the engine's plausibility checks (lard 902 kcal, olive oil 100 g fat + 2 mg sodium per 100 g).
  it('pure fats make a label on their own', () => {
    for (const id of ['usda-sr-04002', 'usda-sr-04053']) {
      const f = FOODS.find((x) => x.id === id)!;
      const nutrients = recipeNutrients({ ingredients: [{ name: f.name, grams: 100, per_100g: f.per_100g }] }, 14);
      expect(computeLabel({ region: 'us', format: 'standard', serving: { size_text: '1 tbsp', grams_or_ml: 14 }, nutrients }).lines.length).toBeGreaterThan(5);
    }
  });
});
