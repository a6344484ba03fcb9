import { useRef, useState } from 'react';
import type { Selection, SelectionName } from '@packsmith/contracts';
import { orderedSelections } from '../quote-data';
import { SelectionEditor } from './SelectionEditor';

interface SelectionsPanelProps {
  selections: readonly Selection[];
  busy: boolean;
  /** Sends one edited chip (PUT /api/quotation/selection); resolves whether it went through. */
  onEdit(name: SelectionName, value: string): Promise<boolean>;
}

/**
 * SPEC §3 the pricing tool's selections as chips, Product first and in the order the assistant asks;
 * each chip is a button that opens its inline editor.
 */
export function SelectionsPanel({ selections, busy, onEdit }: SelectionsPanelProps) {
  const [editing, setEditing] = useState<SelectionName | null>(null);
  const chips = useRef(new Map<SelectionName, HTMLButtonElement>());
  const rows = orderedSelections(selections);

  const close = (name: SelectionName) => {
    setEditing(null);
    // Focus goes back to the chip the editor belonged to.
    requestAnimationFrame(() => chips.current.get(name)?.focus());
  };

  return (
    <section aria-labelledby="selections-title" className="card p-4" data-testid="selections-panel">
      <h2 id="selections-title" className="text-sm font-semibold text-slate-900">
        Your selections
      </h2>
      <ul className="mt-3 space-y-2" aria-label="Selections">
        {rows.map((row) => (
          <li key={row.name} data-testid="selection-chip" data-name={row.name}>
            <button
              ref={(el) => {
                if (el) chips.current.set(row.name, el);
                else chips.current.delete(row.name);
              }}
              type="button"
              aria-expanded={editing === row.name}
              aria-label={`${row.title}: ${row.value || 'not chosen yet'}. Change`}
              onClick={() => setEditing(editing === row.name ? null : row.name)}
              className="flex w-full min-w-0 items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-3 py-2 text-left text-sm hover:border-violet-300 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-violet-400"
            >
              <span className="shrink-0 text-slate-500">{row.title}</span>
              <span className={`min-w-0 truncate font-medium ${row.value ? 'text-slate-900' : 'text-slate-400'}`}>{row.value || 'Not chosen yet'}</span>
            </button>
            {editing === row.name && (
              <SelectionEditor
                name={row.name}
                title={row.title}
                value={row.value}
                busy={busy}
                onCancel={() => close(row.name)}
                onSubmit={(value) => {
                  void onEdit(row.name, value).then((ok) => ok && close(row.name));
                }}
              />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
