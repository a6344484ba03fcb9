/**
 * Recipe mode's seam: ingredients with weights and per-100 g composition → the nutrients of a
 * serving (US/CA) or of 100 g (EU/UK), with the cooked yield (moisture loss) applied. Where the
 * composition comes from (the food composition table, fuzzy lookup, the user's own entries) is the
 * caller's business: this takes the figures.
 */
import { Dec } from './decimal.js';
import type { IngredientInput } from './ingredients.js';
import { MAX_INGREDIENTS } from './ingredients.js';
import { isNutrientKey, NAMES, type NutrientKey } from './nutrients.js';
import { NutritionInputError, type Amount, type NutrientsInput } from './types.js';

export interface RecipeIngredient extends IngredientInput {
  /** Composition per 100 g of this ingredient, in each nutrient's unit. */
  per_100g: NutrientsInput;
}

export interface Recipe {
  ingredients: readonly RecipeIngredient[];
  /**
   * Weight of the finished batch after cooking, g. Water lost in cooking concentrates the nutrients
   * (they are assumed retained); default: the sum of the ingredients (no loss).
   */
  yield_grams?: Amount;
}

export interface RecipeTotals {
  /** Raw weight of all ingredients, g. */
  raw_grams: string;
  /** Finished weight used for scaling, g. */
  yield_grams: string;
  /** Moisture loss as a percentage of the raw weight, one decimal. */
  loss_percent: string;
  /** Nutrients of the whole batch (exact). */
  batch: NutrientsInput;
}

/** Decimals kept when a batch is divided into servings: far below any label increment (the finest is 0.001 mg). */
const PLACES = 9;

function readAmount(v: unknown, field: string, what: string): Dec {
  const d = typeof v === 'string' || typeof v === 'number' ? Dec.parse(v) : null;
  if (!d) throw new NutritionInputError(field, `${what} must be a number.`);
  if (d.isNegative()) throw new NutritionInputError(field, `${what} must not be negative.`);
  return d;
}

/** Sums the batch: Σ per_100g × grams / 100 for every nutrient any ingredient lists. */
export function recipeTotals(recipe: Recipe): RecipeTotals {
  const list = recipe.ingredients as unknown;
  if (!Array.isArray(list) || list.length === 0) throw new NutritionInputError('recipe.ingredients', 'Give at least one ingredient.');
  if (list.length > MAX_INGREDIENTS) {
    throw new NutritionInputError('recipe.ingredients', `A recipe may have at most ${MAX_INGREDIENTS} ingredients (got ${list.length}).`);
  }
  const sums = new Map<NutrientKey, Dec>();
  let raw = Dec.ZERO;
  recipe.ingredients.forEach((ing, i) => {
    const f = `recipe.ingredients.${i}`;
    const grams = readAmount(ing.grams, `${f}.grams`, `The weight of ${ing.name || `ingredient ${i + 1}`}`);
    raw = raw.add(grams);
    const comp = ing.per_100g as unknown;
    if (typeof comp !== 'object' || comp === null || Array.isArray(comp)) {
      throw new NutritionInputError(`${f}.per_100g`, `The composition of ${ing.name} must be an object of amounts per 100 g.`);
    }
    for (const [k, v] of Object.entries(comp as Record<string, unknown>)) {
      if (!isNutrientKey(k)) throw new NutritionInputError(`${f}.per_100g.${k}`, `Unknown nutrient "${k}".`);
      if (v === undefined || v === null || v === '') continue;
      const per100 = readAmount(v, `${f}.per_100g.${k}`, `${NAMES[k]} of ${ing.name}`);
      sums.set(k, (sums.get(k) ?? Dec.ZERO).add(per100.mul(grams).shift(-2)));
    }
  });
  if (raw.isZero()) throw new NutritionInputError('recipe.ingredients', 'The ingredients weigh nothing: give their weights in grams.');
  let cooked = raw;
  if (recipe.yield_grams !== undefined && recipe.yield_grams !== '') {
    cooked = readAmount(recipe.yield_grams, 'recipe.yield_grams', 'The cooked weight');
    if (cooked.isZero()) throw new NutritionInputError('recipe.yield_grams', 'The cooked weight must be more than 0.');
    if (cooked.gt(raw)) {
      throw new NutritionInputError(
        'recipe.yield_grams',
        `The cooked weight (${cooked.toString()} g) is more than the ingredients (${raw.toString()} g): water added in cooking is an ingredient.`,
      );
    }
  }
  const batch: NutrientsInput = {};
  for (const [k, v] of sums) batch[k] = v.toString();
  return {
    raw_grams: raw.toString(),
    yield_grams: cooked.toString(),
    loss_percent: raw.sub(cooked).mul(Dec.HUNDRED).div(raw).roundTo(Dec.from('0.1')).toString(),
    batch,
  };
}

/**
 * Nutrients of `grams` of the finished recipe: a serving for US/CA labels, or 100 for EU/UK. The
 * answer feeds `computeLabel({ nutrients })` directly.
 */
export function recipeNutrients(recipe: Recipe, grams: Amount): NutrientsInput {
  const t = recipeTotals(recipe);
  const g = readAmount(grams, 'serving.grams_or_ml', 'The serving size');
  const cooked = Dec.from(t.yield_grams);
  const out: NutrientsInput = {};
  for (const [k, v] of Object.entries(t.batch)) {
    out[k as NutrientKey] = Dec.from(v).mul(g).div(cooked).toDec(PLACES).toString();
  }
  return out;
}
