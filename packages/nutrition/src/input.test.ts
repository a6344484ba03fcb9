import { describe, expect, it } from 'vitest';
import { computeLabel } from './compute.js';
import { NutritionInputError, type LabelInput } from './types.js';

const OK: LabelInput = {
  region: 'us',
  format: 'standard',
  serving: { size_text: '1 bar', grams_or_ml: 40 },
  nutrients: { fat: 8, saturated_fat: 2, trans_fat: 0, cholesterol: 0, sodium: 100, carbohydrate: 20, fiber: 3, sugars: 10, added_sugars: 8, protein: 6 },
};

/** The field and message of the error the input raises. */
function fails(input: unknown): { field: string; message: string } {
  try {
    computeLabel(input as LabelInput);
  } catch (e) {
    if (e instanceof NutritionInputError) return { field: e.field, message: e.message };
    throw e;
  }
  throw new Error('expected a NutritionInputError');
}

describe('bad input names the field', () => {
  it('accepts the good input', () => {
    expect(computeLabel(OK).lines.length).toBeGreaterThan(10);
  });

  it.each([
    ['negative grams', { ...OK, nutrients: { ...OK.nutrients, fat: -1 } }, 'nutrients.fat', 'Total fat must not be negative.'],
    ['not a number', { ...OK, nutrients: { ...OK.nutrients, sodium: '12mg' } }, 'nutrients.sodium', 'Sodium must be a number (in mg), not "12mg".'],
    ['a boolean', { ...OK, nutrients: { ...OK.nutrients, protein: true } }, 'nutrients.protein', 'Protein must be a number (in g).'],
    [
      '10 kg per serving',
      { ...OK, serving: { grams_or_ml: 10000 } },
      'serving.grams_or_ml',
      'A serving of 10000 g is more than 5000 g: enter one serving, not the batch.',
    ],
    ['a zero serving', { ...OK, serving: { grams_or_ml: 0 } }, 'serving.grams_or_ml', 'The serving size must be more than 0.'],
    [
      'no serving for the US',
      { ...OK, serving: undefined },
      'serving.grams_or_ml',
      'Give the serving size in g or mL (US and Canadian labels are per serving).',
    ],
    [
      'added sugars above total sugars',
      { ...OK, nutrients: { ...OK.nutrients, added_sugars: 12 } },
      'nutrients.added_sugars',
      'Added sugars are more than total sugars (12 g against 10 g).',
    ],
    [
      'saturated fat above total fat',
      { ...OK, nutrients: { ...OK.nutrients, saturated_fat: 9 } },
      'nutrients.saturated_fat',
      'Saturated fat is more than total fat (9 g against 8 g).',
    ],
    [
      'sugars above carbohydrate',
      { ...OK, nutrients: { ...OK.nutrients, sugars: 21, added_sugars: 0 } },
      'nutrients.sugars',
      'Total sugars are more than total carbohydrate (21 g against 20 g).',
    ],
    [
      'unknown nutrient names',
      { ...OK, nutrients: { ...OK.nutrients, vitamin_z: 3 } },
      'nutrients.vitamin_z',
      /^Unknown nutrient "vitamin_z"\. Known nutrients: energy_kcal, energy_kj, fat, /,
    ],
    [
      'a nutrient heavier than the serving',
      { ...OK, nutrients: { ...OK.nutrients, sodium: 50000 } },
      'nutrients.sodium',
      'Sodium (50000 mg) is more than the serving (40 g).',
    ],
    [
      'macros heavier than the serving',
      { ...OK, nutrients: { ...OK.nutrients, carbohydrate: 30, protein: 5 } },
      'nutrients',
      /add up to 43\.1 g, more than the serving \(40 g\)/,
    ],
    ['impossible energy', { ...OK, nutrients: { ...OK.nutrients, energy_kcal: 400 } }, 'nutrients.energy_kcal', /more than 9.1 kcal per gram/],
    ['an unknown region', { ...OK, region: 'fr' }, 'region', "region must be one of 'us', 'ca', 'eu', 'uk'."],
    ['a format the region lacks', { ...OK, region: 'eu', format: 'dual' }, 'format', "format must be one of 'table', 'linear'."],
    ['dual without servings per container', { ...OK, format: 'dual' }, 'serving.per_container', 'The dual-column format needs the servings per container.'],
    ['an unknown option', { ...OK, options: { rounding: 'up' } }, 'options.rounding', 'Unknown option "rounding".'],
    ['a bad option value', { ...OK, options: { dv_basis: 'rounded' } }, 'options.dv_basis', "options.dv_basis must be one of 'declared', 'actual'."],
    ['a PDCAAS above 1', { ...OK, options: { protein_pdcaas: '1.2' } }, 'options.protein_pdcaas', 'The PDCAAS must be between 0 and 1.'],
    [
      'the declared calories method without calories',
      { ...OK, options: { calories_method: 'declared' } },
      'nutrients.energy_kcal',
      'The declared calories method needs the calories (nutrients.energy_kcal).',
    ],
    ['nutrients not an object', { ...OK, nutrients: [1, 2] }, 'nutrients', 'nutrients must be an object of amounts keyed by nutrient name.'],
    ['EU: more than 100 g per 100 g', { region: 'eu', nutrients: { fat: 60, carbohydrate: 43 } }, 'nutrients', /add up to 103 g, more than 100 g/],
    [
      'a serving text too long',
      { ...OK, serving: { grams_or_ml: 40, size_text: 'x'.repeat(121) } },
      'serving.size_text',
      'serving.size_text must be at most 120 characters.',
    ],
  ])('%s', (_what, input, field, message) => {
    const e = fails(input);
    expect(e.field).toBe(field);
    if (typeof message === 'string') expect(e.message).toBe(message);
    else expect(e.message).toMatch(message);
  });

  it('does not apply the mass check to millilitres (100 ml of syrup weighs more than 100 g)', () => {
    const r = computeLabel({
      region: 'eu',
      serving: { unit: 'ml' },
      nutrients: { fat: 0, saturated_fat: 0, carbohydrate: 110, sugars: 100, protein: 0, salt: 0 },
    });
    expect(r.lines.find((l) => l.key === 'carbohydrate')?.amount).toBe('110 g');
  });

  it('reads numbers and decimal strings alike, and skips empty fields', () => {
    const a = computeLabel({ ...OK, nutrients: { ...OK.nutrients, fat: '8.0', sodium: '' } });
    const b = computeLabel({ ...OK, nutrients: { ...OK.nutrients, fat: 8, sodium: undefined } });
    expect(a.lines).toEqual(b.lines);
  });
});
