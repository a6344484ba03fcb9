/**
 * Reads and checks a {@link LabelInput}: every amount becomes an exact {@link Dec}, and anything a label
 * cannot be made from is a {@link NutritionInputError} naming the field ("nutrients.added_sugars").
 */
import { Dec } from './decimal.js';
import { isNutrientKey, NAMES, NUTRIENT_KEYS, UNITS, type NutrientKey } from './nutrients.js';
import { FORMATS, NutritionInputError, type Amount, type LabelFormat, type LabelInput, type LabelOptions, type Region } from './types.js';

/** A serving above this is a typing slip (10 kg per serving), not a food. */
export const MAX_SERVING = Dec.int(5000);
const MAX_PER_CONTAINER = Dec.int(10000);
const REGIONS: readonly Region[] = ['us', 'ca', 'eu', 'uk'];

export interface Parsed {
  region: Region;
  format: LabelFormat;
  /** Per serving (us/ca) or per 100 g/ml (eu/uk). Absent keys were not given. */
  n: ReadonlyMap<NutrientKey, Dec>;
  serving: {
    sizeText: string;
    sizeTextFr: string;
    /** US/CA serving or EU/UK portion, g or ml; null when not given (allowed for eu/uk only). */
    metric: Dec | null;
    unit: 'g' | 'ml';
    perContainer: Dec | null;
  };
  options: LabelOptions;
  warnings: string[];
}

function amount(value: unknown, field: string, what: string, unit: string): Dec {
  if (typeof value !== 'string' && typeof value !== 'number') {
    throw new NutritionInputError(field, `${what} must be a number (in ${unit}).`);
  }
  const d = Dec.parse(value);
  if (!d) throw new NutritionInputError(field, `${what} must be a number (in ${unit}), not "${String(value)}".`);
  if (d.isNegative()) throw new NutritionInputError(field, `${what} must not be negative.`);
  return d;
}

function oneOf<T extends string>(value: unknown, allowed: readonly T[], field: string): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new NutritionInputError(field, `${field} must be one of ${allowed.map((a) => `'${a}'`).join(', ')}.`);
  }
  return value as T;
}

