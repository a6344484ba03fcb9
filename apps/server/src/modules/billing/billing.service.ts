import type { Logger } from 'pino';
import {
  CREDIT_REASON_LABELS,
  PURCHASE_CREDIT_THRESHOLD,
  PLAN_PRICES,
  SANDBOX_TEST_CARDS,
  VipTypeSchema,
  billingPeriodOf,
  effectiveMembership,
  isPaid,
  mayPurchase,
  planFamilyOf,
  tierLabel,
  upgradeTargets,
  type BillingOverview,
  type CreditEntry,
  type Invoice,
  type PaidVipType,
  type PaymentProviderName,
  type SubscribeResult,
  type UpgradeOption,
} from '@packsmith/contracts';
import type { Transact } from '../../db/transact.js';
import type { UserRow } from '../../http/auth-context.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import { newId, sha256 } from '../../lib/ids.js';
import { toMs } from '../../lib/time.js';
import type { UserRepo } from '../user/index.js';
import { membershipSubject } from '../user/index.js';
import type { BillingRepo, SubscriptionRow } from './billing.repo.js';
import type { BillingTx } from './billing-tx.js';
import { PENDING_PREFIX, type EventApplier } from './event-applier.js';
import { PaymentDeclinedError, WebhookSignatureError, type PaymentProvider, type ProviderPromotion, type ProviderSubscription } from './payment-provider.js';
import { addMonths, monthsElapsed, planMonthlyCredits, planPriceCents } from './periods.js';
import { checkPromotion } from './promotion-rules.js';
import type { SandboxProvider } from './sandbox-provider.js';

/** A double click, a retried request or a reload within this window reuses the first purchase (the provider's idempotency key). */
export const IDEMPOTENCY_WINDOW_MS = 10 * 60_000;
/** A purchase still waiting for its provider is left alone this long before another may replace it. */
const PENDING_GRACE_MS = 60_000;

export const BILLING_MESSAGES = {
  off: 'Payments are not available on this server.',
  alreadyPaid: 'You already have a plan. Upgrade it instead.',
  inProgress: 'A payment is already in progress. Finish it, or try again in a minute.',
  noSubscription: 'You have no subscription to change.',
  notBoughtHere: 'Your plan was granted, not bought, so there is nothing to cancel. It ends on its own at its expiry date.',
  declinedAfterAuth: 'Your bank did not confirm the payment, so nothing was charged.',
  overThreshold: (credit: number) =>
    `You still have ${credit} credits, more than the ${PURCHASE_CREDIT_THRESHOLD} that allow buying a plan without one. Use your credits first, then buy a plan (members may buy or upgrade at any balance).`,
} as const;

const PROVIDER_SOURCES = new Set(['stripe', 'sandbox']);

export interface BillingServiceDeps {
  repo: BillingRepo;
  users: UserRepo;
  transact: Transact<BillingTx>;
  provider: PaymentProvider | null;
  sandbox: SandboxProvider | null;
  applier: EventApplier;
  log: Logger;
  now?: () => Date;
}

