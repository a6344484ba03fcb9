/**
 * US Nutrition Facts, 21 CFR 101.9 as amended in 2016: standard vertical, tabular, linear, dual column
 * and simplified formats, from per-serving amounts.
 */
import { Dec, Ratio } from './decimal.js';
import { optDec, val, type Parsed } from './input.js';
import { MICRO_KEYS, UNITS, US_DV, US_LABELS, type MicroKey, type NutrientKey } from './nutrients.js';
import { percentWhole, usMetricServing, usMicroAmount, usMicroPercent, usRound, usServingsPerContainer, type Declared, type UsRule } from './rounding.js';
import type { LabelLine, LabelResult, ServingBlock } from './types.js';

type MacroRow = { key: NutrientKey | 'calories'; rule: UsRule; indent: 0 | 1 | 2; bold: boolean; mandatory: boolean; dv: boolean };

/** (c) order and (d)(1)(iv) bold/indent. Voluntary rows print only when given. */
const MACROS: readonly MacroRow[] = [
  { key: 'fat', rule: 'fat', indent: 0, bold: true, mandatory: true, dv: true },
  { key: 'saturated_fat', rule: 'fat', indent: 1, bold: false, mandatory: true, dv: true },
  { key: 'trans_fat', rule: 'fat', indent: 1, bold: false, mandatory: true, dv: false },
  { key: 'polyunsaturated_fat', rule: 'fat', indent: 1, bold: false, mandatory: false, dv: false },
  { key: 'monounsaturated_fat', rule: 'fat', indent: 1, bold: false, mandatory: false, dv: false },
  { key: 'cholesterol', rule: 'cholesterol', indent: 0, bold: true, mandatory: true, dv: true },
  { key: 'sodium', rule: 'sodium', indent: 0, bold: true, mandatory: true, dv: true },
  { key: 'fluoride', rule: 'fluoride', indent: 0, bold: false, mandatory: false, dv: false },
  { key: 'carbohydrate', rule: 'carbohydrate', indent: 0, bold: true, mandatory: true, dv: true },
  { key: 'fiber', rule: 'carbohydrate', indent: 1, bold: false, mandatory: true, dv: true },
  { key: 'soluble_fiber', rule: 'carbohydrate', indent: 2, bold: false, mandatory: false, dv: false },
  { key: 'insoluble_fiber', rule: 'carbohydrate', indent: 2, bold: false, mandatory: false, dv: false },
  { key: 'sugars', rule: 'carbohydrate', indent: 1, bold: false, mandatory: true, dv: false },
  { key: 'added_sugars', rule: 'carbohydrate', indent: 2, bold: false, mandatory: true, dv: true },
  { key: 'sugar_alcohol', rule: 'carbohydrate', indent: 1, bold: false, mandatory: false, dv: false },
  { key: 'protein', rule: 'protein', indent: 0, bold: true, mandatory: true, dv: false },
];

const MANDATORY_MICROS: readonly MicroKey[] = ['vitamin_d', 'calcium', 'iron', 'potassium'];

/** The 15 nutrients of the simplified-format test, (f). */
const SIMPLIFIED_CORE: readonly (NutrientKey | 'calories')[] = [
  'calories',
  'fat',
  'saturated_fat',
  'trans_fat',
  'cholesterol',
  'sodium',
  'carbohydrate',
  'fiber',
  'sugars',
  'added_sugars',
  'protein',
  'vitamin_d',
  'calcium',
  'iron',
  'potassium',
];
/** Always shown in the simplified format, (f)(2). */
const SIMPLIFIED_ALWAYS = new Set<string>(['calories', 'fat', 'sodium', 'carbohydrate', 'protein']);

/** Lower-case names for "Not a significant source of …". */
const STATEMENT_NAMES: Partial<Record<NutrientKey | 'calories', string>> = {
  calories: 'calories',
  fat: 'fat',
  saturated_fat: 'saturated fat',
  trans_fat: 'trans fat',
  cholesterol: 'cholesterol',
  sodium: 'sodium',
  carbohydrate: 'total carbohydrate',
  fiber: 'dietary fiber',
  sugars: 'total sugars',
  added_sugars: 'added sugars',
  protein: 'protein',
};

