import { createStore, type StoreApi } from 'zustand';
import type { CallData, ChatMessage, GenerateRecord, projectCalls } from '@packsmith/contracts';
import type { BoxCategoryGroup } from './box-rules';
import type { BoxOption } from './chat-data';
import { NO_LIKES, type ImageLikes } from './image-likes';

export type ProjectDetail = CallData<typeof projectCalls.detail>;
export type ChatStatus = 'idle' | 'starting' | 'ready' | 'error';
/** Where the chat is shown: the design-chat page, or the drawer of the other chat types (SPEC §2). */
export type ChatSurface = 'page' | 'drawer';

/** One running generation and its progress bar. */
export interface Generation {
  recordId: string;
  progress: number;
  status: GenerateRecord['status'];
  startedAt: number;
}

/** Everything one open chat shows: its conversation, its draft, and how far it got. */
export interface ChatState {
  projectId: string | null;
  surface: ChatSurface;
  status: ChatStatus;
  error: string | null;
  project: ProjectDetail | null;
  /** Sorted by create_at ascending, one entry per msg_id. */
  messages: ChatMessage[];
  draft: string;
  sending: boolean;
  /** When the visitor started waiting for an answer (SPEC §4 Waiting); null when nothing is awaited. */
  pendingSince: number | null;
  generations: Record<string, Generation>;
  likes: ImageLikes;
  catalog: BoxCategoryGroup[] | null;
  catalogStatus: 'idle' | 'loading' | 'ready' | 'error';
  /** The boxes of the latest `box` message: their categories lead the box panel. */
  suggestedBoxes: BoxOption[];
  /** The full-screen preview (the imageSwiper flag shows it). */
  preview: { images: string[]; index: number } | null;
}

export interface ChatActions {
  patch(values: Partial<ChatState>): void;
  addMessages(messages: readonly ChatMessage[]): void;
  /** Drops messages by id (a local copy the server's message stands for). */
  removeMessages(ids: readonly string[]): void;
  setDraft(text: string): void;
  /** Returns the trimmed text to send and clears the draft, or null when the draft is empty. */
  takeDraft(): string | null;
  startWaiting(): void;
  /** The wait is over when nothing is being sent or generated. */
  settleWaiting(): void;
  addGeneration(generation: Generation): void;
  updateGeneration(recordId: string, progress: number, status: Generation['status']): void;
  dropGeneration(recordId: string): void;
  /** Back to an empty chat; the box catalogue is the same for every project, so it stays. */
  reset(): void;
}

export type ChatStore = ChatState & ChatActions;
export type ChatStoreApi = StoreApi<ChatStore>;

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

function initial(): ChatState {
  return {
    projectId: null,
    surface: 'page',
    status: 'idle',
    error: null,
    project: null,
    messages: [],
    draft: '',
    sending: false,
    pendingSince: null,
    generations: {},
    likes: NO_LIKES,
    catalog: null,
    catalogStatus: 'idle',
    suggestedBoxes: [],
    preview: null,
  };
}

/** The state of one chat (one per chat screen or drawer, so two chats can be open side by side). */
export function createChatStore(): ChatStoreApi {
  return createStore<ChatStore>()((set, get) => ({
    ...initial(),
    patch: (values) => set(values),
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
    startWaiting() {
      if (get().pendingSince === null) set({ pendingSince: Date.now() });
    },
    settleWaiting() {
      const s = get();
      if (!s.sending && Object.keys(s.generations).length === 0 && s.pendingSince !== null) set({ pendingSince: null });
    },
    addGeneration: (g) => set({ generations: { ...get().generations, [g.recordId]: g } }),
    updateGeneration(recordId, progress, status) {
      const g = get().generations[recordId];
      if (!g) return;
      // Socket and polling report the same record: the bar never moves backwards.
      set({ generations: { ...get().generations, [recordId]: { ...g, progress: Math.max(g.progress, progress), status } } });
    },
    dropGeneration(recordId) {
      const { [recordId]: dropped, ...rest } = get().generations;
      if (dropped) set({ generations: rest });
    },
    reset: () => set({ ...initial(), catalog: get().catalog, catalogStatus: get().catalogStatus === 'ready' ? 'ready' : 'idle' }),
  }));
}
