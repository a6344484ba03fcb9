import { useState } from 'react';
import { FREE_CREDITS, PLAN_PRICES, type PlanFamily } from '@packsmith/contracts';
import { AppLink } from '../../components/AppLink';
import { PeriodToggle } from '../../features/billing/PeriodToggle';
import { PlanCards } from '../../features/billing/PlanCards';
import { openPayModal } from '../../features/billing/pay-intent';
import { cardAction, currentFamily } from '../../features/billing/pricing-actions';
import { usd, type Period, type PlanCard } from '../../features/billing/plans';
import { PageFrame } from '../../layout/PageFrame';
import { isSignedIn, useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';

const ROWS: { family: PlanFamily; label: string; ids: string }[] = [
  { family: 'pro', label: 'Pro', ids: 'pro_month, pro_year' },
  { family: 'pro_plus', label: 'Pro plus', ids: 'pro_plus_month, pro_plus_year' },
  { family: 'pro_max', label: 'Pro max', ids: 'pro_max_month, pro_max_year' },
  { family: 'business', label: 'Business', ids: 'business_month, business_year' },
];

/** The button area of one plan card: what this visitor can do with that plan (features/billing/pricing-actions). */
function CardButton({ card, period }: { card: PlanCard; period: Period }) {
  const user = useSessionStore((s) => s.user);
  const signedIn = useSessionStore(isSignedIn);
  // A stored account whose user is still loading: no button yet, rather than a wrong one.
  if (signedIn && !user) return null;
  const action = cardAction(user, signedIn, card.id, period);
  switch (action.kind) {
    case 'sign-in':
      return (
        <button type="button" className="btn-secondary h-10 w-full" onClick={() => useUiStore.getState().open('loginModal')}>
          {action.label}
        </button>
      );
    case 'choose':
      return (
        <button type="button" className="btn-primary h-10 w-full" onClick={() => openPayModal({ plan: action.plan, mode: 'subscribe' })}>
          {action.label}
        </button>
      );
    case 'upgrade':
      return (
        <button type="button" className="btn-primary h-10 w-full" onClick={() => openPayModal({ plan: action.plan, mode: 'upgrade' })}>
          {action.label}
        </button>
      );
    case 'manage':
      return (
        <AppLink to="/billing" className="btn-secondary h-10 w-full">
          {action.label}
        </AppLink>
      );
    case 'your-plan':
      return <p className="flex h-10 items-center justify-center rounded-lg bg-slate-100 text-sm font-medium text-slate-600">{action.label}</p>;
    case 'blocked':
      return (
        <p className="text-sm text-amber-800" data-testid="purchase-blocked">
          {action.reason}
        </p>
      );
    case 'none':
      return null;
  }
}

function PricingPage() {
  const [period, setPeriod] = useState<Period>('year');
  const user = useSessionStore((s) => s.user);
  const signedIn = useSessionStore(isSignedIn);
  const current = signedIn ? currentFamily(user) : undefined;
  const maxDiscount = Math.max(...Object.values(PLAN_PRICES).map((p) => p.discountPercent));
  return (
    <PageFrame
      route="pricing"
      description="Start free. Upgrade for more credits, downloads, a commercial license and faster rendering."
      actions={
        <div className="flex flex-col items-start gap-1 sm:items-end">
          <PeriodToggle value={period} onChange={setPeriod} />
          <p className="text-xs font-medium text-emerald-700">Yearly billing saves up to {maxDiscount}%</p>
        </div>
      }
    >
      <PlanCards period={period} current={current} action={(card) => <CardButton card={card} period={period} />} />
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
        <p className="mt-4 text-sm text-slate-500">
          Prices in USD. Paid plans renew automatically at the end of each period; cancel any time from your billing page and keep the plan until the period
          ends. Yearly plans receive their credits every month.
        </p>
      </section>
    </PageFrame>
  );
}

export { PricingPage as Component };
