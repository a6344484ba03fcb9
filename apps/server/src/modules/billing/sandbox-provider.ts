import crypto from 'node:crypto';
import type { Logger } from 'pino';
import { PaidVipTypeSchema, TEST_PAYMENT_METHODS, billingPeriodOf, type PaidVipType } from '@packsmith/contracts';
import { badRequest, notFound } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { PaymentDeclinedError, type PaymentProvider, type ProviderEvent, type ProviderInvoice, type ProviderSubscription } from './payment-provider.js';
import { discountedCents, planPeriodEnd, planPriceCents } from './periods.js';
import { prorate } from './proration.js';
import { renderInvoicePdf } from './invoice-pdf.js';
import type { SandboxRepo } from './sandbox.repo.js';
import { signWebhook, verifyWebhook } from './webhook-signature.js';

/**
 * The offline payment sandbox: Stripe's subscription lifecycle kept in `sandbox_objects`, driven by
 * Stripe's own test payment-method ids, telling the app what happened through signed Stripe-like
 * webhook events delivered (synchronously) to the same handler as POST /api/pay/webhook.
 */

/** The sandbox's webhook secret: derived from the app secret, so every process on one data dir agrees. */
export function sandboxWebhookSecret(appSecret: string): string {
  return `whsec_sandbox_${crypto.createHmac('sha256', appSecret).update('packsmith sandbox webhook').digest('hex')}`;
}

type SubStatus = ProviderSubscription['status'];
type InvoiceStatus = ProviderInvoice['status'];
type BillingReason = ProviderInvoice['billingReason'];

interface SbCustomer {
  id: string;
  userId: string;
  email: string | null;
  name: string | null;
  defaultPaymentMethod: string | null;
}
interface SbPromotion {
  code: string;
  percentOff: number;
}
interface SbSubscription {
  id: string;
  customerId: string;
  userId: string;
  vipType: PaidVipType;
  status: SubStatus;
  /** Unix seconds, as Stripe keeps them. */
  currentPeriodStart: number;
  currentPeriodEnd: number;
  cancelAtPeriodEnd: boolean;
  paymentMethod: string | null;
  latestInvoiceId: string | null;
  pendingPaymentIntentId: string | null;
  pendingClientSecret: string | null;
  promotion: SbPromotion | null;
}
interface SbInvoice {
  id: string;
  number: string;
  subscriptionId: string;
  customerId: string;
  vipType: PaidVipType;
  amountCents: number;
  /** The plan's full price before the promotion (shown on the PDF). */
  listCents: number;
  currency: string;
  status: InvoiceStatus;
  periodStart: number;
  periodEnd: number;
  billingReason: BillingReason;
  promotion: SbPromotion | null;
  email: string | null;
  created: number;
  /** A plan change waiting for this invoice's payment (3-D Secure): applied when it is paid. */
  pendingChange: { vipType: PaidVipType; periodStart: number; periodEnd: number } | null;
}
interface SbPaymentIntent {
  id: string;
  clientSecret: string;
  invoiceId: string;
  subscriptionId: string;
  userId: string;
  status: 'requires_action' | 'succeeded' | 'failed';
}

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  readonly webhookSecret: string;
  /** The stand-in for the bank's 3-D Secure page: approves or fails the payment of `clientSecret` (the caller's own). */
  authenticate(clientSecret: string, approve: boolean, userId: string): Promise<{ status: 'succeeded' | 'failed' }>;
  /** Bills the next period of due subscriptions and ends those cancelling at their period end, as of `now`. */
  renew(now: Date): Promise<{ renewed: number; ended: number; failed: number }>;
  /** A signed copy of an event as the sandbox would send it (tests replay and reorder them). */
  eventBody(type: string, subscriptionId: string, opts?: { created?: Date; id?: string; invoiceId?: string }): Promise<string>;
  sign(body: string): string;
}

