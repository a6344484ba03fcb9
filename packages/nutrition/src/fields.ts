/**
 * The nutrient fields a form offers per region, in label order: what is mandatory, what is voluntary,
 * in which unit. The web form and the server's input schema read this instead of repeating the rules.
 */
import { CA_LABELS, CA_ORDER, EU_MICRO_ORDER, MICRO_KEYS, NAMES, UNITS, US_LABELS, type NutrientKey, type Unit } from './nutrients.js';
import type { Region } from './types.js';

export interface NutrientField {
  key: NutrientKey;
  /** The region's printed name ("Total Fat", "Fat / Lipides", "of which saturates"). */
  label: string;
  unit: Unit;
  /** Printed on every label of the region (a missing value is shown as 0 with a warning). */
  mandatory: boolean;
  /** Used only to compute energy, never printed as a line (EU alcohol, organic acids, erythritol, salatrims). */
  energy_only?: boolean;
}

const US_MACROS: readonly [NutrientKey, boolean][] = [
  ['energy_kcal', false],
  ['fat', true],
  ['saturated_fat', true],
  ['trans_fat', true],
  ['polyunsaturated_fat', false],
  ['monounsaturated_fat', false],
  ['cholesterol', true],
  ['sodium', true],
  ['fluoride', false],
  ['carbohydrate', true],
  ['fiber', true],
  ['soluble_fiber', false],
  ['insoluble_fiber', false],
  ['sugars', true],
  ['added_sugars', true],
  ['sugar_alcohol', false],
  ['protein', true],
];
const US_MANDATORY_MICROS: readonly NutrientKey[] = ['vitamin_d', 'calcium', 'iron', 'potassium'];
const CA_CORE = new Set<NutrientKey>([
  'fat',
  'saturated_fat',
  'trans_fat',
  'carbohydrate',
  'fiber',
  'sugars',
  'protein',
  'cholesterol',
  'sodium',
  'potassium',
  'calcium',
  'iron',
]);

const EU_ROWS: readonly [NutrientKey, string, boolean, boolean?][] = [
  ['energy_kcal', 'Energy (kcal)', false],
  ['energy_kj', 'Energy (kJ)', false],
  ['fat', 'Fat', true],
  ['saturated_fat', 'of which saturates', true],
  ['monounsaturated_fat', 'of which mono-unsaturates', false],
  ['polyunsaturated_fat', 'of which polyunsaturates', false],
  ['carbohydrate', 'Carbohydrate', true],
  ['sugars', 'of which sugars', true],
  ['sugar_alcohol', 'of which polyols', false],
  ['erythritol', 'Erythritol (part of polyols)', false, true],
  ['starch', 'of which starch', false],
  ['fiber', 'Fibre', false],
  ['protein', 'Protein', true],
  ['salt', 'Salt', true],
  ['sodium', 'Sodium (for salt = sodium × 2.5)', false, true],
  ['alcohol', 'Alcohol (ethanol)', false, true],
  ['organic_acids', 'Organic acids', false, true],
  ['salatrims', 'Salatrims', false, true],
];

/** The fields of `region`'s label, in the order the label prints them. */
export function nutrientFields(region: Region): NutrientField[] {
  if (region === 'us') {
    return [
      ...US_MACROS.map(([key, mandatory]) => ({
        key,
        label: key === 'energy_kcal' ? 'Calories' : (US_LABELS[key] ?? NAMES[key]),
        unit: UNITS[key],
        mandatory,
      })),
      ...US_MANDATORY_MICROS.map((key) => ({ key, label: US_LABELS[key] ?? NAMES[key], unit: UNITS[key], mandatory: true })),
      ...MICRO_KEYS.filter((k) => !US_MANDATORY_MICROS.includes(k)).map((key) => ({
        key,
        label: US_LABELS[key] ?? NAMES[key],
        unit: UNITS[key],
        mandatory: false,
      })),
    ];
  }
  if (region === 'ca') {
    return [
      { key: 'energy_kcal', label: 'Calories', unit: 'kcal', mandatory: false },
      ...CA_ORDER.map((key) => {
        const [en, fr] = CA_LABELS[key] ?? [NAMES[key], NAMES[key]];
        return { key, label: `${en} / ${fr}`, unit: UNITS[key], mandatory: CA_CORE.has(key) };
      }),
    ];
  }
  return [
    ...EU_ROWS.map(([key, label, mandatory, energyOnly]) => ({ key, label, unit: UNITS[key], mandatory, ...(energyOnly ? { energy_only: true } : {}) })),
    ...EU_MICRO_ORDER.map((key) => ({ key, label: key === 'folate' ? 'Folic acid' : NAMES[key], unit: UNITS[key], mandatory: false })),
  ];
}
