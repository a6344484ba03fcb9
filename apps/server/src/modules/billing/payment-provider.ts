import type { PaidVipType } from '@packsmith/contracts';

/**
 * What the billing service asks of a payment provider: Stripe (the official SDK) or the offline
 * sandbox (the same lifecycle kept in our database). Both answer in these normalized shapes, and
 * both tell the service what happened through signed webhook events that take one code path.
 */
export type ProviderName = 'stripe' | 'sandbox';

export type ProviderSubscriptionStatus = 'incomplete' | 'active' | 'past_due' | 'canceled';

export interface ProviderInvoice {
  id: string;
  /** Human-facing invoice number (e.g. PS-2026-000123). */
  number: string;
  subscriptionId: string;
  customerId: string;
  vipType: PaidVipType;
  amountCents: number;
  currency: string;
  status: 'paid' | 'open' | 'failed' | 'void';
  periodStart: Date;
  periodEnd: Date;
  /** The provider's hosted PDF; null when we render it (sandbox). */
  pdfUrl: string | null;
  /** Why it was made: the first period, a renewal, or a plan change (proration). */
  billingReason: 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual';
}

export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** Our user id, carried in the provider's metadata. */
  userId: string;
  vipType: PaidVipType;
  status: ProviderSubscriptionStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  /** The first payment (or an upgrade's) is waiting for 3-D Secure: what the client confirms. */
  pendingAction: { paymentIntentId: string; clientSecret: string } | null;
  latestInvoice: ProviderInvoice | null;
}

/** A verified webhook event, normalized. `created` orders events of one subscription. */
export interface ProviderEvent {
  id: string;
  type:
    | 'customer.subscription.created'
    | 'customer.subscription.updated'
    | 'customer.subscription.deleted'
    | 'invoice.paid'
    | 'invoice.payment_failed'
    | 'invoice.payment_action_required'
    /** Any other type: stored, not applied. */
    | 'other';
  /** The provider's own type string (kept for the admin page's event list). */
  rawType: string;
  created: Date;
  subscription: ProviderSubscription | null;
  invoice: ProviderInvoice | null;
  /** The raw payload, stored with the event. */
  payload: Record<string, unknown>;
}

/** A promotion code as the provider needs it (Stripe mirrors it as a coupon + promotion code). */
export interface ProviderPromotion {
  id: string;
  code: string;
  percentOff: number;
  /** Ids on the provider's side, once mirrored (Stripe); null in the sandbox or before mirroring. */
  providerPromotionCodeId: string | null;
}

/** The card was declined or the payment failed: `message` is for the user, in words. */
export class PaymentDeclinedError extends Error {
  constructor(
    message: string,
    readonly declineCode: string | null = null,
  ) {
    super(message);
    this.name = 'PaymentDeclinedError';
  }
}

/** A webhook whose signature is missing, wrong or outside the tolerance. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Sandbox, or Stripe with test keys: the pay modal labels itself test mode. */
  readonly testMode: boolean;
  readonly publishableKey: string | null;
  /** Prices, products, coupons the provider needs before the first sale (Stripe: created on first start when not given). */
  prepare(): Promise<void>;
  /** The provider's customer for a user: created once, its id stored by the service. */
  createCustomer(user: { id: string; email: string | null; name: string | null }): Promise<string>;
  /** A SetupIntent's client secret for the card element; null when the provider needs none (sandbox). */
  createSetupIntent(customerId: string): Promise<string | null>;
  /**
   * Starts a subscription charging the first period at once. A declined card throws
   * PaymentDeclinedError; a card asking for 3-D Secure answers status incomplete with pendingAction.
   */
  createSubscription(input: {
    customerId: string;
    userId: string;
    vipType: PaidVipType;
    paymentMethodId: string | null;
    promotion: ProviderPromotion | null;
    /** Same key → same subscription (a retried request never buys twice). */
    idempotencyKey: string;
  }): Promise<ProviderSubscription>;
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription>;
  /** What moving to `vipType` now would charge (proration of the unused part of the period). */
  previewPlanChange(subscriptionId: string, vipType: PaidVipType): Promise<{ amountDueCents: number }>;
  /** Moves the subscription to `vipType` now, invoicing the prorated difference at once. */
  changePlan(input: { subscriptionId: string; vipType: PaidVipType; paymentMethodId: string | null; idempotencyKey: string }): Promise<ProviderSubscription>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<ProviderSubscription>;
  /** Ends it now (an admin ending a plan). */
  cancelNow(subscriptionId: string): Promise<ProviderSubscription>;
  /** Mirrors a promotion code on the provider's side; answers its id there (null when none is needed). */
  syncPromotion(promotion: {
    id: string;
    code: string;
    percentOff: number;
    active: boolean;
    expiresAt: Date | null;
    maxRedemptions: number | null;
  }): Promise<string | null>;
  /** Verifies the signature (Stripe's scheme) and normalizes the event; WebhookSignatureError when it fails. */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): ProviderEvent;
  /** The invoice PDF's bytes when we render it (sandbox); null when the provider hosts it. */
  invoicePdf?(invoiceId: string): Promise<Uint8Array | null>;
}
