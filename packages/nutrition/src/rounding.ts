/**
 * Every rounding rule of every region, as small pure functions on exact decimals. Half-up everywhere:
 * FDA's own example (potassium 235 mg of 4,700 = exactly 5% printed 6%) rounds a tie up, and neither
 * Canada nor the EU guidance states a tie rule (docs/DECISIONS.md).
 */
import { Dec, type Ratio } from './decimal.js';

const d = Dec.from;
const INC = {
  '0.001': d('0.001'),
  '0.01': d('0.01'),
  '0.1': d('0.1'),
  '0.2': d('0.2'),
  '0.5': d('0.5'),
  '1': d('1'),
  '2': d('2'),
  '5': d('5'),
  '10': d('10'),
  '25': d('25'),
  '50': d('50'),
};

/** A declared amount: the rounded value, or a worded one ("Less than 1g") that has no single figure. */
export interface Declared {
  value: Dec;
  /** Set when the label prints words instead of the figure: 'lt1g' "Less than 1g", 'lt5mg' "Less than 5mg", 'lt' EU "<0.5 g". */
  words?: 'lt1g' | 'lt5mg' | 'lt';
  /** For 'lt': the threshold printed after "<". */
  below?: Dec;
  /** EU/UK: decimal places the figure is printed with, its rounding step's ("6.0 g" for a 0.1 g step). */
  places?: number;
}

const fig = (value: Dec): Declared => ({ value });

// ————————————————————————————————————————— US, 21 CFR 101.9(c) —————————————————————————————————————————

export type UsRule = 'calories' | 'fat' | 'cholesterol' | 'sodium' | 'carbohydrate' | 'protein' | 'fluoride';

export interface UsRoundingOptions {
  caloriesBelow5?: 'zero' | 'nearest_5';
  below1g?: 'less_than' | 'one';
}

/** (c)(1): < 5 may be zero; ≤ 50 nearest 5; above 50 nearest 10. */
export function usCalories(x: Dec, below5: 'zero' | 'nearest_5' = 'zero'): Declared {
  if (x.lt(INC['5'])) return fig(below5 === 'zero' ? Dec.ZERO : x.roundTo(INC['5']));
  if (x.lte(d('50'))) return fig(x.roundTo(INC['5']));
  return fig(x.roundTo(INC['10']));
}

/** (c)(2) total, saturated, trans, poly- and monounsaturated fat: < 0.5 g → 0; < 5 g → 0.5 g; ≥ 5 g → 1 g. */
export function usFat(x: Dec): Declared {
  if (x.lt(INC['0.5'])) return fig(Dec.ZERO);
  if (x.lt(INC['5'])) return fig(x.roundTo(INC['0.5']));
  return fig(x.roundTo(INC['1']));
}

/** (c)(3): < 2 mg → 0; 2 to < 5 mg → "less than 5 mg"; ≥ 5 mg → nearest 5 mg. */
export function usCholesterol(x: Dec): Declared {
  if (x.lt(INC['2'])) return fig(Dec.ZERO);
  if (x.lt(INC['5'])) return { value: Dec.ZERO, words: 'lt5mg' };
  return fig(x.roundTo(INC['5']));
}

/** (c)(4): < 5 mg → 0; 5–140 mg → nearest 5 mg; > 140 mg → nearest 10 mg. */
export function usSodium(x: Dec): Declared {
  if (x.lt(INC['5'])) return fig(Dec.ZERO);
  if (x.lte(d('140'))) return fig(x.roundTo(INC['5']));
  return fig(x.roundTo(INC['10']));
}

/**
 * (c)(6) carbohydrate, fibres, sugars, added sugars, sugar alcohol: < 0.5 g → 0; 0.5 to < 1 g → "less than
 * 1 gram" or (the nearest gram) 1 g; else nearest 1 g.
 */
export function usCarbohydrate(x: Dec, below1: 'less_than' | 'one' = 'less_than'): Declared {
  if (x.lt(INC['0.5'])) return fig(Dec.ZERO);
  if (x.lt(INC['1'])) return below1 === 'one' ? fig(INC['1']) : { value: Dec.ZERO, words: 'lt1g' };
  return fig(x.roundTo(INC['1']));
}

/** (c)(7): < 0.5 g → 0; 0.5 to < 1 g → "less than 1 gram" or 1 g; else nearest 1 g. */
export function usProtein(x: Dec, below1: 'less_than' | 'one' = 'less_than'): Declared {
  if (x.lt(INC['0.5'])) return fig(Dec.ZERO);
  if (x.lt(INC['1'])) return below1 === 'one' ? fig(INC['1']) : { value: Dec.ZERO, words: 'lt1g' };
  return fig(x.roundTo(INC['1']));
}

