import { describe, expect, it } from 'vitest';
import { SANDBOX_TEST_CARDS, type MembershipSubject } from '@packsmith/contracts';
import { cardAction, currentFamily, discounted, planPrice } from './pricing-actions';
import { sandboxPaymentMethod, validExpiry } from './pay-flow';

const NOW = Date.UTC(2026, 10, 27);
const DAY = 86_400_000;
const free = (credit: number): MembershipSubject => ({ type: 'user', vip_type: 'normal', vip_expire_time: null, credit });
const pro: MembershipSubject = { type: 'user', vip_type: 'pro_plus_year', vip_expire_time: NOW + 30 * DAY, credit: 2000 };
const business: MembershipSubject = { type: 'user', vip_type: 'business_month', vip_expire_time: NOW + 3 * DAY, credit: 5000 };
const expiredPro: MembershipSubject = { type: 'user', vip_type: 'pro_month', vip_expire_time: NOW - DAY, credit: 40 };
const guest: MembershipSubject = { type: 'guest', vip_type: 'normal', vip_expire_time: null, credit: 100 };

describe('plan card buttons per membership (SPEC §4, §6)', () => {
  it.each([
    // who, signed in, card, period, expected
    ['guest', guest, false, 'pro', 'month', { kind: 'sign-in', plan: 'pro_month', label: 'Choose Pro' }],
    ['guest', guest, false, 'free', 'month', { kind: 'none' }],
    ['free, 100 credits', free(100), true, 'pro_max', 'year', { kind: 'choose', plan: 'pro_max_year', label: 'Choose Pro max' }],
    ['free, 100 credits', free(100), true, 'free', 'year', { kind: 'your-plan', label: 'Your plan' }],
    ['free, 100 credits', free(100), true, 'business', 'month', { kind: 'choose', plan: 'business_month', label: 'Choose Business' }],
    ['free, 101 credits', free(101), true, 'pro', 'month', { kind: 'blocked' }],
    ['expired pro, 40 credits', expiredPro, true, 'pro', 'month', { kind: 'choose', plan: 'pro_month', label: 'Choose Pro' }],
    ['pro plus', pro, true, 'pro_plus', 'month', { kind: 'manage', label: 'Manage billing' }],
    ['pro plus', pro, true, 'pro', 'year', { kind: 'none' }],
    ['pro plus', pro, true, 'business', 'year', { kind: 'upgrade', plan: 'business_year', label: 'Upgrade' }],
    ['pro plus', pro, true, 'business', 'month', { kind: 'upgrade', plan: 'business_month', label: 'Upgrade' }],
    ['pro plus', pro, true, 'free', 'month', { kind: 'none' }],
    ['business', business, true, 'business', 'year', { kind: 'manage', label: 'Manage billing' }],
    ['business', business, true, 'pro_max', 'month', { kind: 'none' }],
  ] as const)('%s on the %s card (%s, %s)', (_who, user, signedIn, card, period, expected) => {
    expect(cardAction(user, signedIn, card, period, NOW)).toMatchObject(expected);
  });

  it('says in words why a free user over 100 credits cannot buy', () => {
    const action = cardAction(free(250), true, 'pro', 'month', NOW);
    expect(action.kind === 'blocked' && action.reason).toBe(
      'Plans can be bought while your balance is 100 credits or less. You have 250 credits: use them first.',
    );
  });

  it('marks the family of the running plan; an expired plan is free', () => {
    expect(currentFamily(pro, NOW)).toBe('pro_plus');
    expect(currentFamily(business, NOW)).toBe('business');
    expect(currentFamily(expiredPro, NOW)).toBe('free');
    expect(currentFamily(null, NOW)).toBe('free');
  });
});

describe('prices', () => {
  it('one period of each plan, and a percent off to the cent', () => {
    expect(planPrice('pro_month')).toBe(16.9);
    expect(planPrice('business_year')).toBe(399);
    expect(discounted(16.9, 20)).toBe(13.52);
    expect(discounted(399, 100)).toBe(0);
  });
});

describe('the sandbox card form', () => {
  it('maps each test card number, spaced or not, to its payment method; any other number to none', () => {
    expect(sandboxPaymentMethod('4242 4242 4242 4242', SANDBOX_TEST_CARDS)).toBe('pm_card_visa');
    expect(sandboxPaymentMethod('4000000000000002', SANDBOX_TEST_CARDS)).toBe('pm_card_chargeDeclined');
    expect(sandboxPaymentMethod('4000-0025-0000-3155', SANDBOX_TEST_CARDS)).toBe('pm_card_authenticationRequired');
    expect(sandboxPaymentMethod('5555 5555 5555 4444', SANDBOX_TEST_CARDS)).toBeNull();
    expect(sandboxPaymentMethod('', SANDBOX_TEST_CARDS)).toBeNull();
  });

  it('takes an expiry MM/YY not in the past', () => {
    const now = new Date(Date.UTC(2026, 10, 27));
    expect(validExpiry('11/26', now)).toBe(true);
    expect(validExpiry('10/26', now)).toBe(false);
    expect(validExpiry('12 / 34', now)).toBe(true);
    expect(validExpiry('13/30', now)).toBe(false);
    expect(validExpiry('1230', now)).toBe(false);
  });
});
