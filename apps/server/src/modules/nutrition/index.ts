/** The nutrition label generator's server side (docs/NUTRITION.md): compute, saved labels, own ingredients, print files. */
export { createNutritionRepo, type NutritionRepo, type NutritionFoodRow } from './nutrition.repo.js';
export {
  createNutritionService,
  checkPer100g,
  NutritionServiceMsg,
  NUTRITION_PROJECT_TYPE,
  MAX_OWN_FOODS,
  type NutritionService,
} from './nutrition.service.js';
export { computeNutrition, fieldMessage, NutritionMsg } from './label-compute.js';
export { labelSvg, labelPng, labelPdf, pngWidthPx, WATERMARK_TEXT, PNG_DPI } from './label-output.js';
export { arimoBytes, arimoFiles, arimoFonts } from './label-fonts.js';
