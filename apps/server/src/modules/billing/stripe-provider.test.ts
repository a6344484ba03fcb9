import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripePeer, type StripePeer } from '../../../test/stripe-peer.js';
import { PaymentDeclinedError, WebhookSignatureError, type PaymentProvider } from './payment-provider.js';
import { createStripeProvider, priceCentsOf, type StripeConfig } from './stripe-provider.js';
import { signWebhook } from './webhook-signature.js';

// The provider against a local peer speaking Stripe's API (test/stripe-peer.ts): real SDK, real HTTP.
let peer: StripePeer;
let provider: PaymentProvider;
let config: StripeConfig;
const log = pino({ level: 'silent' });
let n = 0;
const key = (): string => `test-${Date.now()}-${++n}`;

beforeAll(async () => {
  peer = await startStripePeer();
  config = {
    provider: 'stripe',
    secretKey: peer.secretKey,
    publishableKey: 'pk_test_peer',
    webhookSecret: peer.webhookSecret,
    apiBase: peer.url,
    priceIds: {},
  };
  provider = createStripeProvider(config, { log });
  await provider.prepare();
});

afterAll(async () => {
  await peer?.close();
});

function last<T>(items: T[], match: (item: T) => boolean): T | undefined {
  return [...items].reverse().find(match);
}

function parseSigned(event: unknown) {
  const body = Buffer.from(JSON.stringify(event));
  return provider.parseWebhook(body, signWebhook(body, peer.webhookSecret));
}

async function customer(): Promise<string> {
  return provider.createCustomer({ id: `user-${++n}`, email: `u${n}@example.com`, name: 'Test User' });
}

async function subscribe(card: string, vipType: 'pro_month' | 'pro_year' | 'business_month' = 'pro_month') {
  const customerId = await customer();
  return provider.createSubscription({ customerId, userId: 'user-x', vipType, paymentMethodId: card, promotion: null, idempotencyKey: key() });
}

describe('stripe provider: setup', () => {
  it('labels test keys as test mode and exposes the publishable key', () => {
    expect(provider.name).toBe('stripe');
    expect(provider.testMode).toBe(true);
    expect(provider.publishableKey).toBe('pk_test_peer');
    expect(createStripeProvider({ ...config, secretKey: 'sk_live_x' }, { log }).testMode).toBe(false);
  });

  it('creates one product per family and one price per plan once; a second provider reuses them by lookup key', async () => {
    const created = peer.requests.filter((r) => r.method === 'POST' && r.path === '/v1/prices');
    expect(created).toHaveLength(8);
    expect(peer.requests.filter((r) => r.method === 'POST' && r.path === '/v1/products')).toHaveLength(4);
    const proMonth = created.find((r) => r.params.lookup_key === 'pro_month')!;
    expect(proMonth.params).toMatchObject({ unit_amount: '1690', currency: 'usd', recurring: { interval: 'month' } });
    expect(created.find((r) => r.params.lookup_key === 'business_year')!.params).toMatchObject({ unit_amount: '39900', recurring: { interval: 'year' } });
    expect(priceCentsOf('pro_plus_month')).toBe(2990);

    const again = createStripeProvider(config, { log });
    await again.prepare();
    expect(peer.requests.filter((r) => r.method === 'POST' && r.path === '/v1/prices')).toHaveLength(8);
  });

  it('uses given price ids without creating any', async () => {
    const before = peer.requests.length;
    const given = createStripeProvider(
      {
        ...config,
        priceIds: {
          pro_month: 'price_given_1',
          pro_year: 'price_given_2',
          pro_plus_month: 'price_given_3',
          pro_plus_year: 'price_given_4',
          pro_max_month: 'price_given_5',
          pro_max_year: 'price_given_6',
          business_month: 'price_given_7',
          business_year: 'price_given_8',
        },
      },
      { log },
    );
    await given.prepare();
    expect(peer.requests.length).toBe(before);
  });

  it('makes a customer with the user id and a setup intent for the card element', async () => {
    const id = await provider.createCustomer({ id: 'user-meta', email: null, name: null });
    expect(id).toMatch(/^cus_/);
    const created = last(peer.requests, (r) => r.path === '/v1/customers')!;
    expect(created.params.metadata).toEqual({ user_id: 'user-meta' });
    const secret = await provider.createSetupIntent(id);
    expect(secret).toMatch(/^seti_.+_secret_/);
  });
});

