/**
 * A local HTTP peer that speaks the part of Stripe's REST API (version 2026-10-28.endive, the
 * installed SDK's) the Stripe provider uses, for adapter and integration tests: form-encoded
 * bodies in Stripe's bracket notation, the Bearer secret key, Idempotency-Key replay, `expand[]`,
 * card errors as HTTP 402, and signed webhooks (`Stripe-Signature`) for what happens. State is in
 * memory. Test cards are Stripe's test payment methods: pm_card_visa pays, pm_card_chargeDeclined
 * is declined, pm_card_authenticationRequired asks for 3-D Secure (finish it with
 * `completeAuthentication`), pm_card_chargeCustomerFail cannot even be attached.
 */
import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhook } from '../src/modules/billing/webhook-signature.js';

export const PEER_API_VERSION = '2026-10-28.endive';

type Json = Record<string, unknown>;
type FormValue = string | FormObject | FormValue[];
interface FormObject {
  [key: string]: FormValue;
}

type CardBehaviour = 'pays' | 'declines' | 'authenticates' | 'fails_attach';
const TEST_CARDS: Record<string, CardBehaviour> = {
  pm_card_visa: 'pays',
  pm_card_mastercard: 'pays',
  pm_card_chargeDeclined: 'declines',
  pm_card_authenticationRequired: 'authenticates',
  pm_card_chargeCustomerFail: 'fails_attach',
};

interface Customer {
  id: string;
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  defaultPm: string | null;
  created: number;
}
interface PaymentMethod {
  id: string;
  behaviour: CardBehaviour;
  customer: string | null;
  created: number;
}
interface Product {
  id: string;
  name: string;
  metadata: Record<string, string>;
  created: number;
}
interface Price {
  id: string;
  product: string;
  unitAmount: number;
  currency: string;
  interval: 'month' | 'year';
  lookupKey: string | null;
  nickname: string | null;
  metadata: Record<string, string>;
  active: boolean;
  created: number;
}
interface Coupon {
  id: string;
  percentOff: number;
  duration: string;
  name: string | null;
  metadata: Record<string, string>;
  timesRedeemed: number;
  created: number;
}
interface PromotionCode {
  id: string;
  code: string;
  coupon: string;
  active: boolean;
  expiresAt: number | null;
  maxRedemptions: number | null;
  timesRedeemed: number;
  metadata: Record<string, string>;
  created: number;
}
interface Line {
  id: string;
  amount: number;
  description: string;
  price: string;
  proration: boolean;
  start: number;
  end: number;
}
interface Invoice {
  id: string;
  number: string;
  customer: string;
  subscription: string;
  billingReason: string;
  status: 'draft' | 'open' | 'paid' | 'void';
  subtotal: number;
  discount: number;
  lines: Line[];
  attempted: boolean;
  attemptCount: number;
  paymentIntent: string | null;
  paidAt: number | null;
  created: number;
}
interface PaymentIntent {
  id: string;
  amount: number;
  customer: string;
  invoice: string;
  paymentMethod: string | null;
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled';
  lastError: { code: string; declineCode: string | null; message: string } | null;
  created: number;
}
interface PendingUpdate {
  price: string;
  period: { start: number; end: number } | null;
  invoice: string;
}
interface Subscription {
  id: string;
  customer: string;
  itemId: string;
  itemCreated: number;
  price: string;
  status: 'incomplete' | 'active' | 'past_due' | 'canceled' | 'incomplete_expired';
  start: number;
  end: number;
  cancelAtPeriodEnd: boolean;
  canceledAt: number | null;
  endedAt: number | null;
  metadata: Record<string, string>;
  defaultPm: string | null;
  latestInvoice: string | null;
  pendingUpdate: PendingUpdate | null;
  created: number;
}

export interface PeerEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  type: string;
  data: { object: Json; previous_attributes?: Json };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
}

export interface Delivery {
  eventId: string;
  type: string;
  status: number;
}

export interface StripePeerOptions {
  secretKey?: string;
  webhookSecret?: string;
  webhookUrl?: string | null;
}

export interface StripePeer {
  /** The API origin, as STRIPE_API_BASE. */
  url: string;
  secretKey: string;
  webhookSecret: string;
  /** Every event made, in the order it happened (deliveries may differ: see `delivery`). */
  events: PeerEvent[];
  deliveries: Delivery[];
  requests: { method: string; path: string; params: FormObject }[];
  /** How webhooks are sent: each batch (one API call or test hook) reversed, and/or every event twice. */
  delivery: { reversed: boolean; twice: boolean };
  setWebhookUrl(url: string | null): void;
  /** The peer's clock in unix seconds (real time plus what advanceTime added). */
  now(): number;
  /** Moves the clock on, billing every period that ends meanwhile. */
  advanceTime(ms: number): Promise<void>;
  /** Bills the subscription's next period now (or ends it when it cancels at the period's end). */
  renew(subscriptionId: string): Promise<void>;
  /** The customer finishes (or fails) 3-D Secure for a payment intent. */
  completeAuthentication(paymentIntentId: string, approve: boolean): Promise<void>;
  /** A payment method as Stripe.js would have made it (confirmCardSetup), from a test card name. */
  createPaymentMethod(testCard: keyof typeof TEST_CARDS): string;
  /** Sends a made event again (a provider's retry), signed now. */
  resend(eventId: string): Promise<number>;
  /** Resolves once every queued webhook has been sent. */
  settled(): Promise<void>;
  /** Raw state, rendered as Stripe would (for assertions). */
  subscription(id: string): Json | null;
  invoice(id: string): Json | null;
  close(): Promise<void>;
}

function randomId(prefix: string, length = 24): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = crypto.randomBytes(length);
  let s = '';
  for (const b of bytes) s += alphabet[b % alphabet.length];
  return `${prefix}_${s}`;
}

/** `a[b][0][c]=v` pairs into nested objects; objects keyed 0..n become arrays. */
export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = (key.match(/^[^[\]]+|\[[^\]]*\]/g) ?? [key]).map((p) => (p.startsWith('[') ? p.slice(1, -1) : p));
    let node: FormObject = root;
    parts.forEach((part, i) => {
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (i === parts.length - 1) node[name] = value;
      else {
        const next = node[name];
        if (typeof next !== 'object' || Array.isArray(next)) node[name] = {};
        node = node[name] as FormObject;
      }
    });
  }
  const arrayify = (v: FormValue): FormValue => {
    if (typeof v === 'string' || Array.isArray(v)) return v;
    const keys = Object.keys(v);
    const mapped: FormObject = {};
    for (const k of keys) mapped[k] = arrayify(v[k]!);
    if (keys.length > 0 && keys.every((k) => /^\d+$/.test(k))) return keys.sort((a, b) => Number(a) - Number(b)).map((k) => mapped[k]!);
    return mapped;
  };
  return arrayify(root) as FormObject;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Json,
  ) {
    super(String(body.message));
  }
}

function invalid(message: string, param?: string, code?: string): ApiError {
  return new ApiError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) });
}

