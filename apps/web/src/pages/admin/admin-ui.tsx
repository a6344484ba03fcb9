import type { ReactNode } from 'react';
import { ApiError } from '../../api/error-catalogue';

/* Small pieces every admin section shares: the loading, empty and error states, a pager, dates. */

export const PAGE_SIZE = 20;

/** A date and time in the admin's own locale and zone; "—" for none. */
export function when(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export function day(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  return new Date(ms).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

export function errorText(err: unknown): string {
  if (err instanceof ApiError || err instanceof Error) return err.message;
  return 'Something went wrong. Please try again.';
}

/** What a list shows while it loads, when it fails (with a retry) and when it is empty. */
export function ListState({
  loading,
  error,
  empty,
  emptyText,
  onRetry,
  children,
}: {
  loading: boolean;
  error: unknown;
  empty: boolean;
  emptyText: string;
  onRetry(): void;
  children: ReactNode;
}) {
  if (loading) {
    return (
      <p role="status" className="flex items-center gap-2 py-8 text-sm text-slate-500">
        <span className="h-4 w-4 animate-spin rounded-full border-2 border-violet-200 border-t-violet-600" aria-hidden="true" />
        Loading…
      </p>
    );
  }
  if (error) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl border border-rose-200 bg-rose-50 px-4 py-3 text-sm text-rose-700">
        <span>{errorText(error)}</span>
        <button type="button" className="btn-secondary h-8 px-3 text-xs" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (empty) return <p className="py-8 text-sm text-slate-500">{emptyText}</p>;
  return <>{children}</>;
}

export function Pager({ page, total, onPage, label }: { page: number; total: number; onPage(page: number): void; label: string }) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages <= 1) return null;
  return (
    <nav aria-label={`${label} pages`} className="mt-4 flex items-center justify-between gap-3 text-sm text-slate-600">
      <button type="button" className="btn-secondary h-9 px-3" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span>
        Page {page} of {pages} · {total} in all
      </span>
      <button type="button" className="btn-secondary h-9 px-3" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

/** A table that scrolls sideways on a phone instead of squeezing its columns. */
export function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="whitespace-nowrap px-3 py-2 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 bg-white">{children}</tbody>
      </table>
    </div>
  );
}

export const td = 'px-3 py-2 align-top text-slate-700';

/** A one-line result of a form: what happened, or what went wrong. */
export function FormNote({ error, done }: { error: unknown; done?: string | null }) {
  if (error) {
    return (
      <p role="alert" className="field-error">
        {errorText(error)}
      </p>
    );
  }
  if (done) {
    return (
      <p role="status" className="mt-1.5 text-sm text-emerald-700">
        {done}
      </p>
    );
  }
  return null;
}
