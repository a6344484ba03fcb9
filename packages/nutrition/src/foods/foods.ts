/**
 * The food composition table as `Food` rows: the compact data of table.ts read once into objects, and the lookup
 * by id that also finds the user's own entries.
 */
import type { Allergen } from '../ingredients.js';
import type { NutrientKey } from '../nutrients.js';
import { COLUMNS, ROWS } from './table.js';

export interface Food {
  /** Stable id: 'usda-sr-<NDB number>' for table rows; the server's own ids for user entries. */
  id: string;
  name: string;
  /** Other names people type: "plain flour", "all-purpose flour". */
  aliases?: readonly string[];
  /** Nutrients per 100 g, decimal strings in each key's unit (g, mg, mcg). A key left out is not known (not zero). */
  per_100g: Readonly<Partial<Record<NutrientKey, string>>>;
  allergens: readonly Allergen[];
  /** Where the figures come from: "USDA SR Legacy NDB 20081". */
  reference: string;
  /** 'usda' for table rows, 'user' for the user's own entries (search answers label them). */
  source?: 'usda' | 'user';
  /** Where a table figure was adjusted from the source, and why. */
  note?: string;
}

export const ID_PREFIX = 'usda-sr-';

function toFood([ndb, name, aliases, allergens, values, note]: (typeof ROWS)[number]): Food {
  const cells = values.split(' ');
  if (cells.length !== COLUMNS.length) throw new Error(`food table row ${ndb} has ${cells.length} values for ${COLUMNS.length} columns`);
  const per_100g: Partial<Record<NutrientKey, string>> = {};
  COLUMNS.forEach((key, i) => {
    const v = cells[i];
    if (v !== undefined && v !== '-') per_100g[key] = v;
  });
  return {
    id: `${ID_PREFIX}${ndb}`,
    name,
    aliases: aliases ? aliases.split('|') : [],
    per_100g,
    // The table spells allergens in the engine's own names; table.test.ts checks each against the Allergen type.
    allergens: allergens ? (allergens.split(' ') as Allergen[]) : [],
    reference: `USDA SR Legacy NDB ${ndb}`,
    source: 'usda',
    ...(note ? { note } : {}),
  };
}

/** The table, in its order: within each group the common base ingredient comes before its variants (search uses this). */
export const FOODS: readonly Food[] = ROWS.map(toFood);

const BY_ID = new Map(FOODS.map((f) => [f.id, f]));

export function findFood(id: string, extra: readonly Food[] = []): Food | undefined {
  const own = extra.find((f) => f.id === id);
  if (own) return { ...own, source: 'user' };
  return BY_ID.get(id);
}