function missing(kind: string, id: string, param = 'id'): ApiError {
  return new ApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param });
}

function str(form: FormObject, key: string): string | undefined {
  const v = form[key];
  return typeof v === 'string' ? v : undefined;
}

function obj(form: FormObject | undefined, key: string): FormObject | undefined {
  const v = form?.[key];
  return typeof v === 'object' && !Array.isArray(v) ? v : undefined;
}

function list(form: FormObject | undefined, key: string): FormValue[] {
  const v = form?.[key];
  if (Array.isArray(v)) return v;
  if (typeof v === 'string') return [v];
  return [];
}

function metadataOf(form: FormObject, current: Record<string, string> = {}): Record<string, string> {
  const given = obj(form, 'metadata');
  if (!given) return current;
  const next = { ...current };
  for (const [k, v] of Object.entries(given)) {
    if (typeof v !== 'string') continue;
    if (v === '') delete next[k];
    else next[k] = v;
  }
  return next;
}

function addInterval(seconds: number, interval: 'month' | 'year'): number {
  const d = new Date(seconds * 1000);
  if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
  else d.setUTCMonth(d.getUTCMonth() + 1);
  return Math.floor(d.getTime() / 1000);
}

function listOf(data: unknown[], url: string): Json {
  return { object: 'list', data, has_more: false, url };
}

