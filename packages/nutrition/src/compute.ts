/** The engine's entry point: one pure call from input to every printed figure of a label. */
import { computeCa } from './ca.js';
import { computeEu } from './eu.js';
import { parseInput } from './input.js';
import type { LabelInput, LabelResult } from './types.js';
import { computeUs } from './us.js';

/**
 * Computes a nutrition label: the rounded, printed figures of every line in the region's order, the
 * serving block, statements, footnotes, UK front-of-pack colours and plain-language warnings.
 *
 * @throws NutritionInputError naming the field when the input cannot make a label (negative grams,
 * a 10 kg serving, added sugars above total sugars, an unknown nutrient, a format the region lacks).
 */
export function computeLabel(input: LabelInput): LabelResult {
  const p = parseInput(input);
  switch (p.region) {
    case 'us':
      return computeUs(p);
    case 'ca':
      return computeCa(p);
    case 'eu':
    case 'uk':
      return computeEu(p);
  }
}
