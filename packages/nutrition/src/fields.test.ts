import { describe, expect, it } from 'vitest';
import { computeLabel } from './compute.js';
import { nutrientFields } from './fields.js';
import type { NutrientsInput, Region } from './types.js';

const serving = { size_text: '1 cup', size_text_fr: '1 tasse', grams_or_ml: 240 };

describe('nutrient fields per region agree with the engine', () => {
  it.each(['us', 'ca', 'eu', 'uk'] as Region[])('%s: mandatory fields are the lines always printed; voluntary ones print when given', (region) => {
    const fields = nutrientFields(region);
    expect(new Set(fields.map((f) => f.key)).size).toBe(fields.length);
    const empty = computeLabel({ region, serving, nutrients: {} });
    const printed = new Set(empty.lines.map((l) => l.key));
    for (const f of fields.filter((x) => x.mandatory)) expect(printed.has(f.key), f.key).toBe(true);
    for (const f of fields.filter((x) => !x.mandatory && !x.energy_only && !x.key.startsWith('energy'))) expect(printed.has(f.key), f.key).toBe(false);
    // Every mandatory field given → no "Not given" warning.
    const all: NutrientsInput = Object.fromEntries(fields.filter((f) => f.mandatory).map((f) => [f.key, 0]));
    expect(computeLabel({ region, serving, nutrients: all }).warnings.join(' ')).not.toMatch(/Not given/);
    // A voluntary printed field given appears.
    const voluntary = fields.find((f) => !f.mandatory && !f.energy_only && !f.key.startsWith('energy'))!;
    expect(computeLabel({ region, serving, nutrients: { ...all, [voluntary.key]: 0 } }).lines.map((l) => l.key)).toContain(voluntary.key);
  });

  it('names fields as the region prints them', () => {
    expect(nutrientFields('us').find((f) => f.key === 'fat')?.label).toBe('Total Fat');
    expect(nutrientFields('ca').find((f) => f.key === 'iron')?.label).toBe('Iron / Fer');
    expect(nutrientFields('eu').find((f) => f.key === 'saturated_fat')?.label).toBe('of which saturates');
  });
});
