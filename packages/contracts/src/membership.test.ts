import { describe, expect, it } from 'vitest';
import {
  GATE_MESSAGES,
  canDownload,
  canUseBusinessFeature,
  canUseEditor,
  designsPerPrompt,
  effectiveMembership,
  isBusiness,
  isPaid,
  mayPurchase,
  tierLabel,
  upgradeTargets,
  type MembershipSubject,
} from './membership.js';
import { PLAN_PRICES, VIP_TYPES, planFamilyOf, type PaidVipType, type VipType } from './plans.js';

const NOW = Date.UTC(2026, 5, 1);
const FUTURE = NOW + 86_400_000;
const PAST = NOW - 1;

type Expiry = 'none' | 'active' | 'expired' | 'exactly-now';
const EXPIRIES: Record<Expiry, number | null> = { none: null, active: FUTURE, expired: PAST, 'exactly-now': NOW };
const TYPES = ['guest', 'user'] as const;
const CREDITS = [100, 101] as const;
const PAID_TYPES = VIP_TYPES.filter((v): v is PaidVipType => v !== 'normal');

function subject(type: 'guest' | 'user', vip: VipType, expiry: Expiry, credit: number, editorUsed = false): MembershipSubject {
  return { type, vip_type: vip, vip_expire_time: EXPIRIES[expiry], credit, editor_used: editorUsed };
}

/** Every combination the rules read: vip type × guest/user × expiry × credit 100/101 × editor used. */
const CASES = VIP_TYPES.flatMap((vip) =>
  TYPES.flatMap((type) =>
    (Object.keys(EXPIRIES) as Expiry[]).flatMap((expiry) =>
      CREDITS.flatMap((credit) =>
        [false, true].map((editorUsed) => ({ vip, type, expiry, credit, editorUsed, s: subject(type, vip, expiry, credit, editorUsed) })),
      ),
    ),
  ),
);
const label = (c: (typeof CASES)[number]) => `${c.type} ${c.vip} expiry=${c.expiry} credit=${c.credit} editor_used=${c.editorUsed}`;

/** The SPEC §4 reading, written independently of the implementation. */
function expectedPaid(c: (typeof CASES)[number]): boolean {
  return c.type === 'user' && c.vip !== 'normal' && c.expiry === 'active';
}

describe('effectiveMembership (SPEC §4: a passed expiry counts as normal without expiry)', () => {
  it.each(CASES.map((c) => [label(c), c] as const))('%s', (_l, c) => {
    const e = effectiveMembership(c.s, NOW);
    if (c.expiry === 'expired' || c.expiry === 'exactly-now') {
      expect(e).toEqual({ ...c.s, vip_type: 'normal', vip_expire_time: null });
    } else {
      expect(e).toBe(c.s);
    }
  });

  it('does not change the subject it is given', () => {
    const s = subject('user', 'pro_month', 'expired', 100);
    effectiveMembership(s, NOW);
    expect(s.vip_type).toBe('pro_month');
  });

  it('uses the current time when none is given', () => {
    expect(effectiveMembership(subject('user', 'pro_month', 'expired', 0)).vip_type).toBe('normal');
    expect(effectiveMembership({ ...subject('user', 'pro_month', 'none', 0), vip_expire_time: Date.now() + 60_000 }).vip_type).toBe('pro_month');
  });
});

describe('isPaid / isBusiness', () => {
  it.each(CASES.map((c) => [label(c), c] as const))('%s', (_l, c) => {
    const paid = expectedPaid(c);
    expect(isPaid(c.s, NOW)).toBe(paid);
    expect(isBusiness(c.s, NOW)).toBe(paid && c.vip.startsWith('business'));
  });

  it('a paid vip type without an expiry is not paid', () => {
    expect(isPaid(subject('user', 'business_year', 'none', 0), NOW)).toBe(false);
  });
});

describe('tierLabel (business; contains pro; otherwise normal)', () => {
  it.each(CASES.map((c) => [label(c), c] as const))('%s', (_l, c) => {
    const effective = c.expiry === 'expired' || c.expiry === 'exactly-now' ? 'normal' : c.vip;
    const expected = effective.startsWith('business') ? 'business' : effective.includes('pro') ? 'pro' : 'normal';
    expect(tierLabel(c.s, NOW)).toBe(expected);
  });

  it.each([
    ['pro_month', 'pro'],
    ['pro_plus_year', 'pro'],
    ['pro_max_month', 'pro'],
    ['business_month', 'business'],
    ['business_year', 'business'],
    ['normal', 'normal'],
  ] as const)('%s active → %s', (vip, tier) => {
    expect(tierLabel(subject('user', vip, 'active', 0), NOW)).toBe(tier);
  });
});

