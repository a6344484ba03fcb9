import { billingPeriodOf, type PaidVipType } from '@packsmith/contracts';
import type { Logger } from 'pino';
import type { Transact } from '../../db/transact.js';
import { newId } from '../../lib/ids.js';
import type { CreditService } from '../credits/index.js';
import type { SubscriptionRow } from './billing.repo.js';
import type { BillingTx } from './billing-tx.js';
import type { ProviderEvent, ProviderInvoice, ProviderName, ProviderSubscription } from './payment-provider.js';
import { monthsElapsed, planMonthlyCredits } from './periods.js';

/** A subscribe request's row before the provider answered: `pending:<idempotency key>` stands in for the provider id. */
export const PENDING_PREFIX = 'pending:';

/** Ledger ref ids: each names what it pays for, so a repeated webhook or sweep grants once. */
export const creditRefs = {
  /** A monthly plan's invoice period. */
  period: (subId: string, periodStart: Date) => `period:${subId}:${periodStart.getTime()}`,
  /** Month k from the credit anchor (yearly, lifetime, granted plans). */
  month: (subId: string, k: number) => `month:${subId}:${k}`,
  /** The difference of monthly credits of an upgrade invoice. */
  upgrade: (invoiceId: string) => `upgrade:${invoiceId}`,
};

export interface ApplyResult {
  outcome: string;
  duplicate: boolean;
  userId: string | null;
}

/**
 * Applies provider events to our tables: the heart of payments. Every event is stored first (its id
 * is the primary key, so a replay writes nothing and changes nothing) and applied in the same
 * transaction, under the user's row lock, so two events of one user never interleave.
 */
