import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECORD_GIVE_UP_MS } from '@packsmith/contracts';
import { fail, mockFetch, ok, urlOf, type Exchange } from '../../test-support';
import { usePricingStore } from '../../stores/pricing.store';
import { useProjectStore } from '../../stores/project.store';
import { useUiStore } from '../../stores/ui.store';
import { TIMEOUT_TEXT } from './chat-data';
import { createChatStore } from './chat.store';
import { CATALOG, catalogBox, fakeSocket, msg, project, record, user } from './chat-test-kit';
import { readLocalHistory, saveLocalHistory } from './local-history';
import { resetClientState } from '../../test-stores';
import type { ChatController } from './chat-controller';

vi.mock('socket.io-client', async () => (await import('./chat-test-kit')).socketModule());

const { createChatController } = await import('./chat-controller');

type Routes = Parameters<typeof mockFetch>[0];

function routes(extra: Routes = {}): Routes {
  return {
    'GET /api/project/detail': ok(project()),
    'GET /api/chat/history': ok({ list: [], has_more: false }),
    'POST /api/chat/hello': ok({ messages: [msg({ msg_id: 'hello', type: 'hello', text: 'Hi! What are we packaging today?' })], record: null }),
    'GET /api/catalog/boxes': ok(CATALOG),
    'GET /api/user/me': ok(user()),
    'GET /api/project/info': ok(project()),
    ...extra,
  };
}

const paths = (calls: Exchange[]) => calls.map((c) => `${c.method} ${c.url.split('?')[0]}`);

/** Each test's own chat, as a screen makes it: nothing is shared with the next test. */
let chat: ChatController;
const state = () => chat.store.getState();

beforeEach(() => {
  resetClientState();
  fakeSocket.emitted.length = 0;
  chat = createChatController({ store: createChatStore() });
});

afterEach(() => {
  chat.dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('chat start (SPEC §4)', () => {
  it('with a project id: joins the room, fetches the project and the last 100 messages; an empty history gets a hello', async () => {
    const { calls } = mockFetch(routes());
    expect(await chat.openChat('p1')).toBe(true);
    expect(fakeSocket.emitted).toContainEqual({ event: 'chat:join_room', payload: { project_id: 'p1' } });
    const history = calls.find((c) => c.url.startsWith('/api/chat/history'));
    expect(new URL(history?.url ?? '', 'http://x').searchParams.get('count')).toBe('100');
    expect(paths(calls)).toContain('POST /api/chat/hello');
    expect(state().messages.map((m) => m.content.type)).toEqual(['hello']);
    expect(state().status).toBe('ready');
    expect(readLocalHistory().find((r) => r.id === 'p1')?.data).toHaveLength(1);
  });

  it('a chat with history gets no hello, and shows the local history before the server answers', async () => {
    saveLocalHistory({ id: 'p1', data: [msg({ msg_id: 'old', text: 'from last visit' })], timestamp: 1, project_data: {} });
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { calls } = mockFetch(
      routes({ 'GET /api/chat/history': ok({ list: [msg({ msg_id: 'old', text: 'from last visit' }), msg({ msg_id: 'new' })], has_more: false }) }),
    );
    const detail = vi.fn(async () => {
      await gate;
      return new Response(JSON.stringify({ code: 0, msg: 'SUCCESS', data: project() }));
    });
    const base = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => (urlOf(input).startsWith('/api/project/detail') ? detail() : base(input, init)));
    const opened = chat.openChat('p1');
    await vi.waitFor(() => expect(state().messages.map((m) => m.msg_id)).toEqual(['old']));
    release();
    await opened;
    expect(state().messages.map((m) => m.msg_id)).toEqual(['old', 'new']);
    expect(paths(calls)).not.toContain('POST /api/chat/hello');
  });

  it('a failure in the drawer closes the drawer; on the page it shows an error state', async () => {
    mockFetch(routes({ 'GET /api/project/detail': 'network-error' }));
    useUiStore.getState().open('chatDrawer');
    expect(await chat.openChat('p1', { surface: 'drawer' })).toBe(false);
    expect(useUiStore.getState().chatDrawer).toBe(false);
    expect(state().status).toBe('error');
  });

  it('without a project id: creates a design project (a fork with fid, a child from a parent image), once even when asked twice', async () => {
    const { calls } = mockFetch({
      'POST /api/project': ok(project({ project_id: 'fork1', fork_from: 'src' })),
      'POST /api/project/child': ok(project({ project_id: 'child1', type: 'childDesign' })),
    });
    const [a, b] = await Promise.all([chat.createChatProject({ forkFrom: 'src' }), chat.createChatProject({ forkFrom: 'src' })]);
    expect([a, b]).toEqual(['fork1', 'fork1']);
    expect(calls.filter((c) => c.url === '/api/project')).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ type: 'design', fork_from: 'src' });
    expect(await chat.createChatProject({ child: { parentProjectId: 'p1', imageUrl: '/files/a.png' } })).toBe('child1');
    expect(calls.at(-1)?.body).toEqual({ parent_project_id: 'p1', edit_image_url: '/files/a.png' });
  });
});

