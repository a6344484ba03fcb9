import {
  PLAN_PRICES,
  PURCHASE_CREDIT_THRESHOLD,
  effectiveMembership,
  isPaid,
  mayPurchase,
  planFamilyOf,
  upgradeTargets,
  type MembershipSubject,
  type PaidVipType,
  type PlanFamily,
} from '@packsmith/contracts';
import type { Period } from './plans';

/** What a plan card offers the visitor looking at it. */
export type CardAction =
  | { kind: 'sign-in'; plan: PaidVipType; label: string }
  | { kind: 'choose'; plan: PaidVipType; label: string }
  | { kind: 'upgrade'; plan: PaidVipType; label: string }
  | { kind: 'manage'; label: string }
  | { kind: 'your-plan'; label: string }
  /** Cannot buy: the reason in words (SPEC §4 credit threshold). */
  | { kind: 'blocked'; reason: string }
  | { kind: 'none' };

export function planOf(family: PlanFamily, period: Period): PaidVipType {
  return `${family}_${period}`;
}

/** The family the user's running plan belongs to, or 'free'. */
export function currentFamily(user: MembershipSubject | null, now: number = Date.now()): PlanFamily | 'free' {
  if (!user || !isPaid(user, now)) return 'free';
  return planFamilyOf(effectiveMembership(user, now).vip_type as PaidVipType);
}

/** Why a user may not buy, in words; null when they may (the pure rule the server applies too). */
export function purchaseBlockedReason(user: MembershipSubject): string | null {
  if (user.type !== 'user' || mayPurchase(user)) return null;
  return `Plans can be bought while your balance is ${PURCHASE_CREDIT_THRESHOLD} credits or less. You have ${user.credit.toLocaleString('en-US')} credits: use them first.`;
}

/**
 * The button (or words) on a plan card (SPEC §4, §6): guests sign in first; free users choose a plan
 * unless the credit rule stops them; a paid pro member manages their own plan and upgrades to
 * business; a business member manages theirs.
 */
export function cardAction(user: MembershipSubject | null, signedIn: boolean, card: 'free' | PlanFamily, period: Period, now: number = Date.now()): CardAction {
  const current = currentFamily(user, now);
  if (card === 'free') return signedIn && current === 'free' ? { kind: 'your-plan', label: 'Your plan' } : { kind: 'none' };
  const plan = planOf(card, period);
  const title = PLAN_PRICES[card].title;
  if (!signedIn || !user || user.type !== 'user') return { kind: 'sign-in', plan, label: `Choose ${title}` };
  if (current === card) return { kind: 'manage', label: 'Manage billing' };
  if (current !== 'free') {
    return upgradeTargets(user, now).includes(plan) ? { kind: 'upgrade', plan, label: 'Upgrade' } : { kind: 'none' };
  }
  const blocked = purchaseBlockedReason(user);
  if (blocked) return { kind: 'blocked', reason: blocked };
  return { kind: 'choose', plan, label: `Choose ${title}` };
}

/** The price of one period of a plan, USD. */
export function planPrice(plan: PaidVipType): number {
  const p = PLAN_PRICES[planFamilyOf(plan)];
  return plan.endsWith('_year') ? p.yearUsd : p.monthUsd;
}

/** A price after a percent off, rounded to the cent. */
export function discounted(price: number, percentOff: number): number {
  return Math.round(price * (100 - percentOff)) / 100;
}

/** "Pro plus, billed yearly" */
export function planName(plan: PaidVipType): string {
  return `${PLAN_PRICES[planFamilyOf(plan)].title}, billed ${plan.endsWith('_year') ? 'yearly' : 'monthly'}`;
}
