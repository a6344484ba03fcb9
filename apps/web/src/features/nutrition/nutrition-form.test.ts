import { describe, expect, it } from 'vitest';
import { emptyForm, errorField, errorTarget, formFromInput, newRow, toAmount, toLabelInput, type NutritionForm } from './nutrition-form';

describe('amounts as typed', () => {
  it.each([
    ['0.5', '0.5'],
    ['12,', '12'],
    ['12,5', '12.5'],
    ['1,500', '1500'],
    ['.5', '0.5'],
    [' 7 ', '7'],
    ['', undefined],
    ['abc', 'abc'],
    ['1,2,3', '1,2,3'],
  ])('%j → %j', (typed, sent) => expect(toAmount(typed)).toBe(sent));
});

describe('the compute input of a form', () => {
  it('sends the nutrients typed (per serving in the US) and leaves empty fields out', () => {
    const form: NutritionForm = { ...emptyForm('us'), nutrients: { fat: '8', sodium: '', sugars: '12,' } };
    form.serving = { ...form.serving, size_text: '2/3 cup', grams_or_ml: '55', per_container: '8' };
    expect(toLabelInput(form)).toEqual({
      region: 'us',
      format: 'standard',
      serving: { size_text: '2/3 cup', grams_or_ml: '55', unit: 'g', per_container: '8' },
      nutrients: { fat: '8', sugars: '12' },
      options: { dv_basis: 'declared' },
    });
  });

  it('recipe mode sends the named rows with their food ids and the cooked weight; EU keeps its negligible option', () => {
    const form: NutritionForm = {
      ...emptyForm('eu'),
      mode: 'recipe',
      nutrients: { fat: '3' },
      ingredients: [newRow({ name: 'Wheat flour', grams: '500', food_id: 'f1' }), newRow(), newRow({ name: 'Sugar', grams: '' })],
      yield_grams: '820',
      options: { dv_basis: 'actual', calories_method: 'general', eu_negligible: 'zero' },
      panel: { width_mm: '60', height_mm: '40' },
    };
    const input = toLabelInput(form);
    expect(input.nutrients).toEqual({});
    expect(input.recipe).toEqual({
      ingredients: [
        { name: 'Wheat flour', grams: '500', food_id: 'f1' },
        { name: 'Sugar', grams: '0' },
      ],
      yield_grams: '820',
    });
    // The calories method is a US option; EU/UK carry the negligible-amount choice.
    expect(input.options).toEqual({ dv_basis: 'actual', eu_negligible: 'zero' });
    expect(input.render).toEqual({ panel: { width_mm: 60, height_mm: 40 } });
  });

  it('a saved input reopens as the same form', () => {
    const form: NutritionForm = { ...emptyForm('ca'), format: 'standard', nutrients: { fat: '2.5' } };
    form.serving = { ...form.serving, size_text: '1 cup', size_text_fr: '1 tasse', grams_or_ml: '250', unit: 'ml' };
    const input = toLabelInput(form);
    expect(toLabelInput(formFromInput(input))).toEqual(input);
  });

  it('a format the new region does not have falls back to its first', () => {
    const input = toLabelInput({ ...emptyForm('us'), region: 'eu', format: 'dual' });
    expect(input.format).toBe('table');
  });
});

describe('the field a 400 names', () => {
  it.each([
    ['nutrients.added_sugars: Added sugars must not be more than total sugars.', 'nutrients.added_sugars'],
    ['recipe.ingredients[2].grams must not be negative.', 'recipe.ingredients.2.grams'],
    ['serving.unit must be g or ml.', 'serving.unit'],
    ['name is required.', 'name'],
    ['Something went wrong.', null],
  ])('%j → %j', (msg, field) => expect(errorField(msg)).toBe(field));

  it('lands on the nearest input the form has', () => {
    expect(errorTarget('recipe.ingredients.1.per_100g.fat')).toBe('recipe.ingredients.1.grams');
    expect(errorTarget('recipe.ingredients.0.name')).toBe('recipe.ingredients.0.name');
    expect(errorTarget('options.dv_basis')).toBe('options');
    expect(errorTarget('nutrients.fat')).toBe('nutrients.fat');
  });
});