describe('stripe provider: subscriptions', () => {
  it('subscribes with a good card: active, the card the default, the first invoice paid', async () => {
    const sub = await subscribe('pm_card_visa');
    expect(sub.id).toMatch(/^sub_/);
    expect(sub.status).toBe('active');
    expect(sub.vipType).toBe('pro_month');
    expect(sub.userId).toBe('user-x');
    expect(sub.pendingAction).toBeNull();
    expect(sub.latestInvoice).toMatchObject({
      status: 'paid',
      amountCents: 1690,
      billingReason: 'subscription_create',
      vipType: 'pro_month',
      subscriptionId: sub.id,
    });
    expect(sub.currentPeriodEnd.getTime() - sub.currentPeriodStart.getTime()).toBeGreaterThan(27 * 86400_000);
    const create = last(peer.requests, (r) => r.path === '/v1/subscriptions')!;
    expect(create.params.metadata).toEqual({ user_id: 'user-x', vip_type: 'pro_month' });
  });

  it('replays the same idempotency key into the same subscription', async () => {
    const customerId = await customer();
    const input = { customerId, userId: 'u', vipType: 'pro_year' as const, paymentMethodId: 'pm_card_visa', promotion: null, idempotencyKey: key() };
    const a = await provider.createSubscription(input);
    const b = await provider.createSubscription(input);
    expect(b.id).toBe(a.id);
  });

  it('throws a declined card in Stripe words and leaves no live subscription', async () => {
    const customerId = await customer();
    const error = await provider
      .createSubscription({ customerId, userId: 'u', vipType: 'pro_month', paymentMethodId: 'pm_card_chargeDeclined', promotion: null, idempotencyKey: key() })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PaymentDeclinedError);
    expect((error as PaymentDeclinedError).message).toBe('Your card was declined.');
    expect((error as PaymentDeclinedError).declineCode).toBe('generic_decline');
    const created = last(peer.events, (e) => e.type === 'customer.subscription.created')!;
    expect(peer.subscription(String(created.data.object.id))).toMatchObject({ status: 'canceled' });
  });

  it('a card that cannot even be attached is a decline too', async () => {
    await expect(subscribe('pm_card_chargeCustomerFail')).rejects.toBeInstanceOf(PaymentDeclinedError);
  });

  it('answers 3-D Secure as incomplete with the payment intent to confirm; confirming activates it', async () => {
    const sub = await subscribe('pm_card_authenticationRequired');
    expect(sub.status).toBe('incomplete');
    expect(sub.pendingAction?.paymentIntentId).toMatch(/^pi_/);
    expect(sub.pendingAction?.clientSecret).toMatch(/_secret_/);
    expect((await provider.retrieveSubscription(sub.id)).pendingAction).toEqual(sub.pendingAction);
    await peer.completeAuthentication(sub.pendingAction!.paymentIntentId, true);
    const after = await provider.retrieveSubscription(sub.id);
    expect(after.status).toBe('active');
    expect(after.latestInvoice?.status).toBe('paid');
  });

  it('previews and changes the plan with proration, invoicing the difference now', async () => {
    const sub = await subscribe('pm_card_visa');
    const { amountDueCents } = await provider.previewPlanChange(sub.id, 'business_month');
    // Nearly the whole month is left: about 49.90 − 16.90.
    expect(amountDueCents).toBeGreaterThan(3200);
    expect(amountDueCents).toBeLessThanOrEqual(3300);
    const changed = await provider.changePlan({ subscriptionId: sub.id, vipType: 'business_month', paymentMethodId: null, idempotencyKey: key() });
    expect(changed.vipType).toBe('business_month');
    expect(changed.status).toBe('active');
    expect(changed.pendingAction).toBeNull();
    expect(changed.latestInvoice).toMatchObject({ billingReason: 'subscription_update', status: 'paid', vipType: 'business_month' });
    expect(Math.abs(changed.latestInvoice!.amountCents - amountDueCents)).toBeLessThanOrEqual(2);
    const update = last(peer.requests, (r) => r.method === 'POST' && r.path === `/v1/subscriptions/${sub.id}` && r.params.items !== undefined)!;
    expect(update.params).toMatchObject({ proration_behavior: 'always_invoice', payment_behavior: 'pending_if_incomplete' });
    expect((await provider.retrieveSubscription(sub.id)).vipType).toBe('business_month');
  });

  it('a monthly to yearly change restarts the period and charges the year less the unused month', async () => {
    const sub = await subscribe('pm_card_visa');
    const { amountDueCents } = await provider.previewPlanChange(sub.id, 'pro_year');
    expect(amountDueCents).toBeGreaterThan(16900 - 1700);
    const changed = await provider.changePlan({ subscriptionId: sub.id, vipType: 'pro_year', paymentMethodId: null, idempotencyKey: key() });
    expect(changed.vipType).toBe('pro_year');
    expect(changed.currentPeriodEnd.getTime() - changed.currentPeriodStart.getTime()).toBeGreaterThan(360 * 86400_000);
  });

  it('an upgrade with a declined new card changes nothing; one needing 3-D Secure waits as a pending update', async () => {
    const sub = await subscribe('pm_card_visa');
    await expect(
      provider.changePlan({ subscriptionId: sub.id, vipType: 'business_month', paymentMethodId: 'pm_card_chargeDeclined', idempotencyKey: key() }),
    ).rejects.toBeInstanceOf(PaymentDeclinedError);
    expect((await provider.retrieveSubscription(sub.id)).vipType).toBe('pro_month');

    const pending = await provider.changePlan({
      subscriptionId: sub.id,
      vipType: 'business_month',
      paymentMethodId: 'pm_card_authenticationRequired',
      idempotencyKey: key(),
    });
    expect(pending.vipType).toBe('pro_month');
    expect(pending.pendingAction?.paymentIntentId).toMatch(/^pi_/);
    await peer.completeAuthentication(pending.pendingAction!.paymentIntentId, true);
    expect((await provider.retrieveSubscription(sub.id)).vipType).toBe('business_month');
  });

  it('sets and clears cancel at period end, and cancels now', async () => {
    const sub = await subscribe('pm_card_visa');
    expect((await provider.setCancelAtPeriodEnd(sub.id, true)).cancelAtPeriodEnd).toBe(true);
    expect((await provider.setCancelAtPeriodEnd(sub.id, false)).cancelAtPeriodEnd).toBe(false);
    await provider.setCancelAtPeriodEnd(sub.id, true);
    await peer.renew(sub.id);
    expect((await provider.retrieveSubscription(sub.id)).status).toBe('canceled');

    const other = await subscribe('pm_card_visa');
    const ended = await provider.cancelNow(other.id);
    expect(ended.status).toBe('canceled');
  });
});

