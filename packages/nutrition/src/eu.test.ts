import { describe, expect, it } from 'vitest';
import { computeLabel } from './compute.js';
import { Dec } from './decimal.js';
import { fopColour } from './fop.js';
import type { LabelInput, LabelResult, NutrientsInput } from './index.js';

/** A breakfast cereal per 100 g. */
const CEREAL: NutrientsInput = { fat: '17.6', saturated_fat: '3.1', carbohydrate: 60, sugars: '22.4', fiber: 3, protein: 8, sodium: 336 };

function eu(nutrients: NutrientsInput, extra: Partial<LabelInput> = {}): LabelResult {
  return computeLabel({ region: 'eu', nutrients, ...extra });
}
const line = (r: LabelResult, key: string) => r.lines.find((l) => l.key === key)!;

describe('EU nutrition declaration (1169/2011)', () => {
  it('per 100 g in Annex XV order with Annex XIV energy, salt from sodium and %RI', () => {
    const r = eu(CEREAL);
    expect(r.format).toBe('table');
    expect(r.columns).toEqual(['Per 100 g']);
    expect(r.lines.map((l) => [l.label, l.amount, l.dv])).toEqual([
      // kJ: 17.6×37 + 60×17 + 8×17 + 3×8 = 1831.2; kcal: 17.6×9 + 60×4 + 8×4 + 3×2 = 436.4
      ['Energy', '1831 kJ / 436 kcal', '22%'],
      ['Fat', '18 g', '26%'], // 17.6 ≥ 10 → whole grams; %RI from 18 g: 25.7% → 26%
      ['of which saturates', '3.1 g', '16%'],
      ['Carbohydrate', '60 g', '23%'],
      ['of which sugars', '22 g', '24%'],
      ['Fibre', '3.0 g', ''],
      ['Protein', '8.0 g', '16%'],
      ['Salt', '0.84 g', '14%'], // 336 mg × 2.5 = 0.84 g
    ]);
    expect(r.footnotes).toEqual(['Reference intake of an average adult (8 400 kJ/2 000 kcal)']);
    expect(r.warnings).toEqual([]);
  });

  it('per portion when a portion is given', () => {
    const r = eu(CEREAL, { serving: { size_text: 'a 30 g bowl', grams_or_ml: 30, per_container: 12 } });
    expect(r.columns).toEqual(['Per 100 g', 'Per a 30 g bowl (30 g)']);
    expect([line(r, 'energy').portion_amount, line(r, 'energy').portion_dv]).toEqual(['549 kJ / 131 kcal', '7%']);
    expect([line(r, 'fat').portion_amount, line(r, 'fat').portion_dv]).toEqual(['5.3 g', '8%']);
    expect([line(r, 'salt').portion_amount, line(r, 'salt').portion_dv]).toEqual(['0.25 g', '4%']);
    expect(r.statements).toEqual(['This pack contains 12 portions.']);
  });

  it('energy: polyols, erythritol and alcohol at their own Annex XIV factors; kcal not derived from kJ', () => {
    const r = eu({ fat: 0, saturated_fat: 0, carbohydrate: 50, sugars: 0, sugar_alcohol: 30, erythritol: 10, protein: 0, salt: 0 });
    // carbohydrate less polyols 20 g × 17 = 340 kJ, × 4 = 80 kcal; polyols other than erythritol 20 g × 10 = 200 kJ, × 2.4 = 48 kcal.
    expect(line(r, 'energy').amount).toBe('540 kJ / 128 kcal');
    expect(line(r, 'sugar_alcohol')).toMatchObject({ label: 'of which polyols', amount: '30 g' });
    const wine = eu({ fat: 0, saturated_fat: 0, carbohydrate: '2.6', sugars: '0.6', protein: '0.1', salt: 0, alcohol: '10.3' }, { serving: { unit: 'ml' } });
    // 10.3×29 + 2.6×17 + 0.1×17 = 298.7 + 44.2 + 1.7 = 344.6 kJ; 10.3×7 + 2.6×4 + 0.1×4 = 72.1 + 10.4 + 0.4 = 82.9 kcal
    expect(line(wine, 'energy').amount).toBe('345 kJ / 83 kcal');
    expect(wine.columns).toEqual(['Per 100 ml']);
  });

  it('declared energy is used when given, and checked against the calculation', () => {
    const r = eu({ ...CEREAL, energy_kcal: 385, energy_kj: 1618 });
    expect(line(r, 'energy').amount).toBe('1618 kJ / 385 kcal');
    const kcalOnly = eu({ ...CEREAL, energy_kcal: 430 });
    expect(line(kcalOnly, 'energy').amount).toBe('1799 kJ / 430 kcal'); // 430 × 4.184 = 1799.12
    const off = eu({ ...CEREAL, energy_kcal: 200 });
    expect(off.warnings.join(' ')).toMatch(/differs by more than 20% from the Annex XIV calculation/);
  });

  it('negligible amounts print "<0.5 g" (or "0 g" by option) and the %RI comes from the actual amount', () => {
    const r = eu({ fat: '0.4', saturated_fat: '0.1', carbohydrate: 12, sugars: 0, protein: '0.5', salt: '0.01' });
    expect([line(r, 'fat').amount, line(r, 'fat').dv]).toEqual(['<0.5 g', '1%']);
    expect(line(r, 'saturated_fat').amount).toBe('<0.1 g');
    expect(line(r, 'sugars').amount).toBe('0 g');
    expect(line(r, 'protein').amount).toBe('<0.5 g');
    expect(line(r, 'salt').amount).toBe('<0.01 g');
    const z = eu({ fat: '0.4', saturated_fat: '0.1', carbohydrate: 12, sugars: 0, protein: '0.5', salt: '0.01' }, { options: { eu_negligible: 'zero' } });
    expect([line(z, 'fat').amount, line(z, 'salt').amount]).toEqual(['0 g', '0 g']);
  });

  it('%RI per 100 g can be left off (per portion stays)', () => {
    const r = eu(CEREAL, { serving: { grams_or_ml: 30 }, options: { ri_per_100: false } });
    expect(line(r, 'fat').dv).toBe('');
    expect(line(r, 'fat').portion_dv).toBe('8%');
  });

  it('vitamins and minerals by Annex XIII order, significant figures and %NRV; under 15% NRV warns', () => {
    const r = eu({ ...CEREAL, iron: '4.26', vitamin_c: 4, calcium: '1234.5', folate: 100 });
    const micro = r.lines.slice(-4).map((l) => [l.label, l.amount, l.dv]);
    expect(micro).toEqual([
      ['Vitamin C', '4 mg', '5%'],
      ['Folic acid', '100 µg', '50%'],
      ['Calcium', '1230 mg', '154%'],
      ['Iron', '4.3 mg', '31%'],
    ]);
    expect(r.warnings).toEqual(['Vitamin C is under the significant amount (15% of the NRV per 100 g, Annex XIII Part A 1): it should not be declared.']);
  });

  it('US-only nutrients are left out with a warning; a salt figure that is not sodium × 2.5 warns', () => {
    const r = eu({ ...CEREAL, trans_fat: '0.2', cholesterol: 5, added_sugars: 10, salt: '1.2' });
    expect(r.lines.map((l) => l.key)).not.toContain('trans_fat');
    expect(r.warnings).toContain('Trans fat, Cholesterol, and Added sugars are not part of the EU nutrition declaration and are left out.');
    expect(r.warnings).toContain('Salt (1.2 g) is not sodium × 2.5 (0.84 g): the salt figure is printed.');
    expect(line(r, 'salt').amount).toBe('1.2 g');
  });

  it('linear format as one sentence', () => {
    const r = eu({ fat: 1, saturated_fat: '0.2', carbohydrate: 10, sugars: 5, protein: 2, salt: '0.1' }, { format: 'linear', options: { ri_per_100: false } });
    expect(r.linear_text).toBe(
      'Nutrition declaration per 100 g: Energy 241 kJ / 57 kcal, Fat 1.0 g, of which saturates 0.2 g, Carbohydrate 10 g, of which sugars 5.0 g, Protein 2.0 g, Salt 0.10 g.',
    );
  });
});

