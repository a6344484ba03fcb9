import type { Logger } from 'pino';
import { PaidVipTypeSchema, type PaidVipType } from '@packsmith/contracts';
import type { Transact } from '../../db/transact.js';
import { badRequest } from '../../http/errors.js';
import { newId, sha256 } from '../../lib/ids.js';
import type { CreditService } from '../credits/index.js';
import type { PlanGrants, PromotionAdmin, PromotionCodeRecord } from './billing-ports.js';
import type { BillingRepo, PromotionRow } from './billing.repo.js';
import type { BillingTx } from './billing-tx.js';
import type { PaymentProvider } from './payment-provider.js';
import { addMonths, planMonthlyCredits, planPeriodEnd } from './periods.js';

const DAY_MS = 86_400_000;

/** A grant's row id from its source and ref id: the same grant twice finds its row and grants nothing more. */
const grantRowId = (source: string, refId: string) => `${source}_${sha256(`${source}:${refId}`).slice(0, 24)}`;

/**
 * Plans that no payment provider bills: granted by an admin, by a redeem code, or the lifetime deal.
 * Each is a subscriptions row with a credit anchor, so the monthly sweep gives its later months'
 * credits like a yearly plan's.
 */
export function createPlanGrants(deps: {
  transact: Transact<BillingTx>;
  credits: CreditService;
  provider: PaymentProvider | null;
  log: Logger;
  now?: () => Date;
}): PlanGrants {
  const now = deps.now ?? (() => new Date());
  const within = <T>(tx: BillingTx | undefined, work: (t: BillingTx) => Promise<T>): Promise<T> => (tx ? work(tx) : deps.transact(work));

  async function answer(t: BillingTx, userId: string) {
    const user = await t.users.findById(userId);
    if (!user) throw badRequest('No such user.');
    return { vipType: user.vipType, vipExpireTime: user.vipExpireTime, credit: user.credit };
  }

  return {
    async grantPlan(input, tx) {
      const vipType: PaidVipType = PaidVipTypeSchema.parse(input.vipType);
      return within(tx, async (t) => {
        if (!(await t.billing.lockUser(input.userId))) throw badRequest('No such user.');
        const id = grantRowId(input.source, input.refId);
        if (await t.billing.findSubscription(id)) return answer(t, input.userId);
        const start = now();
        const end = input.days !== null ? new Date(start.getTime() + input.days * DAY_MS) : planPeriodEnd(start, vipType);
        await t.billing.insertSubscription({
          id,
          userId: input.userId,
          source: input.source,
          providerSubscriptionId: null,
          vipType,
          status: 'active',
          currentPeriodStart: start,
          currentPeriodEnd: end,
          creditAnchor: start,
        });
        await deps.credits.grant(input.userId, planMonthlyCredits(vipType), 'plan_grant', input.refId, t);
        await t.users.update(input.userId, { vipType, vipExpireTime: end });
        return answer(t, input.userId);
      });
    },

    async startLifetime(input, tx) {
      const vipType: PaidVipType = PaidVipTypeSchema.parse(input.vipType);
      return within(tx, async (t) => {
        if (!(await t.billing.lockUser(input.userId))) throw badRequest('No such user.');
        const id = grantRowId('lifetime', input.refId);
        if (await t.billing.findSubscription(id)) return answer(t, input.userId);
        const start = now();
        await t.billing.insertSubscription({
          id,
          userId: input.userId,
          source: 'lifetime',
          providerSubscriptionId: null,
          vipType,
          status: 'active',
          currentPeriodStart: start,
          // No end: the sweep moves the user's expiry a month ahead every month.
          currentPeriodEnd: null,
          creditAnchor: start,
        });
        await deps.credits.grant(input.userId, planMonthlyCredits(vipType), 'plan_grant', input.refId, t);
        await t.users.update(input.userId, { vipType, vipExpireTime: addMonths(start, 1) });
        return answer(t, input.userId);
      });
    },

    async endPlan(userId) {
      const running = await deps.transact((t) => t.billing.runningSubscriptions(userId));
      // The provider first (outside our transaction: its sandbox delivers webhooks that take their own).
      for (const row of running) {
        if (!deps.provider || (row.source !== 'stripe' && row.source !== 'sandbox') || !row.providerSubscriptionId) continue;
        if (row.providerSubscriptionId.startsWith('pending:')) continue;
        try {
          await deps.provider.cancelNow(row.providerSubscriptionId);
        } catch (err) {
          deps.log.error({ err, subscription: row.id }, 'billing: cancelling at the provider failed; the plan ends here anyway');
        }
      }
      return deps.transact(async (t) => {
        if (!(await t.billing.lockUser(userId))) throw badRequest('No such user.');
        const at = now();
        for (const row of await t.billing.runningSubscriptions(userId)) {
          await t.billing.updateSubscription(row.id, {
            status: 'canceled',
            canceledAt: at,
            cancelAtPeriodEnd: false,
            pendingClientSecret: null,
            pendingPaymentIntentId: null,
          });
        }
        const user = await t.users.update(userId, { vipType: 'normal', vipExpireTime: null });
        return { vipType: user.vipType, vipExpireTime: user.vipExpireTime };
      });
    },
  };
}

export function toPromotionRecord(row: PromotionRow): PromotionCodeRecord {
  return {
    id: row.id,
    code: row.code,
    percentOff: row.percentOff,
    vipTypes: row.vipTypes.flatMap((v) => {
      const parsed = PaidVipTypeSchema.safeParse(v);
      return parsed.success ? [parsed.data] : [];
    }),
    active: row.active,
    expiresAt: row.expiresAt,
    maxRedemptions: row.maxRedemptions,
    timesRedeemed: row.timesRedeemed,
    createdAt: row.createdAt,
  };
}

/** Promotion codes for the admin area and CLI; mirrored to the provider when it keeps its own (Stripe). */
export function createPromotionAdmin(deps: { repo: BillingRepo; provider: PaymentProvider | null; log: Logger }): PromotionAdmin {
  const { repo } = deps;
  async function mirror(row: PromotionRow): Promise<PromotionRow> {
    if (!deps.provider) return row;
    const providerId = await deps.provider.syncPromotion({
      id: row.id,
      code: row.code,
      percentOff: row.percentOff,
      active: row.active,
      expiresAt: row.expiresAt,
      maxRedemptions: row.maxRedemptions,
    });
    if (!providerId || providerId === row.stripePromotionCodeId) return row;
    return (await repo.updatePromotion(row.id, { stripePromotionCodeId: providerId })) ?? row;
  }
  return {
    async create(input, createdBy) {
      const code = input.code.trim().toUpperCase();
      const row = await repo.insertPromotion({
        id: newId(),
        code,
        percentOff: input.percentOff,
        vipTypes: [...input.vipTypes],
        active: true,
        expiresAt: input.expiresAt,
        maxRedemptions: input.maxRedemptions,
        createdBy,
      });
      if (!row) throw badRequest(`The promotion code ${code} exists already.`);
      return toPromotionRecord(await mirror(row));
    },
    async list(pageIndex, pageSize) {
      const { total, items } = await repo.listPromotions((pageIndex - 1) * pageSize, pageSize);
      return { total, items: items.map(toPromotionRecord) };
    },
    async setActive(id, active) {
      const row = await repo.updatePromotion(id, { active });
      if (!row) return null;
      return toPromotionRecord(await mirror(row));
    },
  };
}