const d = Dec.from;
const TWO = d('2');

/** "a, b, and c" */
export function englishList(items: readonly string[], and = 'and'): string {
  if (items.length <= 1) return items.join('');
  if (items.length === 2) return `${items[0]} ${and} ${items[1]}`;
  return `${items.slice(0, -1).join(', ')}, ${and} ${items[items.length - 1]}`;
}

function unitText(key: NutrientKey): string {
  const u = UNITS[key];
  return key === 'folate' ? 'mcg DFE' : u;
}

function printUs(decl: Declared, key: NutrientKey): { amount: string; value: string } {
  if (decl.words === 'lt1g') return { amount: 'Less than 1g', value: '' };
  if (decl.words === 'lt5mg') return { amount: 'Less than 5mg', value: '' };
  return { amount: `${decl.value.toString()}${unitText(key)}`, value: decl.value.toString() };
}

interface Cell {
  amount: string;
  dv: string;
  value: string;
  symbol?: string;
  /** Vitamin/mineral under 2% RDI with the 'omit' option: the row is dropped from this column. */
  omitted?: boolean;
  below2?: boolean;
}

interface Ctx {
  p: Parsed;
  child: boolean;
  basis: 'declared' | 'actual';
  micro: 'guidance' | 'significance';
  below2: 'zero' | 'asterisk' | 'omit';
  proteinDv: boolean;
  pdcaas: Dec;
}

function dvOf(ctx: Ctx, key: NutrientKey): Dec | null {
  const e = US_DV[key];
  if (!e) return null;
  return d(ctx.child ? e.child : e.adult);
}

/** A macro row's cell for one column (per serving, or per container). */
function macroCell(ctx: Ctx, row: MacroRow, x: Dec): Cell {
  const o = ctx.p.options;
  const key = row.key as NutrientKey;
  const decl = usRound(row.rule, x, { below1g: o.below_1g });
  const { amount, value } = printUs(decl, key);
  let dv = '';
  const showDv = row.dv || (key === 'protein' && ctx.proteinDv);
  const drv = dvOf(ctx, key);
  if (showDv && drv) {
    let base: Dec;
    if (decl.words || ctx.basis === 'actual') base = x;
    else base = decl.value;
    // A row declared as zero prints 0% on either basis: "0g 1%" would contradict itself.
    if (!decl.words && decl.value.isZero()) base = Dec.ZERO;
    if (key === 'protein') base = base.mul(ctx.pdcaas);
    dv = `${percentWhole(Ratio.of(base, drv)).toString()}%`;
  }
  return { amount, dv, value };
}

function microCell(ctx: Ctx, key: MicroKey, x: Dec): Cell {
  const rdi = d(US_DV[key]!.adult);
  const dvRef = dvOf(ctx, key)!;
  const pct = Ratio.of(x, dvRef).mul(Dec.HUNDRED);
  const below2 = pct.lt(TWO);
  const unit = unitText(key);
  if (below2) {
    if (ctx.below2 === 'omit') return { amount: '', dv: '', value: '', omitted: true, below2 };
    const zero = { amount: `0${unit}`, value: '0' };
    if (ctx.below2 === 'asterisk') return { ...zero, dv: '', symbol: '**', below2 };
    return { ...zero, dv: '0%', below2 };
  }
  const v = usMicroAmount(x, rdi, ctx.micro, true);
  const base = ctx.basis === 'actual' ? x : v;
  let amount = `${v.toString()}${unit}`;
  if (key === 'vitamin_d' && ctx.p.options.vitamin_d_iu) amount += ` (${v.mul(d('40')).roundTo(Dec.ONE).toString()} IU)`;
  return { amount, dv: `${usMicroPercent(Ratio.of(base, dvRef)).toString()}%`, value: v.toString() };
}

