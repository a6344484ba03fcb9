/** What every US layout prints for a row: the name's weight and style, "Includes … Added Sugars", micro or macro. */
import { MICRO_KEYS } from '../nutrients.js';
import type { LabelLine } from '../types.js';
import type { Run } from './pen.js';

const MICRO = new Set<string>(MICRO_KEYS);
export const isMicro = (l: LabelLine): boolean => MICRO.has(l.key);

/** The row's name: bold when (d)(1)(iv) bolds it; "Trans" in italics (Appendix B). */
export function nameRuns(l: LabelLine): Run[] {
  if (l.key === 'trans_fat') return [{ text: 'Trans', italic: true }, { text: ' Fat' }];
  return [{ text: l.label, ...(l.bold ? { weight: 'bold' as const } : {}) }];
}

/** "Includes 10g Added Sugars" ((c)(6)(iii): the amount is "prefaced with the word 'Includes'"). */
export const addedSugarsText = (amount: string): string => `Includes ${amount.replace(/^Less/, 'less')} Added Sugars`;

/** Name and amount as one phrase, as the standard and tabular layouts print them. */
export function rowRuns(l: LabelLine): Run[] {
  return l.key === 'added_sugars' ? [{ text: addedSugarsText(l.amount) }] : [...nameRuns(l), { text: ` ${l.amount}` }];
}

/** The printed percent (or the footnote symbol of the 'asterisk' option); DRV percents are bold ((d)(1)(iv)). */
export function percentRuns(l: LabelLine, pct = l.dv || l.symbol || ''): Run[] {
  return pct ? [{ text: pct, ...(isMicro(l) ? {} : { weight: 'bold' as const }) }] : [];
}
