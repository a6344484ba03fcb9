import { Dialog } from '../../../components/Dialog';
import { SHORTCUTS } from '../canvas/shortcuts';

/** The cheat sheet: every shortcut of the editor, by group. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const groups = [...new Set(SHORTCUTS.map((s) => s.group))];
  return (
    <Dialog open={open} onClose={onClose} title="Keyboard shortcuts" size="lg">
      <div className="grid gap-6 sm:grid-cols-2">
        {groups.map((g) => (
          <section key={g}>
            <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{g}</h3>
            <dl className="mt-2 space-y-1">
              {SHORTCUTS.filter((s) => s.group === g).map((s) => (
                <div key={s.label} className="flex justify-between gap-4 text-sm">
                  <dt className="text-slate-700">{s.label}</dt>
                  <dd className="shrink-0 font-mono text-xs text-slate-500">{s.keys}</dd>
                </div>
              ))}
              {g === groups.at(-1) && (
                <div className="flex justify-between gap-4 text-sm">
                  <dt className="text-slate-700">This list</dt>
                  <dd className="shrink-0 font-mono text-xs text-slate-500">?</dd>
                </div>
              )}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