describe('upgradeTargets (pro family → business month/year; business none)', () => {
  it.each(CASES.map((c) => [label(c), c] as const))('%s', (_l, c) => {
    const expected = expectedPaid(c) && !c.vip.startsWith('business') ? ['business_month', 'business_year'] : [];
    expect(upgradeTargets(c.s, NOW)).toEqual(expected);
  });

  it.each(PAID_TYPES.filter((v) => v.startsWith('pro')))('%s may upgrade to both business plans', (vip) => {
    expect(upgradeTargets(subject('user', vip, 'active', 5000), NOW)).toEqual(['business_month', 'business_year']);
  });
});

describe('mayPurchase (credit ≤ 100 may buy; over 100 only when paid)', () => {
  it.each(CASES.map((c) => [label(c), c] as const))('%s', (_l, c) => {
    const expected = c.type === 'user' && (c.credit <= 100 || expectedPaid(c));
    expect(mayPurchase(c.s, NOW)).toBe(expected);
  });

  it('the threshold is inclusive at 100', () => {
    expect(mayPurchase(subject('user', 'normal', 'none', 100), NOW)).toBe(true);
    expect(mayPurchase(subject('user', 'normal', 'none', 101), NOW)).toBe(false);
    expect(mayPurchase(subject('user', 'normal', 'none', 0), NOW)).toBe(true);
  });
});

describe('designsPerPrompt (free 2, pro 4, business 8)', () => {
  it.each(CASES.map((c) => [label(c), c] as const))('%s', (_l, c) => {
    const expected = expectedPaid(c) ? PLAN_PRICES[planFamilyOf(c.vip as PaidVipType)].designsPerPrompt : 2;
    expect(designsPerPrompt(c.s, NOW)).toBe(expected);
  });

  it('matches the plan contents', () => {
    expect(designsPerPrompt(subject('user', 'pro_max_year', 'active', 0), NOW)).toBe(4);
    expect(designsPerPrompt(subject('user', 'business_month', 'active', 0), NOW)).toBe(8);
    expect(designsPerPrompt(subject('guest', 'business_month', 'active', 0), NOW)).toBe(2);
  });
});

describe('gates (SPEC §6)', () => {
  const signIn = { ok: false, code: 401, msg: 'Please sign in to continue.' };
  const activate = { ok: false, code: 403, msg: 'Please activate your membership.' };
  const business = { ok: false, code: 403, msg: 'Please upgrade to a business membership.' };

  it('uses the spec messages', () => {
    expect(GATE_MESSAGES).toEqual({ signIn: signIn.msg, activate: activate.msg, business: business.msg });
  });

  it.each(CASES.map((c) => [label(c), c] as const))('canDownload: %s', (_l, c) => {
    const expected = c.type === 'guest' ? signIn : expectedPaid(c) ? { ok: true } : activate;
    expect(canDownload(c.s, NOW)).toEqual(expected);
  });

  it.each(CASES.map((c) => [label(c), c] as const))('canUseEditor: %s', (_l, c) => {
    const expected = c.type === 'guest' ? signIn : !c.editorUsed || expectedPaid(c) ? { ok: true } : activate;
    expect(canUseEditor(c.s, NOW)).toEqual(expected);
  });

  it.each(CASES.map((c) => [label(c), c] as const))('canUseBusinessFeature: %s', (_l, c) => {
    const expected = c.type === 'guest' ? signIn : expectedPaid(c) && c.vip.startsWith('business') ? { ok: true } : business;
    expect(canUseBusinessFeature(c.s, NOW)).toEqual(expected);
  });

  it('editor_used missing counts as not used', () => {
    const { editor_used: _omit, ...s } = subject('user', 'normal', 'none', 0);
    expect(canUseEditor(s, NOW)).toEqual({ ok: true });
  });

  it('an expiring membership closes the gates at the expiry instant', () => {
    const s = subject('user', 'business_month', 'none', 0);
    const at = { ...s, vip_expire_time: NOW };
    expect(canDownload(at, NOW - 1)).toEqual({ ok: true });
    expect(canDownload(at, NOW)).toEqual(activate);
    expect(canUseBusinessFeature(at, NOW - 1)).toEqual({ ok: true });
    expect(canUseBusinessFeature(at, NOW)).toEqual(business);
  });
});
