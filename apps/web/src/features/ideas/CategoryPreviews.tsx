import type { CategoryPreview } from '@packsmith/contracts';
import { AppLink } from '../../components/AppLink';
import { categoryHref } from '../../pages/design-ideas/categories';
import { errorText } from './format';
import { IdeaTile, TileSkeleton } from './IdeaTile';

/** /design-ideas: every category as a row of a few previews, its count and a "See all" link. */
export function CategoryPreviews({
  list,
  status,
  error,
  onRetry,
}: {
  list: CategoryPreview[] | undefined;
  status: 'pending' | 'error' | 'success';
  error: unknown;
  onRetry(): void;
}) {
  if (status === 'pending') {
    return (
      <div role="status" aria-label="Loading categories" className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {[0.8, 1, 0.8, 1].map((a, i) => (
          <TileSkeleton key={i} aspect={a} />
        ))}
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-700">
        <span>Categories could not be loaded. {errorText(error)}</span>
        <button type="button" className="btn-secondary h-9 px-4" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  const rows = (list ?? []).filter((c) => c.count > 0);
  if (rows.length === 0) return <p className="text-sm text-slate-500">No design ideas have been published yet.</p>;
  return (
    <div className="space-y-10">
      {rows.map((c) => (
        <section key={c.name} aria-label={c.name}>
          <div className="mb-3 flex items-baseline justify-between gap-3">
            <h2 className="text-lg font-semibold text-slate-900">
              {c.name} <span className="text-sm font-normal text-slate-500">{c.count === 1 ? '1 idea' : `${c.count} ideas`}</span>
            </h2>
            <AppLink to={categoryHref(c.name)} className="shrink-0 text-sm font-medium text-violet-700 hover:underline" aria-label={`See all ${c.name} ideas`}>
              See all
            </AppLink>
          </div>
          <div className="grid grid-cols-2 items-start gap-4 sm:grid-cols-4">
            {c.list.map((idea, i) => (
              <IdeaTile key={idea.project_id} idea={idea} eager={i < 2} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
