import { vi } from 'vitest';
import { boxCatalog, type ChatMessage, type GenerateRecord, type User } from '@packsmith/contracts';
import type { ProjectDetail } from './chat.store';

/*
 * Stand-ins for the chat's unit tests: a socket.io client whose server events a test fires by hand,
 * and fixtures shaped exactly like the contracts' answers. Mock fetch with test-support's mockFetch.
 */

type Handler = (...args: never[]) => void;

export const fakeSocket = (() => {
  const handlers = new Map<string, Set<Handler>>();
  const emitted: { event: string; payload: unknown }[] = [];
  const socket = {
    emitted,
    on(event: string, fn: Handler) {
      const set = handlers.get(event) ?? new Set<Handler>();
      set.add(fn);
      handlers.set(event, set);
      return socket;
    },
    off(event: string, fn: Handler) {
      handlers.get(event)?.delete(fn);
      return socket;
    },
    timeout: () => socket,
    emitWithAck: vi.fn(async (event: string, payload: unknown) => {
      emitted.push({ event, payload });
      return { code: 0, msg: 'SUCCESS' };
    }),
    disconnect: vi.fn(),
    /** A server event arriving. */
    fire(event: string, ...args: unknown[]) {
      for (const fn of handlers.get(event) ?? []) (fn as (...a: unknown[]) => void)(...args);
    },
  };
  return socket;
})();

export const socketModule = () => ({ io: vi.fn(() => fakeSocket) });

let seq = 0;
export function msg(over: Partial<ChatMessage> & { type?: ChatMessage['content']['type']; text?: string } = {}): ChatMessage {
  seq += 1;
  const { type = 'text', text = `message ${seq}`, ...rest } = over;
  return {
    msg_id: `m${seq}`,
    project_id: 'p1',
    role: 'assistant',
    isloading: false,
    time: 1_000 + seq,
    content: { message: text, type },
    data: {},
    reference_img: null,
    create_at: 1_000 + seq,
    ...rest,
  };
}

export function project(over: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    project_id: 'p1',
    type: 'design',
    name: 'Untitled design',
    product: '',
    brand: '',
    logo: '',
    box: [],
    element: [],
    style: [],
    color: [],
    default_design_area: null,
    like_list: [],
    dislike_list: [],
    like_best: null,
    analyze_list: [],
    result_list: [],
    extracted_coordinates: null,
    data: {},
    parent_project_id: null,
    fork_from: null,
    is_public: false,
    view_count: 0,
    like_count: 0,
    create_at: 1,
    update_at: 1,
    children: [],
    ...over,
  };
}

export function record(over: Partial<GenerateRecord> = {}): GenerateRecord {
  return { id: 'r1', project_id: 'p1', kind: 'design', status: 'queued', progress: 0, data: null, error: null, create_at: 1, update_at: 1, ...over };
}

export function user(over: Partial<User> = {}): User {
  return {
    user_id: 'u1',
    type: 'user',
    email: 'a@example.com',
    name: 'Ada',
    avatar: null,
    mockup_service: { user_id: null },
    vip_type: 'normal',
    vip_expire_time: null,
    is_admin: false,
    credit: 100,
    subscriptions: [],
    generate_num: { design_generate_num: 4, edit_generate_num: 4 },
    vip_upgrade_list: [],
    editor_used: false,
    likeList: [],
    created_at: 1,
    ...over,
  };
}

/** GET /api/catalog/boxes as the server builds it from the shared catalogue. */
export const CATALOG = {
  categories: boxCatalog().map(({ category, boxes }) => ({
    name: category.name,
    boxes: boxes.map((b) => ({ box_id: b.id, name: b.name, category: category.name, slug: b.slug })),
  })),
};

export function catalogBox(id: number) {
  const found = CATALOG.categories.flatMap((c) => c.boxes).find((b) => b.box_id === id);
  if (!found) throw new Error(`no box ${id} in the catalogue`);
  return found;
}
