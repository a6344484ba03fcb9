import { PAID_VIP_TYPES, PLAN_PRICES, billingPeriodOf, planFamilyOf, type PaidVipType } from '@packsmith/contracts';

/** "Pro plus, yearly" for pro_plus_year; "Free" for normal. */
export function planName(vip: string): string {
  const paid = PAID_VIP_TYPES.find((p) => p === vip);
  if (!paid) return vip === 'normal' ? 'Free' : vip;
  return `${PLAN_PRICES[planFamilyOf(paid)].title}, ${billingPeriodOf(paid) === 'year' ? 'yearly' : 'monthly'}`;
}

export const PLAN_OPTIONS: { value: PaidVipType; label: string }[] = PAID_VIP_TYPES.map((value) => ({ value, label: planName(value) }));
