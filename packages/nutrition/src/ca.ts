/**
 * Canada Nutrition Facts / Valeur nutritive, FDR B.01.401 onward as amended in 2016: the bilingual
 * standard format, per serving of stated size, with English and French wording for every line.
 */
import { Dec, Ratio } from './decimal.js';
import { val, type Parsed } from './input.js';
import { CA_DV, CA_LABELS, CA_ORDER, UNITS, type NutrientKey } from './nutrients.js';
import {
  caCalories,
  caCarbohydrate,
  caCholesterol,
  caFat,
  caIron,
  caPotassiumCalcium,
  caProtein,
  caServing,
  caSodium,
  percentWhole,
  usMicroAmount,
  type Declared,
} from './rounding.js';
import type { LabelLine, LabelResult } from './types.js';
import { englishList } from './us.js';

const CORE: readonly NutrientKey[] = [
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
];
const INDENT: Partial<Record<NutrientKey, 1 | 2>> = {
  saturated_fat: 1,
  trans_fat: 1,
  polyunsaturated_fat: 1,
  monounsaturated_fat: 1,
  fiber: 1,
  soluble_fiber: 2,
  insoluble_fiber: 2,
  sugars: 1,
  sugar_alcohol: 1,
  starch: 1,
};
const BOLD = new Set<NutrientKey>(['fat', 'carbohydrate', 'protein', 'cholesterol', 'sodium', 'potassium', 'calcium', 'iron']);
/** Rows with a %DV in the 2016 format (carbohydrate, protein and cholesterol have none). */
const HAS_DV = new Set<NutrientKey>(['fat', 'fiber', 'sugars', 'sodium', 'potassium', 'calcium', 'iron']);

function unitOf(k: NutrientKey): string {
  const u = UNITS[k];
  return u === 'mcg' ? 'µg' : u;
}

function round(k: NutrientKey, x: Dec, free: ReadonlySet<string>): Declared {
  switch (k) {
    case 'fat':
    case 'saturated_fat':
    case 'trans_fat':
    case 'polyunsaturated_fat':
    case 'monounsaturated_fat':
      return caFat(x, free.has('fat'));
    case 'sodium':
      return caSodium(x, free.has('sodium'));
    case 'cholesterol':
      return caCholesterol(x);
    case 'carbohydrate':
    case 'fiber':
    case 'soluble_fiber':
    case 'insoluble_fiber':
    case 'sugars':
    case 'sugar_alcohol':
    case 'starch':
      return caCarbohydrate(x);
    case 'protein':
      return caProtein(x);
    case 'potassium':
    case 'calcium':
      return caPotassiumCalcium(x);
    case 'iron':
      return caIron(x);
    default: {
      // Additional vitamins and minerals [K]: the increments FDA recommends for the same RDI sizes.
      const dv = CA_DV[k];
      return { value: dv ? usMicroAmount(x, Dec.from(dv)) : x.roundTo(Dec.from('0.1')) };
    }
  }
}

const fr = (s: string) => s.replace('.', ',');

