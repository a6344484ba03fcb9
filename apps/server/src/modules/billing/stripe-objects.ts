import type Stripe from 'stripe';
import { VIP_TYPES, type PaidVipType } from '@packsmith/contracts';
import type { ProviderEvent, ProviderInvoice, ProviderSubscription, ProviderSubscriptionStatus } from './payment-provider.js';

/**
 * Stripe's raw objects (API version 2026-10-28.endive, the SDK's) read into the provider's
 * normalized shapes. Since the 2025 "basil" versions the billing period lives on subscription
 * items, an invoice names its subscription under `parent.subscription_details` and its payment
 * intents under `payments`: this file is the one place that knows where.
 */

/** Which plan a Stripe price sells: a price id we created or were given, else its lookup key or metadata. */
export type PlanOfPrice = (priceId: string) => PaidVipType | null;

const PAID = new Set<string>(VIP_TYPES.filter((v) => v !== 'normal'));

export function asPaidVipType(value: unknown): PaidVipType | null {
  return typeof value === 'string' && PAID.has(value) ? (value as PaidVipType) : null;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value == null) return null;
  return typeof value === 'string' ? value : value.id;
}

function date(seconds: number): Date {
  return new Date(seconds * 1000);
}

export function planOfPriceObject(price: string | Stripe.Price, planOfPrice: PlanOfPrice): PaidVipType | null {
  if (typeof price === 'string') return planOfPrice(price);
  return planOfPrice(price.id) ?? asPaidVipType(price.lookup_key) ?? asPaidVipType(price.metadata?.vip_type);
}

export function statusOf(status: Stripe.Subscription.Status): ProviderSubscriptionStatus {
  switch (status) {
    case 'active':
    case 'trialing':
      return 'active';
    case 'incomplete':
      return 'incomplete';
    case 'canceled':
    case 'incomplete_expired':
      return 'canceled';
    default:
      // past_due, unpaid, paused: the plan is not being paid for.
      return 'past_due';
  }
}

export function toProviderSubscription(
  sub: Stripe.Subscription,
  planOfPrice: PlanOfPrice,
  pendingAction: ProviderSubscription['pendingAction'] = null,
): ProviderSubscription {
  const item = sub.items.data[0];
  // The item's price is the truth after a plan change (metadata may lag a pending update).
  const vipType = (item ? planOfPriceObject(item.price, planOfPrice) : null) ?? asPaidVipType(sub.metadata?.vip_type);
  if (!vipType) throw new Error(`Stripe subscription ${sub.id} sells no Packsmith plan (price ${item?.price.id ?? 'none'}).`);
  const latest = sub.latest_invoice && typeof sub.latest_invoice !== 'string' ? toProviderInvoice(sub.latest_invoice, planOfPrice) : null;
  return {
    id: sub.id,
    customerId: idOf(sub.customer) ?? '',
    userId: sub.metadata?.user_id ?? '',
    vipType,
    status: statusOf(sub.status),
    currentPeriodStart: date(item?.current_period_start ?? sub.start_date),
    currentPeriodEnd: date(item?.current_period_end ?? sub.billing_cycle_anchor),
    cancelAtPeriodEnd: sub.cancel_at_period_end,
    pendingAction,
    latestInvoice: latest,
  };
}

function billingReasonOf(reason: Stripe.Invoice.BillingReason | null): ProviderInvoice['billingReason'] {
  switch (reason) {
    case 'subscription_create':
      return 'subscription_create';
    case 'subscription_cycle':
      return 'subscription_cycle';
    case 'subscription_update':
      return 'subscription_update';
    default:
      return 'manual';
  }
}

function invoiceStatusOf(invoice: Stripe.Invoice, failed: boolean): ProviderInvoice['status'] {
  switch (invoice.status) {
    case 'paid':
      return 'paid';
    case 'void':
      return 'void';
    case 'uncollectible':
      return 'failed';
    default:
      return failed ? 'failed' : 'open';
  }
}

