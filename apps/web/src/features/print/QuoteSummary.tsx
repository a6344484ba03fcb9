import type { Quote } from '@packsmith/contracts';
import { money } from './labels';

/** The live quote: the price for the chosen quantity, MOQ, lead time and the quantity ladder. */
export function QuoteSummary({ quote, updating }: { quote: Quote; updating: boolean }) {
  const c = quote.currency;
  return (
    <section aria-label="Live quote" aria-busy={updating} className={`card space-y-4 p-4 sm:p-6 ${updating ? 'opacity-70' : ''}`} data-testid="live-quote">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm text-slate-500">{quote.quantity.toLocaleString('en-US')} boxes</p>
          <p className="text-2xl font-semibold text-slate-900">
            <span data-testid="quote-unit">{money(quote.unit_price, c, true)}</span> <span className="text-base font-normal text-slate-500">each</span>
          </p>
          <p className="text-sm text-slate-700">
            <span data-testid="quote-total">{money(quote.total, c)}</span> total
          </p>
        </div>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm">
          <dt className="text-slate-500">Minimum order</dt>
          <dd className="text-slate-800">{quote.moq.toLocaleString('en-US')}</dd>
          <dt className="text-slate-500">Lead time</dt>
          <dd className="text-slate-800">{quote.lead_time_days} days</dd>
        </dl>
      </div>
      {quote.quantity < quote.moq && (
        <p className="text-sm text-amber-700">Below this maker's usual minimum of {quote.moq.toLocaleString('en-US')}: expect a surcharge or a no.</p>
      )}
      <div className="overflow-x-auto">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">Price by quantity</caption>
          <thead className="text-xs uppercase tracking-wide text-slate-500">
            <tr>
              <th scope="col" className="py-1 pr-4 font-medium">
                Quantity
              </th>
              <th scope="col" className="py-1 pr-4 font-medium">
                Each
              </th>
              <th scope="col" className="py-1 font-medium">
                Total
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {quote.ladder.map((s) => (
              <tr key={s.quantity} className={s.quantity === quote.quantity ? 'font-semibold text-violet-800' : 'text-slate-700'}>
                <td className="py-1 pr-4">{s.quantity.toLocaleString('en-US')}</td>
                <td className="py-1 pr-4">{money(s.unit_price, c, true)}</td>
                <td className="py-1">{money(s.total, c)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {quote.notes.length > 0 && (
        <ul className="list-disc space-y-0.5 pl-5 text-xs text-slate-500">
          {quote.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