export function computeCa(p: Parsed): LabelResult {
  const o = p.options;
  const warnings = [...p.warnings];
  const basis = o.dv_basis ?? 'declared';
  const free = new Set<string>(o.ca_free_of ?? []);
  const dvTable: Record<string, string> = { ...CA_DV, ...(o.ca_daily_values === '2016' ? { potassium: '4700' } : {}) };

  const missing = CORE.filter((k) => !p.n.has(k));
  if (missing.length) warnings.push(`Not given, shown as 0: ${englishList(missing.map((k) => CA_LABELS[k]?.[0].toLowerCase() ?? k))}.`);
  if (!p.serving.sizeTextFr && p.serving.sizeText) {
    warnings.push('Give the serving size in French too (serving.size_text_fr): the English text is printed on the French line.');
  }

  const kcal =
    p.n.get('energy_kcal') ??
    val(p, 'protein')
      .mul(Dec.int(4))
      .add(val(p, 'carbohydrate').mul(Dec.int(4)))
      .add(val(p, 'fat').mul(Dec.int(9)));
  if (!p.n.has('energy_kcal')) warnings.push('Calories were computed from fat, carbohydrate and protein (9/4/4): enter them if you have an analysed figure.');
  const cal = caCalories(kcal, free.has('energy')).value.toString();

  const lines: LabelLine[] = [
    {
      key: 'calories',
      label: 'Calories',
      label_fr: 'Calories',
      amount: cal,
      amount_fr: cal,
      dv: '',
      dv_fr: '',
      text: `Calories ${cal}`,
      indent: 0,
      bold: true,
      value: cal,
      unit: 'kcal',
    },
  ];

  const percent = (k: NutrientKey | 'saturated_trans', x: Dec, decl: Dec): string => {
    const dv = dvTable[k];
    if (!dv) return '';
    const base = decl.isZero() ? Dec.ZERO : basis === 'actual' ? x : decl;
    return `${percentWhole(Ratio.of(base, Dec.from(dv))).toString()} %`;
  };

  for (const k of CA_ORDER) {
    if (!CORE.includes(k) && !p.n.has(k)) continue;
    const x = val(p, k);
    const decl = round(k, x, free);
    const [en, frLabel] = CA_LABELS[k] ?? [k, k];
    const unit = unitOf(k);
    const amount = `${decl.value.toString()} ${unit}`;
    let dv = '';
    let spans: number | undefined;
    if (k === 'saturated_fat') {
      // One %DV for saturated + trans, printed across both lines.
      const trans = val(p, 'trans_fat');
      const transDecl = round('trans_fat', trans, free).value;
      dv = percent('saturated_trans', x.add(trans), decl.value.add(transDecl));
      spans = 2;
    } else if (HAS_DV.has(k) || !CORE.includes(k)) {
      dv = percent(k, x, decl.value);
    }
    // The trans line reads "+ Trans / trans": the two lines share the %DV printed beside them.
    const plus = k === 'trans_fat' ? '+ ' : '';
    const line: LabelLine = {
      key: k,
      label: `${plus}${en} / ${frLabel}`,
      label_fr: frLabel,
      amount,
      amount_fr: fr(amount),
      dv,
      dv_fr: dv,
      text: `${plus}${en} / ${frLabel} ${amount}${dv ? ` ${dv}` : ''}`,
      indent: INDENT[k] ?? 0,
      bold: BOLD.has(k),
      value: decl.value.toString(),
      unit,
    };
    if (spans) line.dv_spans = spans;
    lines.push(line);
  }

  const s = p.serving;
  const unitLabel = s.unit === 'ml' ? 'mL' : 'g';
  const metric = caServing(s.metric!).toString();
  const perEn = s.sizeText ? `Per ${s.sizeText} (${metric} ${unitLabel})` : `Per ${metric} ${unitLabel}`;
  const perFr = `pour ${s.sizeTextFr || s.sizeText} (${fr(metric)} ${unitLabel})`.replace('pour  (', 'pour (');

  return {
    region: 'ca',
    format: 'standard',
    title: 'Nutrition Facts',
    title_fr: 'Valeur nutritive',
    basis: 'serving',
    columns: ['% Daily Value*', '% valeur quotidienne*'],
    serving: {
      servings_text: '',
      size_label: 'Per',
      size_text: perEn.replace(/^Per /, ''),
      per_text: perEn,
      per_text_fr: s.sizeTextFr || s.sizeText ? perFr : `pour ${fr(metric)} ${unitLabel}`,
      metric,
      unit: s.unit,
    },
    lines,
    statements: [],
    footnotes: ['*5% or less is a little, 15% or more is a lot', '*5 % ou moins c’est peu, 15 % ou plus c’est beaucoup'],
    warnings,
  };
}