/** The subscription an invoice bills: `parent.subscription_details` (current versions), else a line's parent. */
export function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  const fromParent = idOf(invoice.parent?.subscription_details?.subscription);
  if (fromParent) return fromParent;
  for (const line of invoice.lines?.data ?? []) {
    const id = line.parent?.subscription_item_details?.subscription ?? idOf(line.subscription);
    if (id) return id;
  }
  return null;
}

/**
 * Null when the invoice sells no plan of ours (an invoice made by hand in the dashboard).
 * `failed` marks an open invoice whose payment attempt failed (invoice.payment_failed).
 */
export function toProviderInvoice(invoice: Stripe.Invoice, planOfPrice: PlanOfPrice, failed = false): ProviderInvoice | null {
  const subscriptionId = subscriptionIdOfInvoice(invoice);
  if (!subscriptionId) return null;
  // A proration invoice has a credit line for the old plan and a charge for the new one: the charge names the plan.
  const lines = [...(invoice.lines?.data ?? [])].sort((a, b) => b.amount - a.amount);
  const main = lines[0];
  const priceOfMain = main?.pricing?.price_details?.price;
  const vipType = (priceOfMain ? planOfPriceObject(priceOfMain, planOfPrice) : null) ?? asPaidVipType(invoice.parent?.subscription_details?.metadata?.vip_type);
  if (!vipType) return null;
  const paid = invoice.status === 'paid';
  return {
    id: invoice.id,
    number: invoice.number ?? invoice.id,
    subscriptionId,
    customerId: idOf(invoice.customer) ?? '',
    vipType,
    amountCents: paid ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    status: invoiceStatusOf(invoice, failed),
    // Stripe's invoice-level period is the previous one for subscription invoices: the line's is what was bought.
    periodStart: date(main?.period.start ?? invoice.period_start),
    periodEnd: date(main?.period.end ?? invoice.period_end),
    pdfUrl: invoice.invoice_pdf ?? null,
    billingReason: billingReasonOf(invoice.billing_reason),
  };
}

const APPLIED = new Set<string>([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
  'invoice.payment_action_required',
]);

interface RawEvent {
  id: string;
  type: string;
  created: number;
  data: { object: Record<string, unknown> };
}

function isRawEvent(value: unknown): value is RawEvent {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const data = v.data as Record<string, unknown> | undefined;
  return (
    typeof v.id === 'string' &&
    typeof v.type === 'string' &&
    typeof v.created === 'number' &&
    typeof data === 'object' &&
    data !== null &&
    typeof data.object === 'object' &&
    data.object !== null
  );
}

function safely<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}

/** A verified event body read into ProviderEvent; types we do not apply become 'other' (stored, not applied). */
export function toProviderEvent(payload: unknown, planOfPrice: PlanOfPrice): ProviderEvent {
  if (!isRawEvent(payload)) throw new Error('The webhook body is not a Stripe event.');
  const type = (APPLIED.has(payload.type) ? payload.type : 'other') as ProviderEvent['type'];
  const object = payload.data.object;
  let subscription: ProviderSubscription | null = null;
  let invoice: ProviderInvoice | null = null;
  if (type.startsWith('customer.subscription.') && object.object === 'subscription') {
    const sub = object as unknown as Stripe.Subscription;
    // A subscription selling none of our plans (made by hand in the dashboard) is stored, not applied.
    subscription = sub.items?.data?.length || sub.metadata?.vip_type ? safely(() => toProviderSubscription(sub, planOfPrice)) : null;
  } else if (type.startsWith('invoice.') && object.object === 'invoice') {
    invoice = toProviderInvoice(object as unknown as Stripe.Invoice, planOfPrice, type === 'invoice.payment_failed');
  }
  return {
    id: payload.id,
    type,
    rawType: payload.type,
    created: date(payload.created),
    subscription,
    invoice,
    payload: payload as unknown as Record<string, unknown>,
  };
}
