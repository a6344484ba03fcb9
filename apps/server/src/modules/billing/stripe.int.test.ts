import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, SubscribeResult, UpgradeOption, User } from '@packsmith/contracts';
import { registeredUser } from '../../../test/accounts.js';
import type { TestClient } from '../../../test/client.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { startStripePeer, type StripePeer } from '../../../test/stripe-peer.js';
import { signWebhook } from './webhook-signature.js';

// The pay flow with PAYMENT_PROVIDER=stripe end to end: a real server, the Stripe provider through
// the official SDK, and a local peer speaking Stripe's API that posts its signed webhooks to the
// server's /api/pay/webhook, as Stripe would.
let peer: StripePeer;
let server: TestServer;

beforeAll(async () => {
  peer = await startStripePeer();
  server = await startTestServer({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: peer.secretKey,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_peer',
    STRIPE_WEBHOOK_SECRET: peer.webhookSecret,
    STRIPE_API_BASE: peer.url,
  });
  peer.setWebhookUrl(`${server.url}/api/pay/webhook`);
});

afterAll(async () => {
  await server?.close();
  await peer?.close();
});

async function me(client: TestClient): Promise<User> {
  const r = await client.get<User>('/api/user/me');
  if (!r.data) throw new Error(`me: ${r.msg}`);
  return r.data;
}

/** The user's subscription at the peer (Stripe's id), found by the user id in its metadata. */
function peerSubscriptionOf(userId: string): string {
  const event = [...peer.events]
    .reverse()
    .find((e) => e.data.object.object === 'subscription' && (e.data.object.metadata as Record<string, string>).user_id === userId);
  if (!event) throw new Error(`no subscription at the peer for ${userId}`);
  return String(event.data.object.id);
}

async function subscribed(type: 'pro_month' | 'pro_year' = 'pro_month'): Promise<{ id: string; client: TestClient; result: SubscribeResult }> {
  const user = await registeredUser(server);
  const r = await user.client.post<SubscribeResult>('/api/pay/subscribe', { type, paymentMethodId: 'pm_card_visa' });
  if (r.code !== 0 || !r.data) throw new Error(`subscribe: ${r.msg}`);
  await peer.settled();
  return { ...user, result: r.data };
}

