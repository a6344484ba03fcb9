import { describe, expect, it } from 'vitest';
import { computeLabel } from './compute.js';
import { ingredientStatement, MAX_INGREDIENTS } from './ingredients.js';
import { recipeNutrients, recipeTotals, type Recipe } from './recipe.js';
import { NutritionInputError } from './types.js';

const COOKIE = [
  { name: 'Sugar', grams: 150 },
  { name: 'Wheat flour', grams: 250 },
  { name: 'Butter', grams: 120 },
  { name: 'Eggs', grams: 50 },
  { name: 'Almonds', grams: 40 },
  { name: 'Natural flavour', grams: 1, allergens: ['milk' as const] },
  {
    name: 'Dark chocolate',
    grams: 80,
    sub_ingredients: [
      { name: 'cocoa butter', grams: 20 },
      { name: 'sugar', grams: 30 },
      { name: 'soy lecithin', grams: 1 },
    ],
  },
  { name: 'Salt', grams: 2 },
  { name: 'Sulphur dioxide', grams: '0.01' },
];

describe('ingredients statement', () => {
  it('lists by descending weight with the US "Contains" statement', () => {
    const s = ingredientStatement(COOKIE, 'us');
    expect(s.text).toBe(
      'Ingredients: Wheat flour, Sugar, Butter, Dark chocolate (sugar, cocoa butter, soy lecithin), Eggs, Almonds, Salt, Natural flavour, Sulphur dioxide.',
    );
    expect(s.items.map((i) => [i.name, i.percent])).toEqual([
      ['Wheat flour', '36.1'],
      ['Sugar', '21.6'],
      ['Butter', '17.3'],
      ['Dark chocolate', '11.5'],
      ['Eggs', '7.2'],
      ['Almonds', '5.8'],
      ['Salt', '0.3'],
      ['Natural flavour', '0.1'],
      ['Sulphur dioxide', '0'],
    ]);
    expect(s.contains).toBe('Contains: Wheat, Milk, Soy, Egg, Almonds.');
    // Cocoa butter is not dairy; the compound ingredient carries its sub-ingredients' allergens.
    expect(s.items[3]?.allergens).toEqual(['soy']);
    expect(
      ingredientStatement(
        [
          { name: 'Peanut butter', grams: 10 },
          { name: 'Almond milk', grams: 5 },
        ],
        'us',
      ).contains,
    ).toBe('Contains: Peanuts, Almonds.');
    // Sulphites are not a US major allergen.
    expect(s.allergens).not.toContain('sulphites');
  });

  it('marks the EU 14 for bold inside the names', () => {
    const s = ingredientStatement(COOKIE, 'eu');
    expect(s.contains).toBe('');
    const bold = s.segments.filter((x) => x.bold).map((x) => x.text);
    expect(bold).toEqual(['Wheat', 'Butter', 'soy', 'Eggs', 'Almonds', 'Natural flavour', 'Sulphur dioxide']);
    expect(s.allergens).toEqual(['gluten', 'milk', 'soy', 'egg', 'tree_nuts', 'sulphites']);
    expect(s.segments.map((x) => x.text).join('')).toBe(s.text);
  });

  it('names the fish and shellfish species in the US statement; molluscs only count in the EU', () => {
    const s = ingredientStatement(
      [
        { name: 'Salmon', grams: 50 },
        { name: 'Shrimp', grams: 20 },
        { name: 'Mussels', grams: 10 },
        { name: 'Celery', grams: 5 },
      ],
      'us',
    );
    expect(s.contains).toBe('Contains: Salmon, Shrimp.');
    expect(
      ingredientStatement(
        [
          { name: 'Mussels', grams: 10 },
          { name: 'Celery', grams: 5 },
        ],
        'uk',
      ).allergens,
    ).toEqual(['molluscs', 'celery']);
  });

  it('refuses bad ingredient input naming the field, and 2,000 ingredients', () => {
    const err = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        if (e instanceof NutritionInputError) return [e.field, e.message];
      }
      return null;
    };
    expect(err(() => ingredientStatement([{ name: 'Sugar', grams: -1 }], 'us'))).toEqual(['ingredients.0.grams', 'The weight of Sugar must not be negative.']);
    expect(err(() => ingredientStatement([{ name: ' ', grams: 1 }], 'us'))).toEqual(['ingredients.0.name', 'Each ingredient needs a name.']);
    const many = Array.from({ length: 2000 }, (_, i) => ({ name: `Item ${i}`, grams: 1 }));
    expect(err(() => ingredientStatement(many, 'us'))).toEqual(['ingredients', `A recipe may have at most ${MAX_INGREDIENTS} ingredients (got 2000).`]);
  });
});

describe('recipe → nutrients (the seam for recipe mode)', () => {
  const PORRIDGE: Recipe = {
    ingredients: [
      {
        name: 'Rolled oats',
        grams: 100,
        per_100g: { energy_kcal: 379, fat: '6.5', saturated_fat: '1.1', carbohydrate: '67.7', fiber: 10, sugars: 1, protein: '13.2', sodium: 6 },
      },
      {
        name: 'Whole milk',
        grams: 400,
        per_100g: { energy_kcal: 61, fat: '3.3', saturated_fat: '1.9', carbohydrate: '4.8', sugars: '5.1', protein: '3.2', sodium: 43, calcium: 113 },
      },
    ],
    yield_grams: 450,
  };

  it('sums the batch exactly and reports the moisture loss', () => {
    const t = recipeTotals(PORRIDGE);
    expect(t).toMatchObject({ raw_grams: '500', yield_grams: '450', loss_percent: '10' });
    expect(t.batch).toMatchObject({ energy_kcal: '623', fat: '19.7', sodium: '178', calcium: '452', carbohydrate: '86.9' });
  });

  it('scales to a serving of the cooked weight and feeds the label', () => {
    const n = recipeNutrients(PORRIDGE, 225); // half the pot
    expect(n).toMatchObject({ energy_kcal: '311.5', fat: '9.85', sodium: '89', calcium: '226' });
    const label = computeLabel({ region: 'us', serving: { size_text: '1 bowl', grams_or_ml: 225 }, nutrients: n });
    const row = (k: string) => label.lines.find((l) => l.key === k)?.amount;
    expect([row('calories'), row('fat'), row('sodium'), row('calcium')]).toEqual(['310', '10g', '90mg', '230mg']);
    // Non-terminating shares keep 9 decimals: 1/3 of the pot.
    expect(recipeNutrients(PORRIDGE, 150).fat).toBe('6.566666667');
  });

  it('per 100 g for EU labels, and without a yield the raw weight', () => {
    expect(recipeNutrients(PORRIDGE, 100).fat).toBe('4.377777778');
    expect(recipeNutrients({ ingredients: PORRIDGE.ingredients }, 100).fat).toBe('3.94');
  });

  it('refuses a cooked weight above the raw weight and unknown nutrients', () => {
    expect(() => recipeTotals({ ...PORRIDGE, yield_grams: 600 })).toThrow(/more than the ingredients/);
    expect(() => recipeTotals({ ingredients: [{ name: 'Oats', grams: 10, per_100g: { fibre: 3 } as never }] })).toThrow(/Unknown nutrient "fibre"/);
  });
});
