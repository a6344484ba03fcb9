import type { ChatStoreApi } from '../chat.store';

/**
 * Which opening of a chat is current. Every open and close starts a new run: answers that belong to
 * an earlier run (another project, a closed screen) are dropped instead of mixed in, and its polls stop.
 */
export interface RunGuard {
  /** The current run. */
  readonly id: number;
  /** Aborted when the run ends. */
  readonly signal: AbortSignal;
  /** Ends the current run and starts the next. */
  next(): number;
  /** The run is still the current one and the chat still shows the project. */
  isCurrent(run: number, projectId: string): boolean;
}

export function createRunGuard(store: ChatStoreApi): RunGuard {
  let id = 0;
  let aborter = new AbortController();
  return {
    get id() {
      return id;
    },
    get signal() {
      return aborter.signal;
    },
    next() {
      id += 1;
      aborter.abort();
      aborter = new AbortController();
      return id;
    },
    isCurrent: (run, projectId) => run === id && store.getState().projectId === projectId,
  };
}