export interface SandboxDeps {
  repo: SandboxRepo;
  webhookSecret: string;
  /** Where events go: the app's webhook handler (the same one POST /api/pay/webhook calls). */
  deliver: (rawBody: Buffer, signatureHeader: string) => Promise<void>;
  log: Logger;
  /** The provider's clock (tests move it); the signature always uses the real time, as the transport does. */
  now?: () => Date;
  sellerName?: string;
}

/** Events not yet accepted by the app's handler: the sweep delivers them again (Stripe retries too). */
const UNDELIVERED = 'event_undelivered';
const KNOWN_METHODS: ReadonlySet<string> = new Set(Object.values(TEST_PAYMENT_METHODS));
const seconds = (d: Date): number => Math.floor(d.getTime() / 1000);
const fromSeconds = (s: number): Date => new Date(s * 1000);

export function createSandboxProvider(deps: SandboxDeps): SandboxProvider {
  const { repo, log } = deps;
  const clock = deps.now ?? (() => new Date());
  const sellerName = deps.sellerName ?? 'Packsmith';

  async function load<T>(id: string): Promise<T | null> {
    const row = await repo.get(id);
    return row ? (row.data as unknown as T) : null;
  }
  async function must<T>(id: string, what: string): Promise<T> {
    const found = await load<T>(id);
    if (!found) throw notFound(`No such ${what}.`);
    return found;
  }
  const save = (kind: string, obj: { id: string }) => repo.put(obj.id, kind, obj);

  function invoiceOut(inv: SbInvoice): ProviderInvoice {
    return {
      id: inv.id,
      number: inv.number,
      subscriptionId: inv.subscriptionId,
      customerId: inv.customerId,
      vipType: inv.vipType,
      amountCents: inv.amountCents,
      currency: inv.currency,
      status: inv.status,
      periodStart: fromSeconds(inv.periodStart),
      periodEnd: fromSeconds(inv.periodEnd),
      pdfUrl: null,
      billingReason: inv.billingReason,
    };
  }
  async function subscriptionOut(sub: SbSubscription): Promise<ProviderSubscription> {
    const invoice = sub.latestInvoiceId ? await load<SbInvoice>(sub.latestInvoiceId) : null;
    return {
      id: sub.id,
      customerId: sub.customerId,
      userId: sub.userId,
      vipType: sub.vipType,
      status: sub.status,
      currentPeriodStart: fromSeconds(sub.currentPeriodStart),
      currentPeriodEnd: fromSeconds(sub.currentPeriodEnd),
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      pendingAction:
        sub.pendingPaymentIntentId && sub.pendingClientSecret ? { paymentIntentId: sub.pendingPaymentIntentId, clientSecret: sub.pendingClientSecret } : null,
      latestInvoice: invoice ? invoiceOut(invoice) : null,
    };
  }

  // ---- the wire format: Stripe-like JSON (unix seconds, snake_case, metadata) ----
  function invoiceJson(inv: SbInvoice): Record<string, unknown> {
    return {
      id: inv.id,
      object: 'invoice',
      number: inv.number,
      subscription: inv.subscriptionId,
      customer: inv.customerId,
      amount_due: inv.amountCents,
      currency: inv.currency,
      status: inv.status,
      period_start: inv.periodStart,
      period_end: inv.periodEnd,
      billing_reason: inv.billingReason,
      discount: inv.promotion ? { code: inv.promotion.code, percent_off: inv.promotion.percentOff } : null,
      metadata: { vip_type: inv.vipType },
    };
  }
  async function subscriptionJson(sub: SbSubscription): Promise<Record<string, unknown>> {
    const invoice = sub.latestInvoiceId ? await load<SbInvoice>(sub.latestInvoiceId) : null;
    return {
      id: sub.id,
      object: 'subscription',
      customer: sub.customerId,
      status: sub.status,
      current_period_start: sub.currentPeriodStart,
      current_period_end: sub.currentPeriodEnd,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      pending_action: sub.pendingPaymentIntentId ? { payment_intent: sub.pendingPaymentIntentId, client_secret: sub.pendingClientSecret } : null,
      latest_invoice: invoice ? invoiceJson(invoice) : null,
      metadata: { user_id: sub.userId, vip_type: sub.vipType },
    };
  }

  async function eventBody(type: string, sub: SbSubscription, invoice: SbInvoice | null, created: Date, id: string = `evt_sb_${newId(12)}`): Promise<string> {
    const subJson = await subscriptionJson(sub);
    const isInvoice = type.startsWith('invoice.');
    const object = isInvoice && invoice ? invoiceJson(invoice) : subJson;
    return JSON.stringify({
      id,
      object: 'event',
      type,
      created: seconds(created),
      livemode: false,
      data: { object, ...(isInvoice ? { subscription: subJson } : {}) },
    });
  }

  /** Stores the event (like Stripe's event list) and delivers it at once; a failed delivery is retried by renew(). */
  async function emit(type: string, sub: SbSubscription, invoice: SbInvoice | null = null, at: Date = clock()): Promise<void> {
    const body = await eventBody(type, sub, invoice, at);
    const id = (JSON.parse(body) as { id: string }).id;
    await repo.put(id, UNDELIVERED, { body });
    await deliverStored(id, body);
  }
  async function deliverStored(id: string, body: string): Promise<void> {
    try {
      await deps.deliver(Buffer.from(body), signWebhook(body, deps.webhookSecret));
      await repo.put(id, 'event', { body });
    } catch (err) {
      log.error({ err, event: id }, 'sandbox: webhook delivery failed; retried by the next sweep');
    }
  }

  function paymentMethodFor(given: string | null, customer: SbCustomer): string {
    const pm = given ?? customer.defaultPaymentMethod;
    if (!pm) throw badRequest('Enter a card to pay with.');
    if (!KNOWN_METHODS.has(pm)) throw badRequest('The test mode takes its test cards only: 4242 4242 4242 4242, 4000 0000 0000 0002 or 4000 0025 0000 3155.');
    if (pm === TEST_PAYMENT_METHODS.declined) throw new PaymentDeclinedError('Your card was declined.', 'card_declined');
    return pm;
  }

  function newInvoice(
    input: Omit<SbInvoice, 'id' | 'number' | 'currency' | 'created' | 'pendingChange'> & { pendingChange?: SbInvoice['pendingChange'] },
  ): SbInvoice {
    const now = clock();
    const number = `SB-${now.getUTCFullYear()}-${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
    return { id: `in_sb_${newId(12)}`, number, currency: 'usd', created: seconds(now), pendingChange: null, ...input };
  }

  /** Charges `invoice` with `pm`: paid at once, or a PaymentIntent waiting for 3-D Secure. */
  async function charge(sub: SbSubscription, invoice: SbInvoice, pm: string): Promise<'paid' | 'requires_action'> {
    if (pm === TEST_PAYMENT_METHODS.authenticationRequired && invoice.amountCents > 0) {
      const pi: SbPaymentIntent = {
        id: `pi_sb_${newId(12)}`,
        clientSecret: '',
        invoiceId: invoice.id,
        subscriptionId: sub.id,
        userId: sub.userId,
        status: 'requires_action',
      };
      pi.clientSecret = `${pi.id}_secret_${newId(12)}`;
      await save('payment_intent', pi);
      invoice.status = 'open';
      sub.pendingPaymentIntentId = pi.id;
      sub.pendingClientSecret = pi.clientSecret;
      return 'requires_action';
    }
    invoice.status = 'paid';
    return 'paid';
  }

  /** A paid invoice's plan change (upgrade) takes effect. */
  function applyPendingChange(sub: SbSubscription, invoice: SbInvoice): void {
    if (!invoice.pendingChange) return;
    sub.vipType = invoice.pendingChange.vipType;
    sub.currentPeriodStart = invoice.pendingChange.periodStart;
    sub.currentPeriodEnd = invoice.pendingChange.periodEnd;
  }

  async function customerOf(sub: SbSubscription): Promise<SbCustomer> {
    return must<SbCustomer>(sub.customerId, 'customer');
  }

  /** Same idempotency key → the object made the first time (a retried or double-clicked request). */
  async function claimKey(key: string, objectId: string): Promise<string | null> {
    const id = `idem_${crypto.createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
    if (await repo.insert(id, 'idempotency', { objectId })) return null;
    // Another request holds the key: wait (briefly) for the object it is making.
    for (let i = 0; i < 40; i++) {
      const held = await load<{ objectId: string }>(id);
      if (held && (await repo.get(held.objectId))) return held.objectId;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw badRequest('The same payment is being processed. Try again in a moment.');
  }

  const provider: SandboxProvider = {
    name: 'sandbox',
    testMode: true,
    publishableKey: null,
    webhookSecret: deps.webhookSecret,
    async prepare() {},

    async createCustomer(user) {
      const customer: SbCustomer = { id: `cus_sb_${newId(12)}`, userId: user.id, email: user.email, name: user.name, defaultPaymentMethod: null };
      await save('customer', customer);
      return customer.id;
    },

    async createSetupIntent() {
      return null;
    },

    async createSubscription(input) {
      const customer = await must<SbCustomer>(input.customerId, 'customer');
      const pm = paymentMethodFor(input.paymentMethodId, customer);
      const subId = `sub_sb_${newId(12)}`;
      const existing = await claimKey(`create:${input.idempotencyKey}`, subId);
      if (existing) return provider.retrieveSubscription(existing);
      const now = clock();
      const start = seconds(now);
      const end = seconds(planPeriodEnd(fromSeconds(start), input.vipType));
      const promotion = input.promotion ? { code: input.promotion.code, percentOff: input.promotion.percentOff } : null;
      const sub: SbSubscription = {
        id: subId,
        customerId: customer.id,
        userId: input.userId,
        vipType: input.vipType,
        status: 'incomplete',
        currentPeriodStart: start,
        currentPeriodEnd: end,
        cancelAtPeriodEnd: false,
        paymentMethod: pm,
        latestInvoiceId: null,
        pendingPaymentIntentId: null,
        pendingClientSecret: null,
        promotion,
      };
      const list = planPriceCents(input.vipType);
      const invoice = newInvoice({
        subscriptionId: sub.id,
        customerId: customer.id,
        vipType: input.vipType,
        amountCents: discountedCents(list, promotion?.percentOff ?? null),
        listCents: list,
        status: 'open',
        periodStart: start,
        periodEnd: end,
        billingReason: 'subscription_create',
        promotion,
        email: customer.email,
      });
      sub.latestInvoiceId = invoice.id;
      const outcome = await charge(sub, invoice, pm);
      if (outcome === 'paid') {
        sub.status = 'active';
        customer.defaultPaymentMethod = pm;
        await save('customer', customer);
      }
      await save('invoice', invoice);
      await save('subscription', sub);
      await emit('customer.subscription.created', sub);
      await emit(outcome === 'paid' ? 'invoice.paid' : 'invoice.payment_action_required', sub, invoice);
      return subscriptionOut(sub);
    },

    async retrieveSubscription(subscriptionId) {
      return subscriptionOut(await must<SbSubscription>(subscriptionId, 'subscription'));
    },

    async previewPlanChange(subscriptionId, vipType) {
      const sub = await must<SbSubscription>(subscriptionId, 'subscription');
      const r = prorate({
        oldPriceCents: planPriceCents(sub.vipType),
        newPriceCents: planPriceCents(vipType),
        periodStart: fromSeconds(sub.currentPeriodStart),
        periodEnd: fromSeconds(sub.currentPeriodEnd),
        now: clock(),
        intervalChanges: billingPeriodOf(sub.vipType) !== billingPeriodOf(vipType),
      });
      return { amountDueCents: r.amountDueCents };
    },

    async changePlan(input) {
      const sub = await must<SbSubscription>(input.subscriptionId, 'subscription');
      if (sub.status !== 'active') throw badRequest('This subscription is not active, so its plan cannot change.');
      const customer = await customerOf(sub);
      const pm = paymentMethodFor(input.paymentMethodId ?? sub.paymentMethod, customer);
      const invoiceId = `in_sb_${newId(12)}`;
      if (await claimKey(`change:${input.idempotencyKey}`, invoiceId)) return provider.retrieveSubscription(sub.id);
      const now = clock();
      const r = prorate({
        oldPriceCents: planPriceCents(sub.vipType),
        newPriceCents: planPriceCents(input.vipType),
        periodStart: fromSeconds(sub.currentPeriodStart),
        periodEnd: fromSeconds(sub.currentPeriodEnd),
        now,
        intervalChanges: billingPeriodOf(sub.vipType) !== billingPeriodOf(input.vipType),
      });
      const periodStart = r.resetsPeriod ? seconds(now) : sub.currentPeriodStart;
      const periodEnd = r.resetsPeriod ? seconds(planPeriodEnd(fromSeconds(periodStart), input.vipType)) : sub.currentPeriodEnd;
      const invoice = newInvoice({
        subscriptionId: sub.id,
        customerId: customer.id,
        vipType: input.vipType,
        amountCents: r.amountDueCents,
        listCents: r.amountDueCents,
        status: 'open',
        periodStart: r.resetsPeriod ? periodStart : seconds(now),
        periodEnd,
        billingReason: 'subscription_update',
        promotion: null,
        email: customer.email,
        pendingChange: { vipType: input.vipType, periodStart, periodEnd },
      });
      invoice.id = invoiceId;
      sub.latestInvoiceId = invoice.id;
      sub.paymentMethod = pm;
      const outcome = await charge(sub, invoice, pm);
      if (outcome === 'paid') applyPendingChange(sub, invoice);
      await save('invoice', invoice);
      await save('subscription', sub);
      if (outcome === 'paid') {
        await emit('customer.subscription.updated', sub);
        await emit('invoice.paid', sub, invoice);
      } else {
        await emit('invoice.payment_action_required', sub, invoice);
      }
      return subscriptionOut(sub);
    },

    async setCancelAtPeriodEnd(subscriptionId, cancel) {
      const sub = await must<SbSubscription>(subscriptionId, 'subscription');
      if (sub.status === 'canceled') throw badRequest('This subscription has ended already.');
      if (sub.cancelAtPeriodEnd !== cancel) {
        sub.cancelAtPeriodEnd = cancel;
        await save('subscription', sub);
        await emit('customer.subscription.updated', sub);
      }
      return subscriptionOut(sub);
    },

    async cancelNow(subscriptionId) {
      const sub = await must<SbSubscription>(subscriptionId, 'subscription');
      if (sub.status !== 'canceled') {
        sub.status = 'canceled';
        sub.pendingPaymentIntentId = null;
        sub.pendingClientSecret = null;
        await save('subscription', sub);
        await emit('customer.subscription.deleted', sub);
      }
      return subscriptionOut(sub);
    },

    async syncPromotion() {
      return null;
    },

    parseWebhook(rawBody, signatureHeader) {
      verifyWebhook(rawBody, signatureHeader, deps.webhookSecret);
      return parseSandboxEvent(rawBody);
    },

    async invoicePdf(invoiceId) {
      const invoice = await load<SbInvoice>(invoiceId);
      if (!invoice) return null;
      return renderInvoicePdf({
        seller: sellerName,
        buyerEmail: invoice.email,
        number: invoice.number,
        vipType: invoice.vipType,
        periodStart: fromSeconds(invoice.periodStart),
        periodEnd: fromSeconds(invoice.periodEnd),
        issuedAt: fromSeconds(invoice.created),
        listCents: invoice.listCents,
        amountCents: invoice.amountCents,
        currency: invoice.currency,
        status: invoice.status,
        promotion: invoice.promotion,
        billingReason: invoice.billingReason,
        testMode: true,
      });
    },

    async authenticate(clientSecret, approve, userId) {
      const piId = clientSecret.split('_secret_')[0] ?? '';
      const pi = await load<SbPaymentIntent>(piId);
      // Another user's payment is as unknown as a made-up one.
      if (!pi || pi.clientSecret !== clientSecret || pi.userId !== userId) throw notFound('No such payment is waiting for confirmation.');
      if (pi.status !== 'requires_action') return { status: pi.status === 'succeeded' ? 'succeeded' : 'failed' };
      const sub = await must<SbSubscription>(pi.subscriptionId, 'subscription');
      const invoice = await must<SbInvoice>(pi.invoiceId, 'invoice');
      pi.status = approve ? 'succeeded' : 'failed';
      await save('payment_intent', pi);
      sub.pendingPaymentIntentId = null;
      sub.pendingClientSecret = null;
      if (approve) {
        invoice.status = 'paid';
        applyPendingChange(sub, invoice);
        if (sub.status === 'incomplete') sub.status = 'active';
        const customer = await customerOf(sub);
        customer.defaultPaymentMethod = sub.paymentMethod;
        await save('customer', customer);
        await save('invoice', invoice);
        await save('subscription', sub);
        await emit('customer.subscription.updated', sub);
        await emit('invoice.paid', sub, invoice);
        return { status: 'succeeded' };
      }
      invoice.status = 'failed';
      await save('invoice', invoice);
      // A first payment that fails ends the subscription (Stripe: incomplete_expired); a failed upgrade leaves the plan as it was.
      const firstPayment = sub.status === 'incomplete';
      if (firstPayment) sub.status = 'canceled';
      await save('subscription', sub);
      await emit('invoice.payment_failed', sub, invoice);
      if (firstPayment) await emit('customer.subscription.deleted', sub);
      return { status: 'failed' };
    },

    async renew(now) {
      const result = { renewed: 0, ended: 0, failed: 0 };
      for (const row of await repo.list(UNDELIVERED)) {
        const stored = row.data as { body?: string };
        if (stored.body) await deliverStored(row.id, stored.body);
      }
      const at = seconds(now);
      for (const row of await repo.list('subscription')) {
        const sub = row.data as unknown as SbSubscription;
        if (sub.status !== 'active' || sub.currentPeriodEnd > at) continue;
        if (sub.cancelAtPeriodEnd) {
          sub.status = 'canceled';
          await save('subscription', sub);
          await emit('customer.subscription.deleted', sub, null, now);
          result.ended++;
          continue;
        }
        // One period per sweep and subscription: a server down for months catches up one sweep at a time.
        const customer = await customerOf(sub);
        const start = sub.currentPeriodEnd;
        const end = seconds(planPeriodEnd(fromSeconds(start), sub.vipType));
        const list = planPriceCents(sub.vipType);
        const invoice = newInvoice({
          subscriptionId: sub.id,
          customerId: customer.id,
          vipType: sub.vipType,
          amountCents: list,
          listCents: list,
          status: 'open',
          periodStart: start,
          periodEnd: end,
          billingReason: 'subscription_cycle',
          promotion: null,
          email: customer.email,
        });
        sub.latestInvoiceId = invoice.id;
        // Renewals are off-session: a card that asks for 3-D Secure cannot answer, so it fails like Stripe's.
        if (sub.paymentMethod === TEST_PAYMENT_METHODS.succeeds) {
          invoice.status = 'paid';
          sub.currentPeriodStart = start;
          sub.currentPeriodEnd = end;
          await save('invoice', invoice);
          await save('subscription', sub);
          await emit('invoice.paid', sub, invoice, now);
          result.renewed++;
        } else {
          invoice.status = 'failed';
          sub.status = 'past_due';
          await save('invoice', invoice);
          await save('subscription', sub);
          await emit('invoice.payment_failed', sub, invoice, now);
          result.failed++;
        }
      }
      return result;
    },

    async eventBody(type, subscriptionId, opts = {}) {
      const sub = await must<SbSubscription>(subscriptionId, 'subscription');
      const invoiceId = opts.invoiceId ?? sub.latestInvoiceId;
      const invoice = invoiceId ? await load<SbInvoice>(invoiceId) : null;
      return eventBody(type, sub, invoice, opts.created ?? clock(), opts.id);
    },

    sign(body) {
      return signWebhook(body, deps.webhookSecret);
    },
  };

  return provider;
}

// ---- parsing the sandbox's events (verified first) ----

const EVENT_TYPES: ReadonlySet<string> = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
]);

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

