/**
 * Recipe lines as people enter them ({name, grams} with an optional chosen food or their own figures) → the
 * engine's Recipe (a composition per 100 g for every ingredient) and the lines that could not be matched. Only a
 * sure match is taken (a chosen id, the name or an alias, or every word of a name): a typo's best guess is offered
 * as a suggestion, never put on a label silently.
 */
import type { Allergen } from '../ingredients.js';
import type { Recipe, RecipeIngredient } from '../recipe.js';
import { Dec } from '../decimal.js';
import { NutritionInputError, type Amount, type NutrientsInput, type Region } from '../types.js';
import { findFood, type Food } from './foods.js';
import { searchFoodHits, type MatchKind } from './search.js';

export interface RecipeLine {
  name: string;
  grams: Amount;
  /** A food chosen from the suggestions (a table id or one of the user's entries). */
  food_id?: string;
  /** The user's own composition per 100 g for this line: used as given, no lookup. */
  per_100g?: NutrientsInput;
  /** Allergens to add to the food's own ("made in a factory that also handles…" is not one: declare what is in it). */
  allergens?: readonly Allergen[];
}

export interface ResolvedLine {
  index: number;
  name: string;
  /** How the composition was found. */
  by: 'per_100g' | 'food_id' | MatchKind;
  food?: Pick<Food, 'id' | 'name' | 'reference' | 'source'>;
}

export interface UnmatchedLine {
  index: number;
  name: string;
  /** The nearest foods, best first (pick one and send it as food_id). */
  suggestions: Pick<Food, 'id' | 'name' | 'source'>[];
}

export interface ResolvedRecipe {
  /** The matched lines as the engine's Recipe; complete only when `unmatched` is empty. */
  recipe: Recipe;
  resolved: ResolvedLine[];
  unmatched: UnmatchedLine[];
}

/** Matches strong enough to take without asking. */
const SURE: ReadonlySet<MatchKind> = new Set(['name', 'alias', 'words']);

export interface ResolveOptions {
  /** The user's own entries. */
  extra?: readonly Food[];
  /** The finished weight after cooking, g (moisture loss); see Recipe.yield_grams. */
  yield_grams?: Amount;
  /** The label's region: for eu/uk the table's carbohydrate is read as the EU defines it (see compositionFor). */
  region?: Region;
}

/**
 * A table row's composition as a region declares it. USDA's carbohydrate is "by difference" and includes fibre, as
 * the US and Canada declare it; the EU's carbohydrate is what is metabolised and fibre is declared apart (1169/2011
 * Annex I, 7 and 12), so for eu/uk the fibre is taken out of the carbohydrate — never below the sugars, which are
 * part of it: USDA's separate analyses of sugars and fibre can add up to more than its carbohydrate by difference.
 */
export function compositionFor(per_100g: Food['per_100g'], region: Region | undefined): NutrientsInput {
  const out: NutrientsInput = { ...per_100g };
  if ((region === 'eu' || region === 'uk') && per_100g.carbohydrate !== undefined && per_100g.fiber !== undefined) {
    const available = Dec.from(per_100g.carbohydrate).sub(Dec.from(per_100g.fiber));
    const sugars = Dec.from(per_100g.sugars ?? '0');
    out.carbohydrate = (available.lt(sugars) ? sugars : available).toString();
  }
  return out;
}

/** Array.isArray narrows a typed list to any[]; this keeps the element type (the lines come from JSON, so it is checked). */
function isList<T>(v: readonly T[]): v is readonly T[] {
  return Array.isArray(v);
}

export function resolveRecipe(lines: readonly RecipeLine[], options: ResolveOptions = {}): ResolvedRecipe {
  if (!isList(lines)) throw new NutritionInputError('recipe.ingredients', 'recipe.ingredients must be a list.');
  const extra = options.extra ?? [];
  const ingredients: RecipeIngredient[] = [];
  const resolved: ResolvedLine[] = [];
  const unmatched: UnmatchedLine[] = [];
  lines.forEach((line, index) => {
    const field = `recipe.ingredients.${index}`;
    if (typeof line !== 'object' || line === null) throw new NutritionInputError(field, 'Each ingredient must be an object with a name and grams.');
    const name = typeof line.name === 'string' ? line.name.trim() : '';
    if (!name) throw new NutritionInputError(`${field}.name`, 'Each ingredient needs a name.');
    const own = line.allergens ?? [];
    const take = (per_100g: NutrientsInput, allergens: readonly Allergen[], r: Omit<ResolvedLine, 'index' | 'name'>) => {
      ingredients.push({ name, grams: line.grams, per_100g, allergens: [...new Set([...allergens, ...own])] });
      resolved.push({ index, name, ...r });
    };
    if (line.per_100g !== undefined) {
      take(line.per_100g, [], { by: 'per_100g' });
      return;
    }
    if (line.food_id !== undefined) {
      const food = findFood(line.food_id, extra);
      if (!food) throw new NutritionInputError(`${field}.food_id`, `No food has the id "${String(line.food_id)}".`);
      take(compositionFor(food.per_100g, options.region), food.allergens, { by: 'food_id', food: brief(food) });
      return;
    }
    const hits = searchFoodHits(name, { extra, limit: 3 });
    const top = hits[0];
    if (top && SURE.has(top.match)) {
      take(compositionFor(top.food.per_100g, options.region), top.food.allergens, { by: top.match, food: brief(top.food) });
      return;
    }
    unmatched.push({ index, name, suggestions: hits.map((h) => ({ id: h.food.id, name: h.food.name, source: h.source })) });
  });
  const recipe: Recipe = options.yield_grams === undefined ? { ingredients } : { ingredients, yield_grams: options.yield_grams };
  return { recipe, resolved, unmatched };
}

function brief(f: Food): Pick<Food, 'id' | 'name' | 'reference' | 'source'> {
  return { id: f.id, name: f.name, reference: f.reference, source: f.source ?? 'usda' };
}
