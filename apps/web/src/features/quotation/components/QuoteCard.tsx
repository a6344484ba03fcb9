import { useState, type FormEvent } from 'react';
import type { Quote } from '@packsmith/contracts';
import { breakdownSum, chartData, formatCount, formatDate, formatMoney, processLabel } from '../quote-data';
import { FactoryCards } from './FactoryCards';
import { LadderChart } from './LadderChart';

interface QuoteCardProps {
  quote: Quote;
  busy: boolean;
  /** Re-quotes for another quantity (the 'quantity' selection). */
  onQuantity(quantity: number): void;
  onDownload(quoteId: string): Promise<boolean>;
}

const PROCESS_TONES: Record<Quote['process'], string> = {
  digital: 'bg-sky-100 text-sky-800',
  offset: 'bg-violet-100 text-violet-800',
  flexo: 'bg-emerald-100 text-emerald-800',
  unit_table: 'bg-amber-100 text-amber-800',
};

function QuantityPicker({ quote, busy, onQuantity }: Pick<QuoteCardProps, 'quote' | 'busy' | 'onQuantity'>) {
  const [custom, setCustom] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(custom);
    if (Number.isInteger(n) && n > 0) onQuantity(n);
  };
  return (
    <div className="space-y-2">
      <ul className="flex flex-wrap gap-1.5" aria-label="Quantity">
        {chartData(quote).map((p) => (
          <li key={p.quantity}>
            <button
              type="button"
              disabled={busy}
              aria-pressed={p.quantity === quote.quantity}
              onClick={() => p.quantity !== quote.quantity && onQuantity(p.quantity)}
              className={`h-8 rounded-lg border px-2.5 text-sm tabular-nums disabled:opacity-60 ${
                p.quantity === quote.quantity
                  ? 'border-violet-600 bg-violet-600 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:border-violet-300'
              }`}
            >
              {formatCount(p.quantity)}
            </button>
          </li>
        ))}
      </ul>
      <form onSubmit={submit} className="flex gap-2" aria-label="Quote another quantity">
        <label className="sr-only" htmlFor="quote-custom-quantity">
          Another quantity
        </label>
        <input
          id="quote-custom-quantity"
          type="number"
          min={1}
          step={1}
          inputMode="numeric"
          placeholder="Another quantity"
          value={custom}
          onChange={(e) => setCustom(e.target.value)}
          className="h-8 w-40 min-w-0 rounded-lg border border-slate-300 px-2 text-sm"
        />
        <button type="submit" className="btn-secondary h-8 px-3 text-sm" disabled={busy || !(Number(custom) > 0)}>
          Quote
        </button>
      </form>
    </div>
  );
}

function Breakdown({ quote }: { quote: Quote }) {
  const sum = breakdownSum(quote);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="quote-breakdown">
        <caption className="sr-only">Cost breakdown for {formatCount(quote.quantity)} pieces</caption>
        <thead>
          <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
            <th scope="col" className="py-1.5 pr-2 font-medium">
              Cost line
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.breakdown.map((line) => (
            <tr key={line.name} className="border-b border-slate-100 align-top">
              <td className="py-1.5 pr-2">
                <span className="text-slate-800">{line.name}</span>
                {line.one_off && <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-[0.7rem] font-medium text-slate-600">one-off tooling</span>}
                {line.note && <span className="block break-words text-xs text-slate-500">{line.note}</span>}
              </td>
              <td className="py-1.5 text-right tabular-nums text-slate-800">{formatMoney(line.amount, quote.currency, 2)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" className="pt-2 text-left font-semibold text-slate-900">
              Total
            </th>
            <td className="pt-2 text-right font-semibold tabular-nums text-slate-900" data-testid="breakdown-sum">
              {formatMoney(sum, quote.currency, 2)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-500">{label}</dt>
      <dd className="break-words text-sm font-medium text-slate-900">{value}</dd>
    </div>
  );
}

/** The quote: price for the chosen quantity, the ladder and its chart, the cost lines, the facts and the factories. */
export function QuoteCard({ quote, busy, onQuantity, onDownload }: QuoteCardProps) {
  const [download, setDownload] = useState<'idle' | 'busy' | 'failed'>('idle');
  const quoteId = quote.quote_id;
  const save = () => {
    if (!quoteId) return;
    setDownload('busy');
    void onDownload(quoteId).then((ok) => setDownload(ok ? 'idle' : 'failed'));
  };
  return (
    <section aria-labelledby="quote-title" className="card min-w-0 space-y-5 p-4" data-testid="quote-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="quote-title" className="text-sm font-semibold text-slate-900">
            Your quote
          </h2>
          <p className="text-xs text-slate-500">
            {quote.box.name} · {quote.spec.length_mm} × {quote.spec.width_mm} × {quote.spec.height_mm} mm · {quote.spec.board}
          </p>
        </div>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${PROCESS_TONES[quote.process]}`} data-testid="quote-process">
          {processLabel(quote.process)}
        </span>
      </div>
      <div className="flex flex-wrap items-end gap-x-6 gap-y-1">
        <p>
          <span className="block text-xs text-slate-500">Unit price</span>
          <span className="text-3xl font-semibold tabular-nums text-slate-900" data-testid="quote-unit-price">
            {formatMoney(quote.unit_price, quote.currency)}
          </span>
        </p>
        <p>
          <span className="block text-xs text-slate-500">Total for {formatCount(quote.quantity)}</span>
          <span className="text-xl font-semibold tabular-nums text-slate-800" data-testid="quote-total">
            {formatMoney(quote.total, quote.currency, 2)}
          </span>
        </p>
      </div>
      {quote.estimate_only && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-900">Priced from unit-cost tables: an estimate to confirm with the factory.</p>
      )}
      <QuantityPicker quote={quote} busy={busy} onQuantity={onQuantity} />
      <LadderChart quote={quote} />
      <Breakdown quote={quote} />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Fact label="Minimum order" value={`${formatCount(quote.moq)} pcs`} />
        <Fact label="Lead time" value={`${quote.lead_time_days} working days`} />
        <Fact label="Valid until" value={formatDate(quote.valid_until)} />
        {quote.blank && (
          <>
            <Fact label="Blank size" value={`${Math.round(quote.blank.width_mm)} × ${Math.round(quote.blank.height_mm)} mm`} />
            <Fact label="On the sheet" value={`${quote.blank.up}-up on ${quote.blank.sheet_width_mm} × ${quote.blank.sheet_height_mm} mm`} />
            <Fact label="Sheet utilisation" value={`${Math.round(quote.blank.utilisation * 100)}%`} />
          </>
        )}
      </dl>
      {quote.notes.length > 0 && (
        <ul className="list-disc space-y-1 pl-5 text-xs text-slate-600" aria-label="Notes">
          {quote.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
      <div>
        <h3 className="mb-2 text-sm font-semibold text-slate-900">Factories that can make it</h3>
        <FactoryCards factories={quote.factories} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn-primary h-10 px-4 text-sm" disabled={!quoteId || download === 'busy'} onClick={save} data-testid="quote-pdf">
          {download === 'busy' ? 'Preparing PDF…' : 'Download PDF'}
        </button>
        {download === 'failed' && (
          <p role="alert" className="text-sm text-rose-700">
            The PDF could not be downloaded. Try again.
          </p>
        )}
      </div>
    </section>
  );
}
