import type { EditorLayer } from '@packsmith/contracts';
import { useState } from 'react';
import { useStore } from 'zustand';
import type { EditorStore } from '../editor.store';
import { KIND_NAMES } from '../canvas/draw-math';
import { panelLabel } from './PanelMenu';

const KIND_LABEL = KIND_NAMES;

export function layerTitle(l: EditorLayer): string {
  if (l.name.trim()) return l.name;
  if (l.kind === 'text') return l.text.slice(0, 40) || 'Text';
  return KIND_LABEL[l.kind];
}

/** The active panel's layers, top first: select, rename, show or hide, lock, and order. */
export function LayersPanel({ store }: { store: EditorStore }) {
  const panelId = useStore(store, (s) => s.activePanelId);
  const layers = useStore(store, (s) => s.editor?.doc.panels.find((p) => p.panel_id === s.activePanelId)?.layers);
  const selection = useStore(store, (s) => s.selection);
  const [renaming, setRenaming] = useState<string | null>(null);
  const dispatch = store.getState().dispatch;
  const step = (fn: () => void) => {
    fn();
    store.getState().seal();
  };
  const top = layers ? [...layers].reverse() : [];

  return (
    <div className="p-3" data-testid="layers-panel">
      <h2 className="px-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Layers · {panelId ? panelLabel(panelId) : ''}</h2>
      {top.length === 0 && (
        <p className="mt-3 rounded-lg border border-dashed border-slate-300 p-3 text-sm text-slate-500">
          No layers on this panel yet: add text, a shape or an image from the toolbar.
        </p>
      )}
      <ul className="mt-2 space-y-0.5" aria-label="Layers, top first">
        {top.map((l, i) => {
          const selected = selection.includes(l.id);
          return (
            <li
              key={l.id}
              className={`group flex items-center gap-1 rounded-lg px-1 ${selected ? 'bg-violet-50 ring-1 ring-violet-300' : 'hover:bg-slate-50'}`}
            >
              {renaming === l.id ? (
                <input
                  autoFocus
                  className="h-8 min-w-0 flex-1 rounded border border-violet-400 px-2 text-sm"
                  defaultValue={layerTitle(l)}
                  aria-label="Layer name"
                  maxLength={80}
                  onBlur={(e) => {
                    step(() => dispatch({ type: 'update', id: l.id, props: { name: e.target.value.trim() } }, { label: 'Rename layer', mergeKey: null }));
                    setRenaming(null);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'Enter') e.currentTarget.blur();
                    if (e.key === 'Escape') setRenaming(null);
                  }}
                />
              ) : (
                <button
                  type="button"
                  className={`h-8 min-w-0 flex-1 truncate text-left text-sm ${l.hidden ? 'text-slate-400' : 'text-slate-800'}`}
                  aria-pressed={selected}
                  aria-label={`${layerTitle(l)} (${KIND_LABEL[l.kind].toLowerCase()}${l.hidden ? ', hidden' : ''}${l.locked ? ', locked' : ''})`}
                  onClick={(e) => {
                    const s = store.getState();
                    s.select(e.shiftKey || e.metaKey || e.ctrlKey ? (selected ? s.selection.filter((x) => x !== l.id) : [...s.selection, l.id]) : [l.id]);
                  }}
                  onDoubleClick={() => setRenaming(l.id)}
                  onKeyDown={(e) => {
                    if (e.key === 'F2') setRenaming(l.id);
                  }}
                  title="Double-click or F2 to rename"
                >
                  <span className="mr-1.5 text-[10px] uppercase text-slate-400" aria-hidden="true">
                    {KIND_LABEL[l.kind]}
                  </span>
                  {layerTitle(l)}
                </button>
              )}
              <button
                type="button"
                className="h-7 w-7 rounded text-xs text-slate-500 hover:bg-slate-200"
                aria-label={`${l.hidden ? 'Show' : 'Hide'} ${layerTitle(l)}`}
                aria-pressed={l.hidden}
                onClick={() =>
                  step(() =>
                    dispatch({ type: 'update', id: l.id, props: { hidden: !l.hidden } }, { label: l.hidden ? 'Show layer' : 'Hide layer', mergeKey: null }),
                  )
                }
              >
                {l.hidden ? '◌' : '◉'}
              </button>
              <button
                type="button"
                className="h-7 w-7 rounded text-xs text-slate-500 hover:bg-slate-200"
                aria-label={`${l.locked ? 'Unlock' : 'Lock'} ${layerTitle(l)}`}
                aria-pressed={l.locked}
                onClick={() =>
                  step(() =>
                    dispatch({ type: 'update', id: l.id, props: { locked: !l.locked } }, { label: l.locked ? 'Unlock layer' : 'Lock layer', mergeKey: null }),
                  )
                }
              >
                {l.locked ? '🔒' : '🔓'}
              </button>
              <button
                type="button"
                className="h-7 w-6 rounded text-xs text-slate-500 hover:bg-slate-200 disabled:opacity-30"
                aria-label={`Bring ${layerTitle(l)} forward`}
                disabled={i === 0}
                onClick={() => step(() => dispatch({ type: 'reorder', id: l.id, to: 'forward' }, { label: 'Bring forward', mergeKey: null }))}
              >
                ▲
              </button>
              <button
                type="button"
                className="h-7 w-6 rounded text-xs text-slate-500 hover:bg-slate-200 disabled:opacity-30"
                aria-label={`Send ${layerTitle(l)} backward`}
                disabled={i === top.length - 1}
                onClick={() => step(() => dispatch({ type: 'reorder', id: l.id, to: 'backward' }, { label: 'Send backward', mergeKey: null }))}
              >
                ▼
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