describe('stripe provider: promotions', () => {
  it('mirrors a promotion as a once coupon and a promotion code; the discount applies to the first invoice', async () => {
    const expiresAt = new Date(Date.now() + 7 * 86400_000);
    const id = await provider.syncPromotion({ id: 'p1', code: 'SPRING20', percentOff: 20, active: true, expiresAt, maxRedemptions: 5 });
    expect(id).toMatch(/^promo_/);
    const coupon = last(peer.requests, (r) => r.path === '/v1/coupons' && r.method === 'POST')!;
    expect(coupon.params).toMatchObject({ percent_off: '20', duration: 'once' });
    const promo = last(peer.requests, (r) => r.path === '/v1/promotion_codes' && r.method === 'POST')!;
    expect(promo.params).toMatchObject({ code: 'SPRING20', max_redemptions: '5', expires_at: String(Math.floor(expiresAt.getTime() / 1000)) });
    // Same settings: the same code, nothing new.
    expect(await provider.syncPromotion({ id: 'p1', code: 'SPRING20', percentOff: 20, active: true, expiresAt, maxRedemptions: 5 })).toBe(id);

    const customerId = await customer();
    const sub = await provider.createSubscription({
      customerId,
      userId: 'u',
      vipType: 'pro_month',
      paymentMethodId: 'pm_card_visa',
      promotion: { id: 'p1', code: 'SPRING20', percentOff: 20, providerPromotionCodeId: id },
      idempotencyKey: key(),
    });
    expect(sub.latestInvoice?.amountCents).toBe(1352);

    // Changed settings: a new code, the old one switched off; inactive: switched off.
    const changed = await provider.syncPromotion({ id: 'p1', code: 'SPRING20', percentOff: 30, active: true, expiresAt: null, maxRedemptions: null });
    expect(changed).not.toBe(id);
    await provider.syncPromotion({ id: 'p1', code: 'SPRING20', percentOff: 30, active: false, expiresAt: null, maxRedemptions: null });
    const states = peer.requests
      .filter((r) => r.method === 'POST' && r.path.startsWith('/v1/promotion_codes/'))
      .map((r) => [r.path.split('/')[3], r.params.active]);
    expect(states).toEqual([
      [id, 'false'],
      [changed, 'false'],
    ]);
  });
});

