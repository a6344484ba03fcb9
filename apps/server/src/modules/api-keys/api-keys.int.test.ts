import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEYS_PER_USER_MAX, type ApiKey } from '@packsmith/contracts';
import { TestClient, newGuest } from '../../../test/client.js';
import { registeredUser } from '../../../test/accounts.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

const BURST = 4;
const PER_MINUTE = 30; // one token every 2 s: a slow machine's burst still fits well inside one

let server: TestServer;
let base: string;

beforeAll(async () => {
  server = await startTestServer({ API_KEY_BURST: String(BURST), API_KEY_RATE_PER_MINUTE: String(PER_MINUTE) });
  base = server.url;
});
afterAll(async () => {
  await server?.close();
});

const business = { code: 403, msg: 'Please upgrade to a business membership.', data: null };
const refused = { code: 403, msg: 'API keys cannot be used for this call.', data: null };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function businessUser() {
  const u = await registeredUser(server);
  await server.built.services.billing.planGrants.grantPlan({ userId: u.id, vipType: 'business_month', days: null, source: 'admin', refId: randomUUID() });
  return u;
}

async function createKey(owner: TestClient, name = 'ci') {
  const r = await owner.post<{ key: string; item: ApiKey }>('/api/user/api_keys', { name });
  expect(r.code, r.msg).toBe(0);
  return r.data;
}

describe('API key calls (billing page)', () => {
  it('a Business member creates a key (shown once, stored hashed), lists and revokes it', async () => {
    const u = await businessUser();
    const { key, item } = await createKey(u.client, ' nightly build ');
    expect(key).toMatch(/^psk_[0-9A-Za-z]{40}$/);
    expect(item).toMatchObject({ name: 'nightly build', prefix: key.slice(0, 12), last_used_at: null, request_count: 0, revoked_at: null });

    const list = await u.client.get<{ items: ApiKey[] }>('/api/user/api_keys');
    expect(list.data?.items).toEqual([item]);
    // The key itself is nowhere but in the creation's answer.
    expect(JSON.stringify(list)).not.toContain(key);

    expect(await u.client.del('/api/user/api_keys', { id: item.id })).toEqual({ code: 0, msg: 'SUCCESS', data: { revoked: true } });
    const after = await u.client.get<{ items: ApiKey[] }>('/api/user/api_keys');
    expect(after.data?.items[0]?.revoked_at).toEqual(expect.any(Number));
  });

  it('guests get 401, members who are not Business 403; another user’s key id is 404', async () => {
    const guest = await newGuest(base);
    expect((await guest.get('/api/user/api_keys')).code).toBe(401);
    const plain = await registeredUser(server);
    expect(await plain.client.get('/api/user/api_keys')).toEqual(business);
    expect(await plain.client.post('/api/user/api_keys', { name: 'x' })).toEqual(business);
    const pro = await registeredUser(server);
    await server.built.services.billing.planGrants.grantPlan({ userId: pro.id, vipType: 'pro_month', days: null, source: 'admin', refId: randomUUID() });
    expect(await pro.client.post('/api/user/api_keys', { name: 'x' })).toEqual(business);

    const owner = await businessUser();
    const other = await businessUser();
    const { item } = await createKey(owner.client);
    expect(await other.client.del('/api/user/api_keys', { id: item.id })).toMatchObject({ code: 404 });
    expect(await other.client.del('/api/user/api_keys', { id: 'no-such-key' })).toMatchObject({ code: 404 });
    // …and the owner's key still works.
    expect((await new TestClient(base, (await createKey(owner.client)).key).get('/api/user/me')).code).toBe(0);
  });

  it(`allows ${API_KEYS_PER_USER_MAX} live keys per member; a revoked one frees a place`, async () => {
    const u = await businessUser();
    const made = await Promise.all(
      Array.from({ length: API_KEYS_PER_USER_MAX + 2 }, (_, i) => u.client.post<{ item: ApiKey }>('/api/user/api_keys', { name: `k${i}` })),
    );
    expect(made.filter((r) => r.code === 0)).toHaveLength(API_KEYS_PER_USER_MAX);
    expect(made.find((r) => r.code !== 0)).toEqual({
      code: 400,
      msg: `You can have at most ${API_KEYS_PER_USER_MAX} active API keys. Revoke one first.`,
      data: null,
    });
    const first = made.find((r) => r.code === 0)?.data?.item.id ?? '';
    await u.client.del('/api/user/api_keys', { id: first });
    expect((await u.client.post('/api/user/api_keys', { name: 'again' })).code).toBe(0);
  });

  it('refuses a name that is empty or too long (400)', async () => {
    const u = await businessUser();
    expect((await u.client.post('/api/user/api_keys', { name: '  ' })).code).toBe(400);
    expect((await u.client.post('/api/user/api_keys', { name: 'x'.repeat(61) })).code).toBe(400);
  });
});