function vipOf(v: unknown): PaidVipType {
  const parsed = PaidVipTypeSchema.safeParse(v);
  if (!parsed.success) throw new Error(`sandbox event: unknown plan ${String(v)}`);
  return parsed.data;
}

function parseInvoice(o: Json): ProviderInvoice {
  const meta = isObj(o.metadata) ? o.metadata : {};
  const status = str(o.status);
  const reason = str(o.billing_reason);
  return {
    id: str(o.id),
    number: str(o.number),
    subscriptionId: str(o.subscription),
    customerId: str(o.customer),
    vipType: vipOf(meta.vip_type),
    amountCents: num(o.amount_due),
    currency: str(o.currency) || 'usd',
    status: status === 'paid' || status === 'failed' || status === 'void' ? status : 'open',
    periodStart: fromSeconds(num(o.period_start)),
    periodEnd: fromSeconds(num(o.period_end)),
    pdfUrl: null,
    billingReason: reason === 'subscription_cycle' || reason === 'subscription_update' || reason === 'manual' ? reason : 'subscription_create',
  };
}

function parseSubscription(o: Json): ProviderSubscription {
  const meta = isObj(o.metadata) ? o.metadata : {};
  const status = str(o.status);
  const pending = isObj(o.pending_action) ? o.pending_action : null;
  return {
    id: str(o.id),
    customerId: str(o.customer),
    userId: str(meta.user_id),
    vipType: vipOf(meta.vip_type),
    status: status === 'active' || status === 'past_due' || status === 'canceled' ? status : 'incomplete',
    currentPeriodStart: fromSeconds(num(o.current_period_start)),
    currentPeriodEnd: fromSeconds(num(o.current_period_end)),
    cancelAtPeriodEnd: o.cancel_at_period_end === true,
    pendingAction: pending ? { paymentIntentId: str(pending.payment_intent), clientSecret: str(pending.client_secret) } : null,
    latestInvoice: isObj(o.latest_invoice) ? parseInvoice(o.latest_invoice) : null,
  };
}

/** Normalizes a sandbox event body (already verified). Throws on a body that is not one. */
export function parseSandboxEvent(rawBody: Buffer): ProviderEvent {
  const payload: unknown = JSON.parse(rawBody.toString('utf8'));
  if (!isObj(payload) || typeof payload.id !== 'string' || typeof payload.type !== 'string' || !isObj(payload.data)) throw new Error('not an event');
  const rawType = payload.type;
  const type = (EVENT_TYPES.has(rawType) ? rawType : 'other') as ProviderEvent['type'];
  const data = payload.data;
  const object = isObj(data.object) ? data.object : {};
  const isInvoice = rawType.startsWith('invoice.');
  const subJson = isInvoice ? (isObj(data.subscription) ? data.subscription : null) : object;
  return {
    id: payload.id,
    type,
    rawType,
    created: fromSeconds(num(payload.created)),
    subscription: type !== 'other' && subJson ? parseSubscription(subJson) : null,
    invoice: type !== 'other' && isInvoice ? parseInvoice(object) : null,
    payload,
  };
}
