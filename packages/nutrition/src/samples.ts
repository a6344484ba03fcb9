import type { NutrientsInput, ServingInput } from './types.js';

/**
 * FDA's sample label of the 2016 rule (21 CFR 101.9(d)(12): "2/3 cup (55g)", 8 servings per container,
 * 230 calories): the reference the layouts, their golden files, the tests and the benches start from.
 */
export const FDA_SAMPLE_SERVING = { size_text: '2/3 cup', grams_or_ml: 55, per_container: 8 } as const satisfies ServingInput;
export const FDA_SAMPLE_NUTRIENTS = {
  energy_kcal: 230,
  fat: 8,
  saturated_fat: 1,
  trans_fat: 0,
  cholesterol: 0,
  sodium: 160,
  carbohydrate: 37,
  fiber: 4,
  sugars: 12,
  added_sugars: 10,
  protein: 3,
  vitamin_d: 2,
  calcium: 260,
  iron: 8,
  potassium: 235,
} as const satisfies NutrientsInput;
