import { describe, expect, it } from 'vitest';
import { planPriceCents } from './periods.js';
import { prorate, unusedFraction } from './proration.js';

const start = new Date('2026-01-01T00:00:00Z');
const monthEnd = new Date('2026-02-01T00:00:00Z'); // 31 days
const yearEnd = new Date('2027-01-01T00:00:00Z'); // 365 days
const at = (iso: string) => new Date(iso);

describe('proration (cents, Stripe-like)', () => {
  it.each([
    // [label, old, new, end, now, intervalChanges, due]
    ['pro → business month, at the start: the full difference', 'pro_month', 'business_month', monthEnd, '2026-01-01T00:00:00Z', false, 4990 - 1690],
    ['pro → business month, half way (15.5 of 31 days): half the difference', 'pro_month', 'business_month', monthEnd, '2026-01-16T12:00:00Z', false, 1650],
    [
      'pro plus → business month, 10 of 31 days left: 2000 × 10/31 = 645.16 → 645',
      'pro_plus_month',
      'business_month',
      monthEnd,
      '2026-01-22T00:00:00Z',
      false,
      645,
    ],
    ['pro max → business month: same price, nothing due', 'pro_max_month', 'business_month', monthEnd, '2026-01-10T00:00:00Z', false, 0],
    ['pro year → business year, 73 of 365 days used: 23000 × 292/365 = 18400', 'pro_year', 'business_year', yearEnd, '2026-03-15T00:00:00Z', false, 18400],
    ['pro max year → business year is cheaper: 0, no credit balance kept', 'pro_max_year', 'business_year', yearEnd, '2026-03-15T00:00:00Z', false, 0],
    ['pro month → business year half way: 39900 − 845 credit', 'pro_month', 'business_year', monthEnd, '2026-01-16T12:00:00Z', true, 39900 - 845],
    ['pro year → business month at the start: the credit exceeds the price → 0', 'pro_year', 'business_month', yearEnd, '2026-01-01T00:00:00Z', true, 0],
    [
      'pro year → business month on the last day: 4990 − round(16900 × 1/365) = 4990 − 46',
      'pro_year',
      'business_month',
      yearEnd,
      '2026-12-31T00:00:00Z',
      true,
      4990 - 46,
    ],
    [
      'after the period end: nothing unused, the full new price on an interval change',
      'pro_month',
      'business_year',
      monthEnd,
      '2026-03-01T00:00:00Z',
      true,
      39900,
    ],
  ] as const)('%s', (_label, from, to, end, now, intervalChanges, due) => {
    const r = prorate({
      oldPriceCents: planPriceCents(from),
      newPriceCents: planPriceCents(to),
      periodStart: start,
      periodEnd: end,
      now: at(now),
      intervalChanges,
    });
    expect(r.amountDueCents).toBe(due);
    expect(r.resetsPeriod).toBe(intervalChanges);
  });

  it('the unused fraction is clamped to 0..1 and 0 for an empty period', () => {
    expect(unusedFraction(start, monthEnd, at('2025-12-01T00:00:00Z'))).toBe(1);
    expect(unusedFraction(start, monthEnd, at('2026-05-01T00:00:00Z'))).toBe(0);
    expect(unusedFraction(start, start, start)).toBe(0);
  });

  it('prices come from SPEC §9 in cents', () => {
    expect([planPriceCents('pro_month'), planPriceCents('pro_plus_year'), planPriceCents('business_year')]).toEqual([1690, 29900, 39900]);
  });
});
