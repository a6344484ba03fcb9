import { describe, expect, it } from 'vitest';
import { PROMOTION_REASONS, checkPromotion, type PromotionFacts } from './promotion-rules.js';

const now = new Date('2026-06-01T00:00:00Z');
const promo = (over: Partial<PromotionFacts> = {}): PromotionFacts => ({
  code: 'SPRING',
  percentOff: 20,
  vipTypes: [],
  active: true,
  expiresAt: null,
  maxRedemptions: null,
  timesRedeemed: 0,
  ...over,
});

describe('promotion codes (SPEC §5)', () => {
  it.each([
    ['an active code for every plan', promo(), { valid: true, percentOff: 20 }],
    ['a code made for this plan', promo({ vipTypes: ['pro_month', 'pro_year'] }), { valid: true, percentOff: 20 }],
    ['no such code', null, { valid: false, reason: PROMOTION_REASONS.unknown }],
    ['switched off', promo({ active: false }), { valid: false, reason: PROMOTION_REASONS.inactive }],
    ['expired', promo({ expiresAt: new Date('2026-05-31T23:59:59Z') }), { valid: false, reason: PROMOTION_REASONS.expired }],
    ['expiring exactly now', promo({ expiresAt: now }), { valid: false, reason: PROMOTION_REASONS.expired }],
    ['not yet expired', promo({ expiresAt: new Date('2026-06-02T00:00:00Z') }), { valid: true, percentOff: 20 }],
    ['used up', promo({ maxRedemptions: 3, timesRedeemed: 3 }), { valid: false, reason: PROMOTION_REASONS.usedUp }],
    ['one use left', promo({ maxRedemptions: 3, timesRedeemed: 2 }), { valid: true, percentOff: 20 }],
    ['for other plans', promo({ vipTypes: ['business_year'] }), { valid: false, reason: PROMOTION_REASONS.wrongPlan }],
    ['inactive wins over the other reasons', promo({ active: false, vipTypes: ['business_year'] }), { valid: false, reason: PROMOTION_REASONS.inactive }],
  ] as const)('%s', (_label, facts, expected) => {
    expect(checkPromotion(facts, 'pro_month', now)).toEqual(expected);
  });
});