function readOptions(raw: unknown): LabelOptions {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw new NutritionInputError('options', 'options must be an object.');
  const o = raw as Record<string, unknown>;
  const known = new Set([
    'dv_basis',
    'children_1_3',
    'calories_method',
    'sugar_alcohol_kcal_per_g',
    'calories_below_5',
    'below_1g',
    'protein_dv',
    'protein_pdcaas',
    'micronutrient_increments',
    'below_2_percent',
    'vitamin_d_iu',
    'ca_daily_values',
    'ca_free_of',
    'eu_negligible',
    'ri_per_100',
    'energy_method',
    'fop_basis',
    'fop_kind',
  ]);
  for (const k of Object.keys(o)) {
    if (!known.has(k)) throw new NutritionInputError(`options.${k}`, `Unknown option "${k}".`);
  }
  const bool = (k: string): boolean | undefined => {
    const v = o[k];
    if (v === undefined) return undefined;
    if (typeof v !== 'boolean') throw new NutritionInputError(`options.${k}`, `options.${k} must be true or false.`);
    return v;
  };
  const out: LabelOptions = {
    dv_basis: oneOf(o.dv_basis, ['declared', 'actual'], 'options.dv_basis'),
    children_1_3: bool('children_1_3'),
    calories_method: oneOf(o.calories_method, ['declared', 'general', 'non_digestible'], 'options.calories_method'),
    calories_below_5: oneOf(o.calories_below_5, ['zero', 'nearest_5'], 'options.calories_below_5'),
    below_1g: oneOf(o.below_1g, ['less_than', 'one'], 'options.below_1g'),
    protein_dv: bool('protein_dv'),
    micronutrient_increments: oneOf(o.micronutrient_increments, ['guidance', 'significance'], 'options.micronutrient_increments'),
    below_2_percent: oneOf(o.below_2_percent, ['zero', 'asterisk', 'omit'], 'options.below_2_percent'),
    vitamin_d_iu: bool('vitamin_d_iu'),
    ca_daily_values: oneOf(o.ca_daily_values, ['2022', '2016'], 'options.ca_daily_values'),
    eu_negligible: oneOf(o.eu_negligible, ['less_than', 'zero'], 'options.eu_negligible'),
    ri_per_100: bool('ri_per_100'),
    energy_method: oneOf(o.energy_method, ['computed', 'declared'], 'options.energy_method'),
    fop_basis: oneOf(o.fop_basis, ['declared', 'actual'], 'options.fop_basis'),
    fop_kind: oneOf(o.fop_kind, ['food', 'drink'], 'options.fop_kind'),
  };
  if (o.sugar_alcohol_kcal_per_g !== undefined) {
    const f = amount(o.sugar_alcohol_kcal_per_g, 'options.sugar_alcohol_kcal_per_g', 'The sugar alcohol factor', 'kcal per g');
    if (f.gt(Dec.int(4))) throw new NutritionInputError('options.sugar_alcohol_kcal_per_g', 'The sugar alcohol factor must be at most 4 kcal per g.');
    out.sugar_alcohol_kcal_per_g = f.toString();
  }
  if (o.protein_pdcaas !== undefined) {
    const p = amount(o.protein_pdcaas, 'options.protein_pdcaas', 'The PDCAAS', 'a fraction from 0 to 1');
    if (p.gt(Dec.ONE)) throw new NutritionInputError('options.protein_pdcaas', 'The PDCAAS must be between 0 and 1.');
    out.protein_pdcaas = p.toString();
  }
  if (o.ca_free_of !== undefined) {
    if (!Array.isArray(o.ca_free_of)) throw new NutritionInputError('options.ca_free_of', 'options.ca_free_of must be a list.');
    out.ca_free_of = o.ca_free_of.map((v, i) => oneOf(v, ['energy', 'fat', 'sodium'] as const, `options.ca_free_of.${i}`) ?? 'energy');
  }
  for (const k of Object.keys(out) as (keyof LabelOptions)[]) if (out[k] === undefined) delete out[k];
  return out;
}

/** Pairs that cannot both be true of a food: the part is more than the whole. */
const PARTS: readonly { part: NutrientKey | readonly NutrientKey[]; whole: NutrientKey; regions?: readonly Region[]; what: string }[] = [
  { part: 'added_sugars', whole: 'sugars', what: 'Added sugars are more than total sugars' },
  { part: 'saturated_fat', whole: 'fat', what: 'Saturated fat is more than total fat' },
  { part: 'trans_fat', whole: 'fat', what: 'Trans fat is more than total fat' },
  {
    part: ['saturated_fat', 'trans_fat', 'polyunsaturated_fat', 'monounsaturated_fat'],
    whole: 'fat',
    what: 'The fatty acids add up to more than total fat',
  },
  { part: 'sugars', whole: 'carbohydrate', what: 'Total sugars are more than total carbohydrate' },
  // In the EU, fibre is declared apart from carbohydrate (Annex I: carbohydrate is what is metabolised).
  { part: 'fiber', whole: 'carbohydrate', regions: ['us', 'ca'], what: 'Dietary fiber is more than total carbohydrate' },
  { part: 'sugar_alcohol', whole: 'carbohydrate', what: 'Sugar alcohols are more than total carbohydrate' },
  { part: 'starch', whole: 'carbohydrate', what: 'Starch is more than total carbohydrate' },
  { part: ['soluble_fiber', 'insoluble_fiber'], whole: 'fiber', what: 'Soluble and insoluble fiber add up to more than dietary fiber' },
  { part: 'erythritol', whole: 'sugar_alcohol', what: 'Erythritol is more than the sugar alcohols (polyols) it is part of' },
  { part: 'salatrims', whole: 'fat', what: 'Salatrims are more than total fat' },
];

const fmtG = (d: Dec, unit: string) => `${d.toString()} ${unit}`;

