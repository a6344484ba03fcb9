import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@packsmith/contracts';
import { TestClient, newGuest } from '../../../test/client.js';
import { registeredUser } from '../../../test/accounts.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => server?.close());

async function creditCodes(credits: number, count = 1): Promise<string[]> {
  const r = await server.built.services.redeem.create({ count, kind: 'credits', credits, vipType: null, days: null, source: 'test', createdBy: 'test' });
  return r.codes;
}

interface Redeemed {
  kind: string;
  credits_added: number;
  vip_type: string;
  vip_expire_time: number | null;
  credit: number;
}

describe('POST /api/redeemCode/use', () => {
  it('adds a credits code through the ledger, once; typed in lower case without dashes it is the same code', async () => {
    const { client } = await registeredUser(server);
    const [code = ''] = await creditCodes(500);
    const r = await client.post<Redeemed>('/api/redeemCode/use', { code: code.toLowerCase().replace(/-/g, '') });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toEqual({ kind: 'credits', credits_added: 500, vip_type: 'normal', vip_expire_time: null, credit: 600 });
    expect((await client.get<{ credit: number }>('/api/user/me')).data?.credit).toBe(600);
    const history = await client.get<{ items: { reason: string; delta: number }[] }>('/api/credits/history');
    if (history.code === 0) expect(history.data?.items[0]).toMatchObject({ reason: 'redeem', delta: 500 });
    expect(await client.post('/api/redeemCode/use', { code })).toMatchObject({ code: Code.BAD_REQUEST, msg: 'This code has already been used.' });
    expect((await client.get<{ credit: number }>('/api/user/me')).data?.credit).toBe(600);
  });

  it('used twice in parallel by two people: exactly one success, the credits granted once', async () => {
    const [a, b] = [await registeredUser(server), await registeredUser(server)];
    const [code = ''] = await creditCodes(300);
    const results = await Promise.all([a.client.post<Redeemed>('/api/redeemCode/use', { code }), b.client.post<Redeemed>('/api/redeemCode/use', { code })]);
    expect(results.map((r) => r.code).sort()).toEqual([0, Code.BAD_REQUEST]);
    expect(results.find((r) => r.code !== 0)?.msg).toBe('This code has already been used.');
    const credits = [
      (await a.client.get<{ credit: number }>('/api/user/me')).data?.credit,
      (await b.client.get<{ credit: number }>('/api/user/me')).data?.credit,
    ];
    expect(credits.sort()).toEqual([100, 400]);
  });

  it('used twice in parallel by one person on two sessions: once', async () => {
    const a = await registeredUser(server);
    const [code = ''] = await creditCodes(70);
    const results = await Promise.all([a.client.post('/api/redeemCode/use', { code }), a.client.post('/api/redeemCode/use', { code })]);
    expect(results.map((r) => r.code).sort()).toEqual([0, Code.BAD_REQUEST]);
    expect((await a.client.get<{ credit: number }>('/api/user/me')).data?.credit).toBe(170);
  });

  it('an unknown code answers 400 in words', async () => {
    const { client } = await registeredUser(server);
    expect(await client.post('/api/redeemCode/use', { code: 'PS-AAAA-BBBB-CCCC' })).toMatchObject({
      code: Code.BAD_REQUEST,
      msg: 'This code is not valid.',
      data: null,
    });
  });

  it('guests and callers without a session get 401', async () => {
    const [code = ''] = await creditCodes(10);
    expect((await (await newGuest(server.url)).post('/api/redeemCode/use', { code })).code).toBe(Code.UNAUTHORIZED);
    expect((await new TestClient(server.url).post('/api/redeemCode/use', { code })).code).toBe(Code.UNAUTHORIZED);
  });

  it('after 10 wrong codes in an hour the user must wait (429, the wait in words); good codes do not count', async () => {
    const { client } = await registeredUser(server);
    const good = await creditCodes(1, 3);
    for (const code of good) expect((await client.post('/api/redeemCode/use', { code })).code).toBe(0);
    for (let i = 0; i < 10; i++)
      expect((await client.post('/api/redeemCode/use', { code: `PS-WRNG-AAAA-${String(i).padStart(4, 'Z')}` })).code).toBe(Code.BAD_REQUEST);
    const [fresh = ''] = await creditCodes(5);
    const r = await client.post('/api/redeemCode/use', { code: fresh });
    expect(r.code).toBe(Code.TOO_MANY_REQUESTS);
    expect(r.msg).toMatch(/^Too many codes that did not work\. Try again in (60|59) minutes\.$/);
    // Another user is not held back.
    const other = await registeredUser(server);
    expect((await other.client.post('/api/redeemCode/use', { code: fresh })).code).toBe(0);
  });

  it('a plan code grants the plan for its days with the plan credits, once', async () => {
    const { client } = await registeredUser(server);
    const { codes } = await server.built.services.redeem.create({
      count: 1,
      kind: 'plan',
      credits: 0,
      vipType: 'pro_month',
      days: 10,
      source: 'test',
      createdBy: 'test',
    });
    const r = await client.post<Redeemed>('/api/redeemCode/use', { code: codes[0] ?? '' });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ kind: 'plan', credits_added: 1000, vip_type: 'pro_month', credit: 1100 });
    const days = ((r.data?.vip_expire_time ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(9.9);
    expect(days).toBeLessThan(10.1);
    const me = await client.get<{ vip_type: string; credit: number }>('/api/user/me');
    expect(me.data).toMatchObject({ vip_type: 'pro_month', credit: 1100 });
    expect((await client.post('/api/redeemCode/use', { code: codes[0] ?? '' })).msg).toBe('This code has already been used.');
  });

  it('a lifetime code starts the lifetime deal; the same code in parallel by two people works once', async () => {
    const [a, b] = [await registeredUser(server), await registeredUser(server)];
    const { codes } = await server.built.services.redeem.create({
      count: 1,
      kind: 'lifetime',
      credits: 0,
      vipType: 'pro_plus_month',
      days: null,
      source: 'oncely',
      createdBy: 'test',
    });
    const code = codes[0] ?? '';
    const results = await Promise.all([a.client.post<Redeemed>('/api/redeemCode/use', { code }), b.client.post<Redeemed>('/api/redeemCode/use', { code })]);
    expect(results.map((r) => r.code).sort()).toEqual([0, Code.BAD_REQUEST]);
    const won = results.find((r) => r.code === 0);
    expect(won?.data).toMatchObject({ kind: 'lifetime', vip_type: 'pro_plus_month', credits_added: 2500, credit: 2600 });
    const credits = [
      (await a.client.get<{ credit: number }>('/api/user/me')).data?.credit,
      (await b.client.get<{ credit: number }>('/api/user/me')).data?.credit,
    ];
    expect(credits.sort((x = 0, y = 0) => x - y)).toEqual([100, 2600]);
    const billing = await (results[0]?.code === 0 ? a : b).client.get<{ subscription: { source: string } | null }>('/api/pay/billing');
    if (billing.code === 0) expect(billing.data?.subscription?.source).toBe('lifetime');
  });
});