describe('stripe provider: a promotion not mirrored yet', () => {
  it('applies its coupon directly', async () => {
    const customerId = await customer();
    const sub = await provider.createSubscription({
      customerId,
      userId: 'u',
      vipType: 'pro_year',
      paymentMethodId: 'pm_card_visa',
      promotion: { id: 'p-fresh', code: 'FRESH10', percentOff: 10, providerPromotionCodeId: null },
      idempotencyKey: key(),
    });
    expect(sub.latestInvoice?.amountCents).toBe(15210);
  });
});

describe('stripe provider: webhooks', () => {
  it('accepts a peer-signed event and normalizes each type', async () => {
    const sub = await subscribe('pm_card_visa');
    const mine = peer.events.filter(
      (e) =>
        (e.data.object.object === 'subscription'
          ? e.data.object.id
          : (e.data.object.parent as { subscription_details: { subscription: string } }).subscription_details.subscription) === sub.id,
    );
    expect(mine.map((e) => e.type)).toEqual(['customer.subscription.created', 'invoice.paid', 'customer.subscription.updated']);
    const [created, paid, updated] = mine.map(parseSigned);
    expect(created).toMatchObject({ type: 'customer.subscription.created', rawType: 'customer.subscription.created', invoice: null });
    expect(created!.subscription).toMatchObject({ id: sub.id, status: 'incomplete', vipType: 'pro_month', userId: 'user-x' });
    expect(paid!.invoice).toMatchObject({
      subscriptionId: sub.id,
      status: 'paid',
      amountCents: 1690,
      vipType: 'pro_month',
      billingReason: 'subscription_create',
    });
    expect(paid!.invoice!.number).toMatch(/^PEER-/);
    expect(paid!.invoice!.periodEnd.getTime()).toBe(sub.currentPeriodEnd.getTime());
    expect(updated!.subscription?.status).toBe('active');
    expect(updated!.created).toBeInstanceOf(Date);

    await peer.renew(sub.id);
    const renewal = last(peer.events, (e) => e.type === 'invoice.paid')!;
    expect(parseSigned(renewal).invoice).toMatchObject({ billingReason: 'subscription_cycle' });

    await provider.cancelNow(sub.id);
    const deleted = last(peer.events, (e) => e.type === 'customer.subscription.deleted')!;
    expect(parseSigned(deleted).subscription?.status).toBe('canceled');
  });

  it('normalizes a failed payment, a payment needing action, and unknown types as other', async () => {
    const sub = await subscribe('pm_card_authenticationRequired');
    const action = last(peer.events, (e) => e.type === 'invoice.payment_action_required')!;
    const parsedAction = parseSigned(action);
    expect(parsedAction).toMatchObject({ type: 'invoice.payment_action_required' });
    expect(parsedAction.invoice).toMatchObject({ subscriptionId: sub.id, status: 'open' });
    await peer.completeAuthentication(sub.pendingAction!.paymentIntentId, false);
    const failed = last(peer.events, (e) => e.type === 'invoice.payment_failed')!;
    expect(parseSigned(failed).invoice?.status).toBe('failed');

    const other = parseSigned({ id: 'evt_x', object: 'event', type: 'charge.refunded', created: 1, data: { object: { id: 'ch_1', object: 'charge' } } });
    expect(other).toMatchObject({ type: 'other', rawType: 'charge.refunded', subscription: null, invoice: null });
  });

  it('before the prices are loaded, refuses invoice events (Stripe retries them) but reads subscription events', async () => {
    const cold = createStripeProvider({ ...config, apiBase: 'http://127.0.0.1:9' }, { log });
    const sub = await subscribe('pm_card_visa');
    const events = peer.events.filter((e) => e.data.object.id === sub.id || e.data.object.id === sub.latestInvoice?.id);
    const sign = (e: unknown) => {
      const body = Buffer.from(JSON.stringify(e));
      return [body, signWebhook(body, peer.webhookSecret)] as const;
    };
    const paid = events.find((e) => e.type === 'invoice.paid')!;
    expect(() => cold.parseWebhook(...sign(paid))).toThrow(/still loading/);
    const created = events.find((e) => e.type === 'customer.subscription.created')!;
    expect(cold.parseWebhook(...sign(created)).subscription?.vipType).toBe('pro_month');
  });

  it('refuses a wrong signature, a stale timestamp, a future one and a malformed header', () => {
    const event = { id: 'evt_1', object: 'event', type: 'invoice.paid', created: 1, data: { object: {} } };
    const body = Buffer.from(JSON.stringify(event));
    expect(() => provider.parseWebhook(body, signWebhook(body, 'whsec_wrong'))).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(body, signWebhook(body, peer.webhookSecret, new Date(Date.now() - 6 * 60_000)))).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(body, signWebhook(body, peer.webhookSecret, new Date(Date.now() + 6 * 60_000)))).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(body, 'v1=abc')).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(body, undefined)).toThrow(WebhookSignatureError);
    expect(() => provider.parseWebhook(Buffer.from(JSON.stringify({ ...event, id: 'evt_2' })), signWebhook(body, peer.webhookSecret))).toThrow(
      WebhookSignatureError,
    );
    // Within the tolerance: accepted.
    expect(provider.parseWebhook(body, signWebhook(body, peer.webhookSecret, new Date(Date.now() - 4 * 60_000))).id).toBe('evt_1');
  });
});

