import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { TestClient, newGuest } from '../../../test/client.js';
import { registeredUser } from '../../../test/accounts.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

const baseUrl = inject('baseUrl');

interface History {
  history: { url: string; name?: string; time?: number }[];
}

describe('upload history', () => {
  it('is per user: each sees only their own list, newest first', async () => {
    const [a, b] = await Promise.all([newGuest(baseUrl), newGuest(baseUrl)]);
    expect(await a.get<History>('/api/user/upload/history')).toEqual({ code: 0, msg: 'SUCCESS', data: { history: [] } });
    const put = await a.put<History>('/api/user/upload/history', {
      history: [
        { url: '/files/a.png', name: 'a', time: 1 },
        { url: '/files/b.png', name: 'b', time: 3 },
        { url: '/files/a.png', name: 'a again', time: 2 },
      ],
    });
    expect(put.data?.history.map((h) => h.name)).toEqual(['b', 'a again']);
    expect((await a.get<History>('/api/user/upload/history')).data?.history.map((h) => h.url)).toEqual(['/files/b.png', '/files/a.png']);
    expect((await b.get<History>('/api/user/upload/history')).data?.history).toEqual([]);
    // B replacing its own list leaves A's alone.
    await b.put('/api/user/upload/history', { history: [{ url: '/files/mine.png' }] });
    expect((await a.get<History>('/api/user/upload/history')).data?.history).toHaveLength(2);
  });

  it('refuses more than 200 items and bad items, naming the field', async () => {
    const g = await newGuest(baseUrl);
    const many = await g.put('/api/user/upload/history', { history: Array.from({ length: 201 }, (_, i) => ({ url: `/files/${i}.png` })) });
    expect(many.code).toBe(400);
    expect(many.msg).toContain('history');
    const bad = await g.put('/api/user/upload/history', { history: [{ name: 'no url' }] });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('history');
  });

  it('needs a session', async () => {
    expect((await new TestClient(baseUrl).get('/api/user/upload/history')).code).toBe(401);
  });
});

describe('designs per prompt setting (free plan)', () => {
  it('accepts 1..2 and refuses out of bounds naming the field', async () => {
    const g = await newGuest(baseUrl);
    expect(await g.post('/api/user/setting/generate/num', { data: { design_generate_num: 1, edit_generate_num: 2 } })).toEqual({
      code: 0,
      msg: 'SUCCESS',
      data: { design_generate_num: 1, edit_generate_num: 2 },
    });
    expect((await g.get<{ generate_num: unknown }>('/api/user/me')).data?.generate_num).toEqual({ design_generate_num: 1, edit_generate_num: 2 });
    const tooMany = await g.post('/api/user/setting/generate/num', { data: { design_generate_num: 3 } });
    expect(tooMany).toEqual({ code: 400, msg: 'design_generate_num: must be between 1 and 2 on your plan.', data: null });
    const zero = await g.post('/api/user/setting/generate/num', { data: { edit_generate_num: 0 } });
    expect(zero.code).toBe(400);
    expect(zero.msg).toContain('edit_generate_num');
    // Nothing changed by the refused calls.
    expect((await g.get<{ generate_num: unknown }>('/api/user/me')).data?.generate_num).toEqual({ design_generate_num: 1, edit_generate_num: 2 });
  });
});

describe('api intention', () => {
  it('records the interest of a session; no token → 401', async () => {
    const g = await newGuest(baseUrl);
    expect(await g.post('/api/user/api_intention', { company: 'Acme', use_case: 'bulk labels', email: 'cto@acme.example' })).toEqual({
      code: 0,
      msg: 'SUCCESS',
      data: { recorded: true },
    });
    expect((await new TestClient(baseUrl).post('/api/user/api_intention', { company: 'x' })).code).toBe(401);
    expect((await g.post('/api/user/api_intention', { email: 'nope' })).code).toBe(400);
  });
});

describe('designs per prompt setting on paid plans', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('pro allows 4, business 8', async () => {
    const g = await newGuest(server.url);
    const me = await g.get<{ user_id: string }>('/api/user/me');
    const id = me.data?.user_id ?? '';
    // A guest is never paid: its plan is the free one whatever vip_type says.
    await server.built.services.billing.planGrants.grantPlan({ userId: id, vipType: 'pro_month', days: null, source: 'admin', refId: randomUUID() });
    expect((await g.post('/api/user/setting/generate/num', { data: { design_generate_num: 3 } })).code).toBe(400);

    const user = await registeredUser(server);
    await server.built.services.billing.planGrants.grantPlan({ userId: user.id, vipType: 'pro_month', days: null, source: 'admin', refId: randomUUID() });
    expect((await user.client.post('/api/user/setting/generate/num', { data: { design_generate_num: 4 } })).code).toBe(0);
    expect((await user.client.post('/api/user/setting/generate/num', { data: { design_generate_num: 5 } })).msg).toBe(
      'design_generate_num: must be between 1 and 4 on your plan.',
    );
    await server.built.services.billing.planGrants.grantPlan({ userId: user.id, vipType: 'business_year', days: null, source: 'admin', refId: randomUUID() });
    expect((await user.client.post('/api/user/setting/generate/num', { data: { design_generate_num: 8, edit_generate_num: 8 } })).code).toBe(0);
  });
});
