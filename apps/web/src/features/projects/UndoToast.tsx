import { useEffect, useRef, useState } from 'react';

/** How long "Deleted … Undo" stays: long enough to notice a slip and press Undo. */
export const UNDO_MS = 8_000;

/**
 * The delete's undo: "Deleted “name”. Undo", read out politely, gone after UNDO_MS or once used.
 * While the restore runs the button waits; if it fails the toast says why and can be dismissed.
 */
export function UndoToast({ name, onUndo, onClose }: { name: string; onUndo(): Promise<void>; onClose(): void }) {
  const [state, setState] = useState<{ kind: 'idle' } | { kind: 'busy' } | { kind: 'failed'; message: string }>({ kind: 'idle' });
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    if (state.kind !== 'idle') return;
    const timer = setTimeout(() => close.current(), UNDO_MS);
    return () => clearTimeout(timer);
  }, [state.kind]);

  const undo = async () => {
    setState({ kind: 'busy' });
    try {
      await onUndo();
      close.current();
    } catch (err) {
      setState({ kind: 'failed', message: err instanceof Error && err.message ? err.message : 'The project could not be restored.' });
    }
  };

  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-4 z-[55] flex justify-center px-4 sm:bottom-6">
      <div
        role="status"
        aria-live="polite"
        data-testid="undo-toast"
        className="pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-xl border border-slate-700 bg-slate-900 px-4 py-3 text-sm text-white shadow-xl"
      >
        <p className="min-w-0 flex-1 leading-snug">{state.kind === 'failed' ? state.message : `Deleted “${name}”.`}</p>
        {state.kind === 'failed' ? (
          <button type="button" className="rounded-lg px-3 py-1.5 font-medium text-slate-200 hover:bg-white/10" onClick={() => close.current()}>
            Dismiss
          </button>
        ) : (
          <button
            type="button"
            className="rounded-lg px-3 py-1.5 font-semibold text-violet-200 hover:bg-white/10 disabled:opacity-60"
            disabled={state.kind === 'busy'}
            onClick={() => void undo()}
          >
            {state.kind === 'busy' ? 'Restoring…' : 'Undo'}
          </button>
        )}
      </div>
    </div>
  );
}
