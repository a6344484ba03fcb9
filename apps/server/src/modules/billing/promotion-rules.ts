import type { PaidVipType } from '@packsmith/contracts';

/** The fields of a promotion code the rule reads. */
export interface PromotionFacts {
  code: string;
  percentOff: number;
  vipTypes: string[];
  active: boolean;
  expiresAt: Date | null;
  maxRedemptions: number | null;
  timesRedeemed: number;
}

export type PromotionCheck = { valid: true; percentOff: number } | { valid: false; reason: string };

export const PROMOTION_REASONS = {
  unknown: 'This promotion code does not exist.',
  inactive: 'This promotion code is no longer active.',
  expired: 'This promotion code has expired.',
  usedUp: 'This promotion code has been used up.',
  wrongPlan: 'This promotion code does not apply to this plan.',
} as const;

/**
 * SPEC §5: a promotion code is valid only when it is active (and, ours: not expired, not used up, and
 * made for this plan; an empty plan list means every plan). The same rule checks the code in the pay
 * modal and again when the plan is bought.
 */
export function checkPromotion(promo: PromotionFacts | null, vipType: PaidVipType, now: Date): PromotionCheck {
  if (!promo) return { valid: false, reason: PROMOTION_REASONS.unknown };
  if (!promo.active) return { valid: false, reason: PROMOTION_REASONS.inactive };
  if (promo.expiresAt && promo.expiresAt <= now) return { valid: false, reason: PROMOTION_REASONS.expired };
  if (promo.maxRedemptions !== null && promo.timesRedeemed >= promo.maxRedemptions) return { valid: false, reason: PROMOTION_REASONS.usedUp };
  if (promo.vipTypes.length > 0 && !promo.vipTypes.includes(vipType)) return { valid: false, reason: PROMOTION_REASONS.wrongPlan };
  return { valid: true, percentOff: promo.percentOff };
}
