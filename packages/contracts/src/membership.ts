import { FREE_DESIGNS_PER_PROMPT, PLAN_PRICES, PURCHASE_CREDIT_THRESHOLD, planFamilyOf, type PaidVipType, type VipType } from './plans.js';

/** The fields of a user that membership rules read. */
export interface MembershipSubject {
  type: 'guest' | 'user';
  vip_type: VipType;
  /** Epoch milliseconds, or null when the membership has no expiry. */
  vip_expire_time: number | null;
  credit: number;
  editor_used?: boolean;
}

/** SPEC §4: a membership whose expiry has passed counts as normal with no expiry. */
export function effectiveMembership<T extends MembershipSubject>(user: T, now: number = Date.now()): T {
  if (user.vip_expire_time !== null && user.vip_expire_time <= now) {
    return { ...user, vip_type: 'normal', vip_expire_time: null };
  }
  return user;
}

/** Paid = registered user, has an expiry in the future, vip_type not normal. */
export function isPaid(user: MembershipSubject, now: number = Date.now()): boolean {
  const u = effectiveMembership(user, now);
  return u.type === 'user' && u.vip_expire_time !== null && u.vip_type !== 'normal';
}

export function isBusiness(user: MembershipSubject, now: number = Date.now()): boolean {
  return isPaid(user, now) && effectiveMembership(user, now).vip_type.startsWith('business');
}

export type TierLabel = 'business' | 'pro' | 'normal';

export function tierLabel(user: MembershipSubject, now: number = Date.now()): TierLabel {
  const vip = effectiveMembership(user, now).vip_type;
  if (vip.startsWith('business')) return 'business';
  if (vip.includes('pro')) return 'pro';
  return 'normal';
}

/** Plans a paid pro member may upgrade to; business has no upgrade (SPEC §4). */
export function upgradeTargets(user: MembershipSubject, now: number = Date.now()): PaidVipType[] {
  if (!isPaid(user, now)) return [];
  const vip = effectiveMembership(user, now).vip_type;
  if (vip === 'normal' || vip.startsWith('business')) return [];
  return ['business_month', 'business_year'];
}

/** SPEC §4: credit ≤ 100 may buy or upgrade; over 100 and unpaid may not buy. */
export function mayPurchase(user: MembershipSubject, now: number = Date.now()): boolean {
  if (user.type !== 'user') return false;
  if (user.credit <= PURCHASE_CREDIT_THRESHOLD) return true;
  return isPaid(user, now);
}

export function designsPerPrompt(user: MembershipSubject, now: number = Date.now()): number {
  if (!isPaid(user, now)) return FREE_DESIGNS_PER_PROMPT;
  return PLAN_PRICES[planFamilyOf(effectiveMembership(user, now).vip_type as PaidVipType)].designsPerPrompt;
}

/** What a gate decides: allowed, or the spec's code and message. */
export type GateResult = { ok: true } | { ok: false; code: 401 | 403; msg: string };

export const GATE_MESSAGES = {
  signIn: 'Please sign in to continue.',
  activate: 'Please activate your membership.',
  business: 'Please upgrade to a business membership.',
} as const;

/** SPEC §6: downloads (image and zip) need a paid registered user. */
export function canDownload(user: MembershipSubject, now: number = Date.now()): GateResult {
  if (user.type === 'guest') return { ok: false, code: 401, msg: GATE_MESSAGES.signIn };
  if (!isPaid(user, now)) return { ok: false, code: 403, msg: GATE_MESSAGES.activate };
  return { ok: true };
}

/** SPEC §6: the editor is free once; after editor_used is set it needs a paid membership. */
export function canUseEditor(user: MembershipSubject, now: number = Date.now()): GateResult {
  if (user.type === 'guest') return { ok: false, code: 401, msg: GATE_MESSAGES.signIn };
  if (user.editor_used && !isPaid(user, now)) return { ok: false, code: 403, msg: GATE_MESSAGES.activate };
  return { ok: true };
}

/** Business-only features (print-ready dielines, API access). */
export function canUseBusinessFeature(user: MembershipSubject, now: number = Date.now()): GateResult {
  if (user.type === 'guest') return { ok: false, code: 401, msg: GATE_MESSAGES.signIn };
  if (!isBusiness(user, now)) return { ok: false, code: 403, msg: GATE_MESSAGES.business };
  return { ok: true };
}