/** (c)(5) fluoride [K]: < 0.1 mg → 0; ≤ 0.8 mg → 0.1 mg; > 0.8 mg → 0.2 mg. */
export function usFluoride(x: Dec): Declared {
  if (x.lt(INC['0.1'])) return fig(Dec.ZERO);
  if (x.lte(d('0.8'))) return fig(x.roundTo(INC['0.1']));
  return fig(x.roundTo(INC['0.2']));
}

export function usRound(rule: UsRule, x: Dec, o: UsRoundingOptions = {}): Declared {
  switch (rule) {
    case 'calories':
      return usCalories(x, o.caloriesBelow5);
    case 'fat':
      return usFat(x);
    case 'cholesterol':
      return usCholesterol(x);
    case 'sodium':
      return usSodium(x);
    case 'carbohydrate':
      return usCarbohydrate(x, o.below1g);
    case 'protein':
      return usProtein(x, o.below1g);
    case 'fluoride':
      return usFluoride(x);
  }
}

/** (d)(7)(ii): %DV of a DRV nutrient, nearest whole percent. */
export function percentWhole(r: Ratio): Dec {
  return r.mul(Dec.HUNDRED).roundTo(INC['1']);
}

/**
 * (c)(8)(iii): vitamin and mineral %DV — nearest 2% up to and including 10%, nearest 5% above 10% up to
 * and including 50%, nearest 10% above 50%. The tier is chosen on the unrounded percent.
 */
export function usMicroPercent(r: Ratio): Dec {
  const p = r.mul(Dec.HUNDRED);
  if (p.lte(INC['10'])) return p.roundTo(INC['2']);
  if (p.lte(INC['50'])) return p.roundTo(INC['5']);
  return p.roundTo(INC['10']);
}

/**
 * Vitamin and mineral amounts by the size of the RDI. 'guidance' (FDA Q&A, 2019): RDI < 25 → 0.1,
 * 25 ≤ RDI < 250 → 1, RDI ≥ 250 → 10. 'significance' ((c)(8)(ii): the RDI table's own levels of
 * significance): RDI < 25 → 0.1, otherwise whole units. Below 25 a finer increment (0.01, 0.001) is
 * used when 0.1 would print zero for an amount of at least 2% RDI, as the guidance allows.
 */
export function usMicroAmount(x: Dec, rdi: Dec, mode: 'guidance' | 'significance' = 'guidance', atLeast2pct = true): Dec {
  if (rdi.lt(INC['25'])) {
    let v = x.roundTo(INC['0.1']);
    if (v.isZero() && atLeast2pct) v = x.roundTo(INC['0.01']);
    if (v.isZero() && atLeast2pct) v = x.roundTo(INC['0.001']);
    return v;
  }
  if (rdi.lt(d('250')) || mode === 'significance') return x.roundTo(INC['1']);
  return x.roundTo(INC['10']);
}

/** (b)(8)(i) servings per container: nearest whole; from 2 to 5, nearest 0.5. */
export function usServingsPerContainer(x: Dec): Dec {
  if (x.gte(INC['2']) && x.lte(INC['5'])) return x.roundTo(INC['0.5']);
  const r = x.roundTo(INC['1']);
  // 1.5 rounds to 2, which is in the 0.5 band: keep it at 2 (still the nearest whole number).
  return r.isZero() ? INC['1'] : r;
}

/** Metric serving size: > 5 → whole; 2 to 5 → 0.5; < 2 → 0.1 (FDA NLEA Att. 6). */
export function usMetricServing(x: Dec): Dec {
  if (x.gt(INC['5'])) return x.roundTo(INC['1']);
  if (x.gte(INC['2'])) return x.roundTo(INC['0.5']);
  return x.roundTo(INC['0.1']);
}

// ———————————————————————————————————— Canada, table following B.01.401 ————————————————————————————————————

/** Canada energy: < 5 Cal → nearest 1 (0 when "free of energy"); 5–50 → 5; > 50 → 10. */
export function caCalories(x: Dec, free = false): Declared {
  if (x.lt(INC['5'])) return fig(free ? Dec.ZERO : x.roundTo(INC['1']));
  if (x.lte(d('50'))) return fig(x.roundTo(INC['5']));
  return fig(x.roundTo(INC['10']));
}

/** Canada fat, saturated, trans: < 0.5 g → 0.1 g (0 when "free of fat"); 0.5–5 g → 0.5 g; > 5 g → 1 g. */
export function caFat(x: Dec, free = false): Declared {
  if (x.lt(INC['0.5'])) return fig(free ? Dec.ZERO : x.roundTo(INC['0.1']));
  if (x.lte(INC['5'])) return fig(x.roundTo(INC['0.5']));
  return fig(x.roundTo(INC['1']));
}

