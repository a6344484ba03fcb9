import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@packsmith/contracts';
import { registeredUser } from '../../../test/accounts.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';

const DAY = 86_400_000;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ PAYMENT_PROVIDER: 'sandbox' });
});
afterAll(async () => {
  await server?.close();
});

const billing = () => server.built.services.billing;

describe('billing ports for the admin area and redeem codes', () => {
  it('grantPlan: the plan for one period with its credits, once per ref id', async () => {
    const { id, client } = await registeredUser(server);
    const before = Date.now();
    const granted = await billing().planGrants.grantPlan({ userId: id, vipType: 'pro_plus_month', days: null, source: 'admin', refId: 'grant-1' });
    expect(granted.vipType).toBe('pro_plus_month');
    expect(granted.credit).toBe(100 + 2500);
    const expiry = granted.vipExpireTime?.getTime() ?? 0;
    expect(expiry - before).toBeGreaterThan(27 * DAY);
    expect(expiry - before).toBeLessThan(32 * DAY);
    const again = await billing().planGrants.grantPlan({ userId: id, vipType: 'pro_plus_month', days: null, source: 'admin', refId: 'grant-1' });
    expect(again.credit).toBe(2600);
    const me = (await client.get<User>('/api/user/me')).data;
    expect(me?.vip_type).toBe('pro_plus_month');
    expect(me?.credit).toBe(2600);
    const overview = await client.get<{ subscription: { source: string } | null }>('/api/pay/billing');
    expect(overview.data?.subscription?.source).toBe('admin');
  });

  it('grantPlan with days: an 85-day monthly plan gets its later months from the sweep, then ends', async () => {
    const { id, client } = await registeredUser(server);
    // 85 days: month 2 (at most 62 days in) falls inside, month 3 (at least 89 days in) never does.
    await billing().planGrants.grantPlan({ userId: id, vipType: 'pro_month', days: 85, source: 'redeem', refId: 'code-85' });
    const credit = async () => (await client.get<User>('/api/user/me')).data?.credit;
    expect(await credit()).toBe(1100);
    await billing().sweep(new Date(Date.now() + 32 * DAY));
    await billing().sweep(new Date(Date.now() + 32 * DAY));
    expect(await credit()).toBe(2100);
    const late = await billing().sweep(new Date(Date.now() + 200 * DAY));
    expect(await credit()).toBe(3100);
    expect(late.grantsEnded).toBeGreaterThanOrEqual(1);
  });

  it('startLifetime: month 0 now, a month of membership, renewed month by month by the sweep', async () => {
    const { id, client } = await registeredUser(server);
    const r = await billing().planGrants.startLifetime({ userId: id, vipType: 'pro_month', refId: 'oncely-1' });
    expect(r.credit).toBe(1100);
    const firstExpiry = r.vipExpireTime?.getTime() ?? 0;
    expect(firstExpiry - Date.now()).toBeGreaterThan(27 * DAY);
    await billing().sweep(new Date(Date.now() + 45 * DAY));
    await billing().sweep(new Date(Date.now() + 45 * DAY));
    const me = (await client.get<User>('/api/user/me')).data;
    expect(me?.credit).toBe(2100);
    expect((me?.vip_expire_time ?? 0) - firstExpiry).toBeGreaterThan(27 * DAY);
    const history = await client.get<{ items: { reason: string; label: string }[] }>('/api/credits/history');
    expect(history.data?.items.map((e) => e.reason)).toEqual(['plan_period', 'plan_grant', 'signup_bonus']);
    expect(history.data?.items[0]?.label).toBe('Monthly plan credits');
  });

  it('endPlan: the user is normal now, credits stay, the sweep gives no more', async () => {
    const { id, client } = await registeredUser(server);
    await billing().planGrants.startLifetime({ userId: id, vipType: 'business_month', refId: 'oncely-2' });
    const ended = await billing().planGrants.endPlan(id);
    expect(ended).toEqual({ vipType: 'normal', vipExpireTime: null });
    await billing().sweep(new Date(Date.now() + 45 * DAY));
    const me = (await client.get<User>('/api/user/me')).data;
    expect(me?.vip_type).toBe('normal');
    expect(me?.credit).toBe(3600);
  });

  it('a granted plan upgraded to business is bought as a new subscription; the grant stops', async () => {
    const { id, client } = await registeredUser(server);
    await billing().planGrants.grantPlan({ userId: id, vipType: 'pro_month', days: 365, source: 'admin', refId: 'grant-up' });
    const up = await client.post<{ status: string; vip_type: string; credit: number }>('/api/pay/upgrade', {
      targetVipType: 'business_month',
      paymentMethodId: 'pm_card_visa',
    });
    expect(up.data).toMatchObject({ status: 'active', vip_type: 'business_month', credit: 100 + 1000 + 3500 });
    // A month later: business renews (+3,500); the granted pro plan's month 1 (+1,000) does not come.
    await billing().sweep(new Date(Date.now() + 32 * DAY));
    const o = (await client.get<{ subscription: { source: string; vip_type: string } | null }>('/api/pay/billing')).data;
    expect(o?.subscription).toMatchObject({ source: 'sandbox', vip_type: 'business_month' });
    expect((await client.get<User>('/api/user/me')).data?.credit).toBe(4600 + 3500);
  });

  it('promotion codes: created upper-cased, unique, listed, switched off', async () => {
    const created = await billing().promotions.create(
      { code: 'spring-20', percentOff: 20, vipTypes: ['pro_month'], expiresAt: null, maxRedemptions: null },
      'admin-1',
    );
    expect(created).toMatchObject({ code: 'SPRING-20', percentOff: 20, vipTypes: ['pro_month'], active: true, timesRedeemed: 0 });
    await expect(
      billing().promotions.create({ code: 'Spring-20', percentOff: 10, vipTypes: [], expiresAt: null, maxRedemptions: null }, 'admin-1'),
    ).rejects.toMatchObject({ code: 400 });
    const list = await billing().promotions.list(1, 20);
    expect(list.items.map((p) => p.code)).toContain('SPRING-20');
    expect((await billing().promotions.setActive(created.id, false))?.active).toBe(false);
    expect(await billing().promotions.setActive('nope', true)).toBeNull();
  });
});
