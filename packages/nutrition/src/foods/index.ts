/**
 * The food composition table for recipe mode: common ingredients with public-domain values per 100 g
 * (USDA SR Legacy: works of the US government), in the engine's nutrient keys and units; a fuzzy lookup by
 * name that also searches the user's own entries; and the step that turns a recipe's lines into the engine's Recipe.
 */
export { FOODS, findFood, ID_PREFIX, type Food } from './foods.js';
export { searchFoods, searchFoodHits, normaliseName, type FoodSearchOptions, type FoodHit, type MatchKind } from './search.js';
export { resolveRecipe, compositionFor, type ResolveOptions, type RecipeLine, type ResolvedRecipe, type ResolvedLine, type UnmatchedLine } from './resolve.js';
