import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GATE_MESSAGES, Msg } from '@packsmith/contracts';
import { fail, mockFetch } from '../../test-support';
import { useSessionStore } from '../../stores/session.store';
import { useUiStore } from '../../stores/ui.store';
import { user } from './chat-test-kit';
import { downloadImage, downloadPrintFile } from './download';

const YEAR = 365 * 24 * 3600 * 1000;

beforeEach(() => {
  localStorage.clear();
  useSessionStore.getState().reset();
  useUiStore.getState().reset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('download gated by plan (SPEC §6)', () => {
  it('a guest gets the login modal and nothing is fetched', async () => {
    useSessionStore.getState().setToken('g', 'guest');
    useSessionStore.getState().setUser(user({ type: 'guest', email: null }));
    const { calls } = mockFetch({});
    expect(await downloadImage('/files/a.png', ['Leaf'], 1)).toBe('login');
    expect(useUiStore.getState().loginModal).toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('a signed-in member without a paid plan is told to activate and gets the pay modal', async () => {
    useSessionStore.getState().setToken('u', 'user');
    useSessionStore.getState().setUser(user({ vip_type: 'normal' }));
    const { calls } = mockFetch({});
    expect(await downloadImage('/files/a.png', ['Leaf'], 1)).toBe('activate');
    expect(useUiStore.getState().toasts.map((t) => t.text)).toContain(Msg.activateMembership);
    expect(useUiStore.getState().payModal).toBe(true);
    expect(useUiStore.getState().loginModal).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it('an expired plan counts as unpaid', async () => {
    useSessionStore.getState().setToken('u', 'user');
    useSessionStore.getState().setUser(user({ vip_type: 'pro_month', vip_expire_time: Date.now() - 1000 }));
    mockFetch({});
    expect(await downloadImage('/files/a.png', [], 1)).toBe('activate');
  });

  it('a paid member gets the file as a blob with the Bearer header, saved under a readable name', async () => {
    useSessionStore.getState().setToken('paid-token', 'user');
    useSessionStore.getState().setUser(user({ vip_type: 'pro_year', vip_expire_time: Date.now() + YEAR }));
    const fetchFn = vi.fn(async () => new Response(new Blob(['PNGDATA'], { type: 'image/png' }), { status: 200, headers: { 'content-type': 'image/png' } }));
    vi.stubGlobal('fetch', fetchFn);
    const created = vi.fn(() => 'blob:x');
    // jsdom has no object URLs.
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    let savedAs = '';
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      savedAs = this.download;
    });
    expect(await downloadImage('/files/a b.png', ['Leaf & Co', 'Green tea'], 3)).toBe('saved');
    const [url, init] = fetchFn.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/file/download?url=%2Ffiles%2Fa+b.png');
    expect((init.headers as Record<string, string>).authorization).toBe('Bearer paid-token');
    expect(savedAs).toBe('leaf-co-green-tea-design-3.png');
    expect(created).toHaveBeenCalledTimes(1);
    click.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('a refusal answered as an envelope goes through the error catalogue', async () => {
    useSessionStore.getState().setToken('paid-token', 'user');
    useSessionStore.getState().setUser(user({ vip_type: 'pro_year', vip_expire_time: Date.now() + YEAR }));
    mockFetch({ 'GET /api/file/download': fail(403, 'This image belongs to someone else.') });
    expect(await downloadImage('/files/x.png', [], 1)).toBe('failed');
    expect(useUiStore.getState().toasts.map((t) => t.text)).toContain('This image belongs to someone else.');
  });
});

describe('print file download (Business only)', () => {
  it('a Pro member is asked to upgrade to Business and nothing is fetched', async () => {
    useSessionStore.getState().setToken('u', 'user');
    useSessionStore.getState().setUser(user({ vip_type: 'pro_month', vip_expire_time: Date.now() + YEAR }));
    const { calls } = mockFetch({});
    expect(await downloadPrintFile('/files/a.svg', ['Leaf'], 1)).toBe('activate');
    expect(useUiStore.getState().toasts.map((t) => t.text)).toContain(GATE_MESSAGES.business);
    expect(useUiStore.getState().payModal).toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('a Business member gets the SVG saved as a print file', async () => {
    useSessionStore.getState().setToken('biz', 'user');
    useSessionStore.getState().setUser(user({ vip_type: 'business_month', vip_expire_time: Date.now() + YEAR }));
    const fetchFn = vi.fn(
      async () => new Response(new Blob(['<svg/>'], { type: 'image/svg+xml' }), { status: 200, headers: { 'content-type': 'image/svg+xml' } }),
    );
    vi.stubGlobal('fetch', fetchFn);
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:y'), revokeObjectURL: vi.fn() });
    let savedAs = '';
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      savedAs = this.download;
    });
    expect(await downloadPrintFile('/files/d.svg', ['Leaf'], 2)).toBe('saved');
    expect(savedAs).toBe('leaf-print-design-2.svg');
    click.mockRestore();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });
});
