/** The quote in words: the `answer` message's text and the PDF's headline. */
import { materialInfo, type Quote } from '@packsmith/contracts';
import { PRINT_LABELS } from './parsers.js';
import { finishesLabel, sizeLabel } from './draft.js';
import { boxBySlug } from '@packsmith/contracts';

const SYMBOLS: Record<string, string> = { EUR: '€', USD: '$', GBP: '£' };

/** "€0.74", "€742" (totals without cents from 100 up). */
export function money(amount: number, currency: string, cents = true): string {
  const symbol = SYMBOLS[currency.toUpperCase()];
  const digits = cents ? (amount < 1 ? 3 : 2) : 0;
  const text = amount.toLocaleString('en-US', { minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: digits });
  return symbol ? `${symbol}${text}` : `${text} ${currency.toUpperCase()}`;
}

/** "1,000 × Straight Tuck End Box 80 × 40 × 150 mm, white board, CMYK: €0.74 each, €742 total." */
export function quoteSpecLine(quote: Quote): string {
  const box = boxBySlug(quote.box.slug);
  const s = quote.spec;
  const finishes = s.finishes.length ? `, ${finishesLabel(s.finishes).toLowerCase()}` : '';
  return `${quote.quantity.toLocaleString('en-US')} × ${quote.box.name} ${sizeLabel(box, s)}, ${materialInfo(s.material).name.toLowerCase()}, ${PRINT_LABELS[s.print]}${finishes}`;
}

export function quoteSummary(quote: Quote): string {
  const price = `${money(quote.unit_price, quote.currency)} each, ${money(quote.total, quote.currency, quote.total < 100)} total`;
  const crossover = quote.crossover
    ? ` From ${quote.crossover.quantity.toLocaleString('en-US')} pieces ${quote.crossover.to} printing is cheaper than ${quote.crossover.from}.`
    : '';
  const makers = quote.factories.length ? ` ${quote.factories.length === 1 ? 'One factory' : `${quote.factories.length} factories`} can make it.` : '';
  return `${quoteSpecLine(quote)}: ${price}. MOQ ${quote.moq.toLocaleString('en-US')}, about ${quote.lead_time_days} days lead time (${quote.process} print).${crossover}${makers} Change anything and I'll re-quote.`;
}