export async function startStripePeer(options: StripePeerOptions = {}): Promise<StripePeer> {
  const secretKey = options.secretKey ?? `sk_test_${crypto.randomBytes(12).toString('hex')}`;
  const webhookSecret = options.webhookSecret ?? `whsec_${crypto.randomBytes(16).toString('hex')}`;
  let webhookUrl = options.webhookUrl ?? null;
  let offsetMs = 0;
  let invoiceCounter = 0;
  const now = (): number => Math.floor((Date.now() + offsetMs) / 1000);

  const customers = new Map<string, Customer>();
  const paymentMethods = new Map<string, PaymentMethod>();
  const products = new Map<string, Product>();
  const prices = new Map<string, Price>();
  const coupons = new Map<string, Coupon>();
  const promotionCodes = new Map<string, PromotionCode>();
  const subscriptions = new Map<string, Subscription>();
  const invoices = new Map<string, Invoice>();
  const paymentIntents = new Map<string, PaymentIntent>();
  const setupIntents = new Map<string, Json>();
  const idempotency = new Map<string, { fingerprint: string; status: number; body: string }>();

  const events: PeerEvent[] = [];
  const deliveries: Delivery[] = [];
  const requests: StripePeer['requests'] = [];
  const delivery = { reversed: false, twice: false };
  let batch: PeerEvent[] = [];
  let sending: Promise<void> = Promise.resolve();

  // ------------------------------------------------------------------ rendering (Stripe's JSON)

  function renderProduct(p: Product): Json {
    return {
      id: p.id,
      object: 'product',
      active: true,
      created: p.created,
      default_price: null,
      description: null,
      images: [],
      livemode: false,
      marketing_features: [],
      metadata: p.metadata,
      name: p.name,
      package_dimensions: null,
      shippable: null,
      statement_descriptor: null,
      tax_code: null,
      type: 'service',
      unit_label: null,
      updated: p.created,
      url: null,
    };
  }

  function renderPrice(p: Price): Json {
    return {
      id: p.id,
      object: 'price',
      active: p.active,
      billing_scheme: 'per_unit',
      created: p.created,
      currency: p.currency,
      custom_unit_amount: null,
      livemode: false,
      lookup_key: p.lookupKey,
      metadata: p.metadata,
      nickname: p.nickname,
      product: p.product,
      recurring: { interval: p.interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
      tax_behavior: 'unspecified',
      tiers_mode: null,
      transform_quantity: null,
      type: 'recurring',
      unit_amount: p.unitAmount,
      unit_amount_decimal: String(p.unitAmount),
    };
  }

  function renderPlan(p: Price): Json {
    return {
      id: p.id,
      object: 'plan',
      active: p.active,
      amount: p.unitAmount,
      amount_decimal: String(p.unitAmount),
      billing_scheme: 'per_unit',
      created: p.created,
      currency: p.currency,
      interval: p.interval,
      interval_count: 1,
      livemode: false,
      metadata: p.metadata,
      meter: null,
      nickname: p.nickname,
      product: p.product,
      tiers_mode: null,
      transform_usage: null,
      trial_period_days: null,
      usage_type: 'licensed',
    };
  }

  function renderCustomer(c: Customer): Json {
    return {
      id: c.id,
      object: 'customer',
      address: null,
      balance: 0,
      created: c.created,
      currency: 'usd',
      default_source: null,
      delinquent: false,
      description: null,
      email: c.email,
      invoice_prefix: c.id.slice(4, 12).toUpperCase(),
      invoice_settings: { custom_fields: null, default_payment_method: c.defaultPm, footer: null, rendering_options: null },
      livemode: false,
      metadata: c.metadata,
      name: c.name,
      phone: null,
      preferred_locales: [],
      shipping: null,
      tax_exempt: 'none',
      test_clock: null,
    };
  }

  function renderPaymentMethod(pm: PaymentMethod): Json {
    const brand = 'visa';
    const last4 = { pays: '4242', declines: '0002', authenticates: '3184', fails_attach: '0341' }[pm.behaviour];
    return {
      id: pm.id,
      object: 'payment_method',
      allow_redisplay: 'unspecified',
      billing_details: { address: null, email: null, name: null, phone: null, tax_id: null },
      card: {
        brand,
        checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
        country: 'US',
        display_brand: brand,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        fingerprint: pm.id.slice(3, 19),
        funding: 'credit',
        generated_from: null,
        last4,
        networks: { available: [brand], preferred: null },
        regulated_status: 'unregulated',
        three_d_secure_usage: { supported: true },
        wallet: null,
      },
      created: pm.created,
      customer: pm.customer,
      livemode: false,
      metadata: {},
      type: 'card',
    };
  }

  function renderCoupon(c: Coupon): Json {
    return {
      id: c.id,
      object: 'coupon',
      amount_off: null,
      created: c.created,
      currency: null,
      duration: c.duration,
      duration_in_months: null,
      livemode: false,
      max_redemptions: null,
      metadata: c.metadata,
      name: c.name,
      percent_off: c.percentOff,
      redeem_by: null,
      times_redeemed: c.timesRedeemed,
      valid: true,
    };
  }

  function renderPromotionCode(p: PromotionCode): Json {
    return {
      id: p.id,
      object: 'promotion_code',
      active: p.active,
      code: p.code,
      created: p.created,
      customer: null,
      customer_account: null,
      expires_at: p.expiresAt,
      livemode: false,
      max_redemptions: p.maxRedemptions,
      metadata: p.metadata,
      promotion: { coupon: p.coupon, type: 'coupon' },
      restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
      times_redeemed: p.timesRedeemed,
    };
  }

  function renderPaymentIntent(pi: PaymentIntent): Json {
    return {
      id: pi.id,
      object: 'payment_intent',
      amount: pi.amount,
      amount_capturable: 0,
      amount_received: pi.status === 'succeeded' ? pi.amount : 0,
      application: null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: `${pi.id}_secret_${pi.id.slice(3, 19)}`,
      confirmation_method: 'automatic',
      created: pi.created,
      currency: 'usd',
      customer: pi.customer,
      description: 'Subscription update',
      last_payment_error: pi.lastError
        ? {
            type: 'card_error',
            code: pi.lastError.code,
            decline_code: pi.lastError.declineCode,
            doc_url: `https://stripe.com/docs/error-codes/${pi.lastError.code.replaceAll('_', '-')}`,
            message: pi.lastError.message,
            payment_method: pi.paymentMethod ? renderPaymentMethod(paymentMethods.get(pi.paymentMethod)!) : null,
          }
        : null,
      latest_charge: null,
      livemode: false,
      metadata: {},
      next_action:
        pi.status === 'requires_action'
          ? { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: `${peerUrl}/3ds/${pi.id}` } }
          : null,
      payment_method: pi.paymentMethod,
      payment_method_types: ['card'],
      setup_future_usage: 'off_session',
      status: pi.status,
    };
  }

  function invoiceTotal(inv: Invoice): number {
    return inv.subtotal - inv.discount;
  }

  function renderLine(inv: Invoice, line: Line): Json {
    const price = prices.get(line.price)!;
    return {
      id: line.id,
      object: 'line_item',
      amount: line.amount,
      currency: 'usd',
      description: line.description,
      discount_amounts: [],
      discountable: !line.proration,
      discounts: [],
      invoice: inv.id,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: line.proration,
          proration_details: { credited_items: null },
          subscription: inv.subscription,
          subscription_item: subscriptions.get(inv.subscription)?.itemId ?? null,
        },
      },
      period: { end: line.end, start: line.start },
      pretax_credit_amounts: [],
      pricing: { price_details: { price: price.id, product: price.product }, type: 'price_details', unit_amount_decimal: String(price.unitAmount) },
      quantity: 1,
      subtotal: line.amount,
      taxes: [],
    };
  }

  function renderInvoice(inv: Invoice): Json {
    const sub = subscriptions.get(inv.subscription);
    const customer = customers.get(inv.customer);
    const total = invoiceTotal(inv);
    const due = Math.max(0, total);
    const paid = inv.status === 'paid';
    return {
      id: inv.id,
      object: 'invoice',
      account_country: 'US',
      account_name: 'Packsmith (test peer)',
      account_tax_ids: null,
      amount_due: due,
      amount_overpaid: 0,
      amount_paid: paid ? due : 0,
      amount_remaining: paid ? 0 : due,
      amount_shipping: 0,
      application: null,
      attempt_count: inv.attemptCount,
      attempted: inv.attempted,
      auto_advance: inv.status === 'open',
      automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
      automatically_finalizes_at: null,
      billing_reason: inv.billingReason,
      collection_method: 'charge_automatically',
      created: inv.created,
      currency: 'usd',
      custom_fields: null,
      customer: inv.customer,
      customer_account: null,
      customer_address: null,
      customer_email: customer?.email ?? null,
      customer_name: customer?.name ?? null,
      customer_phone: null,
      customer_shipping: null,
      customer_tax_exempt: 'none',
      customer_tax_ids: [],
      default_payment_method: null,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      due_date: null,
      effective_at: inv.status === 'draft' ? null : inv.created,
      ending_balance: inv.status === 'draft' ? null : 0,
      footer: null,
      from_invoice: null,
      hosted_invoice_url: inv.status === 'draft' ? null : `${peerUrl}/hosted/${inv.id}`,
      invoice_pdf: inv.status === 'draft' ? null : `${peerUrl}/pdf/${inv.id}`,
      issuer: { type: 'self' },
      last_finalization_error: null,
      latest_revision: null,
      lines: listOf(
        inv.lines.map((l) => renderLine(inv, l)),
        `/v1/invoices/${inv.id}/lines`,
      ),
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: inv.status === 'draft' ? null : inv.number,
      on_behalf_of: null,
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { metadata: sub ? { ...sub.metadata } : {}, subscription: inv.subscription },
      },
      payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
      period_end: inv.created,
      period_start: inv.created,
      post_payment_credit_notes_amount: 0,
      pre_payment_credit_notes_amount: 0,
      receipt_number: null,
      rendering: null,
      shipping_cost: null,
      shipping_details: null,
      starting_balance: 0,
      statement_descriptor: null,
      status: inv.status,
      status_transitions: {
        finalized_at: inv.status === 'draft' ? null : inv.created,
        marked_uncollectible_at: null,
        paid_at: inv.paidAt,
        voided_at: inv.status === 'void' ? inv.created : null,
      },
      subtotal: inv.subtotal,
      subtotal_excluding_tax: inv.subtotal,
      test_clock: null,
      total: total,
      total_discount_amounts: inv.discount ? [{ amount: inv.discount, discount: `di_${inv.id.slice(3)}` }] : [],
      total_excluding_tax: total,
      total_pretax_credit_amounts: [],
      total_taxes: [],
      webhooks_delivered_at: inv.created,
    };
  }

  /** The invoice fields Stripe only sends when expanded. */
  function invoiceIncludable(invoiceId: string, field: string): unknown {
    const inv = invoices.get(invoiceId);
    if (!inv) return null;
    const pi = inv.paymentIntent ? paymentIntents.get(inv.paymentIntent) : undefined;
    if (field === 'confirmation_secret') return pi ? { client_secret: renderPaymentIntent(pi).client_secret, type: 'payment_intent' } : null;
    const payments = pi
      ? [
          {
            id: `inpay_${pi.id.slice(3)}`,
            object: 'invoice_payment',
            amount_paid: pi.status === 'succeeded' ? pi.amount : null,
            amount_requested: pi.amount,
            created: pi.created,
            currency: 'usd',
            invoice: inv.id,
            is_default: true,
            livemode: false,
            payment: { payment_intent: pi.id, type: 'payment_intent' },
            status: pi.status === 'succeeded' ? 'paid' : 'open',
            status_transitions: { canceled_at: null, paid_at: pi.status === 'succeeded' ? inv.paidAt : null },
          },
        ]
      : [];
    return listOf(payments, `/v1/invoice_payments?invoice=${inv.id}`);
  }

  function renderSubscription(sub: Subscription): Json {
    const price = prices.get(sub.price)!;
    const pending = sub.pendingUpdate;
    return {
      id: sub.id,
      object: 'subscription',
      application: null,
      application_fee_percent: null,
      automatic_tax: { disabled_reason: null, enabled: false, liability: null },
      billing_cycle_anchor: sub.start,
      billing_cycle_anchor_config: null,
      billing_mode: { flexible: { proration_discounts: 'included' }, type: 'flexible', updated_at: sub.created },
      billing_schedules: [],
      billing_thresholds: null,
      cancel_at: sub.cancelAtPeriodEnd ? sub.end : null,
      cancel_at_period_end: sub.cancelAtPeriodEnd,
      canceled_at: sub.canceledAt,
      cancellation_details: { comment: null, feedback: null, reason: sub.canceledAt ? 'cancellation_requested' : null },
      collection_method: 'charge_automatically',
      created: sub.created,
      currency: 'usd',
      customer: sub.customer,
      customer_account: null,
      days_until_due: null,
      default_payment_method: sub.defaultPm,
      default_source: null,
      default_tax_rates: [],
      description: null,
      discounts: [],
      ended_at: sub.endedAt,
      invoice_settings: { account_tax_ids: null, issuer: { type: 'self' } },
      items: listOf(
        [
          {
            id: sub.itemId,
            object: 'subscription_item',
            billing_thresholds: null,
            created: sub.itemCreated,
            current_period_end: sub.end,
            current_period_start: sub.start,
            current_trial: null,
            discounts: [],
            metadata: {},
            plan: renderPlan(price),
            price: renderPrice(price),
            quantity: 1,
            subscription: sub.id,
            tax_rates: [],
          },
        ],
        `/v1/subscription_items?subscription=${sub.id}`,
      ),
      latest_invoice: sub.latestInvoice,
      livemode: false,
      managed_payments: null,
      metadata: sub.metadata,
      next_pending_invoice_item_invoice: null,
      on_behalf_of: null,
      pause_collection: null,
      payment_settings: { payment_method_options: null, payment_method_types: null, save_default_payment_method: 'on_subscription' },
      pending_invoice_item_interval: null,
      pending_setup_intent: null,
      pending_update: pending
        ? {
            billing_cycle_anchor: pending.period?.start ?? null,
            expires_at: now() + 23 * 3600,
            subscription_items: [{ id: sub.itemId, object: 'subscription_item', price: renderPrice(prices.get(pending.price)!), quantity: 1 }],
            trial_end: null,
            trial_from_plan: null,
          }
        : null,
      schedule: null,
      start_date: sub.created,
      status: sub.status,
      test_clock: null,
      transfer_data: null,
      trial_end: null,
      trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
      trial_start: null,
    };
  }

  function renderById(id: string): Json | null {
    const c = customers.get(id);
    if (c) return renderCustomer(c);
    const s = subscriptions.get(id);
    if (s) return renderSubscription(s);
    const i = invoices.get(id);
    if (i) return renderInvoice(i);
    const pi = paymentIntents.get(id);
    if (pi) return renderPaymentIntent(pi);
    const pr = prices.get(id);
    if (pr) return renderPrice(pr);
    const pd = products.get(id);
    if (pd) return renderProduct(pd);
    const pm = paymentMethods.get(id);
    if (pm) return renderPaymentMethod(pm);
    const pc = promotionCodes.get(id);
    if (pc) return renderPromotionCode(pc);
    const cp = coupons.get(id);
    if (cp) return renderCoupon(cp);
    return null;
  }

  function expandPath(value: unknown, parts: string[]): unknown {
    let v = value;
    if (typeof v === 'string') v = renderById(v) ?? v;
    if (parts.length === 0 || typeof v !== 'object' || v === null) return v;
    const node = v as Json;
    const [head, ...rest] = parts as [string, ...string[]];
    if (node.object === 'list' && head === 'data') {
      node.data = (node.data as unknown[]).map((d) => expandPath(d, rest));
      return node;
    }
    if (node.object === 'invoice' && (head === 'payments' || head === 'confirmation_secret')) node[head] = invoiceIncludable(String(node.id), head);
    if (node[head] !== undefined && node[head] !== null) node[head] = expandPath(node[head], rest);
    return node;
  }

  function expanded(json: Json, form: FormObject): Json {
    for (const path of list(form, 'expand')) if (typeof path === 'string') expandPath(json, path.split('.'));
    return json;
  }

  // ------------------------------------------------------------------ events

  function emit(type: string, object: Json, previous?: Json): void {
    const event: PeerEvent = {
      id: randomId('evt'),
      object: 'event',
      api_version: PEER_API_VERSION,
      created: now(),
      type,
      data: { object, ...(previous ? { previous_attributes: previous } : {}) },
      livemode: false,
      pending_webhooks: webhookUrl ? 1 : 0,
      request: { id: null, idempotency_key: null },
    };
    events.push(event);
    batch.push(event);
  }

  async function send(event: PeerEvent): Promise<number> {
    if (!webhookUrl) return 0;
    const body = JSON.stringify(event, null, 2);
    try {
      const res = await fetch(webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signWebhook(body, webhookSecret) },
        body,
      });
      await res.arrayBuffer();
      return res.status;
    } catch {
      return 0;
    }
  }

  /** Sends what the last operation made, after its HTTP answer (Stripe's webhooks are asynchronous too). */
  function flush(): void {
    const out = delivery.reversed ? [...batch].reverse() : [...batch];
    batch = [];
    if (out.length === 0) return;
    const twice = delivery.twice;
    sending = sending.then(async () => {
      for (const event of out) {
        for (let n = 0; n < (twice ? 2 : 1); n++) deliveries.push({ eventId: event.id, type: event.type, status: await send(event) });
      }
    });
  }

  // ------------------------------------------------------------------ billing

  function priceOr404(id: string, param: string): Price {
    const p = prices.get(id);
    if (!p) throw missing('price', id, param);
    return p;
  }

  function newInvoice(sub: Subscription, reason: string, lines: Omit<Line, 'id'>[], discount = 0): Invoice {
    invoiceCounter += 1;
    const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
    const inv: Invoice = {
      id: randomId('in'),
      number: `PEER-${String(invoiceCounter).padStart(4, '0')}`,
      customer: sub.customer,
      subscription: sub.id,
      billingReason: reason,
      status: 'open',
      subtotal,
      discount: Math.min(discount, Math.max(0, subtotal)),
      lines: lines.map((l) => ({ ...l, id: randomId('il') })),
      attempted: false,
      attemptCount: 0,
      paymentIntent: null,
      paidAt: null,
      created: now(),
    };
    invoices.set(inv.id, inv);
    sub.latestInvoice = inv.id;
    return inv;
  }

  function markPaid(inv: Invoice): void {
    inv.status = 'paid';
    inv.paidAt = now();
  }

  /** Charges an open invoice with a payment method: paid, failed (declined) or action (3-D Secure). */
  function attempt(inv: Invoice, pmId: string | null): 'paid' | 'failed' | 'action' {
    const amount = Math.max(0, invoiceTotal(inv));
    if (amount === 0) {
      markPaid(inv);
      return 'paid';
    }
    const pm = pmId ? paymentMethods.get(pmId) : undefined;
    const pi: PaymentIntent = {
      id: randomId('pi'),
      amount,
      customer: inv.customer,
      invoice: inv.id,
      paymentMethod: pm?.id ?? null,
      status: 'requires_payment_method',
      lastError: null,
      created: now(),
    };
    paymentIntents.set(pi.id, pi);
    inv.paymentIntent = pi.id;
    inv.attempted = true;
    inv.attemptCount += 1;
    if (pm?.behaviour === 'pays') {
      pi.status = 'succeeded';
      markPaid(inv);
      return 'paid';
    }
    if (pm?.behaviour === 'authenticates') {
      pi.status = 'requires_action';
      return 'action';
    }
    pi.lastError = pm
      ? { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' }
      : { code: 'payment_intent_payment_attempt_failed', declineCode: null, message: 'The customer has no payment method to charge.' };
    return 'failed';
  }

  function cardError(pi: PaymentIntent): ApiError {
    return new ApiError(402, {
      type: 'card_error',
      code: pi.lastError?.code ?? 'card_declined',
      decline_code: pi.lastError?.declineCode ?? null,
      message: pi.lastError?.message ?? 'Your card was declined.',
      payment_intent: renderPaymentIntent(pi),
      doc_url: 'https://stripe.com/docs/error-codes/card-declined',
    });
  }

  function paymentMethodOf(sub: Subscription): string | null {
    return sub.defaultPm ?? customers.get(sub.customer)?.defaultPm ?? null;
  }

  function outcomeEvents(inv: Invoice, result: 'paid' | 'failed' | 'action'): void {
    if (result === 'paid') emit('invoice.paid', renderInvoice(inv));
    else if (result === 'failed') emit('invoice.payment_failed', renderInvoice(inv));
    else emit('invoice.payment_action_required', renderInvoice(inv));
  }

  /** What moving to `price` at `at` costs: unused time of the old price credited, the new one charged. */
  function prorate(sub: Subscription, price: Price, at: number): { lines: Omit<Line, 'id'>[]; period: { start: number; end: number } | null } {
    const old = prices.get(sub.price)!;
    const f = Math.min(1, Math.max(0, (sub.end - at) / Math.max(1, sub.end - sub.start)));
    const unused = Math.round(old.unitAmount * f);
    const lines: Omit<Line, 'id'>[] = [
      { amount: -unused, description: `Unused time on ${old.nickname ?? old.id}`, price: old.id, proration: true, start: at, end: sub.end },
    ];
    if (old.interval === price.interval) {
      lines.push({
        amount: Math.round(price.unitAmount * f),
        description: `Remaining time on ${price.nickname ?? price.id}`,
        price: price.id,
        proration: true,
        start: at,
        end: sub.end,
      });
      return { lines, period: null };
    }
    // Another interval restarts the billing cycle now: the whole new period is charged.
    const period = { start: at, end: addInterval(at, price.interval) };
    lines.push({ amount: price.unitAmount, description: `1 × ${price.nickname ?? price.id}`, price: price.id, proration: false, ...period });
    return { lines, period };
  }

  function applyPlan(sub: Subscription, price: string, period: { start: number; end: number } | null): void {
    sub.price = price;
    if (period) {
      sub.start = period.start;
      sub.end = period.end;
    }
  }

  function endSubscription(sub: Subscription): void {
    sub.status = 'canceled';
    sub.canceledAt ??= now();
    sub.endedAt = now();
    sub.pendingUpdate = null;
    const latest = sub.latestInvoice ? invoices.get(sub.latestInvoice) : undefined;
    if (latest?.status === 'open') latest.status = 'void';
    emit('customer.subscription.deleted', renderSubscription(sub));
  }

  function renewNow(sub: Subscription): void {
    if (sub.status === 'canceled' || sub.status === 'incomplete' || sub.status === 'incomplete_expired') return;
    if (sub.cancelAtPeriodEnd) {
      endSubscription(sub);
      return;
    }
    const price = prices.get(sub.price)!;
    const previous = { current_period_start: sub.start, current_period_end: sub.end };
    sub.start = sub.end;
    sub.end = addInterval(sub.start, price.interval);
    const inv = newInvoice(sub, 'subscription_cycle', [
      { amount: price.unitAmount, description: `1 × ${price.nickname ?? price.id}`, price: price.id, proration: false, start: sub.start, end: sub.end },
    ]);
    const result = attempt(inv, paymentMethodOf(sub));
    const wasStatus = sub.status;
    sub.status = result === 'paid' ? 'active' : 'past_due';
    emit('customer.subscription.updated', renderSubscription(sub), { items: previous, ...(wasStatus !== sub.status ? { status: wasStatus } : {}) });
    outcomeEvents(inv, result);
  }

  // ------------------------------------------------------------------ routes

  function createSubscription(form: FormObject): Json {
    const customer = customers.get(str(form, 'customer') ?? '');
    if (!customer) throw missing('customer', str(form, 'customer') ?? '', 'customer');
    const item = list(form, 'items')[0];
    const priceId = typeof item === 'object' && !Array.isArray(item) ? str(item, 'price') : undefined;
    if (!priceId) throw invalid('Missing required param: items[0][price].', 'items');
    const price = priceOr404(priceId, 'items[0][price]');
    const pmId = str(form, 'default_payment_method') ?? null;
    if (pmId && !paymentMethods.has(pmId)) throw missing('PaymentMethod', pmId, 'default_payment_method');
    let discount = 0;
    let promo: PromotionCode | undefined;
    const firstDiscount = list(form, 'discounts')[0];
    if (typeof firstDiscount === 'object' && !Array.isArray(firstDiscount)) {
      const promoId = str(firstDiscount, 'promotion_code');
      const couponId = str(firstDiscount, 'coupon');
      let coupon: Coupon | undefined;
      if (promoId) {
        promo = promotionCodes.get(promoId);
        if (!promo) throw missing('promotion code', promoId, 'discounts[0][promotion_code]');
        if (!promo.active || (promo.expiresAt !== null && promo.expiresAt <= now()))
          throw invalid('This promotion code cannot be redeemed because it is inactive or has expired.', 'discounts[0][promotion_code]');
        if (promo.maxRedemptions !== null && promo.timesRedeemed >= promo.maxRedemptions)
          throw invalid('This promotion code has reached its maximum number of redemptions.', 'discounts[0][promotion_code]');
        coupon = coupons.get(promo.coupon);
      } else if (couponId) {
        coupon = coupons.get(couponId);
        if (!coupon) throw missing('coupon', couponId, 'discounts[0][coupon]');
      }
      if (coupon) discount = Math.round((price.unitAmount * coupon.percentOff) / 100);
    }
    const at = now();
    const sub: Subscription = {
      id: randomId('sub'),
      customer: customer.id,
      itemId: randomId('si', 14),
      itemCreated: at,
      price: price.id,
      status: 'incomplete',
      start: at,
      end: addInterval(at, price.interval),
      cancelAtPeriodEnd: str(form, 'cancel_at_period_end') === 'true',
      canceledAt: null,
      endedAt: null,
      metadata: metadataOf(form),
      defaultPm: pmId,
      latestInvoice: null,
      pendingUpdate: null,
      created: at,
    };
    const inv = newInvoice(
      sub,
      'subscription_create',
      [{ amount: price.unitAmount, description: `1 × ${price.nickname ?? price.id}`, price: price.id, proration: false, start: sub.start, end: sub.end }],
      discount,
    );
    const behaviour = str(form, 'payment_behavior') ?? 'allow_incomplete';
    if (behaviour === 'default_incomplete') {
      const pi: PaymentIntent = {
        id: randomId('pi'),
        amount: Math.max(0, invoiceTotal(inv)),
        customer: customer.id,
        invoice: inv.id,
        paymentMethod: null,
        status: 'requires_payment_method',
        lastError: null,
        created: at,
      };
      paymentIntents.set(pi.id, pi);
      inv.paymentIntent = pi.id;
      subscriptions.set(sub.id, sub);
      emit('customer.subscription.created', renderSubscription(sub));
      return expanded(renderSubscription(sub), form);
    }
    const result = attempt(inv, pmId ?? customer.defaultPm);
    if (behaviour === 'error_if_incomplete' && result !== 'paid') {
      invoices.delete(inv.id);
      throw cardError(paymentIntents.get(inv.paymentIntent!)!);
    }
    subscriptions.set(sub.id, sub);
    if (promo) {
      promo.timesRedeemed += 1;
      coupons.get(promo.coupon)!.timesRedeemed += 1;
    }
    emit('customer.subscription.created', renderSubscription(sub));
    if (result === 'paid') {
      sub.status = 'active';
      outcomeEvents(inv, result);
      emit('customer.subscription.updated', renderSubscription(sub), { status: 'incomplete' });
    } else outcomeEvents(inv, result);
    return expanded(renderSubscription(sub), form);
  }

  function updateSubscription(sub: Subscription, form: FormObject): Json {
    if (sub.status === 'canceled') throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
    const previous: Json = {};
    if (form.metadata !== undefined) {
      previous.metadata = { ...sub.metadata };
      sub.metadata = metadataOf(form, sub.metadata);
    }
    const cancel = str(form, 'cancel_at_period_end');
    if (cancel !== undefined && (cancel === 'true') !== sub.cancelAtPeriodEnd) {
      previous.cancel_at_period_end = sub.cancelAtPeriodEnd;
      sub.cancelAtPeriodEnd = cancel === 'true';
    }
    const pm = str(form, 'default_payment_method');
    if (pm !== undefined) {
      if (pm && !paymentMethods.has(pm)) throw missing('PaymentMethod', pm, 'default_payment_method');
      previous.default_payment_method = sub.defaultPm;
      sub.defaultPm = pm || null;
    }
    const item = list(form, 'items')[0];
    const newPriceId = typeof item === 'object' && !Array.isArray(item) ? str(item, 'price') : undefined;
    let outcome: { inv: Invoice; result: 'paid' | 'failed' | 'action' } | null = null;
    if (newPriceId && newPriceId !== sub.price) {
      if (typeof item === 'object' && !Array.isArray(item) && str(item, 'id') !== undefined && str(item, 'id') !== sub.itemId)
        throw missing('subscription item', str(item, 'id')!, 'items[0][id]');
      const price = priceOr404(newPriceId, 'items[0][price]');
      const prorationDate = Number(str(form, 'proration_date') ?? now());
      const { lines, period } = prorate(sub, price, prorationDate);
      const prorationBehaviour = str(form, 'proration_behavior') ?? 'create_prorations';
      const paymentBehaviour = str(form, 'payment_behavior') ?? 'allow_incomplete';
      const oldItems = { price: sub.price, current_period_start: sub.start, current_period_end: sub.end };
      if (prorationBehaviour === 'always_invoice' || period) {
        const inv = newInvoice(sub, 'subscription_update', prorationBehaviour === 'none' ? lines.slice(1) : lines);
        const result = attempt(inv, paymentMethodOf(sub));
        if (paymentBehaviour === 'pending_if_incomplete') {
          if (result === 'failed') {
            inv.status = 'void';
            throw cardError(paymentIntents.get(inv.paymentIntent!)!);
          }
          if (result === 'action') sub.pendingUpdate = { price: price.id, period, invoice: inv.id };
          else applyPlan(sub, price.id, period);
        } else {
          applyPlan(sub, price.id, period);
          if (result !== 'paid') {
            previous.status = sub.status;
            sub.status = 'past_due';
          }
        }
        if (!sub.pendingUpdate) previous.items = oldItems;
        outcome = { inv, result };
      } else {
        applyPlan(sub, price.id, null);
        previous.items = oldItems;
      }
    }
    if (Object.keys(previous).length > 0 || sub.pendingUpdate) emit('customer.subscription.updated', renderSubscription(sub), previous);
    if (outcome) outcomeEvents(outcome.inv, outcome.result);
    return expanded(renderSubscription(sub), form);
  }

  function preview(form: FormObject): Json {
    const sub = subscriptions.get(str(form, 'subscription') ?? '');
    if (!sub) throw missing('subscription', str(form, 'subscription') ?? '', 'subscription');
    const details = obj(form, 'subscription_details');
    const item = list(details, 'items')[0];
    const priceId = typeof item === 'object' && !Array.isArray(item) ? str(item, 'price') : undefined;
    const price = priceOr404(priceId ?? sub.price, 'subscription_details[items][0][price]');
    const at = Number((details && str(details, 'proration_date')) ?? now());
    const behaviour = (details && str(details, 'proration_behavior')) ?? 'create_prorations';
    const { lines, period } = price.id === sub.price ? { lines: [], period: null } : prorate(sub, price, at);
    const next: Omit<Line, 'id'>[] =
      behaviour === 'always_invoice' || period
        ? lines
        : [
            ...lines,
            {
              amount: price.unitAmount,
              description: `1 × ${price.nickname ?? price.id}`,
              price: price.id,
              proration: false,
              start: sub.end,
              end: addInterval(sub.end, price.interval),
            },
          ];
    const inv: Invoice = {
      id: `upcoming_${randomId('in')}`,
      number: '',
      customer: sub.customer,
      subscription: sub.id,
      billingReason: 'upcoming',
      status: 'draft',
      subtotal: next.reduce((s, l) => s + l.amount, 0),
      discount: 0,
      lines: next.map((l) => ({ ...l, id: randomId('il') })),
      attempted: false,
      attemptCount: 0,
      paymentIntent: null,
      paidAt: null,
      created: now(),
    };
    return renderInvoice(inv);
  }

  function completeAuthentication(paymentIntentId: string, approve: boolean): void {
    const pi = paymentIntents.get(paymentIntentId);
    if (!pi || pi.status !== 'requires_action') throw new Error(`Payment intent ${paymentIntentId} is not waiting for authentication.`);
    const inv = invoices.get(pi.invoice)!;
    const sub = subscriptions.get(inv.subscription)!;
    if (!approve) {
      pi.status = 'requires_payment_method';
      pi.lastError = {
        code: 'payment_intent_authentication_failure',
        declineCode: null,
        message: 'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
      };
      const hadPending = sub.pendingUpdate?.invoice === inv.id;
      if (hadPending) {
        sub.pendingUpdate = null;
        inv.status = 'void';
      }
      emit('invoice.payment_failed', renderInvoice(inv));
      if (hadPending) emit('customer.subscription.updated', renderSubscription(sub), { pending_update: {} });
      return;
    }
    pi.status = 'succeeded';
    markPaid(inv);
    const previous: Json = {};
    if (sub.status !== 'active') {
      previous.status = sub.status;
      sub.status = 'active';
    }
    if (sub.pendingUpdate?.invoice === inv.id) {
      previous.items = { price: sub.price, current_period_start: sub.start, current_period_end: sub.end };
      applyPlan(sub, sub.pendingUpdate.price, sub.pendingUpdate.period);
      sub.pendingUpdate = null;
    }
    emit('invoice.paid', renderInvoice(inv));
    if (Object.keys(previous).length > 0) emit('customer.subscription.updated', renderSubscription(sub), previous);
  }

  function route(method: string, path: string, form: FormObject): Json {
    const seg = path.split('/').filter(Boolean);
    if (seg[0] !== 'v1') throw new ApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
    const [, resource, id, action] = seg;
    const at = now();
    if (method === 'POST' && resource === 'invoices' && id === 'create_preview' && !action) return expanded(preview(form), form);
    switch (`${method} ${resource}${id ? (action ? '/:id/' + action : '/:id') : ''}`) {
      case 'POST customers': {
        const c: Customer = {
          id: randomId('cus', 14),
          email: str(form, 'email') ?? null,
          name: str(form, 'name') ?? null,
          metadata: metadataOf(form),
          defaultPm: null,
          created: at,
        };
        customers.set(c.id, c);
        return renderCustomer(c);
      }
      case 'GET customers/:id':
      case 'POST customers/:id': {
        const c = customers.get(id!);
        if (!c) throw missing('customer', id!);
        if (method === 'POST') {
          const pm = str(obj(form, 'invoice_settings') ?? {}, 'default_payment_method');
          if (pm !== undefined) {
            const found = paymentMethods.get(pm);
            if (pm && (!found || found.customer !== c.id))
              throw invalid(`No such PaymentMethod: '${pm}'; it must be attached to the customer first.`, 'invoice_settings[default_payment_method]');
            c.defaultPm = pm || null;
          }
          c.metadata = metadataOf(form, c.metadata);
          if (str(form, 'email') !== undefined) c.email = str(form, 'email') ?? null;
        }
        return expanded(renderCustomer(c), form);
      }
      case 'POST payment_methods/:id/attach': {
        const customer = customers.get(str(form, 'customer') ?? '');
        if (!customer) throw missing('customer', str(form, 'customer') ?? '', 'customer');
        const testCard = TEST_CARDS[id!];
        if (testCard === 'fails_attach')
          throw new ApiError(402, { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' });
        let pm = paymentMethods.get(id!);
        if (testCard) {
          // Like Stripe, a test card name attaches a fresh payment method each time.
          pm = { id: randomId('pm'), behaviour: testCard, customer: null, created: at };
          paymentMethods.set(pm.id, pm);
        }
        if (!pm) throw missing('PaymentMethod', id!);
        if (pm.customer && pm.customer !== customer.id) throw invalid('The payment method is attached to another customer.');
        pm.customer = customer.id;
        return renderPaymentMethod(pm);
      }
      case 'GET payment_methods/:id': {
        const pm = paymentMethods.get(id!);
        if (!pm) throw missing('PaymentMethod', id!);
        return renderPaymentMethod(pm);
      }
      case 'POST setup_intents': {
        const sid = randomId('seti');
        const intent = {
          id: sid,
          object: 'setup_intent',
          application: null,
          automatic_payment_methods: { allow_redirects: 'always', enabled: true },
          cancellation_reason: null,
          client_secret: `${sid}_secret_${randomId('x').slice(2)}`,
          created: at,
          customer: str(form, 'customer') ?? null,
          description: null,
          last_setup_error: null,
          latest_attempt: null,
          livemode: false,
          mandate: null,
          metadata: metadataOf(form),
          next_action: null,
          on_behalf_of: null,
          payment_method: null,
          payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
          payment_method_types: ['card'],
          single_use_mandate: null,
          status: 'requires_payment_method',
          usage: str(form, 'usage') ?? 'off_session',
        };
        setupIntents.set(sid, intent);
        return intent;
      }
      case 'POST products': {
        const pid = str(form, 'id') ?? randomId('prod', 14);
        if (products.has(pid)) throw invalid(`Product already exists.`, 'id', 'resource_already_exists');
        const p: Product = { id: pid, name: str(form, 'name') ?? pid, metadata: metadataOf(form), created: at };
        products.set(pid, p);
        return renderProduct(p);
      }
      case 'GET products/:id': {
        const p = products.get(id!);
        if (!p) throw missing('product', id!);
        return renderProduct(p);
      }
      case 'POST prices': {
        const product = str(form, 'product') ?? '';
        if (!products.has(product)) throw missing('product', product, 'product');
        const interval = str(obj(form, 'recurring') ?? {}, 'interval');
        if (interval !== 'month' && interval !== 'year') throw invalid('recurring[interval] must be month or year here.', 'recurring[interval]');
        const lookupKey = str(form, 'lookup_key') ?? null;
        const holder = lookupKey ? [...prices.values()].find((p) => p.lookupKey === lookupKey) : undefined;
        if (holder) {
          if (str(form, 'transfer_lookup_key') !== 'true')
            throw invalid(`A price (\`${holder.id}\`) already uses that lookup key.`, 'lookup_key', 'lookup_key_already_exists');
          holder.lookupKey = null;
        }
        const p: Price = {
          id: randomId('price'),
          product,
          unitAmount: Number(str(form, 'unit_amount')),
          currency: str(form, 'currency') ?? 'usd',
          interval,
          lookupKey,
          nickname: str(form, 'nickname') ?? null,
          metadata: metadataOf(form),
          active: true,
          created: at,
        };
        prices.set(p.id, p);
        return renderPrice(p);
      }
      case 'GET prices': {
        const keys = list(form, 'lookup_keys').filter((k): k is string => typeof k === 'string');
        const active = str(form, 'active');
        const found = [...prices.values()].filter(
          (p) => (keys.length === 0 || (p.lookupKey !== null && keys.includes(p.lookupKey))) && (active === undefined || String(p.active) === active),
        );
        return expanded(listOf(found.map(renderPrice), '/v1/prices'), form);
      }
      case 'GET prices/:id':
        return expanded(renderPrice(priceOr404(id!, 'id')), form);
      case 'POST coupons': {
        const cid = str(form, 'id') ?? randomId('x', 8).slice(2);
        if (coupons.has(cid)) throw invalid('Coupon already exists.', 'id', 'resource_already_exists');
        const c: Coupon = {
          id: cid,
          percentOff: Number(str(form, 'percent_off')),
          duration: str(form, 'duration') ?? 'once',
          name: str(form, 'name') ?? null,
          metadata: metadataOf(form),
          timesRedeemed: 0,
          created: at,
        };
        coupons.set(cid, c);
        return renderCoupon(c);
      }
      case 'GET coupons/:id': {
        const c = coupons.get(id!);
        if (!c) throw missing('coupon', id!);
        return renderCoupon(c);
      }
      case 'POST promotion_codes': {
        const couponId = str(obj(form, 'promotion') ?? {}, 'coupon') ?? '';
        if (!coupons.has(couponId)) throw missing('coupon', couponId, 'promotion[coupon]');
        const code = str(form, 'code') ?? randomId('x', 8).slice(2).toUpperCase();
        if ([...promotionCodes.values()].some((p) => p.active && p.code.toLowerCase() === code.toLowerCase()))
          throw invalid('An active promotion code with `code` already exists.', 'code');
        const expiresAt = str(form, 'expires_at') ? Number(str(form, 'expires_at')) : null;
        if (expiresAt !== null && expiresAt <= at) throw invalid('expires_at must be in the future.', 'expires_at');
        const p: PromotionCode = {
          id: randomId('promo'),
          code,
          coupon: couponId,
          active: str(form, 'active') !== 'false',
          expiresAt,
          maxRedemptions: str(form, 'max_redemptions') ? Number(str(form, 'max_redemptions')) : null,
          timesRedeemed: 0,
          metadata: metadataOf(form),
          created: at,
        };
        promotionCodes.set(p.id, p);
        return renderPromotionCode(p);
      }
      case 'GET promotion_codes': {
        const code = str(form, 'code');
        const active = str(form, 'active');
        const found = [...promotionCodes.values()].filter(
          (p) => (code === undefined || p.code.toLowerCase() === code.toLowerCase()) && (active === undefined || String(p.active) === active),
        );
        return expanded(listOf(found.map(renderPromotionCode), '/v1/promotion_codes'), form);
      }
      case 'GET promotion_codes/:id':
      case 'POST promotion_codes/:id': {
        const p = promotionCodes.get(id!);
        if (!p) throw missing('promotion code', id!);
        if (method === 'POST') {
          const active = str(form, 'active');
          if (active === 'true' && !p.active && [...promotionCodes.values()].some((o) => o.active && o.code.toLowerCase() === p.code.toLowerCase()))
            throw invalid('An active promotion code with `code` already exists.', 'active');
          if (active !== undefined) p.active = active === 'true';
          p.metadata = metadataOf(form, p.metadata);
        }
        return expanded(renderPromotionCode(p), form);
      }
      case 'POST subscriptions':
        return createSubscription(form);
      case 'GET subscriptions/:id':
      case 'POST subscriptions/:id':
      case 'DELETE subscriptions/:id': {
        const sub = subscriptions.get(id!);
        if (!sub) throw missing('subscription', id!);
        if (method === 'POST') return updateSubscription(sub, form);
        if (method === 'DELETE') {
          if (sub.status === 'canceled' || sub.status === 'incomplete_expired') throw invalid(`No such subscription: '${sub.id}' (already canceled).`, 'id');
          endSubscription(sub);
        }
        return expanded(renderSubscription(sub), form);
      }
      case 'GET invoices/:id': {
        const inv = invoices.get(id!);
        if (!inv) throw missing('invoice', id!);
        return expanded(renderInvoice(inv), form);
      }
      case 'GET payment_intents/:id': {
        const pi = paymentIntents.get(id!);
        if (!pi) throw missing('payment_intent', id!);
        return expanded(renderPaymentIntent(pi), form);
      }
      default:
        throw new ApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
    }
  }

  async function readBody(req: http.IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const url = new URL(req.url ?? '/', 'http://peer');
      const method = req.method ?? 'GET';
      const reply = (status: number, payload: string, extra: Record<string, string> = {}): void => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': randomId('req', 14), 'stripe-version': PEER_API_VERSION, ...extra });
        res.end(payload);
      };
      if ((req.headers.authorization ?? '') !== `Bearer ${secretKey}`) {
        const given = (req.headers.authorization ?? '').replace(/^Bearer /, '');
        reply(401, JSON.stringify({ error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${given.slice(0, 8)}${'*'.repeat(8)}` } }));
        return;
      }
      const form = parseStripeForm([url.search.slice(1), body].filter(Boolean).join('&'));
      requests.push({ method, path: url.pathname, params: form });
      const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
      const fingerprint = `${method} ${url.pathname} ${body}`;
      if (key && method === 'POST') {
        const seen = idempotency.get(key);
        if (seen) {
          if (seen.fingerprint !== fingerprint) {
            reply(
              400,
              JSON.stringify({
                error: {
                  type: 'idempotency_error',
                  message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
                },
              }),
            );
          } else reply(seen.status, seen.body, { 'idempotent-replayed': 'true' });
          return;
        }
      }
      let status = 200;
      let payload: string;
      try {
        payload = JSON.stringify(route(method, url.pathname, form));
      } catch (err) {
        if (!(err instanceof ApiError)) {
          status = 500;
          payload = JSON.stringify({ error: { type: 'api_error', message: err instanceof Error ? err.message : String(err) } });
        } else {
          status = err.status;
          payload = JSON.stringify({ error: err.body });
        }
      }
      // Stripe keeps the outcome of a keyed request, errors included (but not its own 500s).
      if (key && method === 'POST' && status !== 500) idempotency.set(key, { fingerprint, status, body: payload });
      reply(status, payload, key ? { 'idempotency-key': key } : {});
      flush();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const peerUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const hook = async (run: () => void): Promise<void> => {
    run();
    flush();
    await sending;
  };

  return {
    url: peerUrl,
    secretKey,
    webhookSecret,
    events,
    deliveries,
    requests,
    delivery,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    now,
    advanceTime(ms) {
      return hook(() => {
        offsetMs += ms;
        for (const sub of subscriptions.values()) {
          while ((sub.status === 'active' || sub.status === 'past_due') && sub.end <= now()) renewNow(sub);
        }
      });
    },
    renew(subscriptionId) {
      return hook(() => {
        const sub = subscriptions.get(subscriptionId);
        if (!sub) throw new Error(`No subscription ${subscriptionId}.`);
        renewNow(sub);
      });
    },
    completeAuthentication(paymentIntentId, approve) {
      return hook(() => completeAuthentication(paymentIntentId, approve));
    },
    createPaymentMethod(testCard) {
      const pm: PaymentMethod = { id: randomId('pm'), behaviour: TEST_CARDS[testCard]!, customer: null, created: now() };
      paymentMethods.set(pm.id, pm);
      return pm.id;
    },
    async resend(eventId) {
      const event = events.find((e) => e.id === eventId);
      if (!event) throw new Error(`No event ${eventId}.`);
      await sending;
      const status = await send(event);
      deliveries.push({ eventId, type: event.type, status });
      return status;
    },
    async settled() {
      // A delivery may queue behind another: wait until the chain stops growing.
      let current: Promise<void>;
      do {
        current = sending;
        await current;
      } while (current !== sending);
    },
    subscription(id) {
      const sub = subscriptions.get(id);
      return sub ? renderSubscription(sub) : null;
    },
    invoice(id) {
      const inv = invoices.get(id);
      return inv ? renderInvoice(inv) : null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
