import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PAYMENT_METHODS, effectiveMembership, type BillingOverview, type Invoice, type SubscribeResult, type User } from '@packsmith/contracts';
import { registeredUser } from '../../../test/accounts.js';
import type { TestClient } from '../../../test/client.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { cancellations } from '../../db/schema.js';
import { createBillingRepo } from './billing.repo.js';
import { signWebhook } from './webhook-signature.js';

const DAY = 86_400_000;
const { succeeds: VISA, declined: DECLINED, authenticationRequired: THREE_DS } = TEST_PAYMENT_METHODS;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ PAYMENT_PROVIDER: 'sandbox' });
});
afterAll(async () => {
  await server?.close();
});

const billing = () => server.built.services.billing;
const sandbox = () => {
  const s = billing().sandbox;
  if (!s) throw new Error('the sandbox is not the provider');
  return s;
};
const me = async (c: TestClient) => (await c.get<User>('/api/user/me')).data;
const overview = async (c: TestClient) => (await c.get<BillingOverview>('/api/pay/billing')).data;
const subscribe = (c: TestClient, body: Record<string, unknown>) => c.post<SubscribeResult>('/api/pay/subscribe', body);

/** The provider's subscription id of the user's running subscription (what the sandbox's events carry). */
async function providerSubId(userId: string): Promise<string> {
  const rows = await createBillingRepo(server.built.database.db).runningSubscriptions(userId);
  const id = rows[0]?.providerSubscriptionId;
  if (!id) throw new Error('no provider subscription');
  return id;
}

/** POSTs a body to the webhook route as the provider would, signed with the sandbox's secret unless told otherwise. */
async function postWebhook(body: string, signature: string | null = sandbox().sign(body)) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers['stripe-signature'] = signature;
  const res = await fetch(`${server.url}/api/pay/webhook`, { method: 'POST', headers, body });
  return { status: res.status, json: (await res.json()) as { code: number; msg: string; data: { outcome: string } | null } };
}

