import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { FACTORY_PROCESSES, MATERIAL_TYPES, type Factory, type FactoryProcess, type MaterialType } from '@packsmith/contracts';
import { CityGroups, CityMap } from '../../features/factories/CityMap';
import { FactoryCard, SampleNotice } from '../../features/factories/FactoryCard';
import { useAllFactories, useCitySearch, useFactoryPages } from '../../features/factories/factory-queries';
import { cityKey, groupByCity, type CityGroup } from '../../features/factories/geo';
import { PROCESS_LABELS, errorText } from '../../features/factories/labels';
import { PageFrame } from '../../layout/PageFrame';

const isProcess = (v: string | null): v is FactoryProcess => (FACTORY_PROCESSES as readonly string[]).includes(v ?? '');
const isMaterial = (v: string | null): v is MaterialType => MATERIAL_TYPES.some((m) => m.id === v);

function Status({ text }: { text: string }) {
  return (
    <p role="status" className="flex items-center gap-2 py-8 text-sm text-slate-500">
      <span className="h-4 w-4 animate-spin rounded-full border-2 border-violet-200 border-t-violet-600" aria-hidden="true" />
      {text}
    </p>
  );
}

function Failure({ error, onRetry }: { error: unknown; onRetry(): void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-700">
      <span>{errorText(error)}</span>
      <button type="button" className="btn-secondary h-8 px-3 text-xs" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

function FactoryGrid({ factories }: { factories: readonly Factory[] }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="factory-list">
      {factories.map((f) => (
        <FactoryCard key={f.id} factory={f} />
      ))}
    </div>
  );
}

/** Factories of the searched city (or the nearest), with the process and material filters applied here. */
function CityResults({ city, process, material }: { city: string; process: FactoryProcess | null; material: MaterialType | null }) {
  const search = useCitySearch(city);
  if (search.isPending) return <Status text={`Looking for factories in ${city}…`} />;
  if (search.isError) return <Failure error={search.error} onRetry={() => void search.refetch()} />;
  const { data } = search;
  const list = data.list.filter((f) => (!process || f.processes.includes(process)) && (!material || f.materials.includes(material)));
  return (
    <div className="space-y-4">
      <SampleNotice factories={list} />
      {data.exact ? (
        <h2 className="text-lg font-semibold text-slate-900" data-testid="results-heading">
          Factories in {data.city}
        </h2>
      ) : (
        <h2 className="text-lg font-semibold text-slate-900" data-testid="results-heading">
          No factories in {data.city} yet — the nearest:
        </h2>
      )}
      {list.length === 0 ? (
        <p className="py-6 text-sm text-slate-500">None of them matches these filters. Clear a filter to see more.</p>
      ) : (
        <FactoryGrid factories={list} />
      )}
    </div>
  );
}

function DirectoryResults({ process, material }: { process: FactoryProcess | null; material: MaterialType | null }) {
  const pages = useFactoryPages(process, material);
  if (pages.isPending) return <Status text="Loading factories…" />;
  if (pages.isError) return <Failure error={pages.error} onRetry={() => void pages.refetch()} />;
  const list = pages.data.pages.flatMap((p) => p.list);
  const total = pages.data.pages[0]?.total ?? 0;
  if (list.length === 0) return <p className="py-6 text-sm text-slate-500">No factory matches these filters. Clear a filter to see more.</p>;
  return (
    <div className="space-y-4">
      <SampleNotice factories={list} />
      <p className="text-sm text-slate-500" data-testid="results-heading">
        Showing {list.length} of {total} factories
      </p>
      <FactoryGrid factories={list} />
      {pages.hasNextPage && (
        <div className="flex justify-center">
          <button type="button" className="btn-secondary h-10 px-5" disabled={pages.isFetchingNextPage} onClick={() => void pages.fetchNextPage()}>
            {pages.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        </div>
      )}
    </div>
  );
}

function FactoriesPage() {
  const [params, setParams] = useSearchParams();
  const city = params.get('city')?.trim() ?? '';
  const process = isProcess(params.get('process')) ? (params.get('process') as FactoryProcess) : null;
  const material = isMaterial(params.get('material')) ? (params.get('material') as MaterialType) : null;
  const [draft, setDraft] = useState(city);
  const all = useAllFactories();
  const groups = useMemo(() => groupByCity(all.data?.list ?? []), [all.data]);
  const activeKey = city ? (groups.find((g) => cityKey(g.city) === cityKey(city))?.key ?? null) : null;

  // The URL holds the search and filters, so a link such as /factories?city=Lyon opens it directly.
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: false });
  };
  const pickCity = (g: CityGroup) => {
    setDraft(g.city);
    update({ city: g.city });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    update({ city: draft.trim() || null });
  };

  return (
    <PageFrame route="factories" description="Packaging manufacturers by city: what they make, from how many units, how fast, and how to contact them.">
      <div className="space-y-6 pb-16">
        <form role="search" aria-label="Find factories" className="flex flex-col gap-3 sm:flex-row sm:items-end" onSubmit={submit}>
          <label className="min-w-0 flex-1">
            <span className="field-label">City</span>
            <input className="field-input" type="search" value={draft} onChange={(e) => setDraft(e.target.value)} placeholder="São Paulo, Shenzhen, Berlin…" />
          </label>
          <label className="min-w-0 sm:w-48">
            <span className="field-label">Process</span>
            <select className="field-input" value={process ?? ''} onChange={(e) => update({ process: e.target.value || null })}>
              <option value="">Any process</option>
              {FACTORY_PROCESSES.map((p) => (
                <option key={p} value={p}>
                  {PROCESS_LABELS[p]}
                </option>
              ))}
            </select>
          </label>
          <label className="min-w-0 sm:w-48">
            <span className="field-label">Material</span>
            <select className="field-input" value={material ?? ''} onChange={(e) => update({ material: e.target.value || null })}>
              <option value="">Any material</option>
              {MATERIAL_TYPES.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          </label>
          <div className="flex gap-2">
            <button type="submit" className="btn-primary h-10 px-5">
              Search
            </button>
            {city && (
              <button
                type="button"
                className="btn-secondary h-10 px-4"
                onClick={() => {
                  setDraft('');
                  update({ city: null });
                }}
              >
                All cities
              </button>
            )}
          </div>
        </form>

        {all.isSuccess && groups.length > 0 && (
          <section aria-label="Cities with factories" className="space-y-3">
            <CityMap groups={groups} activeKey={activeKey} onPick={pickCity} />
            <CityGroups groups={groups} activeKey={activeKey} onPick={pickCity} />
          </section>
        )}

        <section aria-label="Factories">
          {city ? <CityResults city={city} process={process} material={material} /> : <DirectoryResults process={process} material={material} />}
        </section>
      </div>
    </PageFrame>
  );
}

export { FactoriesPage as Component };
