import { CartesianGrid, Line, LineChart, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Quote } from '@packsmith/contracts';
import { chartData, chartSummary, crossoverLabel, crossoverPoint, formatCount, formatMoney } from '../quote-data';

/**
 * Quantity against unit price (the quote's ladder), with the digital/offset crossover marked. Screen
 * readers get a one-line summary and the numbers as a table.
 */
export function LadderChart({ quote }: { quote: Quote }) {
  const points = chartData(quote);
  const cross = crossoverPoint(quote, points);
  const label = crossoverLabel(quote);
  const chosen = points.find((p) => p.quantity === quote.quantity);
  return (
    <figure className="min-w-0" data-testid="ladder-chart">
      <div className="h-56 w-full min-w-0" role="img" aria-label={`Unit price by quantity. ${chartSummary(quote)}`}>
        <ResponsiveContainer width="100%" height="100%" initialDimension={{ width: 480, height: 224 }}>
          <LineChart data={points} margin={{ top: 24, right: 16, bottom: 4, left: 4 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#64748b' }} />
            <YAxis tick={{ fontSize: 12, fill: '#64748b' }} width={56} tickFormatter={(v: number) => formatMoney(v, quote.currency, 2)} />
            <Tooltip
              formatter={(v) => [formatMoney(Number(v), quote.currency), 'Unit price']}
              labelFormatter={(_label, payload) => {
                const q = payload[0]?.payload as { quantity?: number; process?: string } | undefined;
                return q?.quantity ? `${formatCount(q.quantity)} pcs · ${q.process ?? ''}` : '';
              }}
            />
            {cross && label && (
              <ReferenceLine
                x={cross.label}
                stroke="#7c3aed"
                strokeDasharray="4 4"
                label={{ value: label, position: 'insideTopRight', fill: '#6d28d9', fontSize: 12 }}
              />
            )}
            {chosen && <ReferenceLine x={chosen.label} stroke="#94a3b8" />}
            <Line type="monotone" dataKey="unit_price" stroke="#7c3aed" strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} name="Unit price" />
          </LineChart>
        </ResponsiveContainer>
      </div>
      {label && (
        <figcaption className="mt-1 text-xs text-violet-700" data-testid="crossover-label">
          {label}
        </figcaption>
      )}
      <table className="sr-only">
        <caption>Quantity breaks</caption>
        <thead>
          <tr>
            <th scope="col">Quantity</th>
            <th scope="col">Unit price</th>
            <th scope="col">Total</th>
            <th scope="col">Process</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.quantity}>
              <td>{formatCount(p.quantity)}</td>
              <td>{formatMoney(p.unit_price, quote.currency)}</td>
              <td>{formatMoney(p.total, quote.currency, 2)}</td>
              <td>{p.process}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
