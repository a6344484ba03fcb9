import type { Logger } from 'pino';
import Stripe from 'stripe';
import { PLAN_PRICES, VIP_TYPES, billingPeriodOf, planFamilyOf, type PaidVipType, type PlanFamily } from '@packsmith/contracts';
import type { PaymentsConfig } from '../../config.js';
import { PaymentDeclinedError, type PaymentProvider, type ProviderPromotion } from './payment-provider.js';
import { toProviderEvent, toProviderSubscription, type PlanOfPrice } from './stripe-objects.js';
import { verifyWebhook } from './webhook-signature.js';

export type StripeConfig = Extract<PaymentsConfig, { provider: 'stripe' }>;

/** The API version the installed SDK is typed for; pinned so Stripe's answers keep the shapes stripe-objects.ts reads. */
export const STRIPE_API_VERSION = '2026-10-28.endive';

const PAID_VIP_TYPES = VIP_TYPES.filter((v): v is PaidVipType => v !== 'normal');

/** Our products have fixed ids, so a restart finds them instead of creating duplicates. */
export function productIdOf(family: PlanFamily): string {
  return `packsmith_${family}`;
}

/** SPEC §9 prices in cents. */
export function priceCentsOf(vip: PaidVipType): number {
  const plan = PLAN_PRICES[planFamilyOf(vip)];
  return Math.round((billingPeriodOf(vip) === 'year' ? plan.yearUsd : plan.monthUsd) * 100);
}

/** A coupon per promotion and percentage (coupons are immutable; a new percentage is a new coupon). */
export function couponIdOf(promotion: { id: string; percentOff: number }): string {
  return `packsmith_${promotion.id}_${promotion.percentOff}`;
}

/** The payment intent of an invoice (current versions list it under `payments`, expanded on request). */
function paymentIntentIdOf(invoice: Stripe.Invoice | string | null): string | null {
  if (!invoice || typeof invoice === 'string') return null;
  for (const payment of invoice.payments?.data ?? []) {
    const pi = payment.payment.payment_intent;
    if (pi) return typeof pi === 'string' ? pi : pi.id;
  }
  return null;
}

function isCardError(err: unknown): err is Stripe.errors.StripeCardError {
  return err instanceof Stripe.errors.StripeCardError;
}

function isMissing(err: unknown): boolean {
  return err instanceof Stripe.errors.StripeInvalidRequestError && err.code === 'resource_missing';
}

/** A card error from Stripe, told to the user in Stripe's words. */
function declined(err: Stripe.errors.StripeCardError): PaymentDeclinedError {
  return new PaymentDeclinedError(err.message || 'Your card was declined.', err.decline_code ?? err.code ?? null);
}

