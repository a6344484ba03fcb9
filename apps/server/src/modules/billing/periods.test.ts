import { describe, expect, it } from 'vitest';
import { addMonths, discountedCents, monthsElapsed, planMonthlyCredits, planPeriodEnd } from './periods.js';

const d = (iso: string) => new Date(iso);

describe('plan periods and credits', () => {
  it('adds calendar months, clamping to the last day of a shorter month', () => {
    expect(addMonths(d('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(d('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(d('2026-01-31T10:00:00Z'), 2).toISOString()).toBe('2026-03-31T10:00:00.000Z');
    expect(addMonths(d('2026-11-15T00:00:00Z'), 3).toISOString()).toBe('2027-02-15T00:00:00.000Z');
  });

  it('a monthly plan lasts a month and a yearly one twelve', () => {
    expect(planPeriodEnd(d('2026-03-10T00:00:00Z'), 'pro_month').toISOString()).toBe('2026-04-10T00:00:00.000Z');
    expect(planPeriodEnd(d('2026-03-10T00:00:00Z'), 'business_year').toISOString()).toBe('2027-03-10T00:00:00.000Z');
  });

  it('counts the months begun since the anchor', () => {
    const anchor = d('2026-01-31T12:00:00Z');
    expect(monthsElapsed(anchor, d('2026-01-01T00:00:00Z'))).toBe(0);
    expect(monthsElapsed(anchor, d('2026-02-28T11:59:59Z'))).toBe(0);
    expect(monthsElapsed(anchor, d('2026-02-28T12:00:00Z'))).toBe(1);
    expect(monthsElapsed(anchor, d('2027-01-31T12:00:00Z'))).toBe(12);
  });

  it('monthly credits per SPEC §9, whatever the billing period', () => {
    expect(['pro_month', 'pro_plus_year', 'pro_max_month', 'business_year'].map((v) => planMonthlyCredits(v as 'pro_month'))).toEqual([1000, 2500, 4500, 3500]);
  });

  it('a percent-off promotion rounds the discount to the nearest cent', () => {
    expect(discountedCents(1690, 20)).toBe(1352);
    expect(discountedCents(1690, 15)).toBe(1690 - 254); // 253.5 → 254
    expect(discountedCents(1690, null)).toBe(1690);
    expect(discountedCents(1690, 100)).toBe(0);
  });
});
