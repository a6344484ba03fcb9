import type { Factory } from '@packsmith/contracts';
import { PROCESS_LABELS, materialLabel, range } from './labels';

/** A website as a link even when stored without its scheme. */
const href = (site: string) => (/^https?:\/\//i.test(site) ? site : `https://${site}`);

/** One factory: what it makes, from how many, how fast, and how to reach it. */
export function FactoryCard({ factory, selected, onSelect }: { factory: Factory; selected?: boolean; onSelect?(f: Factory): void }) {
  const f = factory;
  return (
    <article aria-label={f.name} data-testid="factory-card" className={`card flex min-w-0 flex-col gap-3 p-4 ${selected ? 'ring-2 ring-violet-500' : ''}`}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-words font-semibold text-slate-900">{f.name}</h3>
          <p className="text-sm text-slate-500">
            {f.city}, {f.country}
            {f.distance_km !== undefined && <span data-testid="factory-distance"> · {Math.round(f.distance_km).toLocaleString('en-US')} km away</span>}
          </p>
        </div>
        {f.sample && (
          <span className="shrink-0 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800" data-testid="sample-badge">
            Sample data
          </span>
        )}
      </header>
      <ul aria-label="Processes" className="flex flex-wrap gap-1.5">
        {f.processes.map((p) => (
          <li key={p} className="rounded-full bg-violet-50 px-2 py-0.5 text-xs font-medium text-violet-700">
            {PROCESS_LABELS[p]}
          </li>
        ))}
      </ul>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-500">Materials</dt>
        <dd className="min-w-0 break-words text-slate-700">{f.materials.map(materialLabel).join(', ')}</dd>
        <dt className="text-slate-500">MOQ</dt>
        <dd className="text-slate-700">{range(f.moq_min, f.moq_max, 'units')}</dd>
        <dt className="text-slate-500">Lead time</dt>
        <dd className="text-slate-700">{range(f.lead_time_days_min, f.lead_time_days_max, 'days')}</dd>
        {f.certifications.length > 0 && (
          <>
            <dt className="text-slate-500">Certified</dt>
            <dd className="text-slate-700">{f.certifications.join(', ')}</dd>
          </>
        )}
      </dl>
      <p className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <a className="break-all text-violet-700 hover:underline" href={`mailto:${f.contact_email}`}>
          {f.contact_email}
        </a>
        {f.website && (
          <a className="break-all text-violet-700 hover:underline" href={href(f.website)} target="_blank" rel="noreferrer noopener">
            Website
          </a>
        )}
      </p>
      {onSelect && (
        <button type="button" className={selected ? 'btn-primary h-9' : 'btn-secondary h-9'} aria-pressed={selected} onClick={() => onSelect(f)}>
          {selected ? 'Chosen' : 'Choose this factory'}
        </button>
      )}
    </article>
  );
}

/** Shown above a list when any of it is the seeded sample directory. */
export function SampleNotice({ factories }: { factories: readonly Factory[] }) {
  if (!factories.some((f) => f.sample)) return null;
  return (
    <p role="note" data-testid="sample-notice" className="rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
      These are sample listings until our team adds verified factories.
    </p>
  );
}
