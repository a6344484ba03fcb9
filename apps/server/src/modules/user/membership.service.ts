import { PLAN_PRICES, billingPeriodOf, planFamilyOf, type PaidVipType } from '@packsmith/contracts';
import type { Transact } from '../../db/transact.js';
import type { UserRow } from '../../http/auth-context.js';
import { newId } from '../../lib/ids.js';
import type { CreditService, CreditTx } from '../credits/index.js';
import type { UserRepo } from './user.repo.js';

/** `from` plus one calendar month or year (UTC), the length of a plan period. */
export function planPeriodEnd(from: Date, period: 'month' | 'year'): Date {
  const end = new Date(from.getTime());
  if (period === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

/**
 * Memberships set by an operator (admin CLI) rather than a payment: the plan, its expiry and the
 * plan's monthly credits move together in one transaction, the credits through the ledger.
 */
export function createMembershipService(deps: {
  users: UserRepo;
  /** The plan and its credits are written together. */
  transact: Transact<{ users: UserRepo } & CreditTx>;
  credits: CreditService;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { users } = deps;
  return {
    findByEmail: (email: string) => users.findByEmail(email.trim().toLowerCase()),

    async grantPlan(userId: string, plan: PaidVipType): Promise<{ user: UserRow; credited: number; refId: string }> {
      const credited = PLAN_PRICES[planFamilyOf(plan)].credits;
      const refId = `admin-${newId()}`;
      const user = await deps.transact(async (tx) => {
        const updated = await tx.users.update(userId, { vipType: plan, vipExpireTime: planPeriodEnd(now(), billingPeriodOf(plan)) });
        await deps.credits.grant(userId, credited, 'plan_grant', refId, tx);
        return updated;
      });
      return { user: (await users.findById(user.id)) ?? user, credited, refId };
    },

    /** Ends the membership now; credits already granted stay. */
    async revokePlan(userId: string): Promise<UserRow> {
      return users.update(userId, { vipType: 'normal', vipExpireTime: null });
    },
  };
}
export type MembershipService = ReturnType<typeof createMembershipService>;