describe('pay with Stripe (local peer)', () => {
  it('setup hands out the publishable key and a setup intent, in test mode', async () => {
    const { client } = await registeredUser(server);
    const r = await client.get<{ provider: string; test_mode: boolean; publishable_key: string; setup_intent_client_secret: string }>('/api/pay/setup');
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ provider: 'stripe', test_mode: true, publishable_key: 'pk_test_peer' });
    expect(r.data.setup_intent_client_secret).toMatch(/^seti_.+_secret_/);
  });

  it('subscribe → webhooks → the plan, its credits and the invoice', async () => {
    const { client } = await registeredUser(server);
    const before = await me(client);
    const r = await client.post<SubscribeResult>('/api/pay/subscribe', { type: 'pro_month', paymentMethodId: 'pm_card_visa' });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ status: 'active', client_secret: null, amount_due_cents: 1690 });
    await peer.settled();
    expect(peer.deliveries.every((d) => d.status === 200)).toBe(true);
    const after = await me(client);
    expect(after.vip_type).toBe('pro_month');
    expect(after.credit).toBe(before.credit + 1000);
    expect(after.vip_expire_time).toBeGreaterThan(Date.now() + 27 * 86400_000);
    const invoices = await client.get<{ total: number; items: Invoice[] }>('/api/pay/invoices');
    expect(invoices.data?.items).toHaveLength(1);
    expect(invoices.data.items[0]).toMatchObject({ status: 'paid', amount_cents: 1690, vip_type: 'pro_month' });
    expect(invoices.data.items[0]!.pdf_url).toContain(peer.url);
  });

  it('a promotion code made in the admin area is mirrored on Stripe and discounts the first invoice', async () => {
    const promotion = await server.built.services.billing.promotions.create(
      { code: 'STRIPE25', percentOff: 25, vipTypes: ['pro_month'], expiresAt: null, maxRedemptions: 10 },
      'test-admin',
    );
    const mirrored = [...peer.requests].reverse().find((r) => r.method === 'POST' && r.path === '/v1/promotion_codes');
    expect(mirrored?.params).toMatchObject({ code: 'STRIPE25', max_redemptions: '10', promotion: { type: 'coupon' } });
    expect(promotion.code).toBe('STRIPE25');
    const { client } = await registeredUser(server);
    const r = await client.post<SubscribeResult>('/api/pay/subscribe', { type: 'pro_month', paymentMethodId: 'pm_card_visa', promotionCode: 'STRIPE25' });
    expect(r.code).toBe(0);
    // 25 % off 16.90 USD: Stripe rounds the discount to the cent.
    expect(Math.abs(r.data.amount_due_cents - 1267.5)).toBe(0.5);
    const create = [...peer.requests].reverse().find((q) => q.method === 'POST' && q.path === '/v1/subscriptions');
    expect(create?.params.discounts).toEqual([{ promotion_code: expect.stringMatching(/^promo_/) }]);
    await peer.settled();
    expect((await me(client)).vip_type).toBe('pro_month');
  });

  it('a declined card answers the decline in words and changes nothing', async () => {
    const { id, client } = await registeredUser(server);
    const before = await me(client);
    const r = await client.post<SubscribeResult>('/api/pay/subscribe', { type: 'pro_month', paymentMethodId: 'pm_card_chargeDeclined' });
    expect(r.code).toBe(400);
    expect(r.msg).toBe('Your card was declined.');
    await peer.settled();
    const after = await me(client);
    expect(after.vip_type).toBe('normal');
    expect(after.credit).toBe(before.credit);
    expect(peer.subscription(peerSubscriptionOf(id))).toMatchObject({ status: 'canceled' });
  });

  it('3-D Secure: requires_action with the client secret; once confirmed, the plan and its credits', async () => {
    const { client } = await registeredUser(server);
    const before = await me(client);
    const r = await client.post<SubscribeResult>('/api/pay/subscribe', { type: 'pro_month', paymentMethodId: 'pm_card_authenticationRequired' });
    expect(r.code).toBe(0);
    expect(r.data).toMatchObject({ status: 'requires_action' });
    const secret = r.data.client_secret!;
    expect(secret).toMatch(/^pi_.+_secret_/);
    await peer.settled();
    expect((await me(client)).vip_type).toBe('normal');
    // What Stripe.js does in the browser: the customer passes the bank's check.
    await peer.completeAuthentication(secret.split('_secret_')[0]!, true);
    const confirmed = await client.post<SubscribeResult>('/api/pay/confirm', { subscription_id: r.data.subscription_id });
    expect(confirmed.code).toBe(0);
    expect(confirmed.data?.status).toBe('active');
    const after = await me(client);
    expect(after.vip_type).toBe('pro_month');
    expect(after.credit).toBe(before.credit + 1000);
  });

  it('3-D Secure failed: the purchase ends as failed and grants nothing', async () => {
    const { client } = await registeredUser(server);
    const before = await me(client);
    const r = await client.post<SubscribeResult>('/api/pay/subscribe', { type: 'pro_month', paymentMethodId: 'pm_card_authenticationRequired' });
    await peer.completeAuthentication(r.data.client_secret!.split('_secret_')[0]!, false);
    const confirmed = await client.post<SubscribeResult>('/api/pay/confirm', { subscription_id: r.data.subscription_id });
    expect(confirmed.data?.status).toBe('failed');
    const after = await me(client);
    expect(after.vip_type).toBe('normal');
    expect(after.credit).toBe(before.credit);
  });

  it('upgrade pro → business: prorated price shown, charged now, the credit difference granted', async () => {
    const { client } = await subscribed('pro_month');
    const before = await me(client);
    const options = await client.get<{ options: UpgradeOption[] }>('/api/pay/upgrade/options/pro_month');
    const business = options.data.options.find((o) => o.vip_type === 'business_month')!;
    expect(business.prorated_usd).toBeGreaterThan(32);
    expect(business.prorated_usd).toBeLessThanOrEqual(33);
    const r = await client.post<SubscribeResult>('/api/pay/upgrade', { targetVipType: 'business_month' });
    expect(r.code).toBe(0);
    expect(r.data?.status).toBe('active');
    expect(Math.abs(r.data.amount_due_cents - Math.round(business.prorated_usd * 100))).toBeLessThanOrEqual(2);
    await peer.settled();
    const after = await me(client);
    expect(after.vip_type).toBe('business_month');
    expect(after.credit).toBe(before.credit + 2500);
  });

  it('upgrade with a card asking for 3-D Secure: requires_action, then business once confirmed', async () => {
    const { client } = await subscribed('pro_month');
    const before = await me(client);
    const r = await client.post<SubscribeResult>('/api/pay/upgrade', { targetVipType: 'business_year', paymentMethodId: 'pm_card_authenticationRequired' });
    expect(r.code).toBe(0);
    expect(r.data?.status).toBe('requires_action');
    await peer.settled();
    expect((await me(client)).vip_type).toBe('pro_month');
    await peer.completeAuthentication(r.data.client_secret!.split('_secret_')[0]!, true);
    const confirmed = await client.post<SubscribeResult>('/api/pay/confirm', { subscription_id: r.data.subscription_id });
    expect(confirmed.data?.status).toBe('active');
    const after = await me(client);
    expect(after.vip_type).toBe('business_year');
    expect(after.credit).toBe(before.credit + 2500);
  });

  it('upgrade with a declined card: the decline in words, still pro', async () => {
    const { client } = await subscribed('pro_month');
    const r = await client.post<SubscribeResult>('/api/pay/upgrade', { targetVipType: 'business_month', paymentMethodId: 'pm_card_chargeDeclined' });
    expect(r.code).toBe(400);
    expect(r.msg).toBe('Your card was declined.');
    await peer.settled();
    expect((await me(client)).vip_type).toBe('pro_month');
  });

  it('renewal: the next period is billed and its credits arrive', async () => {
    const { id, client } = await subscribed('pro_month');
    const before = await me(client);
    await peer.renew(peerSubscriptionOf(id));
    const after = await me(client);
    expect(after.credit).toBe(before.credit + 1000);
    expect(after.vip_expire_time!).toBeGreaterThan(before.vip_expire_time! + 27 * 86400_000);
  });

  it('cancel at period end: paid up to the end, then Stripe ends it and nothing renews', async () => {
    const { id, client } = await subscribed('pro_month');
    const before = await me(client);
    const r = await client.post<{ cancel_at_period_end: boolean; vip_expire_time: number }>('/api/pay/cancelSubscribe', { comment: 'too expensive' });
    expect(r.data).toMatchObject({ cancel_at_period_end: true, vip_expire_time: before.vip_expire_time });
    await peer.settled();
    expect((await me(client)).vip_type).toBe('pro_month');
    expect(peer.subscription(peerSubscriptionOf(id))).toMatchObject({ cancel_at_period_end: true, status: 'active' });
    // The period's end at Stripe: the subscription is deleted instead of renewed.
    await peer.renew(peerSubscriptionOf(id));
    expect(peer.events.at(-1)?.type).toBe('customer.subscription.deleted');
    const billing = await client.get<{ subscription: { status: string; cancel_at_period_end: boolean } | null; vip_expire_time: number | null }>(
      '/api/pay/billing',
    );
    expect(billing.data?.subscription).toMatchObject({ status: 'canceled' });
    // What was paid for stays until its end (the server's clock has not reached it); no new period was charged.
    expect(billing.data?.vip_expire_time).toBe(before.vip_expire_time);
    expect((await me(client)).credit).toBe(before.credit);
  });

  it('a replayed webhook changes nothing', async () => {
    const { id, client } = await subscribed('pro_month');
    const before = await me(client);
    const subId = peerSubscriptionOf(id);
    const paid = peer.events.find(
      (e) =>
        e.type === 'invoice.paid' && (e.data.object.parent as { subscription_details: { subscription: string } }).subscription_details.subscription === subId,
    )!;
    expect(await peer.resend(paid.id)).toBe(200);
    expect(await peer.resend(paid.id)).toBe(200);
    expect((await me(client)).credit).toBe(before.credit);
  });

  it('events out of order and twice still end in one plan and one grant', async () => {
    peer.delivery.reversed = true;
    peer.delivery.twice = true;
    try {
      const { client } = await registeredUser(server);
      const before = await me(client);
      const r = await client.post<SubscribeResult>('/api/pay/subscribe', { type: 'pro_year', paymentMethodId: 'pm_card_visa' });
      expect(r.code).toBe(0);
      await peer.settled();
      const after = await me(client);
      expect(after.vip_type).toBe('pro_year');
      expect(after.credit).toBe(before.credit + 1000);
      expect(after.vip_expire_time).toBeGreaterThan(Date.now() + 360 * 86400_000);
    } finally {
      peer.delivery.reversed = false;
      peer.delivery.twice = false;
    }
  });

  it('refuses a webhook with a bad signature, a stale one, or none', async () => {
    const body = JSON.stringify({ id: 'evt_forged', object: 'event', type: 'invoice.paid', created: 1, data: { object: {} } });
    const post = (signature: string | null) =>
      fetch(`${server.url}/api/pay/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
        body,
      });
    expect((await post(signWebhook(body, 'whsec_not_ours'))).status).toBe(400);
    expect((await post(signWebhook(body, peer.webhookSecret, new Date(Date.now() - 10 * 60_000)))).status).toBe(400);
    expect(await post('t=abc')).toHaveProperty('status', 400);
    expect((await post(null)).status).toBe(400);
  });
});
