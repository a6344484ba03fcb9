import { create } from 'zustand';
import type { CallData, GenerateRecord, projectCalls } from '@packsmith/contracts';
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

export interface ChatSessionState {
  projectId: string | null;
  surface: ChatSurface;
  status: ChatStatus;
  error: string | null;
  project: ProjectDetail | null;
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
  patch(values: Partial<Omit<ChatSessionState, 'patch' | 'reset'>>): void;
  reset(): void;
}

type Data = Omit<ChatSessionState, 'patch' | 'reset'>;

function initial(): Data {
  return {
    projectId: null,
    surface: 'page',
    status: 'idle',
    error: null,
    project: null,
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

export const useChatSession = create<ChatSessionState>()((set, get) => ({
  ...initial(),
  patch: (values) => set(values),
  // The box catalogue is the same for every project: a new chat keeps it.
  reset: () => set({ ...initial(), catalog: get().catalog, catalogStatus: get().catalogStatus === 'ready' ? 'ready' : 'idle' }),
}));