describe('new chat (SPEC §4)', () => {
  it('resets the chat and the project and pricing state at once; the box catalogue stays', async () => {
    mockFetch(routes());
    await chat.openChat('p1');
    useProjectStore.getState().patch({ product: 'Tea' });
    usePricingStore.getState().select({ title: 'Product', name: 'p', value: 'tea' });
    chat.newChat();
    expect(state()).toMatchObject({ projectId: null, status: 'idle', messages: [], catalogStatus: 'ready' });
    expect(useProjectStore.getState().product).toBe('');
    expect(usePricingStore.getState().selections).toEqual([]);
  });
});

describe('messages', () => {
  it('an empty or whitespace message is never sent', async () => {
    const { calls } = mockFetch(routes());
    await chat.openChat('p1');
    expect(await chat.sendMessage('   \n ')).toBe(false);
    expect(paths(calls)).not.toContain('POST /api/chat/message');
  });

  it('the answer and the same messages over the socket show once; the local copy is replaced', async () => {
    const userMsg = msg({ msg_id: 'u1', role: 'user', text: 'Green tea by Leaf & Co', create_at: 5_000 });
    const reply = msg({ msg_id: 'a1', text: 'Lovely. Which box?', create_at: 5_001 });
    mockFetch(routes({ 'POST /api/chat/message': ok({ messages: [userMsg, reply], record: null }) }));
    await chat.openChat('p1');
    const sending = chat.sendMessage('  Green tea by Leaf & Co ');
    expect(state().messages.at(-1)?.msg_id.startsWith('local-')).toBe(true);
    fakeSocket.fire('chat:message', reply);
    await sending;
    fakeSocket.fire('chat:message', userMsg);
    const ids = state().messages.map((m) => m.msg_id);
    expect(ids).toEqual(['hello', 'u1', 'a1']);
    expect(state().pendingSince).toBeNull();
  });

  it('a box message reorders the panel and selects its first box; a click on a card sends it and selects it', async () => {
    const options = [catalogBox(701), catalogBox(201)];
    const { calls } = mockFetch(routes({ 'POST /api/chat/message': ok({ messages: [], record: null }) }));
    await chat.openChat('p1');
    fakeSocket.fire('chat:message', msg({ type: 'box', text: 'Which box?', data: { box_options: options }, create_at: 9_000 }));
    expect(state().suggestedBoxes.map((b) => b.box_id)).toEqual([701, 201]);
    expect(useProjectStore.getState()).toMatchObject({ boxId: 701, selectBoxInfo: { name: 'Beverage Can (330 ml)', value: 'beverage-can' } });
    const mailer = catalogBox(201);
    await chat.chooseBoxOption(mailer);
    expect(useProjectStore.getState().boxId).toBe(201);
    expect(useProjectStore.getState().project.box[0]).toBe('mailer-box');
    expect(useProjectStore.getState().selectBoxInfo.name).toBe(mailer.name);
    expect(calls.find((c) => c.url === '/api/chat/message')?.body).toMatchObject({ content: mailer.name, is_generate: false });
  });

  it('a box picked in the side panel is saved with its id, and rolled back when refused', async () => {
    let reply: unknown = ok(project({ box: ['stand-up-pouch', 'mailer-box'], data: { box_id: 501 } }));
    const { calls } = mockFetch(
      routes({ 'GET /api/project/detail': ok(project({ box: ['mailer-box'], data: { box_id: 201 } })), 'PUT /api/project': () => reply as { body: unknown } }),
    );
    await chat.openChat('p1');
    expect(useProjectStore.getState().boxId).toBe(201);
    await chat.selectPanelBox(catalogBox(501));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ project_id: 'p1', data: { box: ['stand-up-pouch', 'mailer-box'], data: { box_id: 501 } } });
    expect(useProjectStore.getState()).toMatchObject({ boxId: 501, selectBoxInfo: { value: 'stand-up-pouch' } });
    reply = 'network-error';
    await chat.selectPanelBox(catalogBox(101));
    expect(useProjectStore.getState()).toMatchObject({ boxId: 501, project: { box: ['stand-up-pouch', 'mailer-box'] } });
  });

  it('a brief update fills the project state (product, brand, styles, colours, box)', async () => {
    mockFetch(routes());
    await chat.openChat('p1');
    const brief = {
      product: 'Green tea',
      brand: 'Leaf & Co',
      box: ['mailer-box'],
      box_id: 201,
      element: ['leaves'],
      style: ['minimalist'],
      color: ['sage'],
      logo: '',
    };
    fakeSocket.fire('chat:message', msg({ type: 'updateOptions', text: '', data: { brief } }));
    expect(useProjectStore.getState()).toMatchObject({
      product: 'Green tea',
      brand: 'Leaf & Co',
      boxId: 201,
      selectBoxInfo: { name: 'Mailer Box (FEFCO 0427)' },
      project: { style: ['minimalist'], color: ['sage'], element: ['leaves'] },
    });
  });
});

