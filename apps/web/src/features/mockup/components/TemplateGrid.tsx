import { useEffect, useRef } from 'react';
import { RetryIcon } from '../../chat/components/icons';
import { studioHref } from '../mockup-url';
import { RENDERING_REFRESH_MS, useTemplates, type TemplateFilter } from '../queries';
import { TemplateCard, TemplateSkeletons } from './TemplateCard';

interface TemplateGridProps {
  filter: TemplateFilter;
  projectId: string | null;
  /** The library is still being rendered: empty lists say so and are asked again every few seconds. */
  rendering: boolean;
  onClearSearch(): void;
}

/** Loads the next page when the end of the grid comes near (with a button for keyboards and old browsers). */
function useLoadMoreSentinel(enabled: boolean, load: () => void) {
  const ref = useRef<HTMLDivElement>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && loadRef.current(), { rootMargin: '400px 0px' });
    observer.observe(el);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}

/**
 * The templates of the chosen category, search and owner: 2 columns on phones up to 4, pages of 24
 * added as the visitor scrolls. Skeletons while loading, an error with "Try again", and an empty
 * state that says why (no match, none of your own, or still being rendered).
 */
export function TemplateGrid({ filter, projectId, rendering, onClearSearch }: TemplateGridProps) {
  const query = useTemplates(filter, rendering ? RENDERING_REFRESH_MS : false);
  const templates = query.data?.pages.flatMap((p) => p.list) ?? [];
  const total = query.data?.pages[0]?.total ?? 0;
  const canLoad = query.hasNextPage && !query.isFetchingNextPage;
  const sentinel = useLoadMoreSentinel(canLoad, () => void query.fetchNextPage());

  if (query.isPending) return <TemplateSkeletons />;
  if (query.isError && templates.length === 0) {
    return (
      <div role="alert" className="rounded-2xl border border-rose-200 bg-rose-50 p-6" data-testid="templates-error">
        <p className="font-medium text-rose-900">The templates could not be loaded.</p>
        <p className="mt-1 text-sm text-rose-800">{query.error.message}</p>
        <button type="button" className="btn-secondary mt-4 h-9 px-4 text-sm" onClick={() => void query.refetch()}>
          <RetryIcon className="h-4 w-4" />
          Try again
        </button>
      </div>
    );
  }
  if (templates.length === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-slate-300 px-6 py-14 text-center" data-testid="templates-empty" role="status">
        {filter.keyword ? (
          <>
            <p className="text-lg font-semibold text-slate-900">No templates match “{filter.keyword}”</p>
            <p className="mx-auto mt-2 max-w-sm text-sm text-slate-600">
              {filter.category ? `Nothing in ${filter.category} has that name or keyword. ` : ''}Try another word, or see every template.
            </p>
            <button type="button" className="btn-secondary mt-5 h-10 px-5" onClick={onClearSearch}>
              Clear the search
            </button>
          </>
        ) : filter.mine ? (
          <>
            <p className="text-lg font-semibold text-slate-900">No templates of your own yet</p>
            <p className="mx-auto mt-2 max-w-sm text-sm text-slate-600">
              Upload a photo of your own blank pack above and it becomes a template only you can use.
            </p>
          </>
        ) : rendering ? (
          <>
            <span className="mx-auto block h-6 w-6 animate-spin rounded-full border-2 border-violet-200 border-t-violet-600" aria-hidden="true" />
            <p className="mt-4 text-lg font-semibold text-slate-900">Templates are being rendered</p>
            <p className="mx-auto mt-2 max-w-sm text-sm text-slate-600">
              Each template is rendered once, on this server, the first time it starts. {filter.category ?? 'This list'} fills up over the next minutes; this
              page refreshes by itself.
            </p>
          </>
        ) : (
          <>
            <p className="text-lg font-semibold text-slate-900">No templates here</p>
            <p className="mx-auto mt-2 max-w-sm text-sm text-slate-600">Pick another category to see its templates.</p>
          </>
        )}
      </div>
    );
  }

  return (
    <div>
      <p className="mb-3 text-sm text-slate-500" role="status" data-testid="templates-count">
        {total} {total === 1 ? 'template' : 'templates'}
        {filter.keyword ? ` for “${filter.keyword}”` : ''}
        {rendering && !filter.mine ? ' so far, more are being rendered' : ''}
      </p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4" data-testid="template-grid" aria-label="Templates">
        {templates.map((t) => (
          <TemplateCard
            key={t.id}
            template={t}
            showCategory={filter.category === null}
            href={studioHref({ category: t.category, templateId: t.id, projectId })}
          />
        ))}
      </ul>
      <div ref={sentinel} className="mt-6 flex justify-center">
        {query.hasNextPage && (
          <button type="button" className="btn-secondary h-10 px-5" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {query.isFetchingNextPage ? 'Loading…' : `Show more (${total - templates.length} left)`}
          </button>
        )}
      </div>
      {!query.hasNextPage && templates.length > 8 && (
        <p className="mt-2 text-center text-xs text-slate-400">That is every template{filter.keyword ? ' that matches' : ''}.</p>
      )}
    </div>
  );
}
