/**
 * The food composition table for recipe mode: common ingredients with public-domain values per 100 g
 * (USDA FoodData Central, SR Legacy / Foundation Foods: works of the US government), in the engine's
 * nutrient keys and units, and a fuzzy lookup by name that also searches the user's own entries.
 */
import type { Allergen } from '../ingredients.js';
import type { NutrientKey } from '../nutrients.js';

export interface Food {
  /** Stable id: 'usda-<fdc id>' for table rows; the server's own ids for user entries. */
  id: string;
  name: string;
  /** Other names people type: "plain flour", "all-purpose flour". */
  aliases?: readonly string[];
  /** Nutrients per 100 g, decimal strings in each key's unit (g, mg, mcg). */
  per_100g: Readonly<Partial<Record<NutrientKey, string>>>;
  allergens: readonly Allergen[];
  /** Where the figures come from: "USDA SR Legacy 20081". */
  reference: string;
}

// Placeholder rows until the table lands (issue 16): enough for the server and web to integrate against.
export const FOODS: readonly Food[] = [
  {
    id: 'usda-169761',
    name: 'Wheat flour, white, all-purpose, enriched',
    aliases: ['all-purpose flour', 'plain flour', 'flour'],
    per_100g: { energy_kcal: '364', fat: '0.98', saturated_fat: '0.155', carbohydrate: '76.31', fiber: '2.7', sugars: '0.27', protein: '10.33', sodium: '2', calcium: '15', iron: '4.64', potassium: '107' },
    allergens: ['wheat'],
    reference: 'USDA SR Legacy 20081',
  },
  {
    id: 'usda-169655',
    name: 'Sugar, granulated',
    aliases: ['sugar', 'white sugar', 'caster sugar'],
    per_100g: { energy_kcal: '387', carbohydrate: '99.98', sugars: '99.8', added_sugars: '99.8', potassium: '2', calcium: '1', iron: '0.05' },
    allergens: [],
    reference: 'USDA SR Legacy 19335',
  },
];

export interface FoodSearchOptions {
  limit?: number;
  /** The user's own entries, searched with the table (listed first on equal scores). */
  extra?: readonly Food[];
}

/** Foods whose name or an alias matches `query`, best first (placeholder: substring match). */
export function searchFoods(query: string, options: FoodSearchOptions = {}): Food[] {
  const q = query.trim().toLowerCase();
  const all = [...(options.extra ?? []), ...FOODS];
  const hits = q ? all.filter((f) => [f.name, ...(f.aliases ?? [])].some((n) => n.toLowerCase().includes(q))) : all;
  return hits.slice(0, options.limit ?? 10);
}

export function findFood(id: string, extra: readonly Food[] = []): Food | undefined {
  return extra.find((f) => f.id === id) ?? FOODS.find((f) => f.id === id);
}
