import { describe, expect, inject, it } from 'vitest';
import { TestClient, newGuest } from '../../../test/client.js';

const baseUrl = inject('baseUrl');

describe('GET /api/user/ip', () => {
  it('answers the caller ip without a token', async () => {
    const r = await new TestClient(baseUrl).get<{ ip: string; first_seen: number }>('/api/user/ip');
    expect(r.code).toBe(0);
    expect(r.data?.ip).toBe('127.0.0.1');
  });

  it('records a given ip once and keeps its first-seen time', async () => {
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const first = await new TestClient(baseUrl).get<{ ip: string; first_seen: number }>('/api/user/ip', { ip });
    const guest = await newGuest(baseUrl);
    const again = await guest.get<{ ip: string; first_seen: number }>('/api/user/ip/', { ip });
    expect(first.data?.ip).toBe(ip);
    expect(again.data).toEqual(first.data);
  });

  it('refuses something that is not an ip', async () => {
    const r = await new TestClient(baseUrl).get('/api/user/ip', { ip: 'not an ip' });
    expect(r).toEqual({ code: 400, msg: 'ip: is not an IP address.', data: null });
  });
});

describe('POST /api/analytics/page_view', () => {
  it('is recorded with or without a session, and even with a stale token', async () => {
    const view = { route_name: 'pricing', path: '/pricing?ref=x', ref: 'x', utm_source: 'mail' };
    expect(await new TestClient(baseUrl).post('/api/analytics/page_view', view)).toEqual({ code: 0, msg: 'SUCCESS', data: { recorded: true } });
    expect((await (await newGuest(baseUrl)).post('/api/analytics/page_view', view)).code).toBe(0);
    expect((await new TestClient(baseUrl, 'revoked-or-unknown').post('/api/analytics/page_view', view)).code).toBe(0);
  });

  it('needs the route name', async () => {
    const r = await new TestClient(baseUrl).post('/api/analytics/page_view', { path: '/' });
    expect(r.code).toBe(400);
    expect(r.msg).toContain('route_name');
  });
});
