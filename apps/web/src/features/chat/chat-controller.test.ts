import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECORD_GIVE_UP_MS } from '@packsmith/contracts';
import { fail, mockFetch, ok, type Exchange } from '../../test-support';
import { useChatStore } from '../../stores/chat.store';
import { useHistoryStore } from '../../stores/history.store';
import { useProjectStore } from '../../stores/project.store';
import { useUiStore } from '../../stores/ui.store';
import { CATALOG, catalogBox, fakeSocket, msg, project, record, user } from './chat-test-kit';
import { resetClientState } from '../../test-stores';

vi.mock('socket.io-client', async () => (await import('./chat-test-kit')).socketModule());

const { closeChat, createChatProject, generateDesigns, openChat, sendMessage, toggleImageLike, chooseBoxOption, selectPanelBox, TIMEOUT_TEXT } = await import('./chat-controller');
const { useChatSession } = await import('./chat-session.store');

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

beforeEach(() => {
  resetClientState();
  fakeSocket.emitted.length = 0;
});

afterEach(() => {
  closeChat();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('chat start (SPEC §4)', () => {
  it('with a project id: joins the room, fetches the project and the last 100 messages; an empty history gets a hello', async () => {
    const { calls } = mockFetch(routes());
    expect(await openChat('p1')).toBe(true);
    expect(fakeSocket.emitted).toContainEqual({ event: 'chat:join_room', payload: { project_id: 'p1' } });
    const history = calls.find((c) => c.url.startsWith('/api/chat/history'));
    expect(new URL(history?.url ?? '', 'http://x').searchParams.get('count')).toBe('100');
    expect(paths(calls)).toContain('POST /api/chat/hello');
    expect(useChatStore.getState().messages.map((m) => m.content.type)).toEqual(['hello']);
    expect(useChatSession.getState().status).toBe('ready');
    expect(useHistoryStore.getState().find('p1')?.data).toHaveLength(1);
  });

  it('a chat with history gets no hello, and shows the local history before the server answers', async () => {
    useHistoryStore.getState().save({ id: 'p1', data: [msg({ msg_id: 'old', text: 'from last visit' })], timestamp: 1, project_data: {} });
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const { calls } = mockFetch(routes({ 'GET /api/chat/history': ok({ list: [msg({ msg_id: 'old', text: 'from last visit' }), msg({ msg_id: 'new' })], has_more: false }) }));
    const detail = vi.fn(async () => {
      await gate;
      return new Response(JSON.stringify({ code: 0, msg: 'SUCCESS', data: project() }));
    });
    const base = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => (String(input).startsWith('/api/project/detail') ? detail() : base(input, init)));
    const opened = openChat('p1');
    await vi.waitFor(() => expect(useChatStore.getState().messages.map((m) => m.msg_id)).toEqual(['old']));
    release();
    await opened;
    expect(useChatStore.getState().messages.map((m) => m.msg_id)).toEqual(['old', 'new']);
    expect(paths(calls)).not.toContain('POST /api/chat/hello');
  });

  it('a failure in the drawer closes the drawer; on the page it shows an error state', async () => {
    mockFetch(routes({ 'GET /api/project/detail': 'network-error' }));
    useUiStore.getState().open('chatDrawer');
    expect(await openChat('p1', { surface: 'drawer' })).toBe(false);
    expect(useUiStore.getState().chatDrawer).toBe(false);
    expect(useChatSession.getState().status).toBe('error');
  });

  it('without a project id: creates a design project (a fork with fid, a child from a parent image), once even when asked twice', async () => {
    const { calls } = mockFetch({
      'POST /api/project': ok(project({ project_id: 'fork1', fork_from: 'src' })),
      'POST /api/project/child': ok(project({ project_id: 'child1', type: 'childDesign' })),
    });
    const [a, b] = await Promise.all([createChatProject({ forkFrom: 'src' }), createChatProject({ forkFrom: 'src' })]);
    expect([a, b]).toEqual(['fork1', 'fork1']);
    expect(calls.filter((c) => c.url === '/api/project')).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ type: 'design', fork_from: 'src' });
    expect(await createChatProject({ child: { parentProjectId: 'p1', imageUrl: '/files/a.png' } })).toBe('child1');
    expect(calls.at(-1)?.body).toEqual({ parent_project_id: 'p1', edit_image_url: '/files/a.png' });
  });
});

