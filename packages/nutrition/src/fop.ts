/**
 * UK front-of-pack colour coding, DH/FSA "Guide to creating a front of pack (FoP) nutrition label",
 * November 2016: colours from the per 100 g / 100 ml values, with the per-portion "red" override for
 * portions over 100 g (food) or 150 ml (drink).
 */
import { Dec } from './decimal.js';
import type { FopColour } from './types.js';

export type FopNutrient = 'fat' | 'saturates' | 'sugars' | 'salt';
export const FOP_NUTRIENTS: readonly FopNutrient[] = ['fat', 'saturates', 'sugars', 'salt'];

interface Band {
  /** Green up to and including this per 100 g/ml. */
  low: Dec;
  /** Amber up to and including this; red above. */
  high: Dec;
  /** Red per portion above this, when the portion is over the size limit. */
  portionRed: Dec;
}

const d = Dec.from;
export const FOP_THRESHOLDS: Readonly<Record<'food' | 'drink', Readonly<Record<FopNutrient, Band>>>> = {
  food: {
    fat: { low: d('3'), high: d('17.5'), portionRed: d('21') },
    saturates: { low: d('1.5'), high: d('5'), portionRed: d('6') },
    sugars: { low: d('5'), high: d('22.5'), portionRed: d('27') },
    salt: { low: d('0.3'), high: d('1.5'), portionRed: d('1.8') },
  },
  drink: {
    fat: { low: d('1.5'), high: d('8.75'), portionRed: d('10.5') },
    saturates: { low: d('0.75'), high: d('2.5'), portionRed: d('3') },
    sugars: { low: d('2.5'), high: d('11.25'), portionRed: d('13.5') },
    salt: { low: d('0.3'), high: d('0.75'), portionRed: d('0.9') },
  },
};

/** The per-portion override applies to portions over these sizes. */
export const FOP_PORTION_LIMIT = { food: d('100'), drink: d('150') } as const;

/**
 * The colour of one nutrient. `per100` decides green/amber/red; when `portion` (its size) is over the
 * limit and `perPortion` is over the per-portion red value, the colour is red whatever per100 says.
 */
export function fopColour(kind: 'food' | 'drink', nutrient: FopNutrient, per100: Dec, portion?: { size: Dec; amount: Dec }): FopColour {
  const band = FOP_THRESHOLDS[kind][nutrient];
  let colour: FopColour = per100.lte(band.low) ? 'green' : per100.lte(band.high) ? 'amber' : 'red';
  if (portion && portion.size.gt(FOP_PORTION_LIMIT[kind]) && portion.amount.gt(band.portionRed)) colour = 'red';
  return colour;
}
