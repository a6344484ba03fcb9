import {
  FACTORY_PROCESS_LABELS,
  QUOTE_PRINT_LABELS,
  SELECTION_TITLES,
  BOX_TYPES,
  MATERIAL_TYPES,
  QUOTE_FINISHES,
  QUOTE_PRINTS,
  QuotationChatDataSchema,
  SELECTION_NAMES,
  type ChatMessage,
  type QuotationChatData,
  type Quote,
  type QuoteProcess,
  type Selection,
  type SelectionName,
} from '@packsmith/contracts';

/*
 * Reading the quotation chat's messages (their data is QuotationChatData) and shaping a quote for the
 * screen. ChatMessage.data is open, so every read goes through the contract schema: a message whose
 * data does not fit is simply not a quotation message.
 */

export function quotationDataOf(m: ChatMessage): QuotationChatData | null {
  if (m.role !== 'assistant') return null;
  const parsed = QuotationChatDataSchema.safeParse(m.data);
  return parsed.success ? parsed.data : null;
}

/** The newest quote the assistant answered with, or null before the first one. */
export function latestQuote(messages: readonly ChatMessage[]): Quote | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const m = messages[i];
    if (!m || m.content.type !== 'answer') continue;
    const quote = quotationDataOf(m)?.quote;
    if (quote) return quote;
  }
  return null;
}

/** The selections after the newest assistant turn that carried them (null: no turn did yet). */
export function latestSelections(messages: readonly ChatMessage[]): Selection[] | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const m = messages[i];
    const data = m ? quotationDataOf(m) : null;
    if (data) return data.selections;
  }
  return null;
}

export const selectionTitle = (name: SelectionName): string => SELECTION_TITLES[name];

const isSelectionName = (name: string): name is SelectionName => (SELECTION_NAMES as readonly string[]).includes(name);

/**
 * SPEC §3: the selections in SELECTION_NAMES order, Product first, one row per name; names not chosen
 * yet come back with value '' so the panel can offer them too.
 */
export function orderedSelections(items: readonly Selection[]): Array<Selection & { name: SelectionName }> {
  const byName = new Map<SelectionName, Selection>();
  for (const item of items) if (isSelectionName(item.name) && !byName.has(item.name)) byName.set(item.name, item);
  return SELECTION_NAMES.map((name) => {
    const found = byName.get(name);
    return { name, title: found?.title || SELECTION_TITLES[name], value: found?.value ?? '' };
  });
}

// ---- Editors ----

export type EditorKind = 'text' | 'select' | 'multi' | 'number' | 'size';
export const editorKindOf = (name: SelectionName): EditorKind =>
  name === 'size' ? 'size' : name === 'quantity' ? 'number' : name === 'finishes' ? 'multi' : name === 'product' || name === 'destination' ? 'text' : 'select';

export interface Choice {
  value: string;
  label: string;
}

const labelOf = (value: string) => (value.charAt(0).toUpperCase() + value.slice(1)).replaceAll('_', ' ');

/** The nine SPEC §3 material types by name (the assistant reads names as the visitor would type them). */
export const MATERIAL_CHOICES: readonly Choice[] = MATERIAL_TYPES.map((m) => ({ value: m.name, label: m.name }));

export const PRINT_CHOICES: readonly Choice[] = QUOTE_PRINTS.map((p) => ({ value: p, label: QUOTE_PRINT_LABELS[p] }));
export const FINISH_CHOICES: readonly Choice[] = QUOTE_FINISHES.map((f) => ({ value: f, label: labelOf(f) }));
/** Every box type of the catalogue, by its name. */
export const BOX_CHOICES: readonly Choice[] = BOX_TYPES.map((b) => ({ value: b.name, label: b.name }));

/** The finishes a displayed value lists ('Matte lamination, Foil' → ['matte_lamination', 'foil']). */
export function finishesOf(display: string): string[] {
  const words = display.toLowerCase();
  return FINISH_CHOICES.filter((c) => words.includes(c.label.toLowerCase()) || words.includes(c.value)).map((c) => c.value);
}

/** The words sent for a finishes edit: the chosen ones, or 'none'. */
export const finishesValueOf = (chosen: readonly string[]): string => (chosen.length === 0 ? 'none' : chosen.join(', '));

/** The choices of a select editor; the current value is kept as a choice even when it is not a stock one. */
export function choicesFor(name: SelectionName, current: string): readonly Choice[] {
  const base = name === 'material' ? MATERIAL_CHOICES : name === 'print' ? PRINT_CHOICES : BOX_CHOICES;
  if (current === '' || base.some((c) => c.label.toLowerCase() === current.toLowerCase() || c.value === current)) return base;
  return [{ value: current, label: current }, ...base];
}