describe('stripe peer: webhook delivery', () => {
  it('signs what it sends; can send each batch reversed and every event twice', async () => {
    const received: { signature: string; body: Buffer }[] = [];
    const sink = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ signature: String(req.headers['stripe-signature']), body: Buffer.concat(chunks) });
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
    try {
      peer.setWebhookUrl(`http://127.0.0.1:${(sink.address() as AddressInfo).port}/hook`);
      peer.delivery.reversed = true;
      peer.delivery.twice = true;
      await subscribe('pm_card_visa');
      await peer.settled();
      const parsed = received.map((r) => provider.parseWebhook(r.body, r.signature));
      expect(parsed.map((e) => e.type)).toEqual([
        'customer.subscription.updated',
        'customer.subscription.updated',
        'invoice.paid',
        'invoice.paid',
        'customer.subscription.created',
        'customer.subscription.created',
      ]);
      expect(parsed[0]!.id).toBe(parsed[1]!.id);
      expect(peer.deliveries.slice(-6).every((d) => d.status === 200)).toBe(true);
    } finally {
      peer.delivery.reversed = false;
      peer.delivery.twice = false;
      peer.setWebhookUrl(null);
      sink.closeAllConnections();
      await new Promise<void>((resolve) => sink.close(() => resolve()));
    }
  });
});

describe('stripe peer: time', () => {
  it('advancing the clock past a period end bills the next period; a failing card makes it past due', async () => {
    const own = await startStripePeer();
    try {
      const p = createStripeProvider({ ...config, secretKey: own.secretKey, webhookSecret: own.webhookSecret, apiBase: own.url }, { log });
      const customerId = await p.createCustomer({ id: 'time-user', email: null, name: null });
      const sub = await p.createSubscription({
        customerId,
        userId: 'time-user',
        vipType: 'pro_month',
        paymentMethodId: 'pm_card_visa',
        promotion: null,
        idempotencyKey: key(),
      });
      await own.advanceTime(32 * 86400_000);
      const renewed = await p.retrieveSubscription(sub.id);
      expect(renewed.currentPeriodStart.getTime()).toBe(sub.currentPeriodEnd.getTime());
      expect(renewed.latestInvoice).toMatchObject({ billingReason: 'subscription_cycle', status: 'paid', amountCents: 1690 });
      expect(own.events.map((e) => e.type).slice(-2)).toEqual(['customer.subscription.updated', 'invoice.paid']);

      const declining = await p.createSubscription({
        customerId,
        userId: 'time-user',
        vipType: 'pro_year',
        paymentMethodId: 'pm_card_visa',
        promotion: null,
        idempotencyKey: key(),
      });
      // The card on file starts failing: the customer's default is now one that declines.
      await p
        .changePlan({ subscriptionId: declining.id, vipType: 'pro_year', paymentMethodId: 'pm_card_chargeDeclined', idempotencyKey: key() })
        .catch(() => null);
      await own.renew(declining.id);
      expect((await p.retrieveSubscription(declining.id)).status).toBe('past_due');
      expect(own.events.at(-1)?.type).toBe('invoice.payment_failed');
    } finally {
      await own.close();
    }
  });
});
