import type { CompositeMaterial } from '@packsmith/contracts';
import { LazyImage } from '../../chat/components/LazyImage';
import { useSavedSetups } from '../queries';
import { readSetup } from '../setup-data';

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });

/** Saved setups (GET /api/composite/material/list), newest first: one click reopens the template with that design, placement and material. */
export function SavedSetups({ onOpen }: { onOpen(saved: CompositeMaterial): void }) {
  const setups = useSavedSetups();
  const list = (setups.data ?? []).filter((c) => readSetup(c) !== null);
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="setups-heading" className="mt-8" data-testid="saved-setups">
      <h2 id="setups-heading" className="text-lg font-semibold tracking-tight text-slate-900">
        Saved setups <span className="text-sm font-normal text-slate-500">({list.length})</span>
      </h2>
      <ul className="mt-4 flex gap-3 overflow-x-auto pb-2" aria-label="Saved setups">
        {list.map((c, i) => {
          const setup = readSetup(c);
          return (
            <li key={c.id} className="w-36 shrink-0">
              <button
                type="button"
                onClick={() => onOpen(c)}
                className="block w-full overflow-hidden rounded-xl border border-slate-200 bg-white text-left shadow-sm hover:border-violet-300"
                aria-label={`Open saved setup ${i + 1}${setup?.category ? ` (${setup.category})` : ''}`}
                data-testid="saved-setup"
              >
                <LazyImage src={c.preview_url} alt="" className="aspect-square" retryable={false} />
                <span className="block truncate px-2 py-1.5 text-xs text-slate-600">
                  {setup?.category ?? 'Mockup'} · {dateFormat.format(new Date(c.create_at))}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