/** Stripe through the official SDK; what it sells comes from SPEC §9 (prices created on first start unless given). */
export function createStripeProvider(config: StripeConfig, deps: { log: Logger }): PaymentProvider {
  const log = deps.log.child({ provider: 'stripe' });
  const base = config.apiBase ? new URL(config.apiBase) : null;
  const stripe = new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    // Retries carry the SDK's idempotency key, so a retried POST never buys twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Packsmith' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? ('http' as const) : ('https' as const),
        }
      : {}),
  });

  const priceOfPlan = new Map<PaidVipType, string>();
  const planOfPriceId = new Map<string, PaidVipType>();
  const planOfPrice: PlanOfPrice = (priceId) => planOfPriceId.get(priceId) ?? null;
  let prepared: Promise<void> | null = null;
  /** Every plan's price id is known: invoice events can be read (their lines name prices by id only). */
  let ready = false;

  function remember(vip: PaidVipType, priceId: string): void {
    priceOfPlan.set(vip, priceId);
    planOfPriceId.set(priceId, vip);
  }

  async function ensureProduct(family: PlanFamily): Promise<string> {
    const id = productIdOf(family);
    try {
      await stripe.products.retrieve(id);
    } catch (err) {
      if (!isMissing(err)) throw err;
      await stripe.products.create(
        { id, name: `Packsmith ${PLAN_PRICES[family].title}`, metadata: { plan_family: family } },
        { idempotencyKey: `packsmith-product-${id}` },
      );
      log.info({ product: id }, 'stripe product created');
    }
    return id;
  }

  async function doPrepare(): Promise<void> {
    for (const vip of PAID_VIP_TYPES) {
      const given = config.priceIds[vip];
      if (given) remember(vip, given);
    }
    const missing = PAID_VIP_TYPES.filter((v) => !priceOfPlan.has(v));
    if (missing.length === 0) {
      ready = true;
      return;
    }
    // A price we created earlier is found again by its lookup key (the plan type).
    const found = await stripe.prices.list({ lookup_keys: missing, active: true, limit: 100 });
    for (const price of found.data) {
      const vip = PAID_VIP_TYPES.find((v) => v === price.lookup_key);
      if (vip && price.unit_amount === priceCentsOf(vip) && price.currency === 'usd') remember(vip, price.id);
      else if (vip) log.warn({ price: price.id, lookup_key: price.lookup_key }, 'stripe price with our lookup key but another amount: a new one takes the key');
    }
    const products = new Map<PlanFamily, string>();
    for (const vip of PAID_VIP_TYPES.filter((v) => !priceOfPlan.has(v))) {
      const family = planFamilyOf(vip);
      const product = products.get(family) ?? (await ensureProduct(family));
      products.set(family, product);
      const cents = priceCentsOf(vip);
      const price = await stripe.prices.create(
        {
          product,
          currency: 'usd',
          unit_amount: cents,
          recurring: { interval: billingPeriodOf(vip) },
          lookup_key: vip,
          // Moves the key from an older price of another amount (SPEC §9 changed).
          transfer_lookup_key: true,
          nickname: vip,
          metadata: { vip_type: vip },
        },
        { idempotencyKey: `packsmith-price-${vip}-${cents}` },
      );
      remember(vip, price.id);
      log.info({ price: price.id, vip }, 'stripe price created');
    }
    ready = true;
  }

  function prepare(): Promise<void> {
    prepared ??= doPrepare().catch((err: unknown) => {
      prepared = null; // the next call tries again
      throw err;
    });
    return prepared;
  }

  // Loaded at once, so webhooks can be read from the start; a failure is retried by the next use.
  void prepare().catch((err: unknown) => log.warn({ err }, 'stripe: loading the prices failed; retried on the next payment or webhook'));

  async function priceIdOf(vip: PaidVipType): Promise<string> {
    await prepare();
    const id = priceOfPlan.get(vip);
    if (!id) throw new Error(`No Stripe price for ${vip}.`);
    return id;
  }

  /** Attaches a card to the customer and makes it what their invoices charge. */
  async function useCard(customerId: string, paymentMethodId: string, idempotencyKey: string): Promise<string> {
    try {
      const pm = await stripe.paymentMethods.attach(paymentMethodId, { customer: customerId }, { idempotencyKey: `${idempotencyKey}:attach` });
      await stripe.customers.update(customerId, { invoice_settings: { default_payment_method: pm.id } }, { idempotencyKey: `${idempotencyKey}:default` });
      return pm.id;
    } catch (err) {
      if (isCardError(err)) throw declined(err);
      throw err;
    }
  }

  /** The latest invoice's payment intent, when the subscription waits on one. */
  async function paymentIntentOf(sub: Stripe.Subscription): Promise<Stripe.PaymentIntent | null> {
    const id = paymentIntentIdOf(sub.latest_invoice);
    return id ? stripe.paymentIntents.retrieve(id) : null;
  }

  const EXPAND = ['latest_invoice.payments'];

  async function ensureCoupon(promotion: { id: string; code: string; percentOff: number }): Promise<string> {
    const couponId = couponIdOf(promotion);
    try {
      await stripe.coupons.retrieve(couponId);
    } catch (err) {
      if (!isMissing(err)) throw err;
      await stripe.coupons.create(
        { id: couponId, percent_off: promotion.percentOff, duration: 'once', name: promotion.code, metadata: { promotion_id: promotion.id } },
        { idempotencyKey: `packsmith-coupon-${couponId}` },
      );
    }
    return couponId;
  }

  /** A promotion mirrored as a Stripe promotion code applies as one; one not mirrored yet applies its coupon. */
  async function discountsOf(promotion: ProviderPromotion | null): Promise<Stripe.SubscriptionCreateParams.Discount[]> {
    if (!promotion) return [];
    if (promotion.providerPromotionCodeId) return [{ promotion_code: promotion.providerPromotionCodeId }];
    return [{ coupon: await ensureCoupon(promotion) }];
  }

  async function cancelQuietly(subscriptionId: string): Promise<void> {
    try {
      await stripe.subscriptions.cancel(subscriptionId);
    } catch (err) {
      log.warn({ err, subscriptionId }, 'stripe: cancelling a declined subscription failed');
    }
  }

  return {
    name: 'stripe',
    testMode: config.secretKey.startsWith('sk_test_'),
    publishableKey: config.publishableKey,
    prepare,

    async createCustomer(user) {
      const customer = await stripe.customers.create(
        { email: user.email ?? undefined, name: user.name ?? undefined, metadata: { user_id: user.id } },
        { idempotencyKey: `packsmith-customer-${user.id}` },
      );
      return customer.id;
    },

    async createSetupIntent(customerId) {
      const intent = await stripe.setupIntents.create({ customer: customerId, usage: 'off_session' });
      return intent.client_secret;
    },

    async createSubscription(input) {
      const price = await priceIdOf(input.vipType);
      const pm = input.paymentMethodId ? await useCard(input.customerId, input.paymentMethodId, input.idempotencyKey) : null;
      let sub: Stripe.Subscription;
      try {
        sub = await stripe.subscriptions.create(
          {
            customer: input.customerId,
            items: [{ price }],
            ...(pm ? { default_payment_method: pm } : {}),
            // Charges the first period now; a failed or unauthenticated payment leaves it incomplete
            // (answered below) instead of an error, so 3-D Secure can be finished by the client.
            payment_behavior: 'allow_incomplete',
            payment_settings: { save_default_payment_method: 'on_subscription' },
            metadata: { user_id: input.userId, vip_type: input.vipType },
            ...(input.promotion ? { discounts: await discountsOf(input.promotion) } : {}),
            expand: EXPAND,
          },
          { idempotencyKey: input.idempotencyKey },
        );
      } catch (err) {
        if (isCardError(err)) throw declined(err);
        throw err;
      }
      if (sub.status !== 'incomplete') return toProviderSubscription(sub, planOfPrice);
      const pi = await paymentIntentOf(sub);
      if (pi && (pi.status === 'requires_action' || pi.status === 'requires_confirmation') && pi.client_secret) {
        return toProviderSubscription(sub, planOfPrice, { paymentIntentId: pi.id, clientSecret: pi.client_secret });
      }
      if (pi?.status === 'succeeded' || pi?.status === 'processing') {
        return toProviderSubscription(await stripe.subscriptions.retrieve(sub.id, { expand: EXPAND }), planOfPrice);
      }
      // Declined: no half-made subscription stays behind (Stripe would expire it after 23 hours).
      await cancelQuietly(sub.id);
      const error = pi?.last_payment_error;
      throw new PaymentDeclinedError(error?.message ?? 'Your card was declined.', error?.decline_code ?? error?.code ?? null);
    },

    async retrieveSubscription(subscriptionId) {
      const sub = await stripe.subscriptions.retrieve(subscriptionId, { expand: EXPAND });
      // Still waiting on 3-D Secure (a first payment or a pending upgrade): the client may confirm again.
      const waiting = sub.status === 'incomplete' || sub.pending_update !== null ? await paymentIntentOf(sub) : null;
      const pendingAction =
        waiting && waiting.status === 'requires_action' && waiting.client_secret ? { paymentIntentId: waiting.id, clientSecret: waiting.client_secret } : null;
      return toProviderSubscription(sub, planOfPrice, pendingAction);
    },

    async previewPlanChange(subscriptionId, vipType) {
      const price = await priceIdOf(vipType);
      const sub = await stripe.subscriptions.retrieve(subscriptionId);
      const item = sub.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${subscriptionId} has no item.`);
      const preview = await stripe.invoices.createPreview({
        customer: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
        subscription: subscriptionId,
        subscription_details: {
          items: [{ id: item.id, price }],
          proration_behavior: 'always_invoice',
          proration_date: Math.floor(Date.now() / 1000),
        },
      });
      return { amountDueCents: preview.amount_due };
    },

    async changePlan(input) {
      const price = await priceIdOf(input.vipType);
      const current = await stripe.subscriptions.retrieve(input.subscriptionId);
      const item = current.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${input.subscriptionId} has no item.`);
      const customerId = typeof current.customer === 'string' ? current.customer : current.customer.id;
      if (input.paymentMethodId) {
        const pm = await useCard(customerId, input.paymentMethodId, input.idempotencyKey);
        await stripe.subscriptions.update(input.subscriptionId, { default_payment_method: pm }, { idempotencyKey: `${input.idempotencyKey}:pm` });
      }
      let sub: Stripe.Subscription;
      try {
        sub = await stripe.subscriptions.update(
          input.subscriptionId,
          {
            items: [{ id: item.id, price }],
            proration_behavior: 'always_invoice',
            // The new plan applies only once its invoice is paid: a decline changes nothing, and
            // 3-D Secure leaves a pending update that Stripe applies when the client confirms.
            payment_behavior: 'pending_if_incomplete',
            expand: EXPAND,
          },
          { idempotencyKey: input.idempotencyKey },
        );
      } catch (err) {
        if (isCardError(err)) throw declined(err);
        throw err;
      }
      if (sub.pending_update) {
        const pi = await paymentIntentOf(sub);
        if (pi && (pi.status === 'requires_action' || pi.status === 'requires_confirmation') && pi.client_secret) {
          return toProviderSubscription(sub, planOfPrice, { paymentIntentId: pi.id, clientSecret: pi.client_secret });
        }
        const error = pi?.last_payment_error;
        throw new PaymentDeclinedError(error?.message ?? 'Your card was declined.', error?.decline_code ?? error?.code ?? null);
      }
      // Metadata cannot ride on a pending update; it follows once the change has applied.
      const updated = await stripe.subscriptions.update(
        input.subscriptionId,
        { metadata: { vip_type: input.vipType }, expand: EXPAND },
        { idempotencyKey: `${input.idempotencyKey}:meta` },
      );
      return toProviderSubscription(updated, planOfPrice);
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      return toProviderSubscription(
        await stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel, expand: ['latest_invoice'] }),
        planOfPrice,
      );
    },

    async cancelNow(subscriptionId) {
      return toProviderSubscription(await stripe.subscriptions.cancel(subscriptionId, { expand: ['latest_invoice'] }), planOfPrice);
    },

    async syncPromotion(promotion) {
      const couponId = couponIdOf(promotion);
      const expiresAt = promotion.expiresAt ? Math.floor(promotion.expiresAt.getTime() / 1000) : null;
      // Stripe refuses a promotion code that expires in the past: such a code is simply inactive there.
      const active = promotion.active && (expiresAt === null || expiresAt * 1000 > Date.now());
      const existing = await stripe.promotionCodes.list({ code: promotion.code, limit: 100 });
      const couponOf = (p: Stripe.PromotionCode): string | null => {
        const c = p.promotion.coupon;
        return c == null ? null : typeof c === 'string' ? c : c.id;
      };
      const matching = existing.data.find(
        (p) => couponOf(p) === couponId && p.expires_at === expiresAt && p.max_redemptions === (promotion.maxRedemptions ?? null),
      );
      // Promotion codes are immutable but for `active`: a changed one is a new code, the old one switched off.
      for (const p of existing.data) {
        if (p.active && (!active || p !== matching)) await stripe.promotionCodes.update(p.id, { active: false });
      }
      if (!active) return matching?.id ?? null;
      if (matching) {
        if (!matching.active) await stripe.promotionCodes.update(matching.id, { active: true });
        return matching.id;
      }
      await ensureCoupon(promotion);
      const created = await stripe.promotionCodes.create({
        promotion: { type: 'coupon', coupon: couponId },
        code: promotion.code,
        ...(promotion.maxRedemptions != null ? { max_redemptions: promotion.maxRedemptions } : {}),
        ...(expiresAt !== null ? { expires_at: expiresAt } : {}),
        metadata: { promotion_id: promotion.id },
      });
      return created.id;
    },

    parseWebhook(rawBody, signatureHeader) {
      verifyWebhook(rawBody, signatureHeader, config.webhookSecret);
      const payload = JSON.parse(rawBody.toString('utf8')) as unknown;
      const type = typeof payload === 'object' && payload !== null ? (payload as { type?: unknown }).type : null;
      if (!ready && typeof type === 'string' && type.startsWith('invoice.')) {
        // Just after a start, before the prices are loaded, an invoice's plan cannot be told (an
        // upgrade's metadata still names the old plan): refused, Stripe delivers it again shortly.
        void prepare().catch(() => undefined);
        throw new Error('The Stripe prices are still loading; the event will be retried.');
      }
      return toProviderEvent(payload, planOfPrice);
    },
  };
}