function caloriesOf(p: Parsed, warnings: string[]): { kcal: Dec; method: 'declared' | 'general' | 'non_digestible' } {
  const o = p.options;
  const method = o.calories_method ?? (p.n.has('energy_kcal') ? 'declared' : 'general');
  const fat = val(p, 'fat');
  const carb = val(p, 'carbohydrate');
  const protein = val(p, 'protein');
  const general = protein
    .mul(d('4'))
    .add(carb.mul(d('4')))
    .add(fat.mul(d('9')));
  if (method === 'declared') {
    // parseInput refuses the 'declared' method without energy_kcal, and the default picks it only when given.
    const kcal = p.n.get('energy_kcal') ?? Dec.ZERO;
    // The compliance limit is 120% of the declared value for calories (101.9(g)(5)); a wider gap is usually a typing slip.
    if (!general.isZero() && (kcal.mul(d('1.2')).lt(general) || general.mul(d('1.2')).lt(kcal))) {
      warnings.push(
        `The calories entered (${kcal.toString()}) differ by more than 20% from 4/4/9 on fat, carbohydrate and protein (${general.toString()}): check the figures.`,
      );
    }
    return { kcal, method };
  }
  if (method === 'general') return { kcal: general, method };
  const fiber = val(p, 'fiber');
  const soluble = val(p, 'soluble_fiber');
  const sa = val(p, 'sugar_alcohol');
  const saFactor = optDec(o.sugar_alcohol_kcal_per_g, '2.4');
  let digestible = carb.sub(fiber).sub(sa);
  if (digestible.isNegative()) digestible = Dec.ZERO;
  const kcal = digestible
    .mul(d('4'))
    .add(soluble.mul(TWO))
    .add(sa.mul(saFactor))
    .add(protein.mul(d('4')))
    .add(fat.mul(d('9')));
  return { kcal, method };
}

function servingBlock(p: Parsed): ServingBlock {
  const s = p.serving;
  const unitLabel = s.unit === 'ml' ? 'mL' : 'g';
  const metric = usMetricServing(s.metric!);
  const size = s.sizeText ? `${s.sizeText} (${metric.toString()}${unitLabel})` : `${metric.toString()}${unitLabel}`;
  let servings = '';
  if (s.perContainer) {
    const r = usServingsPerContainer(s.perContainer);
    const about = r.eq(s.perContainer) ? '' : 'about ';
    servings = `${about}${r.toString()} ${r.eq(Dec.ONE) ? 'serving' : 'servings'} per container`;
  }
  return { servings_text: servings, size_label: 'Serving size', size_text: size, metric: metric.toString(), unit: s.unit };
}

/** Is the actual amount "insignificant" for the simplified-format test ((f)(1))? */
function insignificant(ctx: Ctx, key: NutrientKey | 'calories', kcal: Dec): boolean {
  const p = ctx.p;
  switch (key) {
    case 'calories':
      return kcal.lt(d('5'));
    case 'fat':
    case 'saturated_fat':
    case 'trans_fat':
      return val(p, key).lt(d('0.5'));
    case 'cholesterol':
      return val(p, key).lt(TWO);
    case 'sodium':
      return val(p, key).lt(d('5'));
    case 'carbohydrate':
    case 'fiber':
    case 'protein':
      // "except that for total carbohydrate, dietary fiber, and protein, it shall be an amount that allows a declaration of 'less than 1 gram'"
      return val(p, key).lt(Dec.ONE);
    case 'sugars':
    case 'added_sugars':
      return val(p, key).lt(d('0.5'));
    default: {
      const dv = dvOf(ctx, key);
      return dv ? Ratio.of(val(p, key), dv).mul(Dec.HUNDRED).lt(TWO) : false;
    }
  }
}

const FOOTNOTE = (cal: string) =>
  `*The % Daily Value (DV) tells you how much a nutrient in a serving of food contributes to a daily diet. ${cal} calories a day is used for general nutrition advice.`;

