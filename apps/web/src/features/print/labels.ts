import type { QuoteFinish, QuotePrint } from '@packsmith/contracts';

export const PRINT_LABELS: Record<QuotePrint, string> = {
  none: 'No print',
  one_colour: 'One colour',
  two_colour: 'Two colours',
  cmyk: 'Full colour (CMYK)',
  cmyk_both_sides: 'Full colour, both sides',
};

export const FINISH_LABELS: Record<QuoteFinish, string> = {
  matte_lamination: 'Matte lamination',
  gloss_lamination: 'Gloss lamination',
  spot_uv: 'Spot UV',
  foil: 'Foil',
  emboss: 'Embossing',
  window: 'Window',
};

/** Money in the quote's currency; unit prices keep cents (and a third digit below one unit). */
export function money(amount: number, currency: string, unit = false): string {
  const digits = unit && amount < 1 ? 3 : unit ? 2 : 0;
  return new Intl.NumberFormat('en-US', { style: 'currency', currency, minimumFractionDigits: unit ? 2 : 0, maximumFractionDigits: digits }).format(amount);
}

export const mm = (n: number): string => `${Math.round(n * 10) / 10} mm`;
