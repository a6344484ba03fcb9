import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, type User } from '@packsmith/contracts';
import { configureCatalogue } from '../api/error-catalogue';
import { reacquireSession } from '../api/current-user';
import { useSessionStore } from '../stores/session.store';
import { useUiStore } from '../stores/ui.store';
import { mockFetch, ok, type Exchange } from '../test-support';
import { navigationGuard } from './guard';

const user = (type: 'guest' | 'user', id = 'u1'): User => ({
  user_id: id,
  type,
  email: type === 'user' ? 'a@b.co' : null,
  name: null,
  avatar: null,
  mockup_service: { user_id: null },
  vip_type: 'normal',
  vip_expire_time: null,
  is_admin: false,
  credit: 100,
  subscriptions: [],
  generate_num: { design_generate_num: 2, edit_generate_num: 2 },
  vip_upgrade_list: [],
  editor_used: false,
  likeList: [],
  created_at: 0,
});

const run = (url: string) =>
  navigationGuard({ request: new Request(`http://app.test${url}`), params: {}, context: {} } as Parameters<typeof navigationGuard>[0]);

beforeEach(() => {
  localStorage.clear();
  useSessionStore.getState().reset();
  useUiStore.getState().reset();
  configureCatalogue({ navigate: () => {}, pathname: () => '/', reacquireSession });
});
afterEach(() => vi.unstubAllGlobals());

describe('navigation rules (SPEC §2)', () => {
  it('stores a token query parameter as the session token and drops it from the URL', async () => {
    mockFetch({});
    const res = await run('/pricing?token=from-link&ref=x').catch((e: unknown) => e);
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).headers.get('Location')).toBe('/pricing?ref=x');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('from-link');
  });

  it('without a stored token, waits for a guest session and its user', async () => {
    mockFetch({ 'POST /api/user/guest_login': ok({ token: 'g1' }), 'GET /api/user/me': ok(user('guest')) });
    await run('/');
    expect(useSessionStore.getState().token).toBe('g1');
    expect(useSessionStore.getState().user?.type).toBe('guest');
  });

  it('with a token, proceeds at once and loads the user in the background', async () => {
    useSessionStore.getState().setToken('t', 'user');
    let release: (() => void) | undefined;
    const gate = new Promise<void>((r) => (release = r));
    const calls: Exchange[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push({ method: 'GET', url, headers: {}, body: undefined });
        await gate;
        return new Response(JSON.stringify({ code: 0, msg: 'SUCCESS', data: user('user') }));
      }),
    );
    await run('/pricing');
    expect(calls.map((c) => c.url)).toEqual(['/api/user/me']);
    expect(useSessionStore.getState().user).toBeNull();
    release?.();
    await vi.waitFor(() => expect(useSessionStore.getState().user?.type).toBe('user'));
  });

  it('on /my_project, waits for the user even with a token', async () => {
    useSessionStore.getState().setToken('t', 'user');
    mockFetch({ 'GET /api/user/me': ok(user('user')) });
    await run('/my_project');
    expect(useSessionStore.getState().user?.type).toBe('user');
  });

  it('on /my_project with an invalid token, waits for the replacement guest', async () => {
    useSessionStore.getState().setToken('bad', 'user');
    mockFetch({
      'GET /api/user/me': (ex) => (ex.headers.authorization === 'Bearer bad' ? { body: { code: 402, msg: 'expired', data: null } } : ok(user('guest', 'g'))),
      'POST /api/user/guest_login': ok({ token: 'fresh-guest' }),
    });
    await run('/my_project');
    expect(useSessionStore.getState().token).toBe('fresh-guest');
    expect(useUiStore.getState().loginModal).toBe(true);
    await vi.waitFor(() => expect(useSessionStore.getState().user?.user_id).toBe('g'));
  });

  it('origin=wiki opens the login dialog for visitors who are not signed in only', async () => {
    mockFetch({ 'POST /api/user/guest_login': ok({ token: 'g1' }), 'GET /api/user/me': ok(user('guest')) });
    await run('/?origin=wiki');
    expect(useUiStore.getState().loginModal).toBe(true);

    useUiStore.getState().reset();
    useSessionStore.getState().setToken('u', 'user');
    mockFetch({ 'GET /api/user/me': ok(user('user')) });
    await run('/?origin=wiki');
    expect(useUiStore.getState().loginModal).toBe(false);
  });
});