export function computeUs(p: Parsed): LabelResult {
  const o = p.options;
  const warnings = [...p.warnings];
  const child = o.children_1_3 === true;
  const ctx: Ctx = {
    p,
    child,
    basis: o.dv_basis ?? 'declared',
    micro: o.micronutrient_increments ?? 'guidance',
    below2: o.below_2_percent ?? 'zero',
    proteinDv: o.protein_dv === true || child,
    pdcaas: optDec(o.protein_pdcaas, '1'),
  };
  if (ctx.proteinDv && o.protein_pdcaas === undefined) {
    warnings.push('Protein %DV uses the PDCAAS-corrected protein (21 CFR 101.9(c)(7)(ii)); no PDCAAS was given, so 1.0 was used.');
  }
  const missing = [...MACROS.filter((r) => r.mandatory).map((r) => r.key as NutrientKey), ...MANDATORY_MICROS].filter((k) => !p.n.has(k));
  if (missing.length) warnings.push(`Not given, shown as 0: ${englishList(missing.map((k) => US_LABELS[k] ?? k))}.`);

  const { kcal, method } = caloriesOf(p, warnings);

  // Simplified-format eligibility, (f): at least 8 of the 15 core nutrients insignificant.
  const insig = SIMPLIFIED_CORE.filter((k) => insignificant(ctx, k, kcal));
  const allowed = insig.length >= 8;
  let format = p.format;
  if (format === 'simplified' && !allowed) {
    warnings.push(
      `Simplified format is not allowed for this product: ${insig.length} of the 15 core nutrients are insignificant and 8 are needed. The standard format is shown.`,
    );
    format = 'standard';
  } else if (format !== 'simplified' && allowed) {
    warnings.push(`Simplified format is allowed for this product (${insig.length} of the 15 core nutrients are insignificant).`);
  }

  const perContainer = p.serving.perContainer;
  if (perContainer && format !== 'dual' && perContainer.gte(TWO) && perContainer.lte(d('3'))) {
    warnings.push(
      'With 2 to 3 servings per container, a dual-column label (per serving and per container) is required if the package can be eaten at one sitting (21 CFR 101.9(b)(12)).',
    );
  }
  if (perContainer && perContainer.gt(Dec.ONE) && perContainer.lt(TWO)) {
    warnings.push('A package with less than 2 servings (under 200% of the reference amount) is labelled as a single serving (21 CFR 101.9(b)(6)).');
  }

  const dual = format === 'dual' && perContainer !== null;
  const scale = (x: Dec) => x.mul(perContainer ?? Dec.ONE);
  const lines: LabelLine[] = [];
  const statements: string[] = [];
  const notSignificant: string[] = [];
  const asterisked: string[] = [];

  // Calories.
  const cal = usRound('calories', kcal, { caloriesBelow5: o.calories_below_5 }).value.toString();
  const calLine: LabelLine = {
    key: 'calories',
    label: 'Calories',
    amount: cal,
    dv: '',
    text: `Calories ${cal}`,
    indent: 0,
    bold: true,
    value: cal,
    unit: 'kcal',
  };
  if (dual) calLine.container_amount = usRound('calories', scale(kcal), { caloriesBelow5: o.calories_below_5 }).value.toString();
  lines.push(calLine);

  const simplified = format === 'simplified';
  const droppedInSimplified = (k: NutrientKey) => simplified && !SIMPLIFIED_ALWAYS.has(k) && insig.includes(k);

  for (const row of MACROS) {
    const key = row.key as NutrientKey;
    if (!row.mandatory && !p.n.has(key)) continue;
    if (droppedInSimplified(key)) {
      notSignificant.push(STATEMENT_NAMES[key] ?? key);
      continue;
    }
    const x = val(p, key);
    const c = macroCell(ctx, row, x);
    const label = US_LABELS[key] ?? key;
    const line: LabelLine = {
      key,
      label,
      amount: c.amount,
      dv: c.dv,
      text: key === 'added_sugars' ? `Includes ${lowerFirst(c.amount)} Added Sugars${c.dv ? ` ${c.dv}` : ''}` : `${label} ${c.amount}${c.dv ? ` ${c.dv}` : ''}`,
      indent: row.indent,
      bold: row.bold,
      value: c.value,
      unit: UNITS[key],
    };
    if (dual) {
      const cc = macroCell(ctx, row, scale(x));
      line.container_amount = cc.amount;
      line.container_dv = cc.dv;
    }
    lines.push(line);
  }

  // Vitamins and minerals: the four mandatory ones, then the voluntary ones given, in (c)(8)(iv) order.
  const micros: MicroKey[] = [...MANDATORY_MICROS, ...MICRO_KEYS.filter((k) => !MANDATORY_MICROS.includes(k) && p.n.has(k))];
  for (const key of micros) {
    const x = val(p, key);
    const label = US_LABELS[key] ?? key;
    if (simplified && MANDATORY_MICROS.includes(key) && insig.includes(key)) {
      notSignificant.push(label);
      continue;
    }
    const c = microCell(ctx, key, x);
    const cc = dual ? microCell(ctx, key, scale(x)) : null;
    if (c.omitted && (!cc || cc.omitted)) {
      notSignificant.push(label);
      continue;
    }
    if (c.symbol) asterisked.push(label);
    const line: LabelLine = {
      key,
      label,
      amount: c.amount,
      dv: c.dv,
      text: `${label} ${c.amount}${c.dv ? ` ${c.dv}` : c.symbol ? ` ${c.symbol}` : ''}`,
      indent: 0,
      bold: false,
      value: c.value,
      unit: UNITS[key],
    };
    if (c.symbol) line.symbol = c.symbol;
    if (cc) {
      line.container_amount = cc.omitted ? '' : cc.amount;
      line.container_dv = cc.dv || (cc.symbol ?? '');
    }
    lines.push(line);
  }

  if (notSignificant.length) statements.push(`Not a significant source of ${englishList(notSignificant.map(lowerFirstName))}.`);
  if (asterisked.length) {
    statements.push(
      `** Contains less than 2 percent of the Daily Value of ${asterisked.length === 1 ? 'this nutrient' : 'these nutrients'} (${englishList(asterisked)}).`,
    );
  }

  const serving = servingBlock(p);
  const small = format === 'linear';
  const footnotes = [small ? '%DV = %Daily Value' : FOOTNOTE(child ? '1,000' : '2,000')];
  const result: LabelResult = {
    region: 'us',
    format,
    title: 'Nutrition Facts',
    basis: 'serving',
    columns: dual ? ['Per serving', 'Per container'] : ['Amount per serving', '% Daily Value*'],
    serving,
    lines,
    statements,
    footnotes,
    warnings,
    simplified: { allowed, insignificant: insig.map((k) => k) },
    calories_method: method,
  };
  if (format === 'linear') result.linear_text = linearText(result);
  return result;
}

