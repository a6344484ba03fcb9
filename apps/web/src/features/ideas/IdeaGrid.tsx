import { useEffect, useRef, type ReactNode } from 'react';
import type { IdeaItem } from '@packsmith/contracts';
import { errorText } from './format';
import { IdeaTile, TileSkeleton } from './IdeaTile';
import { layoutColumns, useColumnCount } from './masonry';

/** Skeleton shapes of a loading grid: a mix of portrait and square tiles, like real covers. */
const SKELETON_ASPECTS = [0.8, 1, 0.75, 0.9, 1, 0.8, 0.7, 1];

/** Tiles above the fold load at once; the rest wait until they scroll near (loading=lazy). */
const EAGER_TILES = 8;

export interface IdeaGridProps {
  label: string;
  ideas: readonly IdeaItem[];
  total: number | undefined;
  status: 'pending' | 'error' | 'success';
  error: unknown;
  onRetry(): void;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  /** Set when a later page failed: the tiles stay, the message and a retry show under them. */
  nextPageError?: unknown;
  fetchNextPage(): void;
  /** What an empty list shows (its own message and actions). */
  empty: ReactNode;
}

/**
 * A masonry grid of idea tiles with infinite scroll: a sentinel under the grid asks for the next
 * page as it nears the viewport, and a "Load more" button does the same for keyboard and
 * screen-reader users (and for browsers without IntersectionObserver).
 */
export function IdeaGrid(props: IdeaGridProps) {
  const { label, ideas, total, status, error, onRetry, hasNextPage, isFetchingNextPage, nextPageError, fetchNextPage, empty } = props;
  const columns = useColumnCount();
  const sentinel = useRef<HTMLDivElement>(null);
  // The latest callback and flags, read by the observer without re-creating it on every render.
  const more = useRef({ hasNextPage, isFetchingNextPage, nextPageError, fetchNextPage });
  more.current = { hasNextPage, isFetchingNextPage, nextPageError, fetchNextPage };

  useEffect(() => {
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const m = more.current;
        // A failed page is not retried by scrolling: the visitor asks with the button.
        if (entries.some((e) => e.isIntersecting) && m.hasNextPage && !m.isFetchingNextPage && !m.nextPageError) m.fetchNextPage();
      },
      { rootMargin: '800px 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [status]);

  if (status === 'pending') {
    return (
      <div role="status" aria-label={`Loading ${label}`} className="flex gap-4 sm:gap-5">
        {layoutColumns(
          SKELETON_ASPECTS.slice(0, columns * 2).map((a, i) => ({ width: Math.round(a * 100), height: 100, i })),
          columns,
        ).map((col, c) => (
          <div key={c} className="min-w-0 flex-1">
            {col.map((s) => (
              <TileSkeleton key={s.i} aspect={s.width / s.height} />
            ))}
          </div>
        ))}
        <span className="sr-only">Loading ideas…</span>
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-700">
        <span>Ideas could not be loaded. {errorText(error)}</span>
        <button type="button" className="btn-secondary h-9 px-4" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (ideas.length === 0) return <>{empty}</>;

  const cols = layoutColumns(ideas, columns);
  const order = new Map(ideas.map((idea, i) => [idea.project_id, i]));
  return (
    <section aria-label={label}>
      <div className="flex gap-4 sm:gap-5" data-testid="idea-grid" data-columns={columns}>
        {cols.map((col, c) => (
          <div key={c} className="min-w-0 flex-1">
            {col.map((idea) => (
              <IdeaTile
                key={idea.project_id}
                idea={idea}
                eager={(order.get(idea.project_id) ?? 0) < EAGER_TILES}
                priority={(order.get(idea.project_id) ?? 0) < columns}
              />
            ))}
          </div>
        ))}
      </div>
      <div ref={sentinel} aria-hidden="true" className="h-px" />
      <div className="mt-4 flex flex-col items-center gap-3 pb-8 text-sm text-slate-500">
        <p role="status" aria-live="polite">
          {isFetchingNextPage ? 'Loading more ideas…' : `Showing ${ideas.length} of ${Math.max(total ?? 0, ideas.length)} ideas`}
        </p>
        {nextPageError ? (
          <p role="alert" className="text-rose-700">
            More ideas could not be loaded. {errorText(nextPageError)}
          </p>
        ) : null}
        {hasNextPage && (
          <button type="button" className="btn-secondary h-10 px-5" disabled={isFetchingNextPage} onClick={() => fetchNextPage()}>
            {nextPageError ? 'Try again' : 'Load more'}
          </button>
        )}
      </div>
    </section>
  );
}