/** The pay calls (SPEC §7 Payments): buying, confirming, upgrading, cancelling, and what the billing page shows. */
export function createBillingService(deps: BillingServiceDeps) {
  const { repo, users, provider, applier } = deps;
  const now = deps.now ?? (() => new Date());
  const providerName: PaymentProviderName = provider?.name ?? 'off';

  function requireProvider(): PaymentProvider {
    if (!provider) throw badRequest(BILLING_MESSAGES.off);
    return provider;
  }
  async function freshUser(user: UserRow): Promise<UserRow> {
    return (await users.findById(user.id)) ?? user;
  }
  function checkMayPurchase(user: UserRow): void {
    if (!mayPurchase(membershipSubject(user), now().getTime())) throw forbidden(BILLING_MESSAGES.overThreshold(user.credit));
  }
  /** The user's provider subscription that runs (active or past due), the one upgrades and cancels act on. */
  async function runningProviderRow(userId: string): Promise<SubscriptionRow | null> {
    const rows = await repo.runningSubscriptions(userId);
    return (
      rows.find(
        (r) => PROVIDER_SOURCES.has(r.source) && r.status !== 'incomplete' && r.providerSubscriptionId && !r.providerSubscriptionId.startsWith(PENDING_PREFIX),
      ) ?? null
    );
  }
  async function ensureCustomer(p: PaymentProvider, user: UserRow): Promise<string> {
    const known = await repo.findCustomer(user.id, p.name);
    if (known) return known;
    const created = await p.createCustomer({ id: user.id, email: user.email, name: user.name });
    return repo.saveCustomer(user.id, p.name, created);
  }
  /** Same user, plan, card and attempt within the window → the same key: a double click never buys twice. */
  async function idempotencyKey(kind: string, userId: string, plan: string, paymentMethodId: string | null, extra: string): Promise<string> {
    const window = Math.floor(now().getTime() / IDEMPOTENCY_WINDOW_MS);
    // Failed attempts count: after a decline or a failed 3-D Secure the next attempt is a new one.
    const attempts = (await repo.userSubscriptions(userId)).filter((r) => r.status === 'canceled').length;
    return sha256(`${kind}:${userId}:${plan}:${paymentMethodId ?? ''}:${extra}:${attempts}:${window}`).slice(0, 40);
  }

  async function result(user: UserRow, row: SubscriptionRow | null, sub: ProviderSubscription): Promise<SubscribeResult> {
    const fresh = await freshUser(user);
    const dto = effectiveMembership(membershipSubject(fresh), now().getTime());
    const invoice = sub.latestInvoice;
    let status: SubscribeResult['status'] = 'active';
    let message: string | null = null;
    if (sub.pendingAction) status = 'requires_action';
    else if (invoice?.status === 'failed' || sub.status === 'canceled' || sub.status === 'incomplete') {
      status = 'failed';
      message = BILLING_MESSAGES.declinedAfterAuth;
    }
    return {
      status,
      subscription_id: row?.id ?? sub.id,
      client_secret: sub.pendingAction?.clientSecret ?? null,
      vip_type: dto.vip_type,
      vip_expire_time: dto.vip_expire_time,
      credit: fresh.credit,
      amount_due_cents: invoice?.amountCents ?? 0,
      message,
    };
  }

  async function promotionFor(code: string | undefined, vipType: PaidVipType): Promise<{ id: string; provider: ProviderPromotion } | null> {
    if (!code) return null;
    const row = await repo.findPromotionByCode(code.trim());
    const check = checkPromotion(row, vipType, now());
    if (!check.valid || !row) throw badRequest(check.valid ? 'This promotion code does not exist.' : check.reason);
    return { id: row.id, provider: { id: row.id, code: row.code, percentOff: row.percentOff, providerPromotionCodeId: row.stripePromotionCodeId } };
  }

  /**
   * Claims the purchase in our database before asking the provider: a row `pending:<key>` under the
   * user's lock. The same key finds its own claim (a double click); another recent purchase in flight
   * is refused; an abandoned one (older than the grace) is replaced.
   */
  async function claimPurchase(
    p: PaymentProvider,
    user: UserRow,
    vipType: PaidVipType,
    key: string,
    promotionId: string | null,
  ): Promise<{ claimId: string; superseded: string[] }> {
    return deps.transact(async (tx) => {
      await tx.billing.lockUser(user.id);
      const superseded: string[] = [];
      let claimId: string | null = null;
      for (const row of await tx.billing.runningSubscriptions(user.id)) {
        if (!PROVIDER_SOURCES.has(row.source)) continue;
        if (row.providerSubscriptionId === `${PENDING_PREFIX}${key}`) {
          claimId = row.id;
          continue;
        }
        if (row.status === 'active' && row.currentPeriodEnd && row.currentPeriodEnd > now()) throw badRequest(BILLING_MESSAGES.alreadyPaid);
        if (row.status === 'incomplete' && now().getTime() - row.createdAt.getTime() < PENDING_GRACE_MS) throw badRequest(BILLING_MESSAGES.inProgress);
        await tx.billing.updateSubscription(row.id, { status: 'canceled', canceledAt: now(), pendingClientSecret: null, pendingPaymentIntentId: null });
        if (row.providerSubscriptionId && !row.providerSubscriptionId.startsWith(PENDING_PREFIX)) superseded.push(row.providerSubscriptionId);
      }
      if (!claimId) {
        claimId = newId();
        await tx.billing.insertSubscription({
          id: claimId,
          userId: user.id,
          source: p.name,
          providerSubscriptionId: `${PENDING_PREFIX}${key}`,
          vipType,
          status: 'incomplete',
          promotionCodeId: promotionId,
        });
      }
      return { claimId, superseded };
    });
  }

  /** Drops a claim the provider never turned into a subscription (declined card, provider error). */
  async function releaseClaim(claimId: string): Promise<void> {
    const row = await repo.findSubscription(claimId);
    if (row?.providerSubscriptionId?.startsWith(PENDING_PREFIX)) await repo.deleteSubscription(claimId);
  }

  async function startSubscription(user: UserRow, input: { type: PaidVipType; paymentMethodId?: string; promotionCode?: string }): Promise<SubscribeResult> {
    const p = requireProvider();
    const promotion = await promotionFor(input.promotionCode, input.type);
    const key = await idempotencyKey('subscribe', user.id, input.type, input.paymentMethodId ?? null, promotion?.id ?? '');
    const { claimId, superseded } = await claimPurchase(p, user, input.type, key, promotion?.id ?? null);
    for (const id of superseded) {
      await p
        .cancelNow(id)
        .catch((err: unknown) => deps.log.warn({ err, subscription: id }, 'billing: an abandoned purchase could not be cancelled at the provider'));
    }
    let sub: ProviderSubscription;
    try {
      const customerId = await ensureCustomer(p, user);
      sub = await p.createSubscription({
        customerId,
        userId: user.id,
        vipType: input.type,
        paymentMethodId: input.paymentMethodId ?? null,
        promotion: promotion?.provider ?? null,
        idempotencyKey: key,
      });
    } catch (err) {
      await releaseClaim(claimId);
      if (err instanceof PaymentDeclinedError) throw badRequest(err.message);
      throw err;
    }
    const row = await applier.syncFromProvider(sub);
    return result(user, row, sub);
  }

  return {
    providerName,

    async setup(user: UserRow) {
      const secret = provider && provider.name === 'stripe' ? await provider.createSetupIntent(await ensureCustomer(provider, await freshUser(user))) : null;
      return {
        provider: providerName,
        test_mode: provider?.testMode ?? false,
        publishable_key: provider?.publishableKey ?? null,
        setup_intent_client_secret: secret,
        test_cards: provider?.name === 'sandbox' ? SANDBOX_TEST_CARDS.map((c) => ({ ...c })) : [],
      };
    },

    async subscribe(userIn: UserRow, input: { type: PaidVipType; paymentMethodId?: string; promotionCode?: string }): Promise<SubscribeResult> {
      requireProvider();
      const user = await freshUser(userIn);
      checkMayPurchase(user);
      if (isPaid(membershipSubject(user), now().getTime())) throw badRequest(BILLING_MESSAGES.alreadyPaid);
      return startSubscription(user, input);
    },

    async confirm(userIn: UserRow, subscriptionId: string): Promise<SubscribeResult> {
      const p = requireProvider();
      const row = await repo.findSubscription(subscriptionId);
      if (!row || row.userId !== userIn.id || !row.providerSubscriptionId || row.providerSubscriptionId.startsWith(PENDING_PREFIX))
        throw notFound('No such payment.');
      const sub = await p.retrieveSubscription(row.providerSubscriptionId);
      const synced = await applier.syncFromProvider(sub);
      return result(userIn, synced ?? row, sub);
    },

    async sandboxAuthenticate(user: UserRow, clientSecret: string, approve: boolean) {
      if (!deps.sandbox) throw notFound('The payment sandbox is not in use on this server.');
      return deps.sandbox.authenticate(clientSecret, approve, user.id);
    },

    async upgradeOptions(userIn: UserRow, typeParam: string): Promise<{ current: PaidVipType | 'normal'; options: UpgradeOption[] }> {
      const parsed = VipTypeSchema.safeParse(typeParam);
      if (!parsed.success) throw badRequest(`Unknown plan ${typeParam}.`);
      const current = parsed.data;
      if (current === 'normal' || current.startsWith('business')) return { current, options: [] };
      const user = await freshUser(userIn);
      const row = await runningProviderRow(user.id);
      const targets: PaidVipType[] = ['business_month', 'business_year'];
      const options: UpgradeOption[] = [];
      for (const target of targets) {
        const priceCents = planPriceCents(target);
        let dueCents = priceCents;
        if (provider && row?.providerSubscriptionId && row.vipType === current)
          dueCents = (await provider.previewPlanChange(row.providerSubscriptionId, target)).amountDueCents;
        const family = PLAN_PRICES[planFamilyOf(target)];
        options.push({
          vip_type: target,
          period: billingPeriodOf(target),
          price_usd: billingPeriodOf(target) === 'year' ? family.yearUsd : family.monthUsd,
          prorated_usd: dueCents / 100,
          credits_now: Math.max(0, planMonthlyCredits(target) - planMonthlyCredits(current)),
        });
      }
      return { current, options };
    },

    async upgrade(userIn: UserRow, input: { targetVipType: PaidVipType; paymentMethodId?: string }): Promise<SubscribeResult> {
      const p = requireProvider();
      const user = await freshUser(userIn);
      checkMayPurchase(user);
      const subject = membershipSubject(user);
      if (!upgradeTargets(subject, now().getTime()).includes(input.targetVipType)) {
        const tier = tierLabel(subject, now().getTime());
        throw badRequest(
          tier === 'business'
            ? 'Business is the top plan: it has no upgrade.'
            : tier === 'normal'
              ? 'Buy a plan first: only a running pro plan can be upgraded.'
              : 'Pro plans upgrade to business only.',
        );
      }
      const row = await runningProviderRow(user.id);
      if (!row?.providerSubscriptionId) {
        // A granted plan (admin, redeem, lifetime) has no provider subscription to change: the target is bought as a new one.
        return startSubscription(user, { type: input.targetVipType, ...(input.paymentMethodId ? { paymentMethodId: input.paymentMethodId } : {}) });
      }
      const key = await idempotencyKey('upgrade', user.id, input.targetVipType, input.paymentMethodId ?? null, row.id);
      let sub: ProviderSubscription;
      try {
        sub = await p.changePlan({
          subscriptionId: row.providerSubscriptionId,
          vipType: input.targetVipType,
          paymentMethodId: input.paymentMethodId ?? null,
          idempotencyKey: key,
        });
      } catch (err) {
        if (err instanceof PaymentDeclinedError) throw badRequest(err.message);
        throw err;
      }
      const synced = await applier.syncFromProvider(sub);
      return result(user, synced ?? row, sub);
    },

    async cancel(userIn: UserRow, comment: string) {
      const p = requireProvider();
      const user = await freshUser(userIn);
      const row = await runningProviderRow(user.id);
      if (!row?.providerSubscriptionId) {
        const granted = (await repo.runningSubscriptions(user.id)).some((r) => !PROVIDER_SOURCES.has(r.source));
        throw badRequest(granted ? BILLING_MESSAGES.notBoughtHere : 'You have no subscription to cancel.');
      }
      await repo.insertCancellation({ id: newId(), userId: user.id, subscriptionId: row.id, vipType: row.vipType, comment });
      const sub = await p.setCancelAtPeriodEnd(row.providerSubscriptionId, true);
      await applier.syncFromProvider(sub);
      const fresh = await freshUser(user);
      return { cancel_at_period_end: sub.cancelAtPeriodEnd, vip_expire_time: effectiveMembership(membershipSubject(fresh), now().getTime()).vip_expire_time };
    },

    async resume(userIn: UserRow) {
      const p = requireProvider();
      const row = await runningProviderRow(userIn.id);
      if (!row?.providerSubscriptionId || row.status !== 'active') throw badRequest('You have no subscription to resume.');
      if (row.currentPeriodEnd && row.currentPeriodEnd <= now()) throw badRequest('This subscription has ended: buy the plan again.');
      const sub = await p.setCancelAtPeriodEnd(row.providerSubscriptionId, false);
      await applier.syncFromProvider(sub);
      const fresh = await freshUser(userIn);
      return { cancel_at_period_end: sub.cancelAtPeriodEnd, vip_expire_time: effectiveMembership(membershipSubject(fresh), now().getTime()).vip_expire_time };
    },

    async validPromotionCode(code: string, vipType: PaidVipType) {
      const row = await repo.findPromotionByCode(code.trim());
      const check = checkPromotion(row, vipType, now());
      return check.valid ? { valid: true, percent_off: check.percentOff, reason: null } : { valid: false, percent_off: null, reason: check.reason };
    },

    async overview(userIn: UserRow): Promise<BillingOverview> {
      const user = await freshUser(userIn);
      const at = now();
      const subject = membershipSubject(user);
      const eff = effectiveMembership(subject, at.getTime());
      const rows = await repo.userSubscriptions(user.id);
      const shown =
        rows.find((r) => r.status === 'active' || r.status === 'past_due') ??
        rows.find(
          (r) => r.status === 'canceled' && r.currentPeriodEnd !== null && r.currentPeriodEnd > at && !r.providerSubscriptionId?.startsWith(PENDING_PREFIX),
        ) ??
        null;
      return {
        provider: providerName,
        test_mode: provider?.testMode ?? false,
        vip_type: eff.vip_type,
        tier: tierLabel(subject, at.getTime()),
        vip_expire_time: eff.vip_expire_time,
        credit: user.credit,
        may_purchase: mayPurchase(subject, at.getTime()),
        upgrade_targets: upgradeTargets(subject, at.getTime()),
        subscription: shown
          ? {
              id: shown.id,
              source: shown.source,
              vip_type: VipTypeSchema.exclude(['normal']).parse(shown.vipType),
              status: shown.status,
              current_period_end: toMs(shown.currentPeriodEnd),
              cancel_at_period_end: shown.cancelAtPeriodEnd,
              next_credit_at: nextCreditAt(shown, at),
            }
          : null,
      };
    },

    async invoices(user: UserRow, pageIndex: number, pageSize: number): Promise<{ total: number; items: Invoice[] }> {
      const { total, items } = await repo.userPayments(user.id, (pageIndex - 1) * pageSize, pageSize);
      return {
        total,
        items: items.map((r) => ({
          id: r.id,
          number: r.number,
          vip_type: VipTypeSchema.exclude(['normal']).parse(r.vipType),
          amount_cents: r.amountCents,
          currency: r.currency,
          status: r.status,
          period_start: r.periodStart.getTime(),
          period_end: r.periodEnd.getTime(),
          created_at: r.createdAt.getTime(),
          pdf_url: r.pdfUrl ?? `/api/pay/invoices/${encodeURIComponent(r.id)}/pdf`,
        })),
      };
    },

    /** The caller's own invoice as a PDF: our rendering (sandbox), or where the provider hosts it. */
    async invoicePdf(userId: string, paymentId: string): Promise<{ pdf: Uint8Array; filename: string } | { url: string }> {
      const row = await repo.findPayment(paymentId);
      // Someone else's invoice is as unknown as a missing one.
      if (!row || row.userId !== userId) throw notFound('No such invoice.');
      if (row.pdfUrl) return { url: row.pdfUrl };
      const pdf = provider?.name === row.provider && provider.invoicePdf ? await provider.invoicePdf(row.providerInvoiceId) : null;
      if (!pdf) throw notFound('This invoice has no PDF.');
      return { pdf, filename: `invoice-${row.number}.pdf` };
    },

    async creditHistory(user: UserRow, pageIndex: number, pageSize: number): Promise<{ total: number; credit: number; items: CreditEntry[] }> {
      const fresh = await freshUser(user);
      const { total, items } = await repo.ledgerPage(user.id, (pageIndex - 1) * pageSize, pageSize);
      return {
        total,
        credit: fresh.credit,
        items: items.map((e) => ({
          id: e.id,
          delta: e.delta,
          balance_after: e.balanceAfter,
          reason: e.reason,
          label: CREDIT_REASON_LABELS[e.reason] ?? e.reason,
          ref_id: e.refId,
          created_at: e.createdAt.getTime(),
        })),
      };
    },

    /**
     * POST /api/pay/webhook and the sandbox's own deliveries: verify, normalize, apply once.
     * WebhookSignatureError for a bad, missing or stale signature (the route answers HTTP 400).
     */
    async handleWebhook(rawBody: Buffer, signatureHeader: string | undefined) {
      if (!provider) throw new WebhookSignatureError(BILLING_MESSAGES.off);
      let event;
      try {
        event = provider.parseWebhook(rawBody, signatureHeader);
      } catch (err) {
        if (err instanceof WebhookSignatureError) throw err;
        throw new WebhookSignatureError(`The event could not be read: ${(err as Error).message}`);
      }
      // Stripe's invoice events carry the invoice only: the subscription (our user, plan, period) comes from the provider.
      if (event.invoice && !event.subscription && event.invoice.subscriptionId) {
        event = { ...event, subscription: await provider.retrieveSubscription(event.invoice.subscriptionId) };
      }
      return applier.applyEvent(event);
    },
  };
}
export type BillingService = ReturnType<typeof createBillingService>;

/** When the next monthly credits arrive: the month after the anchor's last, or the next renewal of a monthly plan. */
export function nextCreditAt(row: SubscriptionRow, at: Date): number | null {
  if (row.status !== 'active') return null;
  let next: Date | null;
  if (row.creditAnchor && (!PROVIDER_SOURCES.has(row.source) || billingPeriodOf(row.vipType as PaidVipType) === 'year')) {
    next = addMonths(row.creditAnchor, monthsElapsed(row.creditAnchor, at) + 1);
  } else {
    next = row.currentPeriodEnd;
  }
  if (!next) return null;
  // A plan that ends (cancelled, or granted for a while) gets no credits after its end.
  if (row.currentPeriodEnd && next >= row.currentPeriodEnd && (row.cancelAtPeriodEnd || !PROVIDER_SOURCES.has(row.source))) return null;
  return next.getTime();
}
