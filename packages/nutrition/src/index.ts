/** The nutrition label engine: pure, exact decimal arithmetic, US / Canada / EU / UK rules (docs/NUTRITION-ENGINE.md). */
export * from './types.js';
export { computeLabel } from './compute.js';
export { Dec, Ratio } from './decimal.js';
export {
  NUTRIENT_KEYS,
  MACRO_KEYS,
  MICRO_KEYS,
  UNITS,
  NAMES,
  US_DV,
  CA_DV,
  EU_NRV,
  EU_RI,
  isNutrientKey,
  type NutrientKey,
  type MacroKey,
  type MicroKey,
  type Unit,
} from './nutrients.js';
export * as rounding from './rounding.js';
export { fopColour, FOP_THRESHOLDS, FOP_PORTION_LIMIT, type FopNutrient } from './fop.js';
export { MAX_SERVING } from './input.js';
export {
  ingredientStatement,
  US_ALLERGENS,
  EU_ALLERGENS,
  MAX_INGREDIENTS,
  type Allergen,
  type IngredientInput,
  type IngredientItem,
  type IngredientStatement,
  type TextSegment,
} from './ingredients.js';
export { recipeNutrients, recipeTotals, type Recipe, type RecipeIngredient, type RecipeTotals } from './recipe.js';
export { usStandardSvg, type SvgLabel, type SvgOptions } from './svg.js';
export { textWidth, wrap } from './metrics.js';
export { nutrientFields, type NutrientField } from './fields.js';
export {
  drawingToSvg,
  watermarkSvg,
  FONT_STACK,
  type DrawItem,
  type DrawRect,
  type DrawSpan,
  type DrawText,
  type FontWeight,
  type GlyphOutliner,
  type LabelDrawing,
  type SvgEmitOptions,
} from './drawing.js';
export { svgToDrawing } from './drawing-parse.js';
export { usStandardDrawing } from './svg.js';
export { renderLabel, layoutLabel, type RenderOptions, type PanelFit, type RenderedLabel } from './render.js';
export { usTabularDrawing } from './layout/us-tabular.js';
export { usLinearDrawing } from './layout/us-linear.js';
export { usDualDrawing } from './layout/us-dual.js';
export { caStandardDrawing } from './layout/ca-standard.js';
export { euTableDrawing } from './layout/eu-table.js';
export { euLinearDrawing } from './layout/eu-linear.js';
export { fopDrawing, FOP_FILL } from './layout/uk-fop.js';
export { candidateFormats, type Panel } from './layout/fit.js';

export {
  FOODS,
  searchFoods,
  searchFoodHits,
  findFood,
  normaliseName,
  resolveRecipe,
  compositionFor,
  type Food,
  type FoodSearchOptions,
  type FoodHit,
  type MatchKind,
  type RecipeLine,
  type ResolveOptions,
  type ResolvedRecipe,
  type ResolvedLine,
  type UnmatchedLine,
} from './foods/index.js';
export { FDA_SAMPLE_NUTRIENTS, FDA_SAMPLE_SERVING } from './samples.js';
