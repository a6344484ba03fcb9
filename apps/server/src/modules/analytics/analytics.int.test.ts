import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { pageViews } from '../../db/schema.js';
import { TestClient, newGuest } from '../../../test/client.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

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
  // Its own server, so the test can read what was stored (nothing in the API reads page views back).
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is recorded with or without a session, and even with a stale token', async () => {
    const path = `/pricing?ref=x&n=${Math.random().toString(36).slice(2)}`;
    const view = { route_name: 'pricing', path, ref: 'x', utm_source: 'mail' };
    expect(await new TestClient(server.url).post('/api/analytics/page_view', view)).toEqual({ code: 0, msg: 'SUCCESS', data: { recorded: true } });
    const guest = await newGuest(server.url);
    expect((await guest.post('/api/analytics/page_view', view)).code).toBe(0);
    expect((await new TestClient(server.url, 'revoked-or-unknown').post('/api/analytics/page_view', view)).code).toBe(0);

    const rows = await server.built.database.db.select().from(pageViews).where(eq(pageViews.path, path));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatchObject({ routeName: 'pricing', path, ref: 'x', utmSource: 'mail' });
    const me = await guest.get<{ user_id: string }>('/api/user/me');
    // Only the signed-in view carries a user; a stale token counts as anonymous.
    expect(rows.map((r) => r.userId).filter((u) => u !== null)).toEqual([me.data?.user_id]);
  });

  it('needs the route name, and stores nothing without it', async () => {
    const r = await new TestClient(server.url).post('/api/analytics/page_view', { path: '/nameless-view' });
    expect(r.code).toBe(400);
    expect(r.msg).toContain('route_name');
    expect(await server.built.database.db.select().from(pageViews).where(eq(pageViews.path, '/nameless-view'))).toEqual([]);
  });
});
