import { CHAT_HISTORY_COUNT, chatCalls, type ChatMessage, type DesignBrief } from '@packsmith/contracts';
import { apiCall } from '../../../api/client';
import { answerImages, answerOf, boxOptionsOf, briefOf, endsRecord, recordIdOf, supersededLocals, type BoxOption } from '../chat-data';
import type { ChatStoreApi } from '../chat.store';
import { historyRecordOf, localMessagesOf, saveLocalHistory } from '../local-history';
import type { RunGuard } from './run-guard';

interface HistoryMergeDeps {
  store: ChatStoreApi;
  run: RunGuard;
  project: {
    applyReturnedBoxes(options: BoxOption[]): void;
    applyBrief(brief: DesignBrief): void;
    applyAnswer(images: string[], promptIndex: number): void;
  };
  generations: {
    track(recordId: string): void;
    answered(recordId: string): void;
  };
}

/**
 * The one way messages enter a chat, whatever brought them (an HTTP answer, chat:message, a history
 * fetch, the local history): merged by msg_id, local copies replaced, the project data they carry
 * applied, and the chat's local history record kept up to date.
 */
export interface HistoryMerge {
  absorb(messages: readonly ChatMessage[]): void;
  /** Shows what the local history holds for the project while the server is asked. */
  restoreLocal(projectId: string): void;
  /** Writes the open chat's SPEC §3 local history record. */
  saveLocal(): void;
  /** Fetches the last messages again (quietly: the next event or reload catches up on a failure). */
  refetch(projectId: string): Promise<void>;
}

export function createHistoryMerge({ store, run, project, generations }: HistoryMergeDeps): HistoryMerge {
  const state = () => store.getState();

  function saveLocal(): void {
    const s = state();
    if (!s.project || s.status !== 'ready' || s.project.project_id !== s.projectId) return;
    saveLocalHistory(historyRecordOf(s.project, s.messages));
  }

  function absorb(messages: readonly ChatMessage[]): void {
    if (messages.length === 0) return;
    const projectId = state().projectId;
    const mine = messages.filter((m) => m.project_id === projectId);
    if (mine.length === 0) return;
    const known = new Set(state().messages.map((m) => m.msg_id));
    state().removeMessages(supersededLocals(state().messages, mine));
    state().addMessages(mine);
    let answered = false;
    for (const m of [...mine].sort((a, b) => a.create_at - b.create_at)) {
      if (m.role !== 'assistant') continue;
      const options = boxOptionsOf(m);
      if (options) project.applyReturnedBoxes(options);
      const brief = briefOf(m);
      if (brief) project.applyBrief(brief);
      const answer = answerOf(m);
      const recordId = recordIdOf(m) ?? (answer?.record_id || null);
      if (m.isloading) {
        if (recordId) generations.track(recordId);
        continue;
      }
      if (answer) project.applyAnswer(answerImages(answer), answer.prompt_index);
      if (recordId && (answer || endsRecord(m))) generations.answered(recordId);
      if (!known.has(m.msg_id)) answered = true;
    }
    if (answered) state().settleWaiting();
    saveLocal();
  }

  function restoreLocal(projectId: string): void {
    const local = localMessagesOf(projectId);
    if (local.length > 0) state().addMessages(local);
  }

  async function refetch(projectId: string): Promise<void> {
    const current = run.id;
    try {
      const history = await apiCall(chatCalls.history, { project_id: projectId, count: CHAT_HISTORY_COUNT }, { silent: true });
      if (run.isCurrent(current, projectId)) absorb(history.list);
    } catch {
      // Quiet: the next event or reload catches up.
    }
  }

  return { absorb, restoreLocal, saveLocal, refetch };
}
