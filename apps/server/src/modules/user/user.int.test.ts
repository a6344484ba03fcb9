import { describe, expect, inject, it } from 'vitest';
import { TestClient, newGuest } from '../../../test/client.js';

const baseUrl = inject('baseUrl');

describe('guest session', () => {
  it('guest_login answers a token that /api/user/me accepts, with 100 starting credits', async () => {
    const guest = await newGuest(baseUrl);
    const me = await guest.get<{ type: string; credit: number; vip_type: string }>('/api/user/me');
    expect(me).toMatchObject({ code: 0, msg: 'SUCCESS' });
    expect(me.data).toMatchObject({ type: 'guest', credit: 100, vip_type: 'normal' });
  });

  it('no token answers 401, an unknown token 402', async () => {
    const anon = new TestClient(baseUrl);
    expect((await anon.get('/api/user/me')).code).toBe(401);
    anon.token = 'not-a-real-token';
    expect(await anon.get('/api/user/me')).toEqual({ code: 402, msg: expect.any(String), data: null });
  });

  it('two guests are different users', async () => {
    const [a, b] = await Promise.all([newGuest(baseUrl), newGuest(baseUrl)]);
    const [ma, mb] = await Promise.all([a.get<{ user_id: string }>('/api/user/me'), b.get<{ user_id: string }>('/api/user/me')]);
    expect(ma.data?.user_id).not.toBe(mb.data?.user_id);
  });
});

describe('envelope', () => {
  it('malformed JSON answers code 400 without reaching a handler', async () => {
    const c = new TestClient(baseUrl);
    const res = await c.raw('POST', '/api/user/guest_login', '{broken');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: 400, msg: 'The request body is not valid JSON.', data: null });
  });

  it('unknown /api paths answer HTTP 404 with the envelope', async () => {
    const res = await new TestClient(baseUrl).raw('GET', '/api/does/not/exist');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 404, data: null });
  });

  it('healthz answers ok', async () => {
    const res = await fetch(`${baseUrl}/healthz`);
    expect(await res.json()).toMatchObject({ code: 0, data: { status: 'ok' } });
  });
});
