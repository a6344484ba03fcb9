import { describe, expect, it } from 'vitest';
import { computeLabel } from './compute.js';
import { FDA_SAMPLE_NUTRIENTS } from './samples.js';
import type { LabelInput, LabelResult, NutrientsInput } from './index.js';

/** FDA's 2016 sample label (macaroni-style product, 2/3 cup 55 g, 8 servings). */
const SAMPLE: NutrientsInput = { ...FDA_SAMPLE_NUTRIENTS };

function us(nutrients: NutrientsInput, extra: Partial<LabelInput> = {}): LabelResult {
  return computeLabel({ region: 'us', format: 'standard', serving: { size_text: '2/3 cup', grams_or_ml: 55, per_container: 8 }, nutrients, ...extra });
}
const rows = (r: LabelResult) => Object.fromEntries(r.lines.map((l) => [l.key, [l.amount, l.dv]]));

describe('US standard vertical format', () => {
  it("prints FDA's sample label figure for figure", () => {
    const r = us(SAMPLE);
    expect(r.title).toBe('Nutrition Facts');
    expect(r.serving).toMatchObject({ servings_text: '8 servings per container', size_label: 'Serving size', size_text: '2/3 cup (55g)' });
    expect(r.lines.map((l) => l.key)).toEqual([
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
    ]);
    expect(rows(r)).toEqual({
      calories: ['230', ''],
      fat: ['8g', '10%'],
      saturated_fat: ['1g', '5%'],
      trans_fat: ['0g', ''],
      cholesterol: ['0mg', '0%'],
      sodium: ['160mg', '7%'],
      carbohydrate: ['37g', '13%'],
      fiber: ['4g', '14%'],
      sugars: ['12g', ''],
      added_sugars: ['10g', '20%'],
      protein: ['3g', ''],
      vitamin_d: ['2mcg', '10%'],
      calcium: ['260mg', '20%'],
      iron: ['8mg', '45%'],
      // FDA's recommended increment for RDI ≥ 250 is 10 mg; the rule's own sample prints 235mg (see the option below).
      potassium: ['240mg', '6%'],
    });
    expect(r.lines.find((l) => l.key === 'added_sugars')?.text).toBe('Includes 10g Added Sugars 20%');
    expect(r.footnotes[0]).toBe(
      '*The % Daily Value (DV) tells you how much a nutrient in a serving of food contributes to a daily diet. 2,000 calories a day is used for general nutrition advice.',
    );
    expect(r.warnings).toEqual([]);
    expect(r.lines.filter((l) => l.bold).map((l) => l.key)).toEqual(['calories', 'fat', 'cholesterol', 'sodium', 'carbohydrate', 'protein']);
    expect(r.lines.find((l) => l.key === 'added_sugars')?.indent).toBe(2);
  });

  it("the 'significance' increments print the regulation's own Potassium 235mg 6%", () => {
    const r = us(SAMPLE, { options: { micronutrient_increments: 'significance' } });
    expect(rows(r).potassium).toEqual(['235mg', '6%']);
  });

  it('the %DV basis option: declared (rounded) amount or actual amount', () => {
    // Saturated fat 9.6 g declares 10 g: 10/20 = 50% declared; 9.6/20 = 48% actual.
    const big = { grams_or_ml: 100 };
    const input = { ...SAMPLE, saturated_fat: '9.6', fat: 20 };
    expect(rows(us(input, { serving: big, options: { dv_basis: 'declared' } })).saturated_fat).toEqual(['10g', '50%']);
    expect(rows(us(input, { serving: big, options: { dv_basis: 'actual' } })).saturated_fat).toEqual(['10g', '48%']);
    // Vitamins and minerals too: potassium 94 mg (2.0%) declares 90 mg; 90/4700 = 1.91% → 2%.
    expect(rows(us({ ...SAMPLE, potassium: 94 })).potassium).toEqual(['90mg', '2%']);
    // Vitamin D 2.95 mcg declares 3 mcg: 15% declared; 14.75% actual → nearest 5 → 15%. Iron 2.7 mg declares 2.7: 15%.
    // A split on the 2% steps: calcium 64 mg declares 60 mg (guidance): 60/1300 = 4.6% → 4%; actual 64/1300 = 4.92% → 4%.
    // calcium 66 mg → 70 mg: 5.38% → 6% declared; actual 5.08% → 6%. calcium 65 mg → 70 mg: 5.38% → 6% declared; 5% actual → 6% (tie up).
    expect(rows(us({ ...SAMPLE, calcium: 64 }, { options: { dv_basis: 'actual' } })).calcium).toEqual(['60mg', '4%']);
    expect(rows(us({ ...SAMPLE, calcium: 65 }, { options: { dv_basis: 'actual' } })).calcium).toEqual(['70mg', '6%']);
    // Vitamin D 2.45 mcg declares 2.5 mcg: 12.5% → (above 10%, nearest 5) 15% declared; actual 12.25% → 10%.
    expect(rows(us({ ...SAMPLE, vitamin_d: '2.45' })).vitamin_d).toEqual(['2.5mcg', '15%']);
    expect(rows(us({ ...SAMPLE, vitamin_d: '2.45' }, { options: { dv_basis: 'actual' } })).vitamin_d).toEqual(['2.5mcg', '10%']);
  });

  it('a row declared as zero prints 0% on either basis', () => {
    const r = us({ ...SAMPLE, saturated_fat: '0.4', sodium: '4.9' }, { options: { dv_basis: 'actual' } });
    expect(rows(r).saturated_fat).toEqual(['0g', '0%']);
    expect(rows(r).sodium).toEqual(['0mg', '0%']);
  });

  it('prints the "less than" forms', () => {
    const r = us({ ...SAMPLE, cholesterol: 3, fiber: '0.7', sugars: '0.9', added_sugars: '0.6', protein: '0.8' });
    expect(rows(r).cholesterol).toEqual(['Less than 5mg', '1%']);
    expect(rows(r).fiber).toEqual(['Less than 1g', '3%']);
    expect(rows(r).sugars).toEqual(['Less than 1g', '']);
    expect(r.lines.find((l) => l.key === 'added_sugars')?.text).toBe('Includes less than 1g Added Sugars 1%');
    expect(rows(r).protein).toEqual(['Less than 1g', '']);
    const one = us({ ...SAMPLE, fiber: '0.7', protein: '0.8' }, { options: { below_1g: 'one' } });
    expect([rows(one).protein, rows(one).fiber]).toEqual([
      ['1g', ''],
      ['1g', '4%'],
    ]); // fiber %DV from the declared 1 g: 3.6% → 4%
  });

  it('vitamins and minerals under 2% RDI: zero, asterisk or omitted with "Not a significant source of"', () => {
    const low = { ...SAMPLE, vitamin_d: '0.3', iron: '0.3' }; // 1.5% and 1.67%
    expect(rows(us(low)).vitamin_d).toEqual(['0mcg', '0%']);
    const star = us(low, { options: { below_2_percent: 'asterisk' } });
    expect(rows(star).iron).toEqual(['0mg', '']);
    expect(star.lines.find((l) => l.key === 'iron')?.symbol).toBe('**');
    expect(star.statements).toContain('** Contains less than 2 percent of the Daily Value of these nutrients (Vitamin D and Iron).');
    const omit = us(low, { options: { below_2_percent: 'omit' } });
    expect(omit.lines.map((l) => l.key)).not.toContain('vitamin_d');
    expect(omit.lines.map((l) => l.key)).not.toContain('iron');
    expect(omit.statements).toEqual(['Not a significant source of vitamin D and iron.']);
    // Exactly 2% is declared: 0.4 mcg of 20.
    expect(rows(us({ ...SAMPLE, vitamin_d: '0.4' })).vitamin_d).toEqual(['0.4mcg', '2%']);
  });

  it('voluntary nutrients print only when given, in the regulation order, with their units', () => {
    const r = us({ ...SAMPLE, vitamin_c: 9, folate: 120, monounsaturated_fat: 3, polyunsaturated_fat: 2, soluble_fiber: 1, sugar_alcohol: 2 });
    const keys = r.lines.map((l) => l.key);
    expect(keys.indexOf('polyunsaturated_fat')).toBeLessThan(keys.indexOf('monounsaturated_fat'));
    expect(keys.indexOf('monounsaturated_fat')).toBeLessThan(keys.indexOf('cholesterol'));
    expect(keys.indexOf('soluble_fiber')).toBe(keys.indexOf('fiber') + 1);
    expect(keys.indexOf('sugar_alcohol')).toBe(keys.indexOf('added_sugars') + 1);
    expect(keys.slice(-2)).toEqual(['vitamin_c', 'folate']);
    expect(rows(r).vitamin_c).toEqual(['9mg', '10%']);
    expect(rows(r).folate).toEqual(['120mcg DFE', '30%']);
    expect(rows(r).monounsaturated_fat).toEqual(['3g', '']);
  });

  it('vitamin D may carry IU', () => {
    expect(rows(us(SAMPLE, { options: { vitamin_d_iu: true } })).vitamin_d).toEqual(['2mcg (80 IU)', '10%']);
  });

  it('children 1–3: their Daily Values, protein %DV and the 1,000 calories footnote', () => {
    const r = us(SAMPLE, { options: { children_1_3: true, protein_pdcaas: '0.9' } });
    expect(rows(r).fat).toEqual(['8g', '21%']); // 8/39
    expect(rows(r).sodium).toEqual(['160mg', '11%']); // 160/1500
    expect(rows(r).added_sugars).toEqual(['10g', '40%']); // 10/25
    expect(rows(r).protein).toEqual(['3g', '21%']); // 3×0.9/13 = 20.8%
    expect(rows(r).calcium).toEqual(['260mg', '35%']); // 260/700 = 37.1% → 35
    expect(r.footnotes[0]).toContain('1,000 calories a day');
    expect(r.warnings).toEqual([]);
  });

  it('protein %DV without a PDCAAS warns and uses 1.0', () => {
    const r = us(SAMPLE, { options: { protein_dv: true } });
    expect(rows(r).protein).toEqual(['3g', '6%']);
    expect(r.warnings.join(' ')).toMatch(/PDCAAS/);
  });

  it('calories from the chosen method', () => {
    const base = { ...SAMPLE, energy_kcal: undefined, fat: '8', carbohydrate: '37', protein: '3', fiber: '4', soluble_fiber: '1', sugar_alcohol: '2' };
    // general: 8×9 + 37×4 + 3×4 = 232 → 230
    const g = us(base);
    expect(g.calories_method).toBe('general');
    expect(rows(g).calories).toEqual(['230', '']);
    // non-digestible: (37−4−2)×4 + 1×2 + 2×2.4 + 3×4 + 8×9 = 124 + 2 + 4.8 + 12 + 72 = 214.8 → 210
    const nd = us(base, { options: { calories_method: 'non_digestible' } });
    expect(rows(nd).calories).toEqual(['210', '']);
    // Declared figure wins and is checked against 4/4/9.
    const dec = us({ ...SAMPLE, energy_kcal: 120 });
    expect(dec.calories_method).toBe('declared');
    expect(rows(dec).calories).toEqual(['120', '']);
    expect(dec.warnings.join(' ')).toMatch(/differ by more than 20%/);
  });

  it('warns when mandatory nutrients are missing and shows them as 0', () => {
    const r = us({ fat: 8, carbohydrate: 37, protein: 3 });
    expect(rows(r).sodium).toEqual(['0mg', '0%']);
    expect(r.warnings[0]).toMatch(/^Not given, shown as 0: Saturated Fat, Trans Fat, Cholesterol, Sodium, .*Potassium\.$/);
  });

  it('servings per container with "about", and the dual-column advice', () => {
    const r = us(SAMPLE, { serving: { size_text: '1 bottle', grams_or_ml: 240, per_container: '2.4', unit: 'ml' } });
    expect(r.serving?.servings_text).toBe('about 2.5 servings per container');
    expect(r.serving?.size_text).toBe('1 bottle (240mL)');
    expect(r.warnings.join(' ')).toMatch(/dual-column label/);
    expect(us(SAMPLE, { serving: { grams_or_ml: 60, per_container: 1 } }).serving?.servings_text).toBe('1 serving per container');
  });
});

