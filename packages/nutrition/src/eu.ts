/**
 * EU nutrition declaration, Regulation (EU) 1169/2011 (Art. 30–35, Annexes XIII–XV), rounded per the
 * EC guidance of December 2012; the UK uses the same declaration plus front-of-pack colours.
 */
import { Dec, Ratio } from './decimal.js';
import { fopColour, FOP_NUTRIENTS, type FopNutrient } from './fop.js';
import { val, type Parsed } from './input.js';
import { EU_MICRO_ORDER, EU_NRV, EU_RI, NAMES, UNITS, type NutrientKey } from './nutrients.js';
import { euMicro, euRound, percentWhole, type Declared, type EuRule } from './rounding.js';
import type { FopColour, FopPanel, LabelLine, LabelResult } from './types.js';
import { englishList } from './us.js';

interface Row {
  key: NutrientKey;
  label: string;
  rule: EuRule;
  indent: 0 | 1;
  ri?: keyof typeof EU_RI;
  mandatory: boolean;
}

/** Annex XV order. */
const ROWS: readonly Row[] = [
  { key: 'fat', label: 'Fat', rule: 'macro', indent: 0, ri: 'fat', mandatory: true },
  { key: 'saturated_fat', label: 'of which saturates', rule: 'fatty_acids', indent: 1, ri: 'saturated_fat', mandatory: true },
  { key: 'monounsaturated_fat', label: 'of which mono-unsaturates', rule: 'fatty_acids', indent: 1, mandatory: false },
  { key: 'polyunsaturated_fat', label: 'of which polyunsaturates', rule: 'fatty_acids', indent: 1, mandatory: false },
  { key: 'carbohydrate', label: 'Carbohydrate', rule: 'macro', indent: 0, ri: 'carbohydrate', mandatory: true },
  { key: 'sugars', label: 'of which sugars', rule: 'macro', indent: 1, ri: 'sugars', mandatory: true },
  { key: 'sugar_alcohol', label: 'of which polyols', rule: 'macro', indent: 1, mandatory: false },
  { key: 'starch', label: 'of which starch', rule: 'macro', indent: 1, mandatory: false },
  { key: 'fiber', label: 'Fibre', rule: 'macro', indent: 0, mandatory: false },
  { key: 'protein', label: 'Protein', rule: 'macro', indent: 0, ri: 'protein', mandatory: true },
  { key: 'salt', label: 'Salt', rule: 'salt', indent: 0, ri: 'salt', mandatory: true },
];

/** Nutrients Art. 30 does not list (sodium is declared as salt): left out, with a warning when not zero. */
const NOT_DECLARED: readonly NutrientKey[] = ['trans_fat', 'cholesterol', 'added_sugars', 'soluble_fiber', 'insoluble_fiber', 'choline'];

const d = Dec.from;

/** Annex XIV: kJ and kcal computed each from its own factors (kcal is not derived from kJ). */
export function annexXivEnergy(p: Parsed): { kj: Dec; kcal: Dec } {
  const polyols = val(p, 'sugar_alcohol');
  const erythritol = val(p, 'erythritol');
  const salatrims = val(p, 'salatrims');
  const carbNoPolyols = val(p, 'carbohydrate').sub(polyols);
  const parts: [Dec, string, string][] = [
    [carbNoPolyols.isNegative() ? Dec.ZERO : carbNoPolyols, '17', '4'],
    [polyols.sub(erythritol), '10', '2.4'],
    [val(p, 'protein'), '17', '4'],
    [val(p, 'fat').sub(salatrims), '37', '9'],
    [salatrims, '25', '6'],
    [val(p, 'alcohol'), '29', '7'],
    [val(p, 'organic_acids'), '13', '3'],
    [val(p, 'fiber'), '8', '2'],
    // Erythritol: 0 kJ, 0 kcal (Regulation (EU) 2015/2283 amending Annex XIV).
  ];
  let kj = Dec.ZERO;
  let kcal = Dec.ZERO;
  for (const [g, fkj, fkcal] of parts) {
    kj = kj.add(g.mul(d(fkj)));
    kcal = kcal.add(g.mul(d(fkcal)));
  }
  return { kj, kcal };
}

function print(decl: Declared, unit: string): string {
  if (decl.words === 'lt') return `<${decl.below!.toString()} ${unit}`;
  return `${decl.value.toString(decl.places ?? 0)} ${unit}`;
}

function percent(basis: 'declared' | 'actual', x: Dec, decl: Declared, ri: string): string {
  // A worded amount ("<0.5 g") has no single figure: its percent comes from the actual amount.
  const base = decl.words ? x : basis === 'actual' ? x : decl.value;
  return `${percentWhole(Ratio.of(base, d(ri))).toString()}%`;
}

