import { generateCalls, type ChatMessage } from '@packsmith/contracts';
import { apiCall } from '../../../api/client';
import { FAILED_TEXT } from '../../chat/chat-data';
import type { ChatStoreApi, ProjectDetail } from '../../chat/chat.store';
import { CUSTOM_FAILED_TEXT, MOCKUP_FAILED_TEXT, mockupEffectOf, mockupRecordEnded, recordOutcome, type MockupEffect } from '../mockup-data';
import type { StudioStoreApi } from '../mockup-studio.store';

interface StudioSyncDeps {
  store: StudioStoreApi;
  chat: { store: ChatStoreApi; followRecord(recordId: string): void };
}

/**
 * The studio read from its chat (the mockup message kinds) and from its project: each finished message
 * is applied once, in the order it was said, so a reload rebuilds the results from the history.
 */
export interface StudioSync {
  start(): void;
  stop(): void;
  process(messages: readonly ChatMessage[]): void;
  /** The project as the server has it: its results, and the design it was opened with. */
  hydrate(p: ProjectDetail): void;
  /** While a mockup opens its history is replayed: its results are not "new", its templates not opened. */
  replay(on: boolean): void;
  forget(): void;
}

export function createStudioSync({ store, chat }: StudioSyncDeps): StudioSync {
  const seen = new Set<string>();
  let seenProject: string | null = null;
  let replaying = false;
  let unsubscribe: (() => void) | null = null;
  const studio = () => store.getState();

  function ours(): string | null {
    const id = studio().projectId;
    return id && chat.store.getState().projectId === id ? id : null;
  }

  function finishRender(recordId: string | null, error: string | null): void {
    const s = studio();
    if (recordId === null || recordId !== s.resultRecordId) return;
    s.patch({ resultRecordId: null, resultError: error });
    s.patchConfig({ isGenerate: false });
  }

  function apply(e: MockupEffect, messages: readonly ChatMessage[]): void {
    const s = studio();
    switch (e.kind) {
      // The image editor follows its own runs and lists their images itself.
      case 'tool':
        return;
      case 'handle': {
        if (mockupRecordEnded(e.recordId, messages)) return;
        if (e.task === 'custom') {
          s.patchCustom({ status: 'running', recordId: e.recordId, message: null });
        } else {
          s.patch({ resultRecordId: e.recordId, resultError: null });
          s.patchConfig({ isGenerate: true });
        }
        // After a reload the record is still running: follow it like one started here.
        chat.followRecord(e.recordId);
        return;
      }
      case 'results': {
        s.addResults(e.urls, e.templateId, e.recordId ? s.runSetups[e.recordId] : null);
        if (!replaying) s.patch({ latestRun: e.urls });
        finishRender(e.recordId, null);
        return;
      }
      case 'custom': {
        const mine = e.recordId !== null && e.recordId === s.custom.recordId;
        if (mine || (s.custom.status === 'running' && !replaying))
          s.patchCustom({ status: 'idle', recordId: null, message: null, readyTemplateId: e.templateId });
        return;
      }
      case 'customFailed': {
        if (e.recordId !== null && e.recordId === s.custom.recordId) s.patchCustom({ status: 'failed', recordId: null, message: e.message });
        return;
      }
      case 'error': {
        const message = e.message === FAILED_TEXT ? null : e.message;
        if (e.recordId !== null && e.recordId === s.custom.recordId)
          s.patchCustom({ status: 'failed', recordId: null, message: message ?? CUSTOM_FAILED_TEXT });
        else finishRender(e.recordId, message ?? MOCKUP_FAILED_TEXT);
        return;
      }
    }
  }

  function process(messages: readonly ChatMessage[]): void {
    const projectId = ours();
    if (!projectId) return;
    if (seenProject !== projectId) {
      seen.clear();
      seenProject = projectId;
    }
    for (const m of messages) {
      if (m.project_id !== projectId || m.isloading || seen.has(m.msg_id)) continue;
      seen.add(m.msg_id);
      const effect = mockupEffectOf(m);
      if (effect) apply(effect, messages);
    }
  }

  function hydrate(p: ProjectDetail): void {
    const projectId = ours();
    if (!projectId || p.project_id !== projectId) return;
    const s = studio();
    s.addResults(p.result_list.flat());
    const linked = p.data.mockup_origin_image;
    if (!s.design && typeof linked === 'string' && linked !== '') s.setDesign({ url: linked, source: 'link', label: 'Your design' });
  }

  /**
   * The chat stopped following one of the studio's records without a message saying how it ended: the
   * record itself is read once (SPEC §4: its data holds the images, or the new template's id).
   */
  async function settleUnanswered(recordId: string): Promise<void> {
    if (mockupRecordEnded(recordId, chat.store.getState().messages)) return;
    const s = studio();
    const isCustom = recordId === s.custom.recordId;
    if (!isCustom && recordId !== s.resultRecordId) return;
    let outcome: ReturnType<typeof recordOutcome> | null;
    try {
      outcome = recordOutcome(await apiCall(generateCalls.getRecord, { id: recordId }, { silent: true }));
    } catch {
      outcome = null;
    }
    const now = studio();
    if (isCustom) {
      if (now.custom.recordId !== recordId) return;
      if (outcome?.templateId) now.patchCustom({ status: 'idle', recordId: null, readyTemplateId: outcome.templateId });
      else now.patchCustom({ status: 'failed', recordId: null, message: outcome?.error ?? CUSTOM_FAILED_TEXT });
      return;
    }
    if (now.resultRecordId !== recordId) return;
    if (outcome && outcome.urls.length > 0) {
      now.addResults(outcome.urls, outcome.templateId, now.runSetups[recordId]);
      now.patch({ latestRun: outcome.urls });
      finishRender(recordId, null);
    } else {
      finishRender(recordId, outcome?.error ?? MOCKUP_FAILED_TEXT);
    }
  }

  function start(): void {
    if (unsubscribe) return;
    unsubscribe = chat.store.subscribe((state, prev) => {
      // Closing or reopening a chat drops every record at once: that is not an ending.
      if (state.generations !== prev.generations && state.status === 'ready' && ours()) {
        const s = studio();
        for (const id of [s.resultRecordId, s.custom.recordId]) {
          // A microtask: the ending message may follow the untracking in the same step.
          if (id && prev.generations[id] && !state.generations[id]) queueMicrotask(() => void settleUnanswered(id));
        }
      }
      if (state.messages !== prev.messages) process(state.messages);
      if (state.project && state.project !== prev.project) hydrate(state.project);
    });
  }

  return {
    start,
    stop() {
      unsubscribe?.();
      unsubscribe = null;
    },
    process,
    hydrate,
    replay(on) {
      replaying = on;
    },
    forget() {
      seenProject = null;
    },
  };
}
