import { describe, expect, it } from 'vitest';
import { computeLabel } from '../compute.js';
import { ingredientStatement } from '../ingredients.js';
import { recipeNutrients, recipeTotals } from '../recipe.js';
import { NutritionInputError } from '../types.js';
import type { Food } from './foods.js';
import { compositionFor, resolveRecipe, type RecipeLine } from './resolve.js';

// A white loaf from table rows, figures per 100 g (USDA SR Legacy):
//   bread flour 20083: 361 kcal, sodium 2 mg, protein 11.98 g; tap water 14429: sodium 3 mg;
//   salt 02047: sodium 38758 mg; active dry yeast 18375: 325 kcal, sodium 51 mg, protein 40.44 g.
// 600 g flour + 384 g water + 10 g salt + 6 g yeast = 1000 g of dough; baking drives off 12% of it as water → 880 g.
const LOAF: RecipeLine[] = [
  { name: 'Strong flour', grams: 600 },
  { name: 'Water', grams: 384, food_id: 'usda-sr-14429' },
  { name: 'Salt', grams: 10 },
  { name: 'Instant yeast', grams: 6 },
];

describe('resolveRecipe', () => {
  it('matches names and chosen ids to table rows, and tells how', () => {
    const r = resolveRecipe(LOAF);
    expect(r.unmatched).toEqual([]);
    expect(r.resolved.map((x) => [x.by, x.food?.id])).toEqual([
      ['alias', 'usda-sr-20083'],
      ['food_id', 'usda-sr-14429'],
      ['alias', 'usda-sr-02047'],
      ['alias', 'usda-sr-18375'],
    ]);
    expect(r.recipe.ingredients[0]?.per_100g.energy_kcal).toBe('361');
  });

  it('a loaf losing 12% water in the oven: the nutrients of a 55 g slice and of 100 g, against the figures by hand', () => {
    const { recipe } = resolveRecipe(LOAF, { yield_grams: 880 });
    const t = recipeTotals(recipe);
    expect(t).toMatchObject({ raw_grams: '1000', yield_grams: '880', loss_percent: '12' });
    // Batch: energy 361 × 6 + 325 × 0.06 = 2185.5 kcal; sodium 2 × 6 + 3 × 3.84 + 38758 × 0.1 + 51 × 0.06 = 3902.38 mg;
    // protein 11.98 × 6 + 40.44 × 0.06 = 74.3064 g.
    expect(t.batch).toMatchObject({ energy_kcal: '2185.5', sodium: '3902.38', protein: '74.3064' });
    // A 55 g slice is 1/16 of the 880 g loaf.
    expect(recipeNutrients(recipe, 55)).toMatchObject({ energy_kcal: '136.59375', sodium: '243.89875', protein: '4.64415' });
    // 100 g: 2185.5 × 100 / 880 = 248.3522727…, 3902.38 × 100 / 880 = 443.4522727… (9 decimals kept).
    expect(recipeNutrients(recipe, 100)).toMatchObject({ energy_kcal: '248.352272727', sodium: '443.452272727' });
    // Unbaked, 100 g of the 1000 g dough is a tenth of the batch: the water lost concentrates the rest.
    expect(recipeNutrients(resolveRecipe(LOAF).recipe, 100)).toMatchObject({ energy_kcal: '218.55', sodium: '390.238' });
  });

  it('feeds the label engine and the ingredients statement (the flour brings its allergens)', () => {
    const { recipe } = resolveRecipe(LOAF, { yield_grams: 880 });
    const label = computeLabel({
      region: 'us',
      format: 'standard',
      serving: { size_text: '1 slice', grams_or_ml: 55 },
      nutrients: recipeNutrients(recipe, 55),
    });
    expect(label.lines.find((l) => l.key === 'calories')?.amount).toBe('140');
    expect(label.lines.find((l) => l.key === 'sodium')?.amount).toBe('240mg');
    expect(ingredientStatement(recipe.ingredients, 'us').contains).toBe('Contains: Wheat.');
  });

  it('for eu/uk reads the table’s carbohydrate as the EU does, without the fibre', () => {
    const flour = resolveRecipe([{ name: 'plain flour', grams: 100 }], { region: 'eu' }).recipe.ingredients[0]!;
    expect(flour.per_100g.carbohydrate).toBe('73.61'); // 76.31 by difference − 2.7 fibre
    expect(resolveRecipe([{ name: 'plain flour', grams: 100 }], { region: 'us' }).recipe.ingredients[0]?.per_100g.carbohydrate).toBe('76.31');
    // Never below the sugars: blackberries' sugars and fibre (4.88 + 5.3 g) exceed the carbohydrate (9.61 g).
    expect(compositionFor({ carbohydrate: '9.61', fiber: '5.3', sugars: '4.88' }, 'uk').carbohydrate).toBe('4.88');
  });

  it('lists what it cannot match surely, with suggestions, and keeps it out of the recipe', () => {
    const r = resolveRecipe([
      { name: 'butter', grams: 100 },
      { name: 'rosemery', grams: 2 },
      { name: 'unicorn dust', grams: 1 },
    ]);
    expect(r.recipe.ingredients.map((i) => i.name)).toEqual(['butter']);
    expect(r.unmatched[0]).toMatchObject({ index: 1, name: 'rosemery' });
    expect(r.unmatched[0]?.suggestions[0]?.name).toMatch(/rosemary/i);
    expect(r.unmatched[1]).toEqual({ index: 2, name: 'unicorn dust', suggestions: [] });
  });

  it('takes the user’s own figures and entries, and adds declared allergens', () => {
    const mine: Food = {
      id: 'own-7',
      name: 'Cold-pressed rapeseed oil (our farm)',
      per_100g: { energy_kcal: '828', fat: '92' },
      allergens: [],
      reference: 'Lab report 2026-03',
    };
    const r = resolveRecipe(
      [
        { name: 'rapeseed oil our farm', grams: 10 },
        { name: 'Natural flavour', grams: 1, per_100g: { energy_kcal: '0' }, allergens: ['milk'] },
      ],
      { extra: [mine] },
    );
    expect(r.resolved.map((x) => [x.by, x.food?.source])).toEqual([
      ['words', 'user'],
      ['per_100g', undefined],
    ]);
    expect(r.recipe.ingredients[0]?.per_100g.energy_kcal).toBe('828');
    expect(r.recipe.ingredients[1]?.allergens).toEqual(['milk']);
  });

  it('refuses an unknown id or a nameless line, naming the field', () => {
    expect(() => resolveRecipe([{ name: 'x', grams: 1, food_id: 'usda-sr-99999' }])).toThrow(NutritionInputError);
    const caught = (() => {
      try {
        resolveRecipe([
          { name: 'sugar', grams: 1 },
          { name: ' ', grams: 1 },
        ]);
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(caught).toBeInstanceOf(NutritionInputError);
    expect(caught).toMatchObject({ field: 'recipe.ingredients.1.name' });
    expect(() => resolveRecipe([{ name: ' ', grams: 1 }])).toThrow('Each ingredient needs a name.');
  });
});
