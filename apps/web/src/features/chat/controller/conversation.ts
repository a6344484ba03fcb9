import { chatCalls, quotationCalls, type CallData, type ChatMessage, type GenerateRecord } from '@packsmith/contracts';
import { apiCall } from '../../../api/client';
import { loadCurrentUser } from '../../../api/current-user';
import { useProjectStore } from '../../../stores/project.store';
import { isLocalMessage, localMessage } from '../chat-data';
import { isSendable, type ChatStoreApi } from '../chat.store';
import type { RunGuard } from './run-guard';

export type MessagesAnswer = CallData<typeof chatCalls.message>;

export interface SendOptions {
  isGenerate?: boolean;
  referenceImg?: string | null;
}

/** Why runTask did not run: another call is on its way, or the chat is not open. */
export class ChatBusy extends Error {
  constructor() {
    super('The chat is busy or not open.');
    this.name = 'ChatBusy';
  }
}

interface ConversationDeps {
  store: ChatStoreApi;
  run: RunGuard;
  absorb(messages: readonly ChatMessage[]): void;
  track(recordId: string, record: GenerateRecord): void;
}

/** What the visitor says to the assistant, and the runs it starts. */
export interface Conversation {
  /** Takes an answer's messages and follows the record it started. */
  takeAnswer(answer: MessagesAnswer): void;
  /** Sends one message (SPEC §5: an empty or whitespace message is never sent). */
  sendMessage(text: string, options?: SendOptions): Promise<boolean>;
  /**
   * Runs a call that answers with messages and a generate record (a generation, a photo shoot's
   * cut-out or composite) in the open chat: the waiting state, the messages, the record's progress
   * and polling. Resolves the answer (null when another chat was opened meanwhile); rejects with the
   * call's error (already shown by the error catalogue) or ChatBusy.
   */
  runTask(call: () => Promise<MessagesAnswer>): Promise<MessagesAnswer | null>;
  /** The Generate button: with text it is a message with is_generate, without it POST /api/paint/imagine. */
  generateDesigns(text?: string, referenceImg?: string | null): Promise<boolean>;
  /** "Try again" on an error message: the server's retry, or a new run after a local timeout. */
  retryMessage(m: ChatMessage): Promise<boolean>;
  /** "Edit": the design changed by the visitor's words (POST /api/generate/project/edit). */
  editDesign(imageUrl: string, msgId: string | null, content: string): Promise<boolean>;
}

export function createConversation({ store, run, absorb, track }: ConversationDeps): Conversation {
  const retryCounts = new Map<string, number>();
  const state = () => store.getState();

  function takeAnswer(answer: MessagesAnswer): void {
    absorb(answer.messages);
    if (answer.record) {
      track(answer.record.id, answer.record);
      // Starting a run reserves its credits.
      void loadCurrentUser();
    }
  }

  async function sendMessage(text: string, options: SendOptions = {}): Promise<boolean> {
    const content = text.trim();
    const s = state();
    const projectId = s.projectId;
    if (!isSendable(content) || !projectId || s.sending || s.status !== 'ready') return false;
    const current = run.id;
    const local = localMessage(projectId, 'user', content, 'text', { reference_img: options.referenceImg ?? null });
    s.addMessages([local]);
    s.startWaiting();
    s.patch({ sending: true });
    try {
      const input = {
        project_id: projectId,
        content,
        is_generate: options.isGenerate ?? false,
        ...(options.referenceImg ? { reference_img: options.referenceImg } : {}),
      };
      // A pricing-tool chat talks to the quotation assistant (SPEC §7 /api/quotation/message).
      const answer: MessagesAnswer =
        s.project?.type === 'pricing_tool' ? await apiCall(quotationCalls.message, input) : await apiCall(chatCalls.message, input);
      if (!run.isCurrent(current, projectId)) return true;
      state().patch({ sending: false });
      takeAnswer(answer);
      if (answer.messages.some((m) => m.role === 'assistant' && !m.isloading)) state().settleWaiting();
      return true;
    } catch {
      if (!run.isCurrent(current, projectId)) return false;
      // Not sent: the text goes back into the composer so nothing typed is lost.
      state().removeMessages([local.msg_id]);
      if (state().draft.trim() === '') state().setDraft(content);
      state().patch({ sending: false });
      state().settleWaiting();
      return false;
    }
  }

  async function runTask(call: () => Promise<MessagesAnswer>): Promise<MessagesAnswer | null> {
    const s = state();
    const projectId = s.projectId;
    if (!projectId || s.sending || s.status !== 'ready') throw new ChatBusy();
    const current = run.id;
    s.startWaiting();
    s.patch({ sending: true });
    try {
      const answer = await call();
      if (!run.isCurrent(current, projectId)) return null;
      state().patch({ sending: false });
      takeAnswer(answer);
      state().settleWaiting();
      return answer;
    } catch (err) {
      if (run.isCurrent(current, projectId)) {
        state().patch({ sending: false });
        state().settleWaiting();
      }
      throw err;
    }
  }

  async function runGeneration(call: () => Promise<MessagesAnswer>): Promise<boolean> {
    try {
      await runTask(call);
      return true;
    } catch {
      return false;
    }
  }

  function generateDesigns(text = '', referenceImg: string | null = null): Promise<boolean> {
    if (isSendable(text)) return sendMessage(text, { isGenerate: true, referenceImg });
    const projectId = state().projectId;
    const logo = useProjectStore.getState().logo;
    return runGeneration(() => apiCall(chatCalls.imagine, { project_id: projectId ?? '', ...(logo ? { logo } : {}) }));
  }

  function retryMessage(m: ChatMessage): Promise<boolean> {
    if (isLocalMessage(m)) {
      state().removeMessages([m.msg_id]);
      return generateDesigns();
    }
    const next = (retryCounts.get(m.msg_id) ?? 0) + 1;
    retryCounts.set(m.msg_id, next);
    return runGeneration(() => apiCall(chatCalls.retry, { msg_id: m.msg_id, retry_num: next }));
  }

  function editDesign(imageUrl: string, msgId: string | null, content: string): Promise<boolean> {
    const projectId = state().projectId;
    if (!isSendable(content) || !projectId) return Promise.resolve(false);
    return runGeneration(() =>
      apiCall(chatCalls.editDesign, {
        project_id: projectId,
        image_url: imageUrl,
        content: content.trim(),
        ...(msgId && !msgId.startsWith('local-') ? { msg_id: msgId } : {}),
      }),
    );
  }

  return { takeAnswer, sendMessage, runTask, generateDesigns, retryMessage, editDesign };
}