/** The stock choice a displayed value stands for ('White board' → 'white board'), else the value itself. */
export function choiceValueOf(choices: readonly Choice[], display: string): string {
  const found = choices.find((c) => c.label.toLowerCase() === display.trim().toLowerCase() || c.value === display.trim());
  return found?.value ?? display;
}

export type SizeUnit = 'mm' | 'in';
export interface SizeDraft {
  length: string;
  width: string;
  height: string;
  unit: SizeUnit;
}

/** '80 × 40 × 150 mm' (or '3.1 x 1.6 x 5.9 in') into its three numbers and unit; blanks when unreadable. */
export function parseSizeValue(value: string): SizeDraft {
  const unit: SizeUnit = /\b(in|inch|inches|")\s*$/i.test(value.trim()) ? 'in' : 'mm';
  const numbers = value.match(/\d+(?:[.,]\d+)?/g)?.map((n) => n.replace(',', '.')) ?? [];
  return { length: numbers[0] ?? '', width: numbers[1] ?? '', height: numbers[2] ?? '', unit };
}

/** The words sent for a size edit, or null when one of the three is not a positive number. */
export function sizeValueOf(draft: SizeDraft): string | null {
  const parts = [draft.length, draft.width, draft.height].map((s) => Number(s.trim().replace(',', '.')));
  if (parts.some((n) => !Number.isFinite(n) || n <= 0)) return null;
  return `${parts.join(' x ')} ${draft.unit}`;
}

/** The number a quantity value shows ('1,000' → 1000), or null. */
export function quantityOf(value: string): number | null {
  const n = Number(value.replace(/[\s,]/g, ''));
  return Number.isInteger(n) && n > 0 ? n : null;
}

// ---- The quote ----

export function formatMoney(amount: number, currency: string, digits?: number): string {
  const fraction = digits ?? (Math.abs(amount) < 10 ? 3 : 2);
  try {
    return new Intl.NumberFormat('en-GB', {
      style: 'currency',
      currency,
      minimumFractionDigits: Math.min(2, fraction),
      maximumFractionDigits: fraction,
    }).format(amount);
  } catch {
    // An unknown currency code still shows the amount.
    return `${amount.toFixed(fraction)} ${currency}`;
  }
}

export const formatCount = (n: number): string => new Intl.NumberFormat('en-GB').format(n);

const PROCESS_LABELS: Record<QuoteProcess, string> = { digital: 'Digital', offset: 'Offset', flexo: 'Flexo', unit_table: 'Estimate' };
export const processLabel = (p: QuoteProcess): string => PROCESS_LABELS[p];

export interface ChartPoint {
  quantity: number;
  /** The axis label ('1k', '250'). */
  label: string;
  unit_price: number;
  total: number;
  process: string;
}

const shortCount = (n: number) => (n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n));

/** The ladder as chart points, by quantity, one per quantity. */
export function chartData(quote: Quote): ChartPoint[] {
  const seen = new Set<number>();
  return [...quote.ladder]
    .sort((a, b) => a.quantity - b.quantity)
    .filter((s) => (seen.has(s.quantity) ? false : (seen.add(s.quantity), true)))
    .map((s) => ({ quantity: s.quantity, label: shortCount(s.quantity), unit_price: s.unit_price, total: s.total, process: processLabel(s.process) }));
}

/** "Offset cheaper from 2,000" (null when one route wins everywhere). */
export function crossoverLabel(quote: Quote): string | null {
  if (!quote.crossover) return null;
  return `${processLabel(quote.crossover.to)} cheaper from ${formatCount(quote.crossover.quantity)}`;
}

/** The ladder point the crossover line stands on: the first quantity at or above the crossover. */
export function crossoverPoint(quote: Quote, points: readonly ChartPoint[]): ChartPoint | null {
  if (!quote.crossover) return null;
  const at = quote.crossover.quantity;
  return points.find((p) => p.quantity >= at) ?? null;
}

export const breakdownSum = (quote: Quote): number => quote.breakdown.reduce((sum, line) => sum + line.amount, 0);

/** One sentence for screen readers: what the chart shows. */
export function chartSummary(quote: Quote): string {
  const points = chartData(quote);
  const first = points[0];
  const last = points.at(-1);
  if (!first || !last) return 'No quantity breaks.';
  const cross = crossoverLabel(quote);
  return (
    `Unit price falls from ${formatMoney(first.unit_price, quote.currency)} at ${formatCount(first.quantity)} ` +
    `to ${formatMoney(last.unit_price, quote.currency)} at ${formatCount(last.quantity)}.` +
    (cross ? ` ${cross}.` : '')
  );
}

export const formatDate = (ms: number): string => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date(ms));

export { FACTORY_PROCESS_LABELS };
