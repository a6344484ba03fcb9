import type { NutritionComputed, NutritionFood } from '@packsmith/contracts';

/** A computed label as the server answers it (US standard unless told otherwise). */
export function computed(over: Partial<NutritionComputed> = {}): NutritionComputed {
  return {
    region: 'us',
    format: 'standard',
    title: 'Nutrition Facts',
    basis: 'serving',
    columns: ['Amount per serving', '% Daily Value*'],
    lines: [
      { key: 'calories', label: 'Calories', amount: '230', dv: '', text: 'Calories 230', indent: 0, bold: true, value: '230', unit: '' },
      { key: 'fat', label: 'Total Fat', amount: '8g', dv: '10%', text: 'Total Fat 8g', indent: 0, bold: true, value: '8', unit: 'g' },
    ],
    statements: [],
    footnotes: [],
    warnings: [],
    svg: '<svg xmlns="http://www.w3.org/2000/svg" width="60mm" height="100mm"><text>Nutrition Facts</text></svg>',
    width_mm: 60,
    height_mm: 100,
    overflow: [],
    ...over,
  };
}

export function food(over: Partial<NutritionFood> = {}): NutritionFood {
  return {
    food_id: 'usda-20081',
    name: 'Wheat flour, white, all-purpose',
    source: 'table',
    reference: 'USDA SR Legacy 20081',
    per_100g: { energy_kcal: '364' },
    allergens: ['wheat'],
    ...over,
  };
}
