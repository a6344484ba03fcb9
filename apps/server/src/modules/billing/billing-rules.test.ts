import { describe, expect, it } from 'vitest';
import { isPaid, mayPurchase, upgradeTargets, type MembershipSubject } from '@packsmith/contracts';
import type { SubscriptionRow } from './billing.repo.js';
import { nextCreditAt } from './billing.service.js';

const NOW = Date.parse('2026-06-15T00:00:00Z');
const DAY = 86_400_000;
const user = (over: Partial<MembershipSubject> = {}): MembershipSubject => ({ type: 'user', vip_type: 'normal', vip_expire_time: null, credit: 100, ...over });

/** The membership rules the pay calls rely on, at their edges (the full table is in contracts' membership.test.ts). */
describe('membership edges the pay calls rely on', () => {
  it.each([
    ['exactly 100 credits, free: may buy', user({ credit: 100 }), true],
    ['101 credits, free: may not buy (403)', user({ credit: 101 }), false],
    ['150 credits, paid: may buy (upgrade)', user({ credit: 150, vip_type: 'pro_month', vip_expire_time: NOW + DAY }), true],
    ['150 credits, expired this instant: not paid, may not buy', user({ credit: 150, vip_type: 'pro_month', vip_expire_time: NOW }), false],
    ['a guest: never', user({ type: 'guest', credit: 0 }), false],
  ])('%s', (_label, subject, expected) => {
    expect(mayPurchase(subject, NOW)).toBe(expected);
  });

  it('subscribing is refused while paid, allowed once the expiry has passed', () => {
    expect(isPaid(user({ vip_type: 'pro_month', vip_expire_time: NOW + 1 }), NOW)).toBe(true);
    expect(isPaid(user({ vip_type: 'pro_month', vip_expire_time: NOW }), NOW)).toBe(false);
  });

  it('upgrades: pro families to business; business, free and expired plans have none', () => {
    expect(upgradeTargets(user({ vip_type: 'pro_max_year', vip_expire_time: NOW + DAY }), NOW)).toEqual(['business_month', 'business_year']);
    expect(upgradeTargets(user({ vip_type: 'business_month', vip_expire_time: NOW + DAY }), NOW)).toEqual([]);
    expect(upgradeTargets(user({ vip_type: 'pro_month', vip_expire_time: NOW - 1 }), NOW)).toEqual([]);
    expect(upgradeTargets(user(), NOW)).toEqual([]);
  });
});

function row(over: Partial<SubscriptionRow>): SubscriptionRow {
  const at = new Date(NOW - 10 * DAY);
  return {
    id: 's1',
    userId: 'u1',
    source: 'sandbox',
    providerSubscriptionId: 'sub_1',
    vipType: 'pro_month',
    status: 'active',
    currentPeriodStart: at,
    currentPeriodEnd: new Date(NOW + 20 * DAY),
    cancelAtPeriodEnd: false,
    canceledAt: null,
    creditAnchor: null,
    promotionCodeId: null,
    pendingPaymentIntentId: null,
    pendingClientSecret: null,
    lastEventAt: null,
    createdAt: at,
    updatedAt: at,
    ...over,
  };
}

describe('when the next monthly credits arrive (billing page)', () => {
  it('a monthly plan: at the renewal; none when it cancels at the period end', () => {
    expect(nextCreditAt(row({}), new Date(NOW))).toBe(NOW + 20 * DAY);
    expect(nextCreditAt(row({ cancelAtPeriodEnd: true }), new Date(NOW))).toBeNull();
  });
  it('a yearly plan: the next month from its anchor', () => {
    const anchor = new Date('2026-05-20T00:00:00Z');
    expect(nextCreditAt(row({ vipType: 'pro_year', creditAnchor: anchor, currentPeriodEnd: new Date('2027-05-20T00:00:00Z') }), new Date(NOW))).toBe(
      Date.parse('2026-06-20T00:00:00Z'),
    );
  });
  it('the lifetime deal: every month, no end; an ended subscription: none', () => {
    const anchor = new Date('2026-01-31T00:00:00Z');
    expect(nextCreditAt(row({ source: 'lifetime', providerSubscriptionId: null, creditAnchor: anchor, currentPeriodEnd: null }), new Date(NOW))).toBe(
      Date.parse('2026-06-30T00:00:00Z'),
    );
    expect(nextCreditAt(row({ status: 'canceled' }), new Date(NOW))).toBeNull();
  });
  it('a granted plan: none after its end', () => {
    const anchor = new Date(NOW - 10 * DAY);
    expect(
      nextCreditAt(row({ source: 'admin', providerSubscriptionId: null, creditAnchor: anchor, currentPeriodEnd: new Date(NOW + 5 * DAY) }), new Date(NOW)),
    ).toBeNull();
  });
});
