import type { ReactNode } from 'react';
import { planCards, type Period, type PlanCard } from './plans';

/** Plan cards; `action` renders the button area of each card, `current` marks the user's plan. */
export function PlanCards({
  period,
  action,
  compact,
  current,
}: {
  period: Period;
  action?(card: PlanCard): ReactNode;
  compact?: boolean;
  current?: PlanCard['id'];
}) {
  const cards = planCards(period).filter((c) => !compact || c.id !== 'free');
  return (
    <ul className={`grid gap-4 ${compact ? 'sm:grid-cols-2' : 'sm:grid-cols-2 lg:grid-cols-5'}`}>
      {cards.map((c) => (
        <li
          key={c.id}
          data-testid={`plan-card-${c.id}`}
          aria-current={current === c.id ? 'true' : undefined}
          className={`flex flex-col rounded-2xl border p-5 ${
            current === c.id
              ? 'border-emerald-400 bg-emerald-50/40 ring-1 ring-emerald-300'
              : c.highlight
                ? 'border-violet-300 bg-violet-50/50 ring-1 ring-violet-200'
                : 'border-slate-200 bg-white'
          }`}
        >
          <div className="flex items-center justify-between gap-2">
            <h3 className="font-semibold text-slate-900">{c.title}</h3>
            {current === c.id ? (
              <span className="whitespace-nowrap rounded-full bg-emerald-600 px-2 py-0.5 text-[0.7rem] font-semibold text-white">Current plan</span>
            ) : (
              c.highlight && <span className="rounded-full bg-violet-600 px-2 py-0.5 text-[0.7rem] font-semibold text-white">Popular</span>
            )}
          </div>
          <p className="mt-3 text-3xl font-semibold tracking-tight">{c.headline}</p>
          <p className="mt-1 text-xs text-slate-500">{c.note}</p>
          {c.id !== 'free' && <p className="mt-2 text-sm font-medium text-violet-700">{c.credits.toLocaleString('en-US')} credits every month</p>}
          <ul className="mt-4 grid gap-2 text-sm text-slate-600">
            {(compact ? c.features.slice(0, 4) : c.features).map((f) => (
              <li key={f} className="flex gap-2">
                <svg viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 text-violet-600" aria-hidden="true">
                  <path d="M5 10.5l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
                {f}
              </li>
            ))}
          </ul>
          {action && <div className="mt-auto pt-5">{action(c)}</div>}
        </li>
      ))}
    </ul>
  );
}