export function parseInput(input: LabelInput): Parsed {
  if (typeof input !== 'object' || input === null) throw new NutritionInputError('body', 'The label input must be an object.');
  const region = oneOf(input.region, REGIONS, 'region');
  if (!region) throw new NutritionInputError('region', "region is required: one of 'us', 'ca', 'eu', 'uk'.");
  const format = input.format === undefined ? FORMATS[region][0] : oneOf(input.format, FORMATS[region], 'format');
  if (!format) throw new NutritionInputError('format', `format must be one of ${FORMATS[region].join(', ')} for ${region}.`);
  const options = readOptions(input.options);
  const warnings: string[] = [];

  const rawN = input.nutrients as unknown;
  if (typeof rawN !== 'object' || rawN === null || Array.isArray(rawN)) {
    throw new NutritionInputError('nutrients', 'nutrients must be an object of amounts keyed by nutrient name.');
  }
  const n = new Map<NutrientKey, Dec>();
  for (const [k, v] of Object.entries(rawN as Record<string, unknown>)) {
    if (!isNutrientKey(k)) {
      throw new NutritionInputError(`nutrients.${k}`, `Unknown nutrient "${k}". Known nutrients: ${NUTRIENT_KEYS.join(', ')}.`);
    }
    if (v === undefined || v === null || v === '') continue;
    n.set(k, amount(v, `nutrients.${k}`, NAMES[k], UNITS[k]));
  }

  // Serving.
  const s = (input.serving ?? {}) as Record<string, unknown>;
  if (typeof s !== 'object' || Array.isArray(s)) throw new NutritionInputError('serving', 'serving must be an object.');
  const unit = oneOf(s.unit, ['g', 'ml'] as const, 'serving.unit') ?? 'g';
  const text = (k: string): string => {
    const v = s[k];
    if (v === undefined || v === null) return '';
    if (typeof v !== 'string') throw new NutritionInputError(`serving.${k}`, `serving.${k} must be text.`);
    if (v.length > 120) throw new NutritionInputError(`serving.${k}`, `serving.${k} must be at most 120 characters.`);
    return v.trim();
  };
  const sizeText = text('size_text');
  const sizeTextFr = text('size_text_fr');
  let metric: Dec | null = null;
  if (s.grams_or_ml !== undefined && s.grams_or_ml !== null && s.grams_or_ml !== '') {
    metric = amount(s.grams_or_ml, 'serving.grams_or_ml', 'The serving size', unit);
    if (metric.isZero()) throw new NutritionInputError('serving.grams_or_ml', 'The serving size must be more than 0.');
    if (metric.gt(MAX_SERVING)) {
      throw new NutritionInputError(
        'serving.grams_or_ml',
        `A serving of ${fmtG(metric, unit)} is more than ${MAX_SERVING.toString()} ${unit}: enter one serving, not the batch.`,
      );
    }
  }
  if ((region === 'us' || region === 'ca') && !metric) {
    throw new NutritionInputError('serving.grams_or_ml', 'Give the serving size in g or mL (US and Canadian labels are per serving).');
  }
  let perContainer: Dec | null = null;
  if (s.per_container !== undefined && s.per_container !== null && s.per_container !== '') {
    perContainer = amount(s.per_container, 'serving.per_container', 'Servings per container', 'servings');
    if (perContainer.isZero()) throw new NutritionInputError('serving.per_container', 'Servings per container must be more than 0.');
    if (perContainer.gt(MAX_PER_CONTAINER)) throw new NutritionInputError('serving.per_container', 'Servings per container must be at most 10000.');
  }
  if (format === 'dual' && !perContainer) {
    throw new NutritionInputError('serving.per_container', 'The dual-column format needs the servings per container.');
  }

  if (options.calories_method === 'declared' && !n.has('energy_kcal')) {
    throw new NutritionInputError('nutrients.energy_kcal', 'The declared calories method needs the calories (nutrients.energy_kcal).');
  }
  if (options.energy_method === 'declared' && !n.has('energy_kcal') && !n.has('energy_kj')) {
    throw new NutritionInputError('nutrients.energy_kcal', 'The declared energy method needs nutrients.energy_kcal or nutrients.energy_kj.');
  }

  // Parts never exceed their whole.
  const get = (k: NutrientKey) => n.get(k) ?? Dec.ZERO;
  for (const rule of PARTS) {
    if (rule.regions && !rule.regions.includes(region)) continue;
    const parts = typeof rule.part === 'string' ? [rule.part] : rule.part;
    if (!parts.some((p) => n.has(p))) continue;
    const sum = parts.reduce((acc, p) => acc.add(get(p)), Dec.ZERO);
    if (sum.gt(get(rule.whole))) {
      const first = parts.find((p) => n.has(p)) ?? parts[0]!;
      throw new NutritionInputError(`nutrients.${first}`, `${rule.what} (${fmtG(sum, UNITS[first])} against ${fmtG(get(rule.whole), UNITS[rule.whole])}).`);
    }
  }

  // Mass: what is weighed cannot exceed what it is weighed in. Only for g (a 100 ml of syrup weighs more than 100 g).
  const basisMass = region === 'us' || region === 'ca' ? metric : Dec.HUNDRED;
  if (basisMass && unit === 'g') {
    const gramsOf = (k: NutrientKey): Dec => {
      const v = get(k);
      return UNITS[k] === 'mg' ? v.shift(-3) : UNITS[k] === 'mcg' ? v.shift(-6) : v;
    };
    const where = region === 'us' || region === 'ca' ? `the serving (${fmtG(basisMass, 'g')})` : '100 g';
    for (const k of n.keys()) {
      if (UNITS[k] === 'kcal' || UNITS[k] === 'kJ') continue;
      if (gramsOf(k).gt(basisMass)) {
        throw new NutritionInputError(`nutrients.${k}`, `${NAMES[k]} (${fmtG(get(k), UNITS[k])}) is more than ${where}.`);
      }
    }
    const massKeys: NutrientKey[] = ['fat', 'carbohydrate', 'protein', 'alcohol', 'organic_acids'];
    if (region === 'eu' || region === 'uk') massKeys.push('fiber', n.has('salt') ? 'salt' : 'sodium');
    else massKeys.push('sodium');
    const total = massKeys.reduce((acc, k) => acc.add(gramsOf(k)), Dec.ZERO);
    // Analyses of pure foods add up to a little over their weight (olive oil: 100 g fat and 2 mg sodium per
    // 100 g; sugar 99.98 g carbohydrate and its minerals): 2% over is the analysis, more is a typing mistake.
    if (total.gt(basisMass.mul(Dec.from('1.02')))) {
      throw new NutritionInputError(
        'nutrients',
        `Fat, carbohydrate, protein${region === 'eu' || region === 'uk' ? ', fibre and salt' : ' and sodium'} add up to ${fmtG(total, 'g')}, more than ${where}.`,
      );
    }
    // Fat is the densest food energy: 9 kcal/g in the general factors, up to 9.02 in the specific Atwater
    // factors USDA uses for fats (lard 902 kcal per 100 g). Above 9.1 kcal (38 kJ) per gram is a typing mistake.
    const kcal = n.get('energy_kcal');
    if (kcal && kcal.gt(basisMass.mul(Dec.from('9.1')))) {
      throw new NutritionInputError('nutrients.energy_kcal', `Energy of ${kcal.toString()} kcal is more than 9.1 kcal per gram of ${where}.`);
    }
    const kj = n.get('energy_kj');
    if (kj && kj.gt(basisMass.mul(Dec.int(38)))) {
      throw new NutritionInputError('nutrients.energy_kj', `Energy of ${kj.toString()} kJ is more than 38 kJ per gram of ${where}.`);
    }
  }

  return { region, format, n, serving: { sizeText, sizeTextFr, metric, unit, perContainer }, options, warnings };
}

/** The amount of `k`, 0 when not given. */
export function val(p: Parsed, k: NutrientKey): Dec {
  return p.n.get(k) ?? Dec.ZERO;
}

/** Reads an option amount kept as text by readOptions. */
export function optDec(v: Amount | undefined, fallback: string): Dec {
  return Dec.parse(v ?? fallback) ?? Dec.from(fallback);
}