describe('pay: subscribe with the sandbox', () => {
  it('setup says sandbox, test mode, and lists the test cards', async () => {
    const { client } = await registeredUser(server);
    const r = await client.get<{ provider: string; test_mode: boolean; publishable_key: string | null; test_cards: { payment_method: string }[] }>(
      '/api/pay/setup',
    );
    expect(r.data).toMatchObject({ provider: 'sandbox', test_mode: true, publishable_key: null, setup_intent_client_secret: null });
    expect(r.data?.test_cards.map((c) => c.payment_method)).toEqual([VISA, DECLINED, THREE_DS]);
  });

  it('pm_card_visa: active at once, /api/user/me shows the plan, its expiry and +1,000 credits; an invoice PDF for the owner only', async () => {
    const { client } = await registeredUser(server);
    const before = Date.now();
    const r = await subscribe(client, { type: 'pro_month', paymentMethodId: VISA });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ status: 'active', client_secret: null, vip_type: 'pro_month', credit: 1100, amount_due_cents: 1690, message: null });
    const user = await me(client);
    expect(user.vip_type).toBe('pro_month');
    expect(user.credit).toBe(1100);
    expect((user.vip_expire_time ?? 0) - before).toBeGreaterThan(27 * DAY);
    expect((user.vip_expire_time ?? 0) - before).toBeLessThan(32 * DAY);

    const o = await overview(client);
    expect(o).toMatchObject({ provider: 'sandbox', tier: 'pro', upgrade_targets: ['business_month', 'business_year'] });
    expect(o.subscription).toMatchObject({ source: 'sandbox', vip_type: 'pro_month', status: 'active', cancel_at_period_end: false });

    const invoices = (await client.get<{ total: number; items: Invoice[] }>('/api/pay/invoices')).data;
    expect(invoices?.total).toBe(1);
    const invoice = invoices?.items[0] as Invoice;
    expect(invoice).toMatchObject({ vip_type: 'pro_month', amount_cents: 1690, status: 'paid', currency: 'usd' });
    const pdf = await client.raw('GET', invoice.pdf_url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const other = await registeredUser(server);
    const stolen = await other.client.raw('GET', invoice.pdf_url);
    expect(((await stolen.json()) as { code: number }).code).toBe(404);
    const anonymous = await fetch(server.url + invoice.pdf_url);
    expect(((await anonymous.json()) as { code: number }).code).toBe(401);

    const history = (await client.get<{ items: { reason: string; delta: number; label: string }[] }>('/api/credits/history')).data;
    expect(history?.items[0]).toMatchObject({ reason: 'plan_period', delta: 1000, label: 'Monthly plan credits' });
  });

  it('a second purchase while a plan runs is refused: upgrade instead', async () => {
    const { client } = await registeredUser(server);
    await subscribe(client, { type: 'pro_month', paymentMethodId: VISA });
    const again = await subscribe(client, { type: 'pro_plus_month', paymentMethodId: VISA });
    expect(again).toMatchObject({ code: 400, msg: 'You already have a plan. Upgrade it instead.' });
    expect((await me(client)).credit).toBe(1100);
  });

  it('a double click buys once', async () => {
    const { client } = await registeredUser(server);
    const [a, b] = await Promise.all([
      subscribe(client, { type: 'pro_month', paymentMethodId: VISA }),
      subscribe(client, { type: 'pro_month', paymentMethodId: VISA }),
    ]);
    const ok = [a, b].filter((r) => r.code === 0);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of [a, b]) if (r.code !== 0) expect(r.msg).toMatch(/already have a plan|in progress/);
    expect((await me(client)).credit).toBe(1100);
    expect((await client.get<{ total: number }>('/api/pay/invoices')).data?.total).toBe(1);
  });

  it('a declined card: code 400 with the decline in words, nothing changed', async () => {
    const { client } = await registeredUser(server);
    const r = await subscribe(client, { type: 'pro_month', paymentMethodId: DECLINED });
    expect(r).toMatchObject({ code: 400, msg: 'Your card was declined.' });
    const user = await me(client);
    expect(user).toMatchObject({ vip_type: 'normal', vip_expire_time: null, credit: 100 });
    expect((await overview(client)).subscription).toBeNull();
    expect((await client.get<{ total: number }>('/api/pay/invoices')).data?.total).toBe(0);
    // And the next card works.
    expect((await subscribe(client, { type: 'pro_month', paymentMethodId: VISA })).data?.status).toBe('active');
  });

  it('no card at all: "Enter a card to pay with."', async () => {
    const { client } = await registeredUser(server);
    expect(await subscribe(client, { type: 'pro_month' })).toMatchObject({ code: 400, msg: 'Enter a card to pay with.' });
  });

  it('3-D Secure approved: requires_action, then the bank page, then confirm → active with the credits', async () => {
    const { client } = await registeredUser(server);
    const r = await subscribe(client, { type: 'pro_month', paymentMethodId: THREE_DS });
    expect(r.data).toMatchObject({ status: 'requires_action', vip_type: 'normal', credit: 100 });
    const secret = r.data?.client_secret ?? '';
    expect(secret).toMatch(/_secret_/);
    // Another user cannot approve it.
    const other = await registeredUser(server);
    expect((await other.client.post('/api/pay/sandbox/authenticate', { client_secret: secret, approve: true })).code).toBe(404);
    expect(await other.client.post('/api/pay/confirm', { subscription_id: r.data?.subscription_id })).toMatchObject({ code: 404, data: null });

    const auth = await client.post<{ status: string }>('/api/pay/sandbox/authenticate', { client_secret: secret, approve: true });
    expect(auth.data?.status).toBe('succeeded');
    const confirmed = await client.post<SubscribeResult>('/api/pay/confirm', { subscription_id: r.data?.subscription_id });
    expect(confirmed.data).toMatchObject({ status: 'active', vip_type: 'pro_month', credit: 1100 });
    expect((await me(client)).vip_type).toBe('pro_month');
  });

  it('3-D Secure failed: failed, nothing granted, and a new attempt may follow', async () => {
    const { client } = await registeredUser(server);
    const r = await subscribe(client, { type: 'pro_month', paymentMethodId: THREE_DS });
    await client.post('/api/pay/sandbox/authenticate', { client_secret: r.data?.client_secret, approve: false });
    const confirmed = await client.post<SubscribeResult>('/api/pay/confirm', { subscription_id: r.data?.subscription_id });
    expect(confirmed.data).toMatchObject({ status: 'failed', vip_type: 'normal', credit: 100 });
    expect(confirmed.data?.message).toMatch(/bank/);
    expect(await me(client)).toMatchObject({ vip_type: 'normal', credit: 100 });
    expect((await subscribe(client, { type: 'pro_month', paymentMethodId: VISA })).data?.status).toBe('active');
  });

  it('the credit threshold: an unpaid user with 150 credits may not buy (403, in words)', async () => {
    const { id, client } = await registeredUser(server);
    await server.built.services.credits.grant(id, 50, 'admin_adjust', 'threshold-test');
    const r = await subscribe(client, { type: 'pro_month', paymentMethodId: VISA });
    expect(r.code).toBe(403);
    expect(r.msg).toMatch(/150 credits.*more than the 100/);
    expect((await overview(client)).may_purchase).toBe(false);
    expect((await me(client)).vip_type).toBe('normal');
  });

  it('a yearly plan: one month of credits now, the next from the sweep a month later, once', async () => {
    const { client } = await registeredUser(server);
    const r = await subscribe(client, { type: 'pro_year', paymentMethodId: VISA });
    expect(r.data).toMatchObject({ status: 'active', credit: 1100, amount_due_cents: 16900 });
    expect((await overview(client)).subscription?.next_credit_at).toBeGreaterThan(Date.now() + 27 * DAY);
    await billing().sweep(new Date(Date.now() + 32 * DAY));
    await billing().sweep(new Date(Date.now() + 32 * DAY));
    expect((await me(client)).credit).toBe(2100);
  });
});