describe('generations', () => {
  it('polls the record every second, shows progress, and gives up after 5 minutes with an error message', async () => {
    vi.useFakeTimers();
    let polls = 0;
    mockFetch(
      routes({
        'POST /api/paint/imagine': ok({ messages: [], record: record({ id: 'r1' }) }),
        'GET /api/generate/record': () => {
          polls += 1;
          return ok(record({ id: 'r1', status: 'running', progress: Math.min(polls, 90) }));
        },
      }),
    );
    await chat.openChat('p1');
    useProjectStore.getState().patch({ product: 'Tea', brand: 'Leaf' });
    await chat.generateDesigns();
    expect(state().generations.r1).toBeDefined();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(polls).toBeGreaterThanOrEqual(3);
    expect(polls).toBeLessThanOrEqual(5);
    expect(state().generations.r1?.progress).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(RECORD_GIVE_UP_MS);
    expect(state().generations.r1).toBeUndefined();
    const last = state().messages.at(-1);
    expect(last?.content).toEqual({ message: TIMEOUT_TEXT, type: 'error' });
    const count = polls;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(polls).toBe(count);
    expect(count).toBeGreaterThanOrEqual(299);
    expect(count).toBeLessThanOrEqual(302);
  });

  it('socket progress feeds the bar; the answer arriving over the socket and in the history refetch shows once', async () => {
    const answer = msg({
      msg_id: 'ans',
      type: 'answer',
      text: 'Here are your designs',
      data: { imageUrls: ['/files/1.png', '/files/2.png'], designs: [], record_id: 'r2', prompt_index: 0 },
      create_at: 9_999,
    });
    mockFetch(
      routes({
        'POST /api/chat/message': ok({ messages: [msg({ role: 'user', text: 'make it' })], record: record({ id: 'r2' }) }),
        'GET /api/generate/record': ok(record({ id: 'r2', status: 'running', progress: 10 })),
      }),
    );
    await chat.openChat('p1');
    await chat.sendMessage('make it', { isGenerate: true });
    fakeSocket.fire('generate:progress', { record_id: 'r2', progress: 55, status: 'running' });
    expect(state().generations.r2?.progress).toBe(55);
    mockFetch(routes({ 'GET /api/chat/history': ok({ list: [answer], has_more: false }) }));
    fakeSocket.fire('generate:done', { record_id: 'r2', record: record({ id: 'r2', status: 'done', progress: 100, data: {} }) });
    fakeSocket.fire('chat:message', answer);
    await vi.waitFor(() => expect(state().generations.r2).toBeUndefined());
    expect(state().messages.filter((m) => m.msg_id === 'ans')).toHaveLength(1);
    expect(useProjectStore.getState().result_image_list).toEqual(['/files/1.png', '/files/2.png']);
    expect(state().pendingSince).toBeNull();
  });
});

describe('like, dislike, best', () => {
  it('shows at once, sends the press, undoes on a second press, and rolls back when refused', async () => {
    let answer: unknown = ok({ like_list: ['a.png'], dislike_list: [], like_best: null });
    const { calls } = mockFetch(routes({ 'POST /api/project/like/image': () => answer as { body: unknown } }));
    await chat.openChat('p1');
    const first = chat.toggleImageLike('a.png', 'like');
    expect(state().likes.like_list).toEqual(['a.png']);
    await first;
    expect(calls.at(-1)?.body).toEqual({ project_id: 'p1', image_url: 'a.png', type: 'like' });
    answer = ok({ like_list: [], dislike_list: [], like_best: null });
    await chat.toggleImageLike('a.png', 'like');
    expect(state().likes.like_list).toEqual([]);
    answer = fail(403, 'This project belongs to someone else.');
    const refused = chat.toggleImageLike('a.png', 'best');
    expect(state().likes.like_best).toBe('a.png');
    await refused;
    expect(state().likes.like_best).toBeNull();
  });
});

