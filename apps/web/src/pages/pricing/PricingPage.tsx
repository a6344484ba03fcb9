import { useState } from 'react';
import { FREE_CREDITS, PLAN_PRICES, type PlanFamily } from '@packsmith/contracts';
import { PeriodToggle } from '../../features/billing/PeriodToggle';
import { PlanCards } from '../../features/billing/PlanCards';
import { usd, type Period } from '../../features/billing/plans';
import { PageFrame } from '../../layout/PageFrame';

const ROWS: { family: PlanFamily; label: string; ids: string }[] = [
  { family: 'pro', label: 'Pro', ids: 'pro_month, pro_year' },
  { family: 'pro_plus', label: 'Pro plus', ids: 'pro_plus_month, pro_plus_year' },
  { family: 'pro_max', label: 'Pro max', ids: 'pro_max_month, pro_max_year' },
  { family: 'business', label: 'Business', ids: 'business_month, business_year' },
];

function PricingPage() {
  const [period, setPeriod] = useState<Period>('year');
  return (
    <PageFrame
      route="pricing"
      description="Start free. Upgrade for more credits, downloads, a commercial license and faster rendering."
      actions={<PeriodToggle value={period} onChange={setPeriod} />}
    >
      <PlanCards period={period} />
      <section aria-labelledby="table-heading" className="mt-16">
        <h2 id="table-heading" className="text-xl font-semibold tracking-tight">
          All prices
        </h2>
        <div className="mt-4 overflow-x-auto rounded-2xl border border-slate-200">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <thead className="bg-slate-50 text-slate-500">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Plan
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Monthly
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Yearly
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Per month, yearly
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Discount
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Credits
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              <tr>
                <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                  Free
                </th>
                <td className="px-4 py-3">–</td>
                <td className="px-4 py-3">–</td>
                <td className="px-4 py-3">–</td>
                <td className="px-4 py-3">–</td>
                <td className="px-4 py-3">{FREE_CREDITS}</td>
              </tr>
              {ROWS.map((r) => {
                const p = PLAN_PRICES[r.family];
                return (
                  <tr key={r.family}>
                    <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                      {r.label} <span className="block text-xs font-normal text-slate-400">{r.ids}</span>
                    </th>
                    <td className="px-4 py-3">{usd(p.monthUsd)}</td>
                    <td className="px-4 py-3">{usd(p.yearUsd)}</td>
                    <td className="px-4 py-3">{usd(p.yearMonthlyEquivalentUsd)}</td>
                    <td className="px-4 py-3">{p.discountPercent}%</td>
                    <td className="px-4 py-3">{p.credits.toLocaleString('en-US')}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        <p className="mt-4 text-sm text-slate-500">Prices in USD. Online checkout is coming soon; plans can't be bought on this site yet.</p>
      </section>
    </PageFrame>
  );
}

export { PricingPage as Component };