export function computeEu(p: Parsed): LabelResult {
  const o = p.options;
  const uk = p.region === 'uk';
  const warnings = [...p.warnings];
  const basis = o.dv_basis ?? 'declared';
  const negligible = o.eu_negligible ?? 'less_than';
  const ri100 = o.ri_per_100 !== false;
  const portion = p.serving.metric;
  const unit = p.serving.unit;
  const per = (x: Dec) => (portion ? x.mul(portion).shift(-2) : x);

  const missing = (['fat', 'saturated_fat', 'carbohydrate', 'sugars', 'protein'] as NutrientKey[]).filter((k) => !p.n.has(k));
  if (!p.n.has('salt') && !p.n.has('sodium')) missing.push('salt');
  if (missing.length) warnings.push(`Not given, shown as 0: ${englishList(missing.map((k) => NAMES[k].toLowerCase()))}.`);

  const leftOut = NOT_DECLARED.filter((k) => p.n.get(k)?.isZero() === false);
  if (leftOut.length) {
    warnings.push(
      `${englishList(leftOut.map((k) => NAMES[k]))} ${leftOut.length === 1 ? 'is' : 'are'} not part of the EU nutrition declaration and ${leftOut.length === 1 ? 'is' : 'are'} left out.`,
    );
  }

  // Salt: given, or sodium × 2.5 (Annex I). Sodium is entered in mg.
  const fromSodium = p.n.has('sodium') ? val(p, 'sodium').mul(d('2.5')).shift(-3) : null;
  const salt = p.n.get('salt') ?? fromSodium ?? Dec.ZERO;
  if (p.n.has('salt') && fromSodium && !fromSodium.isZero()) {
    const gap = salt.sub(fromSodium);
    const abs = gap.isNegative() ? gap.mul(d('-1')) : gap;
    if (abs.gt(fromSodium.mul(d('0.05')))) {
      warnings.push(`Salt (${salt.toString()} g) is not sodium × 2.5 (${fromSodium.toString()} g): the salt figure is printed.`);
    }
  }
  const amounts = new Map<NutrientKey, Dec>(p.n);
  amounts.set('salt', salt);

  // Energy.
  const computed = annexXivEnergy({ ...p, n: amounts });
  const method = o.energy_method ?? (p.n.has('energy_kcal') || p.n.has('energy_kj') ? 'declared' : 'computed');
  let kj = computed.kj;
  let kcal = computed.kcal;
  if (method === 'declared') {
    const givenKcal = p.n.get('energy_kcal');
    const givenKj = p.n.get('energy_kj');
    // 1 kcal = 4.184 kJ for an analysed figure given in one unit only.
    kcal = givenKcal ?? (givenKj ? givenKj.div(d('4.184')).toDec(6) : Dec.ZERO);
    kj = givenKj ?? kcal.mul(d('4.184'));
    if (!computed.kcal.isZero() && (kcal.mul(d('1.2')).lt(computed.kcal) || computed.kcal.mul(d('1.2')).lt(kcal))) {
      warnings.push(
        `The energy entered (${kcal.toString(0)} kcal) differs by more than 20% from the Annex XIV calculation (${computed.kcal.toString()} kcal): check the figures.`,
      );
    }
  }

  const lines: LabelLine[] = [];
  const energyText = (j: Dec, c: Dec) => `${euRound('energy', j).value.toString()} kJ / ${euRound('energy', c).value.toString()} kcal`;
  const energyLine: LabelLine = {
    key: 'energy',
    label: 'Energy',
    amount: energyText(kj, kcal),
    dv: ri100 ? percent(basis, kcal, euRound('energy', kcal), EU_RI.energy_kcal) : '',
    text: '',
    indent: 0,
    bold: false,
    value: euRound('energy', kcal).value.toString(),
    unit: 'kcal',
  };
  if (portion) {
    energyLine.portion_amount = energyText(per(kj), per(kcal));
    energyLine.portion_dv = percent(basis, per(kcal), euRound('energy', per(kcal)), EU_RI.energy_kcal);
  }
  lines.push(energyLine);

  const declared = new Map<NutrientKey, { x: Dec; decl: Declared; px?: Dec; pdecl?: Declared }>();
  for (const row of ROWS) {
    if (!row.mandatory && !p.n.has(row.key)) continue;
    const x = amounts.get(row.key) ?? Dec.ZERO;
    const decl = euRound(row.rule, x, negligible);
    const line: LabelLine = {
      key: row.key,
      label: row.label,
      amount: print(decl, 'g'),
      dv: row.ri && ri100 ? percent(basis, x, decl, EU_RI[row.ri]) : '',
      text: '',
      indent: row.indent,
      bold: false,
      value: decl.words ? '' : decl.value.toString(decl.places ?? 0),
      unit: 'g',
    };
    const entry: { x: Dec; decl: Declared; px?: Dec; pdecl?: Declared } = { x, decl };
    if (portion) {
      const px = per(x);
      const pdecl = euRound(row.rule, px, negligible);
      line.portion_amount = print(pdecl, 'g');
      line.portion_dv = row.ri ? percent(basis, px, pdecl, EU_RI[row.ri]) : '';
      entry.px = px;
      entry.pdecl = pdecl;
    }
    declared.set(row.key, entry);
    lines.push(line);
  }

  // Vitamins and minerals with an Annex XIII NRV, in its order; %NRV always (it is how they are declared).
  const significant = unit === 'ml' ? d('7.5') : d('15');
  for (const key of EU_MICRO_ORDER) {
    if (!p.n.has(key)) continue;
    const nrv = EU_NRV[key]!;
    const x = val(p, key);
    const v = euMicro(x, nrv.sig);
    const u = UNITS[key] === 'mcg' ? 'µg' : UNITS[key];
    const pct = (a: Dec, dec: Dec) => `${percentWhole(Ratio.of(basis === 'actual' ? a : dec, d(nrv.nrv))).toString()}%`;
    if (Ratio.of(x, d(nrv.nrv)).mul(Dec.HUNDRED).lt(significant) && !(portion && Ratio.of(per(x), d(nrv.nrv)).mul(Dec.HUNDRED).gte(d('15')))) {
      warnings.push(
        `${nrv.label} is under the significant amount (${significant.toString()}% of the NRV per 100 ${unit}, Annex XIII Part A 1): it should not be declared.`,
      );
    }
    const line: LabelLine = {
      key,
      label: nrv.label,
      amount: `${v.toString()} ${u}`,
      dv: pct(x, v),
      text: '',
      indent: 0,
      bold: false,
      value: v.toString(),
      unit: u,
    };
    if (portion) {
      const pv = euMicro(per(x), nrv.sig);
      line.portion_amount = `${pv.toString()} ${u}`;
      line.portion_dv = pct(per(x), pv);
    }
    lines.push(line);
  }

  for (const l of lines) {
    l.text = `${l.label} ${l.amount}${l.dv ? ` ${l.dv}` : ''}${l.portion_amount ? `; per portion ${l.portion_amount}${l.portion_dv ? ` ${l.portion_dv}` : ''}` : ''}`;
  }

  const per100 = `100 ${unit}`;
  const portionText = portion ? `${portion.toString()} ${unit}` : '';
  const columns = [`Per ${per100}`];
  if (portion) columns.push(p.serving.sizeText ? `Per ${p.serving.sizeText} (${portionText})` : `Per ${portionText} portion`);
  const anyRi = lines.some((l) => l.dv || l.portion_dv);
  const footnotes = anyRi ? ['Reference intake of an average adult (8 400 kJ/2 000 kcal)'] : [];
  const statements: string[] = [];
  if (portion && p.serving.perContainer) statements.push(`This pack contains ${p.serving.perContainer.toString()} portions.`);

  const result: LabelResult = {
    region: p.region,
    format: p.format,
    title: 'Nutrition declaration',
    basis: 'per_100',
    columns,
    ...(portion
      ? { serving: { servings_text: '', size_label: 'Portion', size_text: columns[1]!.replace(/^Per /, ''), metric: portion.toString(), unit } }
      : {}),
    lines,
    statements,
    footnotes,
    warnings,
  };
  if (p.format === 'linear') {
    result.linear_text = `Nutrition declaration per ${per100}: ${lines.map((l) => `${l.label} ${l.amount}${l.dv ? ` (${l.dv} RI)` : ''}`).join(', ')}.`;
  }

  if (uk) {
    const kind = o.fop_kind ?? (unit === 'ml' ? 'drink' : 'food');
    const fopBasis = o.fop_basis ?? 'declared';
    const keyOf: Record<FopNutrient, NutrientKey> = { fat: 'fat', saturates: 'saturated_fat', sugars: 'sugars', salt: 'salt' };
    const fop = {} as Record<FopNutrient, FopColour>;
    const items = {} as FopPanel['items'];
    for (const f of FOP_NUTRIENTS) {
      const e = declared.get(keyOf[f])!;
      // A worded amount ("<0.5 g") is below every green limit, so its actual value gives the same colour.
      const v100 = fopBasis === 'actual' || e.decl.words ? e.x : e.decl.value;
      const vPortion = e.px === undefined ? undefined : fopBasis === 'actual' || e.pdecl?.words ? e.px : e.pdecl!.value;
      fop[f] = fopColour(kind, f, v100, portion && vPortion ? { size: portion, amount: vPortion } : undefined);
      const shown = portion ? { x: e.px!, decl: e.pdecl! } : { x: e.x, decl: e.decl };
      items[f] = {
        amount: print(shown.decl, 'g'),
        ri: percent(basis, shown.x, shown.decl, EU_RI[keyOf[f] as keyof typeof EU_RI]),
        colour: fop[f],
        per_100: print(e.decl, 'g'),
      };
    }
    result.fop = fop;
    result.fop_panel = {
      kind,
      basis: portion ? 'portion' : 'per_100',
      energy: {
        amount: portion ? energyLine.portion_amount! : energyLine.amount,
        ri: portion ? energyLine.portion_dv! : percent(basis, kcal, euRound('energy', kcal), EU_RI.energy_kcal),
      },
      items,
    };
  }
  return result;
}
