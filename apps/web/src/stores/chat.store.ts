import { create } from 'zustand';
import type { ChatMessage } from '@packsmith/contracts';

/** Sorted by create_at ascending, one entry per msg_id; a later copy of a message replaces the earlier one. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const m of current) byId.set(m.msg_id, m);
  for (const m of incoming) byId.set(m.msg_id, m);
  return [...byId.values()].sort((a, b) => a.create_at - b.create_at);
}

/** SPEC §5: a message whose trimmed length is 0 is empty and not sent. */
export function isSendable(text: string): boolean {
  return text.trim().length > 0;
}

export interface ChatStore {
  messages: ChatMessage[];
  draft: string;
  /** Waiting for an assistant answer. */
  waiting: boolean;
  addMessages(messages: readonly ChatMessage[]): void;
  /** Drops messages by id (a local copy the server's message stands for). */
  removeMessages(ids: readonly string[]): void;
  setDraft(text: string): void;
  /** Returns the trimmed text to send and clears the draft, or null when the draft is empty. */
  takeDraft(): string | null;
  setWaiting(value: boolean): void;
  reset(): void;
}

export const useChatStore = create<ChatStore>()((set, get) => ({
  messages: [],
  draft: '',
  waiting: false,
  addMessages: (messages) => set({ messages: mergeMessages(get().messages, messages) }),
  removeMessages(ids) {
    if (ids.length === 0) return;
    const drop = new Set(ids);
    set({ messages: get().messages.filter((m) => !drop.has(m.msg_id)) });
  },
  setDraft: (draft) => set({ draft }),
  takeDraft() {
    const text = get().draft;
    if (!isSendable(text)) return null;
    set({ draft: '' });
    return text.trim();
  },
  setWaiting: (waiting) => set({ waiting }),
  reset: () => set({ messages: [], draft: '', waiting: false }),
}));
