import type { Factory } from '@packsmith/contracts';
import { AppLink } from '../../../components/AppLink';
import { FACTORY_PROCESS_LABELS } from '../quote-data';

/** The factories whose processes and MOQ fit the quote, each linking to its city in the directory. */
export function FactoryCards({ factories }: { factories: readonly Factory[] }) {
  if (factories.length === 0) return <p className="text-sm text-slate-500">No factory in the directory fits this order yet.</p>;
  return (
    <ul className="grid gap-2" aria-label="Factories that can make it" data-testid="quote-factories">
      {factories.map((f) => (
        <li key={f.id} className="min-w-0 rounded-xl border border-slate-200 bg-white p-3 text-sm">
          <div className="flex flex-wrap items-center gap-2">
            <p className="min-w-0 break-words font-medium text-slate-900">{f.name}</p>
            {f.sample && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800">Sample data</span>}
          </div>
          <p className="text-slate-600">
            <AppLink to={`/factories?city=${encodeURIComponent(f.city)}`} className="text-violet-700 underline-offset-2 hover:underline">
              {f.city}
            </AppLink>
            , {f.country}
          </p>
          <p className="mt-1 text-xs text-slate-500">
            {f.processes.map((p) => FACTORY_PROCESS_LABELS[p] ?? p).join(' · ')} · {f.lead_time_days_min}–{f.lead_time_days_max} days
          </p>
        </li>
      ))}
    </ul>
  );
}
