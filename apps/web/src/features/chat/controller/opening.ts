import { CHAT_HISTORY_COUNT, chatCalls, projectCalls, quotationCalls } from '@packsmith/contracts';
import { apiCall } from '../../../api/client';
import { ApiError } from '../../../api/error-catalogue';
import { useProjectStore } from '../../../stores/project.store';
import { useUiStore } from '../../../stores/ui.store';
import { chatTypeOf } from '../chat-data';
import type { ChatStoreApi, ChatSurface } from '../chat.store';
import type { Connection } from './connection';
import type { Conversation } from './conversation';
import type { HistoryMerge } from './history-merge';
import type { ProjectState } from './project-state';
import type { RunGuard } from './run-guard';

export interface OpenOptions {
  surface?: ChatSurface;
}

interface OpeningDeps {
  store: ChatStoreApi;
  run: RunGuard;
  connection: Pick<Connection, 'join' | 'leave'>;
  history: Pick<HistoryMerge, 'absorb' | 'restoreLocal' | 'saveLocal'>;
  project: Pick<ProjectState, 'applyProject' | 'loadBoxCatalog' | 'cancelRefresh'>;
  takeAnswer: Conversation['takeAnswer'];
}

/** Opening a chat on a project and leaving it. */
export interface ChatOpening {
  /**
   * SPEC §4 chat start with a project id: join the room, show the local history, fetch the project and
   * the last 100 messages; an empty history gets the assistant's hello. Resolves false on failure
   * (and then, outside design-chat, the drawer closes).
   */
  openChat(projectId: string, options?: OpenOptions): Promise<boolean>;
  /** Leaves the chat (screen closed): polling stops and the room is left; what was shown stays for a return. */
  closeChat(): void;
}

export function createChatOpening({ store, run, connection, history, project, takeAnswer }: OpeningDeps): ChatOpening {
  const state = () => store.getState();

  async function openChat(projectId: string, options: OpenOptions = {}): Promise<boolean> {
    const surface = options.surface ?? 'page';
    const current = run.next();
    if (state().projectId !== projectId) {
      useProjectStore.getState().reset();
      state().reset();
    }
    state().patch({ projectId, surface, status: 'starting', error: null, generations: {}, pendingSince: null, sending: false });
    history.restoreLocal(projectId);
    connection.join(projectId);
    void project.loadBoxCatalog();

    try {
      const [detail, list] = await Promise.all([
        apiCall(projectCalls.detail, { project_id: projectId }),
        apiCall(chatCalls.history, { project_id: projectId, count: CHAT_HISTORY_COUNT }),
      ]);
      if (!run.isCurrent(current, projectId)) return false;
      state().patch({ project: detail });
      history.absorb(list.list);
      project.applyProject(detail);
      if (list.list.length === 0) {
        // The quotation assistant greets with its own call (its hello carries the selections so far).
        const hello =
          detail.type === 'pricing_tool'
            ? await apiCall(quotationCalls.hello, { project_id: projectId })
            : await apiCall(chatCalls.hello, { project_id: projectId, type: chatTypeOf(detail.type) });
        if (!run.isCurrent(current, projectId)) return false;
        takeAnswer(hello);
      }
      state().patch({ status: 'ready' });
      history.saveLocal();
      return true;
    } catch (err) {
      if (!run.isCurrent(current, projectId)) return false;
      state().patch({ status: 'error', error: err instanceof ApiError ? err.message : 'We could not open this chat.' });
      if (surface === 'drawer') useUiStore.getState().close('chatDrawer');
      return false;
    }
  }

  function closeChat(): void {
    run.next();
    connection.leave();
    project.cancelRefresh();
    const s = state();
    s.patch({ generations: {}, pendingSince: null, sending: false, status: s.status === 'ready' ? 'idle' : s.status });
  }

  return { openChat, closeChat };
}
