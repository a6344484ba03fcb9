import { useEffect, useId, useMemo, useState } from 'react';
import { boxById } from '@packsmith/contracts';
import { useProjectStore } from '../../../stores/project.store';
import { orderBoxCategories } from '../box-rules';
import { useChatController, useChatState } from '../chat-context';
import { GeometryGlyph } from './icons';

/**
 * The box panel: every category of GET /api/catalog/boxes as a section, those holding the boxes the
 * assistant returned first (SPEC §4), the selected box marked. A click selects and saves it.
 */
export function BoxPanel() {
  const chat = useChatController();
  const catalog = useChatState((s) => s.catalog);
  const status = useChatState((s) => s.catalogStatus);
  const suggested = useChatState((s) => s.suggestedBoxes);
  const ready = useChatState((s) => s.status === 'ready');
  const boxId = useProjectStore((s) => s.boxId);
  const boxName = useProjectStore((s) => s.selectBoxInfo.name);
  const [filter, setFilter] = useState('');
  const filterId = useId();

  useEffect(() => {
    void chat.loadBoxCatalog();
  }, [chat]);

  const ordered = useMemo(() => (catalog ? orderBoxCategories(catalog, suggested) : []), [catalog, suggested]);
  const suggestedIds = useMemo(() => new Set(suggested.map((b) => b.box_id)), [suggested]);
  const needle = filter.trim().toLowerCase();
  const shown = ordered
    .map((c) => ({ ...c, boxes: needle ? c.boxes.filter((b) => `${b.name} ${c.name}`.toLowerCase().includes(needle)) : c.boxes }))
    .filter((c) => c.boxes.length > 0);

  if (status === 'error') {
    return (
      <div role="alert" className="rounded-xl border border-rose-200 bg-rose-50 p-4 text-sm text-rose-800">
        <p>The box types could not be loaded.</p>
        <button type="button" className="mt-2 font-medium text-rose-700 underline" onClick={() => void chat.loadBoxCatalog(true)}>
          Try again
        </button>
      </div>
    );
  }
  if (!catalog) {
    return (
      <div className="space-y-3" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-20 animate-pulse rounded-xl bg-slate-100" />
        ))}
      </div>
    );
  }
  return (
    <section aria-labelledby="box-panel-heading" data-testid="box-panel">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="box-panel-heading" className="text-sm font-semibold text-slate-900">
          Box type
        </h2>
        <p className="truncate text-xs text-slate-500" data-testid="selected-box">
          {boxName ? `Selected: ${boxName}` : 'None selected'}
        </p>
      </div>
      <label htmlFor={filterId} className="sr-only">
        Find a box type
      </label>
      <input
        id={filterId}
        type="search"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        placeholder="Find a box type…"
        className="field-input mt-3 h-9 text-sm"
      />
      <div className="mt-4 space-y-5">
        {shown.map((c) => {
          const holdsSuggestion = c.boxes.some((b) => suggestedIds.has(b.box_id));
          return (
            <section key={c.name} aria-label={c.name} data-testid="box-category">
              <h3 className="flex items-center gap-2 text-xs font-semibold uppercase tracking-wider text-slate-500">
                {c.name}
                {holdsSuggestion && (
                  <span className="rounded-full bg-violet-100 px-2 py-0.5 text-[0.65rem] font-semibold normal-case tracking-normal text-violet-700">
                    Suggested
                  </span>
                )}
              </h3>
              <ul className="mt-2 grid grid-cols-2 gap-2">
                {c.boxes.map((b) => {
                  const selected = boxId !== 0 ? boxId === b.box_id : boxName === b.name;
                  return (
                    <li key={b.box_id}>
                      <button
                        type="button"
                        aria-pressed={selected}
                        disabled={!ready}
                        onClick={() => void chat.selectPanelBox(b)}
                        className={`flex h-full w-full items-center gap-2 rounded-lg border px-2 py-2 text-left text-xs font-medium transition disabled:opacity-60 ${selected ? 'border-violet-600 bg-violet-50 text-violet-900 ring-2 ring-violet-100' : 'border-slate-200 bg-white text-slate-700 hover:border-violet-300'}`}
                      >
                        <span
                          className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-md ${selected ? 'bg-violet-600 text-white' : suggestedIds.has(b.box_id) ? 'bg-violet-100 text-violet-700' : 'bg-slate-100 text-slate-500'}`}
                        >
                          <GeometryGlyph geometry={boxById(b.box_id)?.geometry} className="h-5 w-5" />
                        </span>
                        <span className="leading-snug">{b.name}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          );
        })}
        {shown.length === 0 && <p className="text-sm text-slate-500">No box type matches “{filter}”.</p>}
      </div>
    </section>
  );
}
