import type { GenerateRecord } from '@packsmith/contracts';
import { loadCurrentUser } from '../../../api/current-user';
import { FAILED_TEXT, TIMEOUT_TEXT, endsRecord, isLocalMessage, localMessage, recordIdOf } from '../chat-data';
import type { ChatStoreApi } from '../chat.store';
import { pollRecord } from '../record-poller';
import type { RunGuard } from './run-guard';

interface GenerationsDeps {
  store: ChatStoreApi;
  run: RunGuard;
  /** Fetches the history again and takes in what it holds (quietly; resolves either way). */
  refetchHistory(projectId: string): Promise<void>;
  /** A run ended: the project's results changed on the server. */
  onFinished(): void;
}

/**
 * The generations a chat follows (SPEC §4): each one's progress bar, fed by generate:progress and by
 * polling its record every second; whichever sees the end first fetches the answer unless it came.
 */
export interface Generations {
  /** Follows a record; `adopted` when only a socket event named it, so its project is checked first. */
  track(recordId: string, record?: GenerateRecord, adopted?: boolean): void;
  isTracked(recordId: string): boolean;
  /** The record's answer or error message arrived. */
  answered(recordId: string): void;
  /** generate:progress. */
  progress(recordId: string, progress: number, status: GenerateRecord['status']): void;
  /**
   * The record is done (poll, generate:done or generate:progress said so). Its answer comes as
   * chat:message or, when the socket missed it, with the history fetched here; either way it shows once.
   */
  finish(recordId: string, failed: boolean): Promise<void>;
}

export function createGenerations({ store, run, refetchHistory, onFinished }: GenerationsDeps): Generations {
  const finishing = new Set<string>();
  const state = () => store.getState();

  function hasMessageFor(recordId: string): boolean {
    return state().messages.some((m) => !m.isloading && m.role === 'assistant' && !isLocalMessage(m) && endsRecord(m) && recordIdOf(m) === recordId);
  }

  function addLocalError(projectId: string, text: string, recordId: string): void {
    state().addMessages([localMessage(projectId, 'assistant', text, 'error', { data: { record_id: recordId } })]);
  }

  function drop(recordId: string): void {
    state().dropGeneration(recordId);
    state().settleWaiting();
  }

  function track(recordId: string, record?: GenerateRecord, adopted = false): void {
    const s = state();
    const projectId = s.projectId;
    if (!projectId || s.generations[recordId] || finishing.has(recordId)) return;
    // Already answered (a fast job's chat:message can beat the HTTP answer that started it).
    if ((record && record.data !== null) || hasMessageFor(recordId)) return;
    s.addGeneration({ recordId, progress: record?.progress ?? 0, status: record?.status ?? 'queued', startedAt: Date.now() });
    s.startWaiting();
    const current = run.id;
    void pollRecord(recordId, {
      signal: run.signal,
      stillWanted: () => run.isCurrent(current, projectId) && state().generations[recordId] !== undefined,
      onUpdate: (r) => {
        // One socket carries every open chat's rooms, and progress events do not name their project.
        if (adopted && r.project_id !== projectId) drop(recordId);
        else state().updateGeneration(recordId, r.progress, r.status);
      },
    }).then((outcome) => {
      if (!run.isCurrent(current, projectId)) return;
      if (outcome.kind === 'done') void finish(recordId, false);
      else if (outcome.kind === 'failed') void finish(recordId, true);
      else if (outcome.kind === 'gave-up') {
        state().dropGeneration(recordId);
        addLocalError(projectId, TIMEOUT_TEXT, recordId);
        state().settleWaiting();
      } else if (outcome.kind === 'refused') drop(recordId);
    });
  }

  function answered(recordId: string): void {
    if (!state().generations[recordId]) return;
    state().dropGeneration(recordId);
    // A finished run has spent its credits (or been refunded): the header's balance follows.
    void loadCurrentUser();
  }

  function progress(recordId: string, value: number, status: GenerateRecord['status']): void {
    if (!state().projectId) return;
    if (status === 'done') {
      state().updateGeneration(recordId, 100, status);
      void finish(recordId, false);
    } else if (status === 'failed') void finish(recordId, true);
    else if (state().generations[recordId]) state().updateGeneration(recordId, value, status);
    else if (!hasMessageFor(recordId)) {
      track(recordId, undefined, true);
      state().updateGeneration(recordId, value, status);
    }
  }

  async function finish(recordId: string, failed: boolean): Promise<void> {
    const s = state();
    const projectId = s.projectId;
    if (!projectId || !s.generations[recordId] || finishing.has(recordId)) return;
    finishing.add(recordId);
    const current = run.id;
    s.updateGeneration(recordId, failed ? (s.generations[recordId]?.progress ?? 0) : 100, failed ? 'failed' : 'done');
    try {
      // The socket may still bring the answer; the bar goes either way.
      if (!hasMessageFor(recordId)) await refetchHistory(projectId);
    } finally {
      finishing.delete(recordId);
    }
    if (!run.isCurrent(current, projectId)) return;
    if (state().generations[recordId]) {
      state().dropGeneration(recordId);
      if (failed && !hasMessageFor(recordId)) addLocalError(projectId, FAILED_TEXT, recordId);
    }
    state().settleWaiting();
    onFinished();
    // Generations spend credits: the header's balance follows.
    void loadCurrentUser();
  }

  return { track, isTracked: (recordId) => state().generations[recordId] !== undefined, answered, progress, finish };
}