describe('two chats at once', () => {
  const param = (ex: Exchange, name: string) => new URL(ex.url, 'http://x').searchParams.get(name) ?? '';
  const bodyOf = (ex: Exchange) => ex.body as { project_id: string; image_url?: string };

  /** Two projects, p1 and p2: each call answers for the project it names; record r-pN belongs to pN. */
  function twoProjects(extra: Routes = {}): Routes {
    return routes({
      'GET /api/project/detail': (ex) => ok(project({ project_id: param(ex, 'project_id') })),
      'POST /api/chat/hello': (ex) => ok({ messages: [msg({ project_id: bodyOf(ex).project_id, type: 'hello', text: 'Hi!' })], record: null }),
      'POST /api/paint/imagine': (ex) => ok({ messages: [], record: record({ id: `r-${bodyOf(ex).project_id}`, project_id: bodyOf(ex).project_id }) }),
      'GET /api/generate/record': (ex) => ok(record({ id: param(ex, 'id'), project_id: param(ex, 'id').slice(2), status: 'running', progress: 10 })),
      'POST /api/project/like/image': (ex) => ok({ like_list: [bodyOf(ex).image_url], dislike_list: [], like_best: null }),
      'POST /api/chat/message': (ex) =>
        ok({ messages: [msg({ project_id: bodyOf(ex).project_id, role: 'user', text: 'Still here', create_at: 99_999 })], record: null }),
      ...extra,
    });
  }

  it('each follows its own project: an event for one leaves the other as it was; disposing one leaves the other working', async () => {
    const { calls } = mockFetch(twoProjects());
    const other = createChatController({ store: createChatStore() });
    const theirs = () => other.store.getState();
    try {
      expect(await chat.openChat('p1')).toBe(true);
      expect(await other.openChat('p2')).toBe(true);
      expect(fakeSocket.emitted).toEqual(
        expect.arrayContaining([
          { event: 'chat:join_room', payload: { project_id: 'p1' } },
          { event: 'chat:join_room', payload: { project_id: 'p2' } },
        ]),
      );
      expect(state().messages.map((m) => m.project_id)).toEqual(['p1']);
      expect(theirs().messages.map((m) => m.project_id)).toEqual(['p2']);

      // A message for the second chat's project reaches only that chat.
      fakeSocket.fire('chat:message', msg({ msg_id: 'for-p2', project_id: 'p2', text: 'Only for p2' }));
      expect(theirs().messages.map((m) => m.msg_id)).toContain('for-p2');
      expect(state().messages.map((m) => m.msg_id)).not.toContain('for-p2');

      // A run in the first chat: its progress moves that chat's bar; the other checks the record and lets it go.
      await chat.generateDesigns();
      fakeSocket.fire('generate:progress', { record_id: 'r-p1', progress: 40, status: 'running' });
      expect(state().generations['r-p1']?.progress).toBe(40);
      await vi.waitFor(() => expect(theirs().generations).toEqual({}));
      expect(theirs().pendingSince).toBeNull();

      // Likes are each chat's own.
      await chat.toggleImageLike('a.png', 'like');
      expect(state().likes.like_list).toEqual(['a.png']);
      expect(theirs().likes.like_list).toEqual([]);

      // Disposing the first chat: its room is left, its polls stop, and it hears nothing more.
      chat.dispose();
      expect(fakeSocket.emitted).toContainEqual({ event: 'chat:leave_room', payload: { project_id: 'p1' } });
      expect(fakeSocket.emitted).not.toContainEqual({ event: 'chat:leave_room', payload: { project_id: 'p2' } });
      expect(state().generations).toEqual({});
      const before = state().messages;
      fakeSocket.fire('chat:message', msg({ msg_id: 'late-p1', project_id: 'p1' }));
      expect(state().messages).toBe(before);

      // The second chat goes on: it still hears its room and still sends.
      fakeSocket.fire('chat:message', msg({ msg_id: 'still-p2', project_id: 'p2' }));
      expect(theirs().messages.map((m) => m.msg_id)).toContain('still-p2');
      expect(await other.sendMessage('Still here')).toBe(true);
      expect(calls.filter((c) => c.url === '/api/chat/message').map((c) => bodyOf(c).project_id)).toEqual(['p2']);
    } finally {
      other.dispose();
    }
  });

  it('two chats on one project: the first to close leaves the other in the room', async () => {
    mockFetch(twoProjects());
    const other = createChatController({ store: createChatStore() });
    try {
      expect(await chat.openChat('p1')).toBe(true);
      expect(await other.openChat('p1')).toBe(true);
      const leaves = () => fakeSocket.emitted.filter((e) => e.event === 'chat:leave_room');
      chat.dispose();
      expect(leaves()).toEqual([]);
      fakeSocket.fire('chat:message', msg({ msg_id: 'after-close', project_id: 'p1' }));
      expect(other.store.getState().messages.map((m) => m.msg_id)).toContain('after-close');
      other.dispose();
      expect(leaves()).toEqual([{ event: 'chat:leave_room', payload: { project_id: 'p1' } }]);
    } finally {
      other.dispose();
    }
  });
});
