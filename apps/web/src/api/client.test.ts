import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GATE_MESSAGES, Msg, STORAGE_KEYS, projectCalls, userCalls } from '@packsmith/contracts';
import { useSessionStore } from '../stores/session.store';
import { useUiStore } from '../stores/ui.store';
import { fail, mockFetch, ok } from '../test-support';
import { apiCall, quietCall } from './client';
import { ApiError, configureCatalogue } from './error-catalogue';

const navigate = vi.fn<(to: string) => void>();
const reacquireSession = vi.fn(async () => {});
let pathname = '/';

function signInAs(type: 'guest' | 'user', token = 'tok-1') {
  useSessionStore.getState().setToken(token, type);
}

const toastTexts = () => useUiStore.getState().toasts.map((t) => t.text);

beforeEach(() => {
  localStorage.clear();
  useSessionStore.getState().reset();
  useUiStore.getState().reset();
  navigate.mockReset();
  reacquireSession.mockReset();
  pathname = '/';
  configureCatalogue({ navigate, reacquireSession, pathname: () => pathname });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiCall shared behaviour (SPEC §7)', () => {
  it('sends the stored token as Bearer and GET input as the query string under base path /', async () => {
    signInAs('user', 'abc');
    const { calls } = mockFetch({ 'GET /api/project/list': ok({ list: [], total: 0 }) });
    const data = await apiCall(projectCalls.list, { page_index: 2, page_size: 10 });
    expect(data).toEqual({ list: [], total: 0 });
    expect(calls[0]?.url).toBe('/api/project/list?page_index=2&page_size=10');
    expect(calls[0]?.headers.authorization).toBe('Bearer abc');
  });

  it('sends other methods as a JSON body', async () => {
    signInAs('user');
    const { calls } = mockFetch({ 'PUT /api/project/name': ok({ project_id: 'p1', name: 'Tea' }) });
    await apiCall(projectCalls.rename, { project_id: 'p1', name: 'Tea' });
    expect(calls[0]?.body).toEqual({ project_id: 'p1', name: 'Tea' });
    expect(calls[0]?.headers['content-type']).toBe('application/json');
  });

  it('fetches one guest token first when none is stored, even for concurrent calls', async () => {
    let guests = 0;
    const { calls } = mockFetch({
      'POST /api/user/guest_login': () => {
        guests += 1;
        return ok({ token: `guest-${guests}` });
      },
      'GET /api/user/info': ok({}),
    });
    await Promise.all([apiCall(userCalls.info, {}), apiCall(userCalls.info, {}), apiCall(userCalls.info, {})]);
    expect(guests).toBe(1);
    expect(calls.filter((c) => c.url.startsWith('/api/user/info')).every((c) => c.headers.authorization === 'Bearer guest-1')).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('guest-1');
    expect(localStorage.getItem(STORAGE_KEYS.tokenMarker)).toBe('guest');
    expect(localStorage.getItem(STORAGE_KEYS.guestToken)).toBe('guest-1');
  });

  it('gives up after the timeout with "Error: Network Error"', async () => {
    vi.useFakeTimers();
    signInAs('user');
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = apiCall(userCalls.info, {}).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(179_999);
    expect(toastTexts()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBeInstanceOf(ApiError);
    expect(toastTexts()).toEqual([Msg.networkError]);
  });
});

describe('error catalogue (SPEC §8)', () => {
  it('401 opens the login modal', async () => {
    signInAs('guest');
    mockFetch({ 'GET /api/user/info': fail(401, Msg.signInRequired) });
    await expect(apiCall(userCalls.info, {})).rejects.toBeInstanceOf(ApiError);
    expect(useUiStore.getState().loginModal).toBe(true);
  });

  it('402 on a user call clears every stored token, opens the login modal and re-acquires a guest', async () => {
    signInAs('guest', 'old-guest');
    signInAs('user', 'bad');
    mockFetch({ 'GET /api/user/me': fail(402, Msg.tokenInvalid) });
    await expect(apiCall(userCalls.me, {})).rejects.toMatchObject({ code: 402 });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.guestToken)).toBeNull();
    expect(useSessionStore.getState().token).toBeNull();
    expect(useUiStore.getState().loginModal).toBe(true);
    expect(reacquireSession).toHaveBeenCalledTimes(1);
  });

  it('402 on other calls clears tokens but leaves the guest to the next call', async () => {
    signInAs('user', 'bad');
    mockFetch({ 'GET /api/project/list': fail(402, Msg.tokenInvalid) });
    await expect(apiCall(projectCalls.list, {})).rejects.toBeInstanceOf(ApiError);
    expect(useSessionStore.getState().token).toBeNull();
    expect(reacquireSession).not.toHaveBeenCalled();
  });

  it('403 shows the message; guests also get the login modal', async () => {
    signInAs('guest');
    mockFetch({ 'GET /api/project/info': fail(403, Msg.forbidden) });
    await expect(apiCall(projectCalls.info, { project_id: 'p' })).rejects.toBeInstanceOf(ApiError);
    expect(toastTexts()).toEqual([Msg.forbidden]);
    expect(useUiStore.getState().loginModal).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('403 for a user on design-chat goes home; elsewhere it stays', async () => {
    signInAs('user');
    mockFetch({ 'GET /api/project/info': fail(403, Msg.forbidden) });
    pathname = '/pricing';
    await expect(apiCall(projectCalls.info, { project_id: 'p' })).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
    pathname = '/design-chat';
    await expect(apiCall(projectCalls.info, { project_id: 'p' })).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith('/');
    expect(useUiStore.getState().loginModal).toBe(false);
  });

  it('403 "Please activate your membership." / "Please upgrade to a business membership." opens the pay modal for a user (SPEC §6)', async () => {
    signInAs('user');
    for (const msg of [GATE_MESSAGES.activate, GATE_MESSAGES.business]) {
      useUiStore.getState().reset();
      mockFetch({ 'GET /api/project/info': fail(403, msg) });
      await expect(apiCall(projectCalls.info, { project_id: 'p' })).rejects.toBeInstanceOf(ApiError);
      expect(toastTexts()).toEqual([msg]);
      expect(useUiStore.getState().payModal).toBe(true);
    }
    useUiStore.getState().reset();
    mockFetch({ 'GET /api/project/info': fail(403, Msg.forbidden) });
    await expect(apiCall(projectCalls.info, { project_id: 'p' })).rejects.toBeInstanceOf(ApiError);
    expect(useUiStore.getState().payModal).toBe(false);
  });

  it('a call its caller aborted rejects without a message', async () => {
    signInAs('user');
    mockFetch({ 'GET /api/project/info': 'network-error' });
    const controller = new AbortController();
    controller.abort();
    await expect(apiCall(projectCalls.info, { project_id: 'p' }, { signal: controller.signal })).rejects.toBeInstanceOf(ApiError);
    expect(toastTexts()).toEqual([]);
  });

  it('450 shows the message, closes the chat drawer and opens the pay modal after 500 ms', async () => {
    vi.useFakeTimers();
    signInAs('user');
    useUiStore.getState().open('chatDrawer');
    mockFetch({ 'POST /api/project': fail(450, Msg.notEnoughCredits) });
    await expect(apiCall(projectCalls.create, { type: 'design' })).rejects.toBeInstanceOf(ApiError);
    expect(toastTexts()).toEqual([Msg.notEnoughCredits]);
    expect(useUiStore.getState().chatDrawer).toBe(false);
    expect(useUiStore.getState().payModal).toBe(false);
    await vi.advanceTimersByTimeAsync(499);
    expect(useUiStore.getState().payModal).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(useUiStore.getState().payModal).toBe(true);
  });

  it('404 in the body or as HTTP status goes to /404', async () => {
    signInAs('user');
    mockFetch({ 'GET /api/project/info': fail(404, Msg.notFound), 'GET /api/project/detail': { status: 404, body: {} } });
    await expect(apiCall(projectCalls.info, { project_id: 'p' })).rejects.toBeInstanceOf(ApiError);
    await expect(apiCall(projectCalls.detail, { project_id: 'p' })).rejects.toBeInstanceOf(ApiError);
    expect(navigate.mock.calls).toEqual([['/404'], ['/404']]);
    expect(toastTexts()).toEqual([]);
  });

  it('any other code shows the server message', async () => {
    signInAs('user');
    mockFetch({ 'PUT /api/project/name': fail(400, 'name: name must not be empty.') });
    await expect(apiCall(projectCalls.rename, { project_id: 'p', name: '' })).rejects.toThrow('name: name must not be empty.');
    expect(toastTexts()).toEqual(['name: name must not be empty.']);
  });

  it('network failure shows "Error: Network Error"; HTTP 500 "Error: 500"; other HTTP errors "Error: Network Error"', async () => {
    signInAs('user');
    mockFetch({ 'GET /api/user/info': 'network-error', 'GET /api/user/me': { status: 500, body: { code: 500, msg: Msg.internal, data: null } } });
    await expect(apiCall(userCalls.info, {})).rejects.toThrow(Msg.networkError);
    await expect(apiCall(userCalls.me, {})).rejects.toThrow(Msg.http500);
    expect(toastTexts()).toEqual([Msg.networkError, Msg.http500]);
    useUiStore.getState().reset();
    mockFetch({ 'GET /api/user/info': { status: 502, body: 'bad gateway' } });
    await expect(apiCall(userCalls.info, {})).rejects.toThrow(Msg.networkError);
    expect(toastTexts()).toEqual([Msg.networkError]);
  });

  it('silent calls show nothing and navigate nowhere', async () => {
    signInAs('user');
    mockFetch({});
    await expect(apiCall(userCalls.pageView, { route_name: 'home', path: '/' }, { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
    expect(toastTexts()).toEqual([]);
  });
});

describe('sign-in and registration calls (SPEC §5)', () => {
  it('resolve with data only when msg is SUCCESS', async () => {
    mockFetch({ 'POST /api/user/guest_login': ok({ token: 'g' }), 'POST /api/user/accountLogin': ok({ token: 'user-token' }) });
    const res = await quietCall(userCalls.accountLogin, { email: 'a@b.co', password: 'secret123' });
    expect(res).toEqual({ data: { token: 'user-token' }, msg: '' });
  });

  it('resolve with an empty result and the server message otherwise, without the catalogue', async () => {
    signInAs('guest');
    mockFetch({ 'POST /api/user/accountRegisterWithVerify': fail(400, 'The code is wrong or has expired.') });
    const res = await quietCall(userCalls.registerWithVerify, { email: 'a@b.co', password: 'secret123', code: '123456' });
    expect(res).toEqual({ data: null, msg: 'The code is wrong or has expired.' });
    expect(toastTexts()).toEqual([]);
    expect(useUiStore.getState().loginModal).toBe(false);
  });

  it('a throttled call (code 429) shows the server words: in the form for sign-in, as a message elsewhere', async () => {
    signInAs('guest');
    const words = 'Too many failed sign-ins. Please try again in 15 minutes.';
    mockFetch({ 'POST /api/user/accountLogin': fail(429, words), 'POST /api/user/verfiryEmail': fail(429, words) });
    expect(await quietCall(userCalls.accountLogin, { email: 'a@b.co', password: 'secret123' })).toEqual({ data: null, msg: words });
    await expect(apiCall(userCalls.verifyEmail, { email: 'a@b.co' })).rejects.toBeInstanceOf(ApiError);
    expect(toastTexts()).toEqual([words]);
    expect(useUiStore.getState().loginModal).toBe(false);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a refused guest session (code 429) says why in the server words', async () => {
    const words = 'Too many guest sessions were started from your network. Please try again in 40 minutes, or sign in.';
    mockFetch({ 'POST /api/user/guest_login': fail(429, words), 'GET /api/user/me': fail(401, Msg.signInRequired) });
    await expect(apiCall(userCalls.me, {})).rejects.toBeInstanceOf(ApiError);
    expect(toastTexts()).toContain(words);
    expect(useUiStore.getState().loginModal).toBe(true);
  });

  it('fill path parameters', async () => {
    signInAs('guest');
    const { calls } = mockFetch({ 'POST /api/oauth/google/auth_url': ok({ url: 'https://accounts.example/auth' }) });
    await apiCall(userCalls.oauthAuthUrl, {}, { params: { provider: 'google' } });
    expect(calls[0]?.url).toBe('/api/oauth/google/auth_url');
  });
});