describe('messages', () => {
  it('an empty or whitespace message is never sent', async () => {
    const { calls } = mockFetch(routes());
    await openChat('p1');
    expect(await sendMessage('   \n ')).toBe(false);
    expect(paths(calls)).not.toContain('POST /api/chat/message');
  });

  it('the answer and the same messages over the socket show once; the local copy is replaced', async () => {
    const userMsg = msg({ msg_id: 'u1', role: 'user', text: 'Green tea by Leaf & Co', create_at: 5_000 });
    const reply = msg({ msg_id: 'a1', text: 'Lovely. Which box?', create_at: 5_001 });
    mockFetch(routes({ 'POST /api/chat/message': ok({ messages: [userMsg, reply], record: null }) }));
    await openChat('p1');
    const sending = sendMessage('  Green tea by Leaf & Co ');
    expect(useChatStore.getState().messages.at(-1)?.msg_id.startsWith('local-')).toBe(true);
    fakeSocket.fire('chat:message', reply);
    await sending;
    fakeSocket.fire('chat:message', userMsg);
    const ids = useChatStore.getState().messages.map((m) => m.msg_id);
    expect(ids).toEqual(['hello', 'u1', 'a1']);
    expect(useChatSession.getState().pendingSince).toBeNull();
  });

  it('a box message reorders the panel and selects its first box; a click on a card sends it and selects it', async () => {
    const options = [catalogBox(701), catalogBox(201)];
    const { calls } = mockFetch(routes({ 'POST /api/chat/message': ok({ messages: [], record: null }) }));
    await openChat('p1');
    fakeSocket.fire('chat:message', msg({ type: 'box', text: 'Which box?', data: { box_options: options }, create_at: 9_000 }));
    expect(useChatSession.getState().suggestedBoxes.map((b) => b.box_id)).toEqual([701, 201]);
    expect(useProjectStore.getState()).toMatchObject({ boxId: 701, selectBoxInfo: { name: 'Beverage Can (330 ml)', value: 'beverage-can' } });
    const mailer = catalogBox(201);
    await chooseBoxOption(mailer);
    expect(useProjectStore.getState().boxId).toBe(201);
    expect(useProjectStore.getState().project.box[0]).toBe('mailer-box');
    expect(useProjectStore.getState().selectBoxInfo.name).toBe(mailer.name);
    expect(calls.find((c) => c.url === '/api/chat/message')?.body).toMatchObject({ content: mailer.name, is_generate: false });
  });

  it('a box picked in the side panel is saved with its id, and rolled back when refused', async () => {
    let reply: unknown = ok(project({ box: ['stand-up-pouch', 'mailer-box'], data: { box_id: 501 } }));
    const { calls } = mockFetch(routes({ 'GET /api/project/detail': ok(project({ box: ['mailer-box'], data: { box_id: 201 } })), 'PUT /api/project': () => reply as { body: unknown } }));
    await openChat('p1');
    expect(useProjectStore.getState().boxId).toBe(201);
    await selectPanelBox(catalogBox(501));
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ project_id: 'p1', data: { box: ['stand-up-pouch', 'mailer-box'], data: { box_id: 501 } } });
    expect(useProjectStore.getState()).toMatchObject({ boxId: 501, selectBoxInfo: { value: 'stand-up-pouch' } });
    reply = 'network-error';
    await selectPanelBox(catalogBox(101));
    expect(useProjectStore.getState()).toMatchObject({ boxId: 501, project: { box: ['stand-up-pouch', 'mailer-box'] } });
  });

  it('a brief update fills the project state (product, brand, styles, colours, box)', async () => {
    mockFetch(routes());
    await openChat('p1');
    const brief = { product: 'Green tea', brand: 'Leaf & Co', box: ['mailer-box'], box_id: 201, element: ['leaves'], style: ['minimalist'], color: ['sage'], logo: '' };
    fakeSocket.fire('chat:message', msg({ type: 'updateOptions', text: '', data: { brief } }));
    expect(useProjectStore.getState()).toMatchObject({ product: 'Green tea', brand: 'Leaf & Co', boxId: 201, selectBoxInfo: { name: 'Mailer Box (FEFCO 0427)' }, project: { style: ['minimalist'], color: ['sage'], element: ['leaves'] } });
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
    await openChat('p1');
    useProjectStore.getState().patch({ product: 'Tea', brand: 'Leaf' });
    await generateDesigns();
    expect(useChatSession.getState().generations.r1).toBeDefined();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(polls).toBeGreaterThanOrEqual(3);
    expect(polls).toBeLessThanOrEqual(5);
    expect(useChatSession.getState().generations.r1?.progress).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(RECORD_GIVE_UP_MS);
    expect(useChatSession.getState().generations.r1).toBeUndefined();
    const last = useChatStore.getState().messages.at(-1);
    expect(last?.content).toEqual({ message: TIMEOUT_TEXT, type: 'error' });
    const count = polls;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(polls).toBe(count);
    expect(count).toBeGreaterThanOrEqual(299);
    expect(count).toBeLessThanOrEqual(302);
  });

  it('socket progress feeds the bar; the answer arriving over the socket and in the history refetch shows once', async () => {
    const answer = msg({ msg_id: 'ans', type: 'answer', text: 'Here are your designs', data: { imageUrls: ['/files/1.png', '/files/2.png'], designs: [], record_id: 'r2', prompt_index: 0 }, create_at: 9_999 });
    mockFetch(
      routes({
        'POST /api/chat/message': ok({ messages: [msg({ role: 'user', text: 'make it' })], record: record({ id: 'r2' }) }),
        'GET /api/generate/record': ok(record({ id: 'r2', status: 'running', progress: 10 })),
      }),
    );
    await openChat('p1');
    await sendMessage('make it', { isGenerate: true });
    fakeSocket.fire('generate:progress', { record_id: 'r2', progress: 55, status: 'running' });
    expect(useChatSession.getState().generations.r2?.progress).toBe(55);
    mockFetch(routes({ 'GET /api/chat/history': ok({ list: [answer], has_more: false }) }));
    fakeSocket.fire('generate:done', { record_id: 'r2', record: record({ id: 'r2', status: 'done', progress: 100, data: {} }) });
    fakeSocket.fire('chat:message', answer);
    await vi.waitFor(() => expect(useChatSession.getState().generations.r2).toBeUndefined());
    expect(useChatStore.getState().messages.filter((m) => m.msg_id === 'ans')).toHaveLength(1);
    expect(useProjectStore.getState().result_image_list).toEqual(['/files/1.png', '/files/2.png']);
    expect(useChatSession.getState().pendingSince).toBeNull();
  });
});

describe('like, dislike, best', () => {
  it('shows at once, sends the press, undoes on a second press, and rolls back when refused', async () => {
    let answer: unknown = ok({ like_list: ['a.png'], dislike_list: [], like_best: null });
    const { calls } = mockFetch(routes({ 'POST /api/project/like/image': () => answer as { body: unknown } }));
    await openChat('p1');
    const first = toggleImageLike('a.png', 'like');
    expect(useChatSession.getState().likes.like_list).toEqual(['a.png']);
    await first;
    expect(calls.at(-1)?.body).toEqual({ project_id: 'p1', image_url: 'a.png', type: 'like' });
    answer = ok({ like_list: [], dislike_list: [], like_best: null });
    await toggleImageLike('a.png', 'like');
    expect(useChatSession.getState().likes.like_list).toEqual([]);
    answer = fail(403, 'This project belongs to someone else.');
    const refused = toggleImageLike('a.png', 'best');
    expect(useChatSession.getState().likes.like_best).toBe('a.png');
    await refused;
    expect(useChatSession.getState().likes.like_best).toBeNull();
  });
});
