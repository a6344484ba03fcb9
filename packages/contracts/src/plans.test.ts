import { describe, expect, it } from 'vitest';
import { PLAN_PRICES, VIP_TYPES, billingPeriodOf, planFamilyOf, type PaidVipType, type PlanFamily } from './plans.js';

/** SPEC §9, written out by hand: which price row and billing period each paid plan id means. */
const EXPECTED: Record<PaidVipType, { family: PlanFamily; period: 'month' | 'year' }> = {
  pro_month: { family: 'pro', period: 'month' },
  pro_year: { family: 'pro', period: 'year' },
  pro_plus_month: { family: 'pro_plus', period: 'month' },
  pro_plus_year: { family: 'pro_plus', period: 'year' },
  pro_max_month: { family: 'pro_max', period: 'month' },
  pro_max_year: { family: 'pro_max', period: 'year' },
  business_month: { family: 'business', period: 'month' },
  business_year: { family: 'business', period: 'year' },
};

describe('plan ids', () => {
  it('every paid plan id is listed here', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(VIP_TYPES.filter((v) => v !== 'normal').sort());
  });

  it.each(Object.entries(EXPECTED) as [PaidVipType, (typeof EXPECTED)[PaidVipType]][])('%s: its price row and billing period', (vip, { family, period }) => {
    expect(planFamilyOf(vip)).toBe(family);
    expect(PLAN_PRICES[planFamilyOf(vip)].family).toBe(family);
    expect(billingPeriodOf(vip)).toBe(period);
  });
});
