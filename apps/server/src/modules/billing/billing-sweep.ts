import type { Logger } from 'pino';
import { billingPeriodOf, type PaidVipType } from '@packsmith/contracts';
import type { Transact } from '../../db/transact.js';
import type { CreditService } from '../credits/index.js';
import type { BillingRepo, SubscriptionRow } from './billing.repo.js';
import type { BillingTx } from './billing-tx.js';
import { creditRefs } from './event-applier.js';
import { addMonths, monthsElapsed, planMonthlyCredits } from './periods.js';
import type { SandboxProvider } from './sandbox-provider.js';

export interface SweepResult {
  /** Monthly credit grants made (each once: the ledger's unique ref id). */
  monthsGranted: number;
  /** Lifetime memberships moved a month ahead. */
  lifetimeExtended: number;
  /** Granted plans (admin, redeem) whose period ended. */
  grantsEnded: number;
  sandbox: { renewed: number; ended: number; failed: number } | null;
}

/** Monthly credits are due on this subscription's own schedule (yearly provider plans and every plan no provider bills). */
function getsMonthlyCredits(row: SubscriptionRow): boolean {
  if (row.source === 'stripe' || row.source === 'sandbox') return billingPeriodOf(row.vipType as PaidVipType) === 'year';
  return true;
}

/**
 * The periodic sweep (BILLING_SWEEP_MS, roles all and worker): month k of yearly, lifetime and
 * granted plans at credit_anchor + k months, the lifetime membership a month further, granted plans
 * ended at their end, and the sandbox's renewals. Safe in any number of processes at once: every
 * grant has a unique ledger ref id and each subscription is handled under its user's row lock.
 */
export function createBillingSweep(deps: {
  repo: BillingRepo;
  transact: Transact<BillingTx>;
  credits: CreditService;
  sandbox: SandboxProvider | null;
  log: Logger;
}) {
  async function sweepOne(row: SubscriptionRow, now: Date, result: SweepResult): Promise<void> {
    await deps.transact(async (tx) => {
      const user = await tx.billing.lockUser(row.userId);
      const current = await tx.billing.findSubscription(row.id);
      if (!user || !current || current.status !== 'active' || !current.creditAnchor) return;
      const vip = current.vipType as PaidVipType;
      const grantSourced = current.source === 'admin' || current.source === 'redeem';
      if (grantSourced && current.currentPeriodEnd && current.currentPeriodEnd <= now) {
        await tx.billing.updateSubscription(current.id, { status: 'canceled', canceledAt: current.currentPeriodEnd });
        result.grantsEnded++;
      }
      const k = monthsElapsed(current.creditAnchor, now);
      // Month 0 came with the payment or the grant; months past the paid period belong to the next invoice.
      for (let month = 1; month <= k; month++) {
        const start = addMonths(current.creditAnchor, month);
        if (current.currentPeriodEnd && start >= current.currentPeriodEnd) break;
        const before = user.credit;
        const balance = await deps.credits.grant(current.userId, planMonthlyCredits(vip), 'plan_period', creditRefs.month(current.id, month), tx);
        if (balance !== before) result.monthsGranted++;
        user.credit = balance;
      }
      if (current.source === 'lifetime') {
        const until = addMonths(current.creditAnchor, k + 1);
        // A plan bought on top (e.g. business) runs until its own expiry; the lifetime plan takes over after it.
        const otherPlanRuns = user.vipType !== vip && user.vipExpireTime !== null && user.vipExpireTime > now;
        if (!otherPlanRuns && (user.vipType !== vip || !user.vipExpireTime || user.vipExpireTime < until)) {
          await tx.users.update(current.userId, { vipType: vip, vipExpireTime: until });
          result.lifetimeExtended++;
        }
      }
    });
  }

  return {
    async sweep(now: Date = new Date()): Promise<SweepResult> {
      const result: SweepResult = { monthsGranted: 0, lifetimeExtended: 0, grantsEnded: 0, sandbox: null };
      // The sandbox first: a renewal it bills this sweep grants its credits through its webhook.
      if (deps.sandbox) result.sandbox = await deps.sandbox.renew(now);
      for (const row of await deps.repo.monthlyCreditSubscriptions()) {
        if (!getsMonthlyCredits(row)) continue;
        try {
          await sweepOne(row, now, result);
        } catch (err) {
          deps.log.error({ err, subscription: row.id }, 'billing sweep: one subscription failed; the next sweep retries it');
        }
      }
      return result;
    },
  };
}
export type BillingSweep = ReturnType<typeof createBillingSweep>;