describe('US simplified format, 101.9(f)', () => {
  // A diet soda-like product: almost everything insignificant.
  const SODA: NutrientsInput = {
    energy_kcal: 0,
    fat: 0,
    saturated_fat: 0,
    trans_fat: 0,
    cholesterol: 0,
    sodium: 40,
    carbohydrate: 0,
    fiber: 0,
    sugars: 0,
    added_sugars: 0,
    protein: 0,
    vitamin_d: 0,
    calcium: 0,
    iron: 0,
    potassium: 100,
  };

  it('is offered when 8 or more of the 15 core nutrients are insignificant', () => {
    const r = us(SODA);
    expect(r.simplified?.allowed).toBe(true);
    expect(r.warnings).toContain('Simplified format is allowed for this product (13 of the 15 core nutrients are insignificant).');
  });

  it('keeps calories, fat, sodium, carbohydrate, protein and significant ones; names the rest', () => {
    const r = us(SODA, { format: 'simplified' });
    expect(r.format).toBe('simplified');
    expect(r.lines.map((l) => l.key)).toEqual(['calories', 'fat', 'sodium', 'carbohydrate', 'protein', 'potassium']);
    expect(r.statements).toEqual([
      'Not a significant source of saturated fat, trans fat, cholesterol, dietary fiber, total sugars, added sugars, vitamin D, calcium, and iron.',
    ]);
    expect(rows(r).potassium).toEqual(['100mg', '2%']);
  });

  it('counts exactly at the thresholds: 7 insignificant is not enough, 8 is', () => {
    // Significant: calories, fat, saturated fat, sodium, carbohydrate, sugars, added sugars, protein → 7 insignificant.
    const seven: NutrientsInput = {
      energy_kcal: 17,
      fat: '1',
      saturated_fat: '0.5',
      trans_fat: '0.49',
      cholesterol: '1.99',
      sodium: 5,
      carbohydrate: 1,
      fiber: '0.99',
      sugars: '0.5',
      added_sugars: '0.5',
      protein: 1,
      vitamin_d: '0.39',
      calcium: 25,
      iron: '0.35',
      potassium: 93,
    };
    const r7 = us(seven, { format: 'simplified' });
    expect(r7.simplified).toEqual({ allowed: false, insignificant: ['trans_fat', 'cholesterol', 'fiber', 'vitamin_d', 'calcium', 'iron', 'potassium'] });
    expect(r7.format).toBe('standard');
    expect(r7.warnings[0]).toMatch(/^Simplified format is not allowed for this product: 7 of the 15/);
    const r8 = us({ ...seven, protein: '0.99' }, { format: 'simplified' });
    expect(r8.simplified?.allowed).toBe(true);
    expect(r8.format).toBe('simplified');
    expect(rows(r8).protein).toEqual(['Less than 1g', '']);
  });
});

