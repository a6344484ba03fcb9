import { useQuery } from '@tanstack/react-query';
import { NUTRITION_FORMAT_NAMES } from '@packsmith/contracts';
import { AppLink } from '../../../components/AppLink';
import { labelsKey, listLabels } from '../nutrition-api';
import { REGION_NAMES } from './SetupSection';

/** "My labels": the caller's saved labels, newest first; each reopens in the generator. */
export function MyLabels({ currentId }: { currentId: string | null }) {
  const q = useQuery({ queryKey: labelsKey, queryFn: listLabels });
  return (
    <section aria-labelledby="nf-mine-heading" className="card p-5">
      <h2 id="nf-mine-heading" className="text-base font-semibold text-slate-900">
        My labels
      </h2>
      {q.isPending && <p className="mt-2 text-sm text-slate-500">Loading your labels…</p>}
      {q.isError && (
        <p className="mt-2 text-sm text-rose-600">
          Your labels could not be loaded.{' '}
          <button type="button" className="underline" onClick={() => void q.refetch()}>
            Try again
          </button>
        </p>
      )}
      {q.data && q.data.list.length === 0 && <p className="mt-2 text-sm text-slate-500">No saved labels yet. Save this one to find it here.</p>}
      {q.data && q.data.list.length > 0 && (
        <ul className="mt-2 divide-y divide-slate-100" data-testid="my-labels">
          {q.data.list.map((l) => (
            <li key={l.project_id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <AppLink
                to={`/tools/nutrition-label-generator?project_id=${encodeURIComponent(l.project_id)}`}
                className="min-w-0 truncate font-medium text-violet-700 hover:underline"
                aria-current={l.project_id === currentId ? 'page' : undefined}
              >
                {l.name}
              </AppLink>
              <span className="shrink-0 text-xs text-slate-500">
                {REGION_NAMES[l.region].split(' (')[0]} · {NUTRITION_FORMAT_NAMES[l.format] ?? l.format}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
