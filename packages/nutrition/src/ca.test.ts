import { describe, expect, it } from 'vitest';
import { computeLabel } from './compute.js';
import type { LabelInput, LabelResult, NutrientsInput } from './index.js';

/** The Directory of Nutrition Facts Table Formats' bilingual example (½ cup, 125 mL). */
const EXAMPLE: NutrientsInput = {
  energy_kcal: 80,
  fat: '0.5',
  saturated_fat: 0,
  trans_fat: 0,
  carbohydrate: 18,
  fiber: 2,
  sugars: 15,
  protein: 3,
  cholesterol: 0,
  sodium: 0,
  potassium: 450,
  calcium: 30,
  iron: '0.3',
};

function ca(nutrients: NutrientsInput, extra: Partial<LabelInput> = {}): LabelResult {
  return computeLabel({ region: 'ca', serving: { size_text: '1/2 cup', size_text_fr: '1/2 tasse', grams_or_ml: 125, unit: 'ml' }, nutrients, ...extra });
}

describe('Canada bilingual standard format', () => {
  it('prints both languages, the Canadian order and daily values', () => {
    const r = ca(EXAMPLE);
    expect([r.title, r.title_fr]).toEqual(['Nutrition Facts', 'Valeur nutritive']);
    expect([r.serving?.per_text, r.serving?.per_text_fr]).toEqual(['Per 1/2 cup (125 mL)', 'pour 1/2 tasse (125 mL)']);
    expect(r.columns).toEqual(['% Daily Value*', '% valeur quotidienne*']);
    expect(r.lines.map((l) => [l.label, l.amount, l.amount_fr, l.dv])).toEqual([
      ['Calories', '80', '80', ''],
      ['Fat / Lipides', '0.5 g', '0,5 g', '1 %'], // 0.5/75 = 0.67% → 1 %
      ['Saturated / saturés', '0 g', '0 g', '0 %'], // saturated + trans, one %DV
      ['+ Trans / trans', '0 g', '0 g', ''],
      ['Carbohydrate / Glucides', '18 g', '18 g', ''],
      ['Fibre / Fibres', '2 g', '2 g', '7 %'], // 2/28
      ['Sugars / Sucres', '15 g', '15 g', '15 %'], // 15/100
      ['Protein / Protéines', '3 g', '3 g', ''],
      ['Cholesterol / Cholestérol', '0 mg', '0 mg', ''],
      ['Sodium / Sodium', '0 mg', '0 mg', '0 %'],
      ['Potassium / Potassium', '450 mg', '450 mg', '13 %'], // 450/3400 (2022 table)
      ['Calcium / Calcium', '30 mg', '30 mg', '2 %'],
      ['Iron / Fer', '0.3 mg', '0,3 mg', '2 %'],
    ]);
    expect(r.lines.find((l) => l.key === 'saturated_fat')?.dv_spans).toBe(2);
    expect(r.footnotes).toEqual(['*5% or less is a little, 15% or more is a lot', '*5 % ou moins c’est peu, 15 % ou plus c’est beaucoup']);
    expect(r.warnings).toEqual([]);
  });

  it('saturated + trans share one %DV of 20 g', () => {
    const r = ca({ ...EXAMPLE, fat: 10, saturated_fat: '2.6', trans_fat: '0.4' }, { serving: { grams_or_ml: 125, size_text_fr: 'x', size_text: 'x' } });
    // 2.6 → 2.5 g, 0.4 → 0.4 g: declared 2.9/20 = 14.5% → 15 %; actual 3.0/20 = 15 %.
    expect(r.lines.find((l) => l.key === 'saturated_fat')).toMatchObject({ amount: '2.5 g', dv: '15 %' });
    expect(r.lines.find((l) => l.key === 'trans_fat')).toMatchObject({ amount: '0.4 g', dv: '' });
  });

  it('the 2016 Table of Daily Values option (potassium 4,700 mg)', () => {
    const r = ca(EXAMPLE, { options: { ca_daily_values: '2016' } });
    expect(r.lines.find((l) => l.key === 'potassium')?.dv).toBe('10 %'); // 450/4700 = 9.57%
  });

  it('values below the first threshold keep their figure unless the product is "free of" it', () => {
    const r = ca({ ...EXAMPLE, energy_kcal: '3.6', fat: '0.26', sodium: '3.4' });
    expect(r.lines.find((l) => l.key === 'calories')?.amount).toBe('4');
    expect(r.lines.find((l) => l.key === 'fat')?.amount).toBe('0.3 g');
    expect(r.lines.find((l) => l.key === 'sodium')?.amount).toBe('3 mg');
    const free = ca({ ...EXAMPLE, energy_kcal: '3.6', fat: '0.26', sodium: '3.4' }, { options: { ca_free_of: ['energy', 'fat', 'sodium'] } });
    expect(free.lines.find((l) => l.key === 'calories')?.amount).toBe('0');
    expect(free.lines.find((l) => l.key === 'fat')).toMatchObject({ amount: '0 g', dv: '0 %' });
    expect(free.lines.find((l) => l.key === 'sodium')?.amount).toBe('0 mg');
  });

  it('additional information in French too, and a warning when the French serving text is missing', () => {
    const r = computeLabel({ region: 'ca', serving: { size_text: '1 cup', grams_or_ml: 250, unit: 'ml' }, nutrients: { ...EXAMPLE, vitamin_d: '2.5' } });
    expect(r.lines.at(-1)).toMatchObject({ label: 'Vitamin D / Vitamine D', amount: '2.5 µg', amount_fr: '2,5 µg', dv: '13 %' });
    expect(r.warnings).toEqual(['Give the serving size in French too (serving.size_text_fr): the English text is printed on the French line.']);
  });
});