describe('pay: upgrade, cancel, resume', () => {
  it('pro_month → business_month: prorated price, the credit difference at once and once', async () => {
    const { id, client } = await registeredUser(server);
    await subscribe(client, { type: 'pro_month', paymentMethodId: VISA });
    const options = (
      await client.get<{ current: string; options: { vip_type: string; prorated_usd: number; credits_now: number }[] }>('/api/pay/upgrade/options/pro_month')
    ).data;
    expect(options?.options.map((o) => o.vip_type)).toEqual(['business_month', 'business_year']);
    const toBusiness = options?.options[0];
    // Bought a moment ago: almost the whole difference 49.90 − 16.90.
    expect(toBusiness?.prorated_usd).toBeGreaterThan(32.9);
    expect(toBusiness?.prorated_usd).toBeLessThanOrEqual(33);
    expect(toBusiness?.credits_now).toBe(2500);
    expect((await client.get<{ options: unknown[] }>('/api/pay/upgrade/options/business_month')).data?.options).toEqual([]);
    expect((await client.get<{ options: unknown[] }>('/api/pay/upgrade/options/normal')).data?.options).toEqual([]);

    const expiryBefore = (await me(client)).vip_expire_time;
    const up = await client.post<SubscribeResult>('/api/pay/upgrade', { targetVipType: 'business_month' });
    expect(up.data).toMatchObject({ status: 'active', vip_type: 'business_month', credit: 3600 });
    expect(up.data?.amount_due_cents).toBeGreaterThan(3290);
    const user = await me(client);
    expect(user).toMatchObject({ vip_type: 'business_month', credit: 3600, vip_expire_time: expiryBefore });

    // The same upgrade's invoice.paid again (a new event id): granted once.
    const body = await sandbox().eventBody('invoice.paid', await providerSubId(id), { id: `evt_again_${Date.now()}` });
    expect((await postWebhook(body)).status).toBe(200);
    expect((await me(client)).credit).toBe(3600);
    // Business has no upgrade.
    expect((await client.post('/api/pay/upgrade', { targetVipType: 'business_year' })).code).toBe(400);
  });

  it('cancel at the period end: still paid until expiry, the comment kept; resume; the sweep after the end ends it', async () => {
    const { id, client } = await registeredUser(server);
    await subscribe(client, { type: 'pro_month', paymentMethodId: VISA });
    const expiry = (await me(client)).vip_expire_time ?? 0;
    const cancelled = await client.post<{ cancel_at_period_end: boolean; vip_expire_time: number }>('/api/pay/cancelSubscribe', {
      comment: 'Too expensive for me',
    });
    expect(cancelled.data).toEqual({ cancel_at_period_end: true, vip_expire_time: expiry });
    expect(await me(client)).toMatchObject({ vip_type: 'pro_month', vip_expire_time: expiry });
    expect((await overview(client)).subscription?.cancel_at_period_end).toBe(true);
    const comments = await server.built.database.db.select().from(cancellations).where(eq(cancellations.userId, id));
    expect(comments.map((c) => [c.vipType, c.comment])).toEqual([['pro_month', 'Too expensive for me']]);

    expect((await client.post<{ cancel_at_period_end: boolean }>('/api/pay/resumeSubscribe')).data?.cancel_at_period_end).toBe(false);
    await client.post('/api/pay/cancelSubscribe', { comment: '' });

    const afterEnd = new Date(expiry + 2 * DAY);
    const swept = await billing().sweep(afterEnd);
    expect(swept.sandbox?.ended).toBeGreaterThanOrEqual(1);
    const user = await me(client);
    // Nothing is renewed: the stored expiry stays, and once it passes the member is normal (SPEC §4).
    expect(user.vip_expire_time).toBe(expiry);
    expect(effectiveMembership(user, afterEnd.getTime()).vip_type).toBe('normal');
    expect(user.credit).toBe(1100);
    expect((await overview(client)).subscription?.status).toBe('canceled');
  });

  it('a renewal: the sweep bills the next month and grants its credits once', async () => {
    const { client } = await registeredUser(server);
    await subscribe(client, { type: 'pro_month', paymentMethodId: VISA });
    const expiry = (await me(client)).vip_expire_time ?? 0;
    const at = new Date(expiry + 60_000);
    await billing().sweep(at);
    await billing().sweep(at);
    const user = await me(client);
    expect(user.credit).toBe(2100);
    expect((user.vip_expire_time ?? 0) - expiry).toBeGreaterThan(27 * DAY);
    expect((await client.get<{ total: number }>('/api/pay/invoices')).data?.total).toBe(2);
  });
});

