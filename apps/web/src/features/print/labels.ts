import { QUOTE_FINISH_LABELS, QUOTE_PRINT_LABELS } from '@packsmith/contracts';

export const PRINT_LABELS = QUOTE_PRINT_LABELS;

export const FINISH_LABELS = QUOTE_FINISH_LABELS;

/** Money in the quote's currency; unit prices keep cents (and a third digit below one unit). */
export function money(amount: number, currency: string, unit = false): string {
  const digits = unit && amount < 1 ? 3 : unit ? 2 : 0;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: unit ? 2 : 0, maximumFractionDigits: digits }).format(amount);
}

export const mm = (n: number): string => `${Math.round(n * 10) / 10} mm`;