export function createEventApplier(deps: { source: ProviderName; transact: Transact<BillingTx>; credits: CreditService; log: Logger; now?: () => Date }) {
  const { source, credits } = deps;
  const now = deps.now ?? (() => new Date());

  /** Our row of a provider subscription: found, adopted from the subscribe request's pending row, or made from the event. */
  async function rowFor(tx: BillingTx, sub: ProviderSubscription, mayCreate: boolean): Promise<SubscriptionRow | null> {
    const found = await tx.billing.findByProviderId(source, sub.id);
    if (found) return found;
    const running = await tx.billing.runningSubscriptions(sub.userId);
    const claim = running.find((r) => r.source === source && r.providerSubscriptionId?.startsWith(PENDING_PREFIX) && r.vipType === sub.vipType);
    if (claim) return tx.billing.updateSubscription(claim.id, { providerSubscriptionId: sub.id });
    if (!mayCreate) return null;
    const id = newId();
    await tx.billing.insertSubscription({
      id,
      userId: sub.userId,
      source,
      providerSubscriptionId: sub.id,
      vipType: sub.vipType,
      status: sub.status,
      currentPeriodStart: sub.currentPeriodStart,
      currentPeriodEnd: sub.currentPeriodEnd,
    });
    return tx.billing.findByProviderId(source, sub.id);
  }

  /** The provider's view of the subscription onto our row (plan, period, status, cancel flag, pending 3-D Secure). */
  async function sync(tx: BillingTx, row: SubscriptionRow, sub: ProviderSubscription, eventAt: Date | null): Promise<SubscriptionRow> {
    const becameCanceled = sub.status === 'canceled' && row.status !== 'canceled';
    const updated = await tx.billing.updateSubscription(row.id, {
      vipType: sub.vipType,
      status: sub.status,
      currentPeriodStart: sub.currentPeriodStart,
      currentPeriodEnd: sub.currentPeriodEnd,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
      pendingPaymentIntentId: sub.pendingAction?.paymentIntentId ?? null,
      pendingClientSecret: sub.pendingAction?.clientSecret ?? null,
      ...(becameCanceled ? { canceledAt: eventAt ?? now() } : {}),
      ...(eventAt && (!row.lastEventAt || eventAt > row.lastEventAt) ? { lastEventAt: eventAt } : {}),
    });
    return updated ?? row;
  }

  async function recordInvoice(tx: BillingTx, row: SubscriptionRow, invoice: ProviderInvoice, status: ProviderInvoice['status']) {
    return tx.billing.upsertPayment({
      id: newId(),
      userId: row.userId,
      subscriptionId: row.id,
      provider: source,
      providerInvoiceId: invoice.id,
      number: invoice.number,
      vipType: invoice.vipType,
      amountCents: invoice.amountCents,
      currency: invoice.currency,
      status,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
      pdfUrl: invoice.pdfUrl,
    });
  }

  /**
   * A paid invoice: the payment row, the promotion's redemption (first invoice), the period's credits
   * and the user's membership up to the paid period's end.
   */
  async function applyPaid(tx: BillingTx, rowIn: SubscriptionRow, invoice: ProviderInvoice, planBefore: PaidVipType): Promise<void> {
    let row = rowIn;
    const previousPaid = await tx.billing.lastPaidPayment(row.id, invoice.id);
    const { inserted } = await recordInvoice(tx, row, invoice, 'paid');
    if (inserted && invoice.billingReason === 'subscription_create') {
      if (row.promotionCodeId) await tx.billing.countPromotionRedemption(row.promotionCodeId);
      // A bought plan replaces a granted one (admin, redeem): its later months stop. The lifetime deal stays underneath.
      for (const other of await tx.billing.runningSubscriptions(row.userId)) {
        if (other.source === 'admin' || other.source === 'redeem') await tx.billing.updateSubscription(other.id, { status: 'canceled', canceledAt: now() });
      }
    }
    // Paying makes it run again (a first payment after 3-D Secure, a past-due card that paid); an ended one stays ended.
    if (row.status === 'incomplete' || row.status === 'past_due') row = (await tx.billing.updateSubscription(row.id, { status: 'active' })) ?? row;

    const yearly = billingPeriodOf(invoice.vipType) === 'year';
    if (invoice.billingReason === 'subscription_update') {
      // The plan it came from: the last paid invoice's (robust to events in any order), else the row's before this event.
      const from = (previousPaid?.vipType as PaidVipType | undefined) ?? planBefore;
      const difference = planMonthlyCredits(invoice.vipType) - planMonthlyCredits(from);
      if (difference > 0) await credits.grant(row.userId, difference, 'plan_upgrade', creditRefs.upgrade(invoice.id), tx);
      // Into a yearly plan from a monthly one, a new period starts: its months count from here (month 0 is this upgrade).
      if (yearly && (billingPeriodOf(from) !== 'year' || !row.creditAnchor))
        row = (await tx.billing.updateSubscription(row.id, { creditAnchor: invoice.periodStart })) ?? row;
      if (!yearly && row.creditAnchor) row = (await tx.billing.updateSubscription(row.id, { creditAnchor: null })) ?? row;
    } else if (yearly) {
      // Yearly plans get one month's credits now and the rest from the sweep, month by month from the anchor.
      const anchor = row.creditAnchor ?? invoice.periodStart;
      if (!row.creditAnchor) row = (await tx.billing.updateSubscription(row.id, { creditAnchor: anchor })) ?? row;
      const k = monthsElapsed(anchor, invoice.periodStart);
      await credits.grant(row.userId, planMonthlyCredits(invoice.vipType), 'plan_period', creditRefs.month(row.id, k), tx);
    } else {
      await credits.grant(row.userId, planMonthlyCredits(invoice.vipType), 'plan_period', creditRefs.period(row.id, invoice.periodStart), tx);
    }
    if (row.status === 'active' && row.currentPeriodEnd) {
      await tx.users.update(row.userId, { vipType: row.vipType, vipExpireTime: row.currentPeriodEnd });
    }
  }

  /**
   * One event (or the provider's current state, `fromProvider`) inside the caller's transaction.
   * Subscription events older than the newest applied change nothing; invoices are facts and always
   * recorded, but only a current one moves the subscription.
   */
  async function applyInTx(tx: BillingTx, event: ProviderEvent, fromProvider: boolean): Promise<{ outcome: string; userId: string | null }> {
    if (event.type === 'other') return { outcome: 'ignored: not used', userId: null };
    const sub = event.subscription;
    if (!sub) return { outcome: 'ignored: no subscription', userId: null };
    const user = await tx.billing.lockUser(sub.userId);
    if (!user) return { outcome: 'ignored: unknown user', userId: null };
    const mayCreate = event.type === 'customer.subscription.created' || event.invoice !== null;
    const row = await rowFor(tx, sub, mayCreate);
    if (!row) return { outcome: 'ignored: unknown subscription', userId: user.id };
    const older = !fromProvider && row.lastEventAt !== null && event.created < row.lastEventAt;
    if (older && event.invoice === null) return { outcome: 'ignored: older', userId: user.id };
    const planBefore = row.vipType as PaidVipType;
    const current = older ? row : await sync(tx, row, sub, fromProvider ? null : event.created);

    const invoice = event.invoice;
    if (event.type === 'invoice.paid' && invoice) await applyPaid(tx, current, invoice, planBefore);
    else if (event.type === 'invoice.payment_failed' && invoice) await recordInvoice(tx, current, invoice, 'failed');
    else if (event.type === 'invoice.payment_action_required' && invoice) await recordInvoice(tx, current, invoice, 'open');
    // customer.subscription.deleted: the row is canceled by the sync; the membership ends on its own at vip_expire_time.
    return { outcome: older ? 'applied: invoice only (older)' : 'applied', userId: user.id };
  }

  return {
    /** Stores the event and applies it in one transaction; a replay is a no-op. */
    async applyEvent(event: ProviderEvent): Promise<ApplyResult> {
      return deps.transact(async (tx) => {
        const fresh = await tx.billing.insertEvent({
          id: event.id,
          provider: source,
          type: event.rawType,
          userId: null,
          outcome: 'received',
          eventCreatedAt: event.created,
          payload: event.payload,
        });
        if (!fresh) return { outcome: 'duplicate', duplicate: true, userId: null };
        const { outcome, userId } = await applyInTx(tx, event, false);
        await tx.billing.setEventOutcome(event.id, outcome, userId);
        return { outcome, duplicate: false, userId };
      });
    },

    /**
     * The provider's current view of a subscription, applied like its events (a paid latest invoice
     * grants its credits, once): subscribe, confirm and upgrade answer from it without waiting for a
     * webhook that Stripe sends later. Stores no event and moves no event clock.
     */
    async syncFromProvider(sub: ProviderSubscription): Promise<SubscriptionRow | null> {
      return deps.transact(async (tx) => {
        const invoice = sub.latestInvoice;
        const paid = invoice?.status === 'paid';
        const event: ProviderEvent = {
          id: `sync:${sub.id}`,
          type: paid ? 'invoice.paid' : 'customer.subscription.updated',
          rawType: 'sync',
          created: now(),
          subscription: sub,
          invoice: paid ? invoice : null,
          payload: {},
        };
        await applyInTx(tx, event, true);
        return tx.billing.findByProviderId(source, sub.id);
      });
    },
  };
}
export type EventApplier = ReturnType<typeof createEventApplier>;
