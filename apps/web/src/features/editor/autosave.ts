import type { EditorDocument } from '@packsmith/contracts';
import type { SaveOutcome } from './editor-api';
import type { EditorStore } from './editor.store';

/** Quiet time after the last change before the document is saved. */
export const AUTOSAVE_DELAY_MS = 800;
/** After a failed save (network, server), the next try. */
export const AUTOSAVE_RETRY_MS = 5000;

export type SaveFn = (projectId: string, document: EditorDocument, version: number) => Promise<SaveOutcome>;

export interface Autosave {
  /** Saves now if there are changes; resolves whether the stored document is the one on screen. */
  flush(): Promise<boolean>;
  dispose(): void;
}

/**
 * Autosave (issue 17): every change marks the document dirty; after AUTOSAVE_DELAY_MS without a
 * new one it is saved, naming the version it was made from. One save at a time: changes made
 * while a save is in flight are saved after it. A stale answer (another tab saved first) stops
 * saving until the screen reloads the document, so nothing is overwritten silently.
 */
export function createAutosave(store: EditorStore, save: SaveFn, options: { delayMs?: number; retryMs?: number } = {}): Autosave {
  const delay = options.delayMs ?? AUTOSAVE_DELAY_MS;
  const retry = options.retryMs ?? AUTOSAVE_RETRY_MS;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<boolean> | null = null;
  let disposed = false;

  const schedule = (ms: number) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void run();
    }, ms);
  };

  async function run(): Promise<boolean> {
    if (inFlight) {
      await inFlight;
      return run();
    }
    const s = store.getState();
    if (!s.editor || !s.projectId || s.saveStatus === 'stale') return s.saveStatus === 'saved';
    if (s.saveStatus === 'saved') return true;
    const revision = s.revision;
    store.getState().setSaveStatus('saving');
    inFlight = (async () => {
      const outcome = await save(s.projectId!, s.editor!.doc, s.version);
      if (disposed) return false;
      if (outcome.kind === 'saved') {
        store.getState().markSaved(outcome.version, revision);
        if (store.getState().saveStatus === 'dirty') schedule(delay);
        return store.getState().saveStatus === 'saved';
      }
      if (outcome.kind === 'stale') {
        store.getState().setSaveStatus('stale');
        return false;
      }
      store.getState().setSaveStatus('error');
      schedule(retry);
      return false;
    })();
    try {
      return await inFlight;
    } finally {
      inFlight = null;
    }
  }

  const unsubscribe = store.subscribe((s, prev) => {
    if (s.revision !== prev.revision && s.saveStatus === 'dirty' && s.projectId === prev.projectId) schedule(delay);
  });

  return {
    flush() {
      if (timer) clearTimeout(timer);
      timer = null;
      return run();
    },
    dispose() {
      disposed = true;
      if (timer) clearTimeout(timer);
      unsubscribe();
    },
  };
}