describe('pay: promotion codes', () => {
  it('valid, expired, for another plan, switched off, unknown; a valid one discounts and counts once', async () => {
    const { client } = await registeredUser(server);
    const promotions = billing().promotions;
    await promotions.create({ code: 'WELCOME20', percentOff: 20, vipTypes: ['pro_month', 'pro_year'], expiresAt: null, maxRedemptions: 10 }, 'test');
    await promotions.create({ code: 'OLD10', percentOff: 10, vipTypes: [], expiresAt: new Date(Date.now() - DAY), maxRedemptions: null }, 'test');
    const off = await promotions.create({ code: 'OFF30', percentOff: 30, vipTypes: [], expiresAt: null, maxRedemptions: null }, 'test');
    await promotions.setActive(off.id, false);
    const check = (code: string, vip: string) =>
      client.post<{ valid: boolean; percent_off: number | null; reason: string | null }>('/api/pay/validPromotionCode', { promotionCode: code, vip_type: vip });

    expect((await check('welcome20', 'pro_month')).data).toEqual({ valid: true, percent_off: 20, reason: null });
    expect((await check('OLD10', 'pro_month')).data).toMatchObject({ valid: false, reason: 'This promotion code has expired.' });
    expect((await check('WELCOME20', 'business_month')).data).toMatchObject({ valid: false, reason: 'This promotion code does not apply to this plan.' });
    expect((await check('OFF30', 'pro_month')).data).toMatchObject({ valid: false, reason: 'This promotion code is no longer active.' });
    expect((await check('NOPE123', 'pro_month')).data).toMatchObject({ valid: false, reason: 'This promotion code does not exist.' });

    // Checked again when buying.
    expect(await subscribe(client, { type: 'business_month', paymentMethodId: VISA, promotionCode: 'WELCOME20' })).toMatchObject({
      code: 400,
      msg: 'This promotion code does not apply to this plan.',
    });
    const bought = await subscribe(client, { type: 'pro_month', paymentMethodId: VISA, promotionCode: 'WELCOME20' });
    expect(bought.data).toMatchObject({ status: 'active', amount_due_cents: 1352 });
    const listed = (await promotions.list(1, 50)).items.find((p) => p.code === 'WELCOME20');
    expect(listed?.timesRedeemed).toBe(1);
  });
});