describe('Authorization: Bearer psk_…', () => {
  it('acts as the key’s user on /api/user/me and on project and design calls', async () => {
    const u = await businessUser();
    const api = new TestClient(base, (await createKey(u.client)).key);
    const me = await api.get<{ user_id: string }>('/api/user/me');
    expect(me.code).toBe(0);
    expect(me.data?.user_id).toBe(u.id);

    const project = await api.post<{ project_id: string }>('/api/project', { type: 'design' });
    expect(project.code, project.msg).toBe(0);
    const projectId = project.data?.project_id ?? '';
    // The project is the owner's: their browser session sees it.
    expect((await u.client.get('/api/project/info', { project_id: projectId })).code).toBe(0);
    const chat = await api.get('/api/chat/history', { project_id: projectId });
    expect(chat.code, chat.msg).toBe(0);
    // Design generation takes the key: whatever the brief says, the answer is not an auth refusal.
    const imagine = await api.post('/api/paint/imagine', { project_id: projectId });
    expect([401, 402, 403]).not.toContain(imagine.code);
  });

  it('is refused on payment, account, API key and sign-out calls (403)', async () => {
    const u = await businessUser();
    const api = new TestClient(base, (await createKey(u.client)).key);
    // The pay calls arrive with the billing module; until then there is no route to refuse on.
    if (server.built.app.hasRoute({ method: 'POST', url: '/api/pay/subscribe' }))
      expect(await api.post('/api/pay/subscribe', { type: 'pro_month' })).toEqual(refused);
    expect(await api.post('/api/analytics/page_view', { route_name: 'home', path: '/' })).toEqual(refused);
    expect(await api.get('/api/user/api_keys')).toEqual(refused);
    expect(await api.post('/api/user/api_keys', { name: 'more' })).toEqual(refused);
    expect(await api.post('/api/user/logout')).toEqual(refused);
    expect(await api.post('/api/user/setting/generate/num', { data: { design_generate_num: 2 } })).toEqual(refused);
    // Nothing was signed out: the key still works.
    expect((await api.get('/api/user/me')).code).toBe(0);
  });

  it('a revoked or unknown key is 402 at once; a key whose Business plan ended is 403', async () => {
    const u = await businessUser();
    const { key, item } = await createKey(u.client);
    const api = new TestClient(base, key);
    expect((await api.get('/api/user/info')).code).toBe(0);
    await u.client.del('/api/user/api_keys', { id: item.id });
    expect(await api.get('/api/user/info')).toMatchObject({ code: 402 });
    expect(await new TestClient(base, `psk_${'A'.repeat(40)}`).get('/api/user/info')).toMatchObject({ code: 402 });

    const v = await businessUser();
    const second = new TestClient(base, (await createKey(v.client)).key);
    await server.built.services.billing.planGrants.endPlan(v.id);
    expect(await second.get('/api/user/info')).toEqual(business);
  });

  it('limits each key by a token bucket: code 429 with Retry-After, then works after the refill', async () => {
    const u = await businessUser();
    const { key, item } = await createKey(u.client);
    const api = new TestClient(base, key);
    const answers = await Promise.all(Array.from({ length: BURST + 1 }, () => api.raw('GET', '/api/user/me')));
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as { code: number; msg: string }[];
    expect(bodies.filter((b) => b.code === 0)).toHaveLength(BURST);
    const limited = answers.find((_, i) => bodies[i]?.code === 429);
    expect(limited?.status).toBe(200);
    const wait = limited?.headers.get('retry-after');
    expect(['1', '2']).toContain(wait);
    expect(bodies.find((b) => b.code === 429)?.msg).toBe(`Too many requests for this API key. Try again in ${wait} second${wait === '1' ? '' : 's'}.`);
    // Another key of the same user has its own bucket.
    expect((await new TestClient(base, (await createKey(u.client)).key).get('/api/user/me')).code).toBe(0);

    await sleep(2100);
    expect((await api.get('/api/user/me')).code).toBe(0);

    // Usage: every call let through is counted (written to the table every few seconds and on close).
    const seen = (await u.client.get<{ items: ApiKey[] }>('/api/user/api_keys')).data?.items.find((k) => k.id === item.id);
    expect(seen?.request_count).toBe(BURST + 1);
    expect(seen?.last_used_at).toEqual(expect.any(Number));
    await server.built.services.apiKeys.flushUsage();
    const stored = (await u.client.get<{ items: ApiKey[] }>('/api/user/api_keys')).data?.items.find((k) => k.id === item.id);
    expect(stored?.request_count).toBe(BURST + 1);
  });

  it('opens no socket (sockets belong to browser sessions)', async () => {
    const { io } = await import('socket.io-client');
    const u = await businessUser();
    const socket = io(base, { path: '/io/', auth: { token: (await createKey(u.client)).key }, transports: ['websocket'], reconnection: false });
    const err = await new Promise<Error & { data?: { code: number } }>((resolve) => socket.on('connect_error', resolve));
    socket.close();
    expect(err.data?.code).toBe(403);
  });
});

describe('/docs', () => {
  it('describes API access and marks the calls that take a key', async () => {
    expect((await fetch(`${base}/docs`, { redirect: 'follow' })).status).toBe(200);
    type Op = { security?: Record<string, unknown>[] };
    const doc = (await (await fetch(`${base}/docs/json`)).json()) as {
      info: { description: string };
      components: { securitySchemes: Record<string, { type: string; scheme: string }> };
      paths: Record<string, Record<string, Op>>;
    };
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.info.description).toContain('## API access');
    expect(doc.info.description).toContain('Retry-After');
    expect(doc.info.description).toContain(`${BURST} calls that refills at ${PER_MINUTE} calls a minute`);
    const schemes = (op: Op | undefined) => (op?.security ?? []).flatMap((s) => Object.keys(s));
    expect(schemes(doc.paths['/api/paint/imagine']?.post)).toContain('apiKey');
    expect(schemes(doc.paths['/api/upload']?.post)).toContain('apiKey');
    expect(schemes(doc.paths['/api/user/api_keys']?.get)).toEqual(['bearer']);
    expect(schemes(doc.paths['/api/user/logout']?.post)).not.toContain('apiKey');
  });
});
