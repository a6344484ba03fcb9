/**
 * compute (pure, fast): the call's input → the recipe resolved against the composition table and the
 * caller's own entries → the engine's figures → the ingredients statement → the layout's drawing and
 * its live-text SVG. Every engine refusal becomes a 400 whose message starts with the field's path.
 */
import type { NutritionComputed, NutritionIngredient, NutritionLabelInputSchema } from '@packsmith/contracts';
import {
  NutritionInputError,
  computeLabel,
  drawingToSvg,
  findFood,
  ingredientStatement,
  recipeNutrients,
  renderLabel,
  searchFoods,
  type Allergen,
  type Food,
  type IngredientInput,
  type LabelFormat,
  type LabelInput,
  type LabelResult,
  type NutrientsInput,
  type RenderedLabel,
} from '@packsmith/nutrition';
import type { z } from 'zod';
import { badRequest } from '../../http/errors.js';

export type LabelInputParsed = z.output<typeof NutritionLabelInputSchema>;

export const NutritionMsg = {
  unknownFood: (field: string) => `${field}: no such ingredient in the composition table or in your own ingredients.`,
} as const;

/** The engine's message with its field in front ("nutrients.added_sugars: …"), unless it already starts with it. */
export function fieldMessage(field: string, message: string): string {
  return message.startsWith(field) ? message : `${field}: ${message}`;
}

/** Runs engine code, answering its NutritionInputError as a 400 naming the field (mapped by `rename`). */
export function engine<T>(work: () => T, rename: (field: string) => string = (f) => f): T {
  try {
    return work();
  } catch (err) {
    if (err instanceof NutritionInputError) throw badRequest(fieldMessage(rename(err.field), err.message));
    throw err;
  }
}

interface Resolved {
  ingredients: { name: string; grams: string | number; per_100g: NutrientsInput; allergens: Allergen[]; sub: string[] }[];
  unmatched: { index: number; name: string }[];
}

/** Composition of each recipe ingredient: its food_id, else its typed per_100g, else the best name match. */
function resolveRecipe(list: readonly NutritionIngredient[], own: readonly Food[]): Resolved {
  const unmatched: Resolved['unmatched'] = [];
  const ingredients = list.map((ing, index) => {
    let food: Food | undefined;
    if (ing.food_id) {
      food = findFood(ing.food_id, own);
      if (!food) throw badRequest(NutritionMsg.unknownFood(`recipe.ingredients.${index}.food_id`));
    } else if (!ing.per_100g) {
      food = searchFoods(ing.name, { extra: own, limit: 1 })[0];
      if (!food) unmatched.push({ index, name: ing.name });
    }
    // The engine checks every key and amount and names the field; the contract's record is wider than its keys.
    const per100 = (ing.per_100g ?? food?.per_100g ?? {}) as NutrientsInput;
    const allergens = [...new Set([...(food?.allergens ?? []), ...((ing.allergens ?? []) as Allergen[])])];
    return { name: ing.name, grams: ing.grams, per_100g: per100, allergens, sub: ing.sub_ingredients ?? [] };
  });
  return { ingredients, unmatched };
}

/** Sub-ingredients come as names in the order printed: weights that keep that order. */
function statementItems(list: readonly { name: string; grams: string | number; allergens?: readonly Allergen[]; sub: readonly string[] }[]): IngredientInput[] {
  return list.map((i) => ({
    name: i.name,
    grams: i.grams,
    ...(i.allergens?.length ? { allergens: i.allergens } : {}),
    ...(i.sub.length ? { sub_ingredients: i.sub.map((name, k) => ({ name, grams: i.sub.length - k })) } : {}),
  }));
}

/** The layout's drawing: every region and format has one (render.test.ts draws them all). */
export function drawingOf(label: LabelResult, render: LabelInputParsed['render']): RenderedLabel {
  return renderLabel(label, render ?? {});
}

export interface ComputedLabel {
  computed: NutritionComputed;
  label: LabelResult;
  drawing: RenderedLabel;
}

export function computeNutrition(input: LabelInputParsed, own: readonly Food[]): ComputedLabel {
  let nutrients = input.nutrients as NutrientsInput;
  let recipeOut: Record<string, string> | undefined;
  let unmatched: Resolved['unmatched'] | undefined;
  let statementFrom: IngredientInput[] | null = null;
  let statementField = 'ingredients';
  if (input.recipe) {
    const resolved = resolveRecipe(input.recipe.ingredients, own);
    const grams = input.region === 'us' || input.region === 'ca' ? input.serving?.grams_or_ml : 100;
    if (grams === undefined) throw badRequest('serving.grams_or_ml: give the serving size in grams to label a recipe.');
    const recipe = {
      ingredients: resolved.ingredients.map((i) => ({ name: i.name, grams: i.grams, per_100g: i.per_100g })),
      ...(input.recipe.yield_grams !== undefined ? { yield_grams: input.recipe.yield_grams } : {}),
    };
    nutrients = engine(() => recipeNutrients(recipe, grams));
    recipeOut = Object.fromEntries(Object.entries(nutrients).map(([k, v]) => [k, String(v)]));
    unmatched = resolved.unmatched;
    statementFrom = statementItems(resolved.ingredients);
    statementField = 'recipe.ingredients';
  } else if (input.ingredients?.length) {
    statementFrom = statementItems(
      input.ingredients.map((i) => ({ name: i.name, grams: i.grams, allergens: (i.allergens ?? []) as Allergen[], sub: i.sub_ingredients ?? [] })),
    );
  }
  const engineInput: LabelInput = {
    region: input.region,
    ...(input.format ? { format: input.format as LabelFormat } : {}),
    ...(input.serving ? { serving: input.serving } : {}),
    nutrients,
    ...(input.options ? { options: input.options } : {}),
  };
  const label = engine(() => computeLabel(engineInput));
  const statement = statementFrom
    ? engine(
        () => ingredientStatement(statementFrom, input.region),
        (f) => (f.startsWith('ingredients') ? `${statementField}${f.slice('ingredients'.length)}` : f),
      )
    : null;
  const drawing = drawingOf(label, input.render);
  const computed: NutritionComputed = {
    ...label,
    svg: drawingToSvg(drawing),
    width_mm: drawing.width_mm,
    height_mm: drawing.height_mm,
    overflow: drawing.overflow,
    ...(drawing.fit ? { fit: drawing.fit } : {}),
    ...(statement
      ? {
          ingredients_statement: {
            text: statement.text,
            segments: statement.segments,
            contains: statement.contains,
            allergens: statement.allergens,
            items: statement.items.map((i) => ({ name: i.name, grams: i.grams, percent: i.percent })),
          },
        }
      : {}),
    ...(recipeOut ? { recipe_nutrients: recipeOut } : {}),
    ...(unmatched ? { unmatched } : {}),
  };
  return { computed, label, drawing };
}