describe('pay: the webhook', () => {
  it('a bad, missing or stale signature: HTTP 400, code 400, nothing stored', async () => {
    const { id, client } = await registeredUser(server);
    await subscribe(client, { type: 'pro_month', paymentMethodId: VISA });
    const eventId = `evt_bad_${Date.now()}`;
    const body = await sandbox().eventBody('customer.subscription.updated', await providerSubId(id), { id: eventId });
    for (const signature of [
      null,
      'garbage',
      signWebhook(body, 'whsec_wrong'),
      signWebhook(body, billing().sandboxWebhookSecret ?? '', new Date(Date.now() - 10 * 60_000)),
    ]) {
      const r = await postWebhook(body, signature);
      expect(r.status).toBe(400);
      expect(r.json.code).toBe(400);
    }
    expect(await createBillingRepo(server.built.database.db).findEvent(eventId)).toBeNull();
  });

  it('the same signed event twice is applied once', async () => {
    const { id, client } = await registeredUser(server);
    await subscribe(client, { type: 'pro_month', paymentMethodId: VISA });
    const base = JSON.parse(await sandbox().eventBody('invoice.paid', await providerSubId(id), { id: `evt_twice_${Date.now()}` })) as {
      data: { object: Record<string, unknown> };
    };
    // The next period's invoice, paid (as a renewal would send it).
    const start = base.data.object.period_end as number;
    base.data.object = {
      ...base.data.object,
      id: `in_next_${Date.now()}`,
      billing_reason: 'subscription_cycle',
      period_start: start,
      period_end: start + 31 * 86_400,
    };
    const body = JSON.stringify(base);
    const first = await postWebhook(body);
    expect(first.status).toBe(200);
    expect(first.json.data?.outcome).toBe('applied');
    const second = await postWebhook(body);
    expect(second.status).toBe(200);
    expect(second.json.data?.outcome).toBe('duplicate');
    expect((await me(client)).credit).toBe(2100);
    expect((await client.get<{ total: number }>('/api/pay/invoices')).data?.total).toBe(2);
  });

  it('events out of order: an older subscription.updated after a newer one changes nothing', async () => {
    const { id, client } = await registeredUser(server);
    await subscribe(client, { type: 'pro_month', paymentMethodId: VISA });
    const subId = await providerSubId(id);
    const withCancel = (body: string, cancel: boolean) => {
      const e = JSON.parse(body) as { data: { object: Record<string, unknown> } };
      e.data.object.cancel_at_period_end = cancel;
      return JSON.stringify(e);
    };
    const newer = withCancel(await sandbox().eventBody('customer.subscription.updated', subId, { created: new Date(Date.now() + 60_000) }), true);
    const older = withCancel(await sandbox().eventBody('customer.subscription.updated', subId, { created: new Date(Date.now() + 30_000) }), false);
    expect((await postWebhook(newer)).json.data?.outcome).toBe('applied');
    const late = await postWebhook(older);
    expect(late.status).toBe(200);
    expect(late.json.data?.outcome).toBe('ignored: older');
    expect((await overview(client)).subscription?.cancel_at_period_end).toBe(true);
  });

  it('an event for an unknown user is recorded and answered 200', async () => {
    const { id, client } = await registeredUser(server);
    await subscribe(client, { type: 'pro_month', paymentMethodId: VISA });
    const e = JSON.parse(await sandbox().eventBody('customer.subscription.updated', await providerSubId(id))) as {
      data: { object: { metadata: Record<string, string> } };
    };
    e.data.object.metadata.user_id = 'no-such-user';
    const r = await postWebhook(JSON.stringify(e));
    expect(r.status).toBe(200);
    expect(r.json.data?.outcome).toBe('ignored: unknown user');
  });
});