describe('UK front-of-pack colours (2016 guide)', () => {
  const D = Dec.from;
  it.each([
    ['fat', '3', 'green'],
    ['fat', '3.01', 'amber'],
    ['fat', '17.5', 'amber'],
    ['fat', '17.51', 'red'],
    ['saturates', '1.5', 'green'],
    ['saturates', '1.51', 'amber'],
    ['saturates', '5', 'amber'],
    ['saturates', '5.01', 'red'],
    ['sugars', '5', 'green'],
    ['sugars', '5.01', 'amber'],
    ['sugars', '22.5', 'amber'],
    ['sugars', '22.51', 'red'],
    ['salt', '0.3', 'green'],
    ['salt', '0.31', 'amber'],
    ['salt', '1.5', 'amber'],
    ['salt', '1.51', 'red'],
  ] as const)('food %s %s g/100 g → %s', (n, x, c) => {
    expect(fopColour('food', n, D(x))).toBe(c);
  });

  it.each([
    ['fat', '1.5', 'green'],
    ['fat', '1.51', 'amber'],
    ['fat', '8.75', 'amber'],
    ['fat', '8.76', 'red'],
    ['saturates', '0.75', 'green'],
    ['saturates', '2.51', 'red'],
    ['sugars', '2.5', 'green'],
    ['sugars', '2.51', 'amber'],
    ['sugars', '11.25', 'amber'],
    ['sugars', '11.26', 'red'],
    ['salt', '0.3', 'green'],
    ['salt', '0.75', 'amber'],
    ['salt', '0.76', 'red'],
  ] as const)('drink %s %s g/100 ml → %s', (n, x, c) => {
    expect(fopColour('drink', n, D(x))).toBe(c);
  });

  it('the per-portion red override applies only above 100 g (food) / 150 ml (drink) portions', () => {
    // 15 g fat/100 g is amber; a 150 g portion holds 22.5 g > 21 g → red.
    expect(fopColour('food', 'fat', D('15'), { size: D('150'), amount: D('22.5') })).toBe('red');
    expect(fopColour('food', 'fat', D('15'), { size: D('150'), amount: D('21') })).toBe('amber');
    // The same amount in a 100 g portion: no override.
    expect(fopColour('food', 'fat', D('21.5'), { size: D('100'), amount: D('21.5') })).toBe('red'); // red per 100 g anyway
    expect(fopColour('food', 'sugars', D('20'), { size: D('100'), amount: D('28') })).toBe('amber');
    // Drinks: 500 ml of 3 g sugars/100 ml = 15 g > 13.5 g → red.
    expect(fopColour('drink', 'sugars', D('3'), { size: D('500'), amount: D('15') })).toBe('red');
    expect(fopColour('drink', 'sugars', D('3'), { size: D('150'), amount: D('15') })).toBe('amber');
  });

  it('a UK label carries fop colours from the printed values (or the actual ones by option)', () => {
    const input: LabelInput = { region: 'uk', serving: { grams_or_ml: 30 }, nutrients: { ...CEREAL, sugars: '22.5' } };
    const r = computeLabel(input);
    // 22.5 g prints as 23 g (≥ 10 g → whole grams): red on the printed figure, amber on the actual one.
    expect(r.fop).toEqual({ fat: 'red', saturates: 'amber', sugars: 'red', salt: 'amber' });
    expect(computeLabel({ ...input, options: { fop_basis: 'actual' } }).fop?.sugars).toBe('amber');
    expect(r.fop_panel).toEqual({
      kind: 'food',
      basis: 'portion',
      energy: { amount: '549 kJ / 131 kcal', ri: '7%' },
      items: {
        fat: { amount: '5.3 g', ri: '8%', colour: 'red', per_100: '18 g' },
        saturates: { amount: '0.9 g', ri: '5%', colour: 'amber', per_100: '3.1 g' },
        sugars: { amount: '6.8 g', ri: '8%', colour: 'red', per_100: '23 g' },
        salt: { amount: '0.25 g', ri: '4%', colour: 'amber', per_100: '0.84 g' },
      },
    });
  });

  it('drinks use the drink thresholds (from serving.unit or fop_kind)', () => {
    const cola = { fat: 0, saturated_fat: 0, carbohydrate: '10.6', sugars: '10.6', protein: 0, salt: 0 };
    const r = computeLabel({ region: 'uk', serving: { grams_or_ml: 330, unit: 'ml' }, nutrients: cola });
    expect(r.fop_panel?.kind).toBe('drink');
    // 10.6 g/100 ml is amber for a drink, but 330 ml holds 35 g > 13.5 g → red.
    expect(r.fop?.sugars).toBe('red');
    expect(computeLabel({ region: 'uk', nutrients: cola, options: { fop_kind: 'drink' } }).fop?.sugars).toBe('amber');
    expect(computeLabel({ region: 'uk', nutrients: cola }).fop?.sugars).toBe('amber');
    expect(computeLabel({ region: 'uk', nutrients: { ...cola, sugars: '4', carbohydrate: 4 } }).fop?.sugars).toBe('green');
  });
});