function lowerFirst(s: string): string {
  return s.startsWith('Less than') ? `l${s.slice(1)}` : s;
}

/** Vitamin and mineral names keep their capital letter ("vitamin D" is lower-case only at the start). */
function lowerFirstName(s: string): string {
  return s.startsWith('Vitamin') ? `v${s.slice(1)}` : s.toLowerCase();
}

/** The linear display, (j)(13)(ii)(A)(2): one paragraph in label order, %DV in parentheses. */
function linearText(r: LabelResult): string {
  const parts: string[] = [];
  if (r.serving?.servings_text) parts.push(`Servings: ${r.serving.servings_text.replace(/ servings? per container$/, '')}`);
  if (r.serving) parts.push(`Serv. size: ${r.serving.size_text}`);
  const rows = r.lines.map((l) => {
    if (l.key === 'calories') return `Amount per serving: Calories ${l.amount}`;
    if (l.key === 'added_sugars') return `Incl. ${lowerFirst(l.amount)} Added Sugars${l.dv ? ` (${l.dv} DV)` : ''}`;
    return `${l.label} ${lowerFirst(l.amount)}${l.dv ? ` (${l.dv} DV)` : l.symbol ? ` ${l.symbol}` : ''}`;
  });
  return `Nutrition Facts ${[...parts, ...rows].join(', ')}.${r.statements.length ? ` ${r.statements.join(' ')}` : ''}`;
}