/** Canada sodium: < 5 mg → 1 mg (0 when "free of sodium"); 5–140 mg → 5 mg; > 140 mg → 10 mg. */
export function caSodium(x: Dec, free = false): Declared {
  if (x.lt(INC['5'])) return fig(free ? Dec.ZERO : x.roundTo(INC['1']));
  if (x.lte(d('140'))) return fig(x.roundTo(INC['5']));
  return fig(x.roundTo(INC['10']));
}

/** Canada cholesterol: nearest 5 mg. */
export function caCholesterol(x: Dec): Declared {
  return fig(x.roundTo(INC['5']));
}

/** Canada carbohydrate, fibre, sugars, sugar alcohols, starch: < 0.5 g → 0; otherwise nearest 1 g (no "less than" wording). */
export function caCarbohydrate(x: Dec): Declared {
  if (x.lt(INC['0.5'])) return fig(Dec.ZERO);
  return fig(x.roundTo(INC['1']));
}

/** Canada protein: < 0.5 g → 0.1 g; otherwise nearest 1 g. */
export function caProtein(x: Dec): Declared {
  if (x.lt(INC['0.5'])) return fig(x.roundTo(INC['0.1']));
  return fig(x.roundTo(INC['1']));
}

/** Canada potassium and calcium (mg) [K, see docs]: < 5 → 1; < 50 → 5; < 250 → 10; ≥ 250 → 50. */
export function caPotassiumCalcium(x: Dec): Declared {
  if (x.lt(INC['5'])) return fig(x.roundTo(INC['1']));
  if (x.lt(INC['50'])) return fig(x.roundTo(INC['5']));
  if (x.lt(d('250'))) return fig(x.roundTo(INC['10']));
  return fig(x.roundTo(INC['50']));
}

/** Canada iron (mg) [K, see docs]: < 10 → 0.1; ≥ 10 → 1. */
export function caIron(x: Dec): Declared {
  if (x.lt(INC['10'])) return fig(x.roundTo(INC['0.1']));
  return fig(x.roundTo(INC['1']));
}

/** Canada serving of stated size: < 10 g/mL → 0.1; ≥ 10 → 1. */
export function caServing(x: Dec): Dec {
  return x.lt(INC['10']) ? x.roundTo(INC['0.1']) : x.roundTo(INC['1']);
}

// ——————————————————————————————————————— EU, EC guidance December 2012 ———————————————————————————————————————

export type EuRule = 'energy' | 'macro' | 'fatty_acids' | 'sodium' | 'salt';

/**
 * EC 2012 guidance. macro (fat, carbohydrate, sugars, protein, fibre, polyols, starch): ≥ 10 g → 1 g;
 * > 0.5 and < 10 g → 0.1 g; ≤ 0.5 g → "<0.5 g" or "0 g". Fatty acids: thresholds 10 / 0.1. Salt:
 * ≥ 1 g → 0.1 g; > 0.0125 g → 0.01 g; ≤ 0.0125 g → "<0.01 g" or "0 g". Sodium: 1 / 0.005, "<0.01 g".
 */
export function euRound(rule: EuRule, x: Dec, negligible: 'less_than' | 'zero' = 'less_than'): Declared {
  const step = (inc: Dec, places: number): Declared => ({ value: x.roundTo(inc), places });
  const small = (printed: Dec): Declared => (x.isZero() || negligible === 'zero' ? fig(Dec.ZERO) : { value: Dec.ZERO, words: 'lt', below: printed });
  switch (rule) {
    case 'energy':
      return fig(x.roundTo(INC['1']));
    case 'macro':
      if (x.gte(INC['10'])) return fig(x.roundTo(INC['1']));
      if (x.gt(INC['0.5'])) return step(INC['0.1'], 1);
      return small(INC['0.5']);
    case 'fatty_acids':
      if (x.gte(INC['10'])) return fig(x.roundTo(INC['1']));
      if (x.gt(INC['0.1'])) return step(INC['0.1'], 1);
      return small(INC['0.1']);
    case 'sodium':
      if (x.gte(INC['1'])) return step(INC['0.1'], 1);
      if (x.gt(d('0.005'))) return step(INC['0.01'], 2);
      return small(INC['0.01']);
    case 'salt':
      if (x.gte(INC['1'])) return step(INC['0.1'], 1);
      if (x.gt(d('0.0125'))) return step(INC['0.01'], 2);
      return small(INC['0.01']);
  }
}

/** EU vitamins and minerals: 3 significant figures for vitamin A, folic acid, chloride, calcium, phosphorus, magnesium, iodine, potassium; 2 for the rest. */
export function euMicro(x: Dec, sig: 2 | 3): Dec {
  return x.roundSig(sig);
}