describe('US dual column, tabular and linear', () => {
  it('dual column: per serving and per container', () => {
    const r = us(SAMPLE, { format: 'dual', serving: { size_text: '1 cup', grams_or_ml: 55, per_container: 2 } });
    expect(r.columns).toEqual(['Per serving', 'Per container']);
    const fat = r.lines.find((l) => l.key === 'fat')!;
    expect([fat.amount, fat.dv, fat.container_amount, fat.container_dv]).toEqual(['8g', '10%', '16g', '21%']);
    const cal = r.lines.find((l) => l.key === 'calories')!;
    expect([cal.amount, cal.container_amount]).toEqual(['230', '460']);
    const k = r.lines.find((l) => l.key === 'potassium')!;
    expect([k.amount, k.dv, k.container_amount, k.container_dv]).toEqual(['240mg', '6%', '470mg', '10%']);
    expect(r.warnings).toEqual([]);
  });

  it('tabular keeps the same figures', () => {
    const r = us(SAMPLE, { format: 'tabular' });
    expect(r.format).toBe('tabular');
    expect(rows(r)).toEqual(rows(us(SAMPLE)));
  });

  it('linear prints one paragraph with the short footnote', () => {
    const r = us(SAMPLE, { format: 'linear' });
    expect(r.linear_text).toBe(
      'Nutrition Facts Servings: 8, Serv. size: 2/3 cup (55g), Amount per serving: Calories 230, Total Fat 8g (10% DV), Saturated Fat 1g (5% DV), Trans Fat 0g, ' +
        'Cholesterol 0mg (0% DV), Sodium 160mg (7% DV), Total Carbohydrate 37g (13% DV), Dietary Fiber 4g (14% DV), Total Sugars 12g, Incl. 10g Added Sugars (20% DV), ' +
        'Protein 3g, Vitamin D 2mcg (10% DV), Calcium 260mg (20% DV), Iron 8mg (45% DV), Potassium 240mg (6% DV).',
    );
    expect(r.footnotes).toEqual(['%DV = %Daily Value']);
  });
});
