import { PLAN_PRICES, billingPeriodOf, planFamilyOf, type PaidVipType } from '@packsmith/contracts';

/**
 * `from` plus `months` calendar months (UTC), clamped to the last day of a shorter month like Stripe
 * (Jan 31 + 1 month = Feb 28/29), so monthly credit dates never skip a month.
 */
export function addMonths(from: Date, months: number): Date {
  const d = new Date(from.getTime());
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d;
}

/** The end of one period of `vip` starting at `from`. */
export function planPeriodEnd(from: Date, vip: PaidVipType): Date {
  return addMonths(from, billingPeriodOf(vip) === 'year' ? 12 : 1);
}

/** How many whole months from `anchor` have begun by `now` (0 during the first month). */
export function monthsElapsed(anchor: Date, now: Date): number {
  if (now < anchor) return 0;
  let k = Math.max(0, (now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + now.getUTCMonth() - anchor.getUTCMonth() - 1);
  while (addMonths(anchor, k + 1) <= now) k++;
  return k;
}

/** A plan's price per period in US cents (SPEC §9 prices are in dollars with one decimal). */
export function planPriceCents(vip: PaidVipType): number {
  const p = PLAN_PRICES[planFamilyOf(vip)];
  return Math.round((billingPeriodOf(vip) === 'year' ? p.yearUsd : p.monthUsd) * 100);
}

/** The plan's monthly credits (SPEC §9), whatever its billing period. */
export function planMonthlyCredits(vip: PaidVipType): number {
  return PLAN_PRICES[planFamilyOf(vip)].credits;
}

/** Price after a percent-off promotion, in cents, rounded half up (Stripe rounds coupon discounts to the nearest cent). */
export function discountedCents(cents: number, percentOff: number | null): number {
  if (!percentOff) return cents;
  return cents - Math.round((cents * percentOff) / 100);
}
