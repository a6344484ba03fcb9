import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@packsmith/contracts';
import { TestClient, newGuest } from '../../../test/client.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { createRepositories } from '../../repositories.js';

// Its own server: these tests reach into its services to hold a transaction open.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SESSION_CACHE_TTL_MS: '60000' });
});
afterAll(async () => server?.close());

async function me(client: TestClient): Promise<User> {
  const r = await client.get<User>('/api/user/me');
  if (r.code !== 0 || !r.data) throw new Error(`/me answered ${r.code} ${r.msg}`);
  return r.data;
}

// A one-minute cache TTL here: anything these tests see fresh was invalidated, not expired.
describe('looked-up sessions are reused, and changes made by this server show at once', () => {
  it('a charge shows in /me on the next call', async () => {
    const client = await newGuest(server.url);
    expect((await me(client)).credit).toBe(100);
    const project = await client.post<{ project_id: string }>('/api/project', { type: 'design' });
    const created = await client.post('/api/generate/record', { project_id: project.data?.project_id, kind: 'selftest', steps: 1, step_ms: 1 });
    expect(created.code).toBe(0);
    expect((await me(client)).credit).toBe(99);
  });

  it('a setting change shows in /me on the next call', async () => {
    const client = await newGuest(server.url);
    expect((await me(client)).generate_num.design_generate_num).toBe(2);
    expect((await client.post('/api/user/setting/generate/num', { data: { design_generate_num: 1 } })).code).toBe(0);
    expect((await me(client)).generate_num.design_generate_num).toBe(1);
  });

  it('logout answers 402 at once for that token, other tokens of the account keep working', async () => {
    const client = await newGuest(server.url);
    const user = await me(client);
    const second = new TestClient(server.url, await server.built.services.sessions.issue(user.user_id, 'guest'));
    expect((await me(second)).user_id).toBe(user.user_id);
    expect((await client.post('/api/user/logout')).code).toBe(0);
    expect((await client.get('/api/user/me')).code).toBe(402);
    expect((await me(second)).user_id).toBe(user.user_id);
  });

  it('a reader during a charge does not keep the balance from before the commit', async () => {
    const client = await newGuest(server.url);
    const token = client.token ?? '';
    const { database, services } = server.built;
    const userId = (await me(client)).user_id;
    let during: Promise<unknown> = Promise.resolve();
    await database.db.transaction(async (tx) => {
      await services.credits.charge(userId, 7, `cache-race-${userId}`, createRepositories(tx));
      during = services.sessions.authenticate(token);
      // PostgreSQL answers the concurrent read with the committed row (100) and it gets cached;
      // PGlite runs one statement stream, so there the read waits for the commit.
      if (database.kind === 'postgres') await during;
    });
    await during;
    expect((await me(client)).credit).toBe(93);
  });
});
