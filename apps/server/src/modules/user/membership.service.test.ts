import { describe, expect, it } from 'vitest';
import { PLAN_PRICES, type PaidVipType, type PlanFamily } from '@packsmith/contracts';
import { userRow } from '../../../test/rows.js';
import type { Transact } from '../../db/transact.js';
import type { UserRow } from '../../http/auth-context.js';
import type { CreditRepo } from '../credits/credit.repo.js';
import { createCreditService, type CreditTx } from '../credits/credit.service.js';
import { createMembershipService, planPeriodEnd } from './membership.service.js';
import type { UserRepo } from './user.repo.js';

const NOW = new Date('2026-01-31T12:00:00Z');

/**
 * The service on in-memory repositories. `log` records which handle each write went through
 * ('db' or 'tx') and how the unit of work ended, so the tests can see what is written atomically.
 */
function setup(opts: { now?: () => Date; failLedger?: boolean } = {}) {
  const rows = new Map<string, UserRow>([['u1', userRow('u1', { email: 'ann@example.test', credit: 100 })]]);
  const log: string[] = [];
  const usersOn = (handle: string): UserRepo => ({
    async insert(row) {
      const created = userRow(row.id, row);
      rows.set(created.id, created);
      return { ...created };
    },
    async findById(id) {
      const row = rows.get(id);
      return row ? { ...row } : null;
    },
    async findByEmail(email) {
      log.push(`${handle} findByEmail ${email}`);
      return [...rows.values()].find((r) => r.email === email) ?? null;
    },
    async update(id, patch) {
      log.push(`${handle} update ${id} ${JSON.stringify(patch)}`);
      const row = rows.get(id);
      if (!row) throw new Error(`user ${id} not found`);
      const next = { ...row, ...(patch as Partial<UserRow>) };
      rows.set(id, next);
      return { ...next };
    },
  });
  const ledgerOn = (handle: string): CreditRepo => ({
    async apply(userId, delta, reason, refId) {
      log.push(`${handle} apply ${userId} ${delta} ${reason} ${refId}`);
      if (opts.failLedger) throw new Error('ledger down');
      const row = rows.get(userId);
      if (!row) throw new Error(`credit: unknown user ${userId}`);
      rows.set(userId, { ...row, credit: row.credit + delta });
      return { applied: true, balance: row.credit + delta, insufficient: false };
    },
    find: async () => null,
    entries: async () => [],
  });
  const transact: Transact<{ users: UserRepo } & CreditTx> = async (work) => {
    log.push('begin');
    try {
      const result = await work({ users: usersOn('tx'), credits: ledgerOn('tx') });
      log.push('commit');
      return result;
    } catch (err) {
      log.push('rollback');
      throw err;
    }
  };
  const membership = createMembershipService({ users: usersOn('db'), transact, credits: createCreditService({ repo: ledgerOn('db') }), now: opts.now });
  return { membership, rows, log };
}

describe('planPeriodEnd', () => {
  it('adds one calendar month or year', () => {
    expect(planPeriodEnd(new Date('2026-01-15T10:00:00Z'), 'month').toISOString()).toBe('2026-02-15T10:00:00.000Z');
    expect(planPeriodEnd(new Date('2026-12-15T10:00:00Z'), 'month').toISOString()).toBe('2027-01-15T10:00:00.000Z');
    expect(planPeriodEnd(new Date('2026-03-01T00:00:00Z'), 'year').toISOString()).toBe('2027-03-01T00:00:00.000Z');
  });

  it('does not change the date it is given', () => {
    const from = new Date('2026-01-15T10:00:00Z');
    planPeriodEnd(from, 'year');
    planPeriodEnd(from, 'month');
    expect(from.toISOString()).toBe('2026-01-15T10:00:00.000Z');
  });
});

describe('membership service', () => {
  it('grants a plan: plan, expiry and the plan credits are written in one unit of work, the credits through the ledger', async () => {
    const { membership, log } = setup({ now: () => NOW });
    const r = await membership.grantPlan('u1', 'pro_year');
    expect(r.credited).toBe(PLAN_PRICES.pro.credits);
    expect(r.refId).toMatch(/^admin-.+/);
    expect(r.user).toMatchObject({ id: 'u1', vipType: 'pro_year', credit: 100 + PLAN_PRICES.pro.credits });
    expect(r.user.vipExpireTime?.toISOString()).toBe('2027-01-31T12:00:00.000Z');
    expect(log).toEqual([
      'begin',
      `tx update u1 ${JSON.stringify({ vipType: 'pro_year', vipExpireTime: new Date('2027-01-31T12:00:00Z') })}`,
      `tx apply u1 ${PLAN_PRICES.pro.credits} plan_grant ${r.refId}`,
      'commit',
    ]);
  });

  const FAMILY: Record<PaidVipType, [PlanFamily, 'month' | 'year']> = {
    pro_month: ['pro', 'month'],
    pro_year: ['pro', 'year'],
    pro_plus_month: ['pro_plus', 'month'],
    pro_plus_year: ['pro_plus', 'year'],
    pro_max_month: ['pro_max', 'month'],
    pro_max_year: ['pro_max', 'year'],
    business_month: ['business', 'month'],
    business_year: ['business', 'year'],
  };
  it.each(Object.entries(FAMILY) as [PaidVipType, [PlanFamily, 'month' | 'year']][])(
    '%s credits its family and runs one billing period',
    async (plan, [family, period]) => {
      const { membership } = setup({ now: () => NOW });
      const r = await membership.grantPlan('u1', plan);
      expect(r.credited).toBe(PLAN_PRICES[family].credits);
      expect(r.user.vipExpireTime?.toISOString()).toBe(planPeriodEnd(NOW, period).toISOString());
    },
  );

  it('each grant has its own ref id, so granting the same plan twice credits twice', async () => {
    const { membership, rows } = setup({ now: () => NOW });
    const a = await membership.grantPlan('u1', 'pro_month');
    const b = await membership.grantPlan('u1', 'pro_month');
    expect(a.refId).not.toBe(b.refId);
    expect(rows.get('u1')?.credit).toBe(100 + 2 * PLAN_PRICES.pro.credits);
  });

  it('when the credits cannot be written the unit of work rolls back and the error reaches the operator', async () => {
    const { membership, log } = setup({ now: () => NOW, failLedger: true });
    await expect(membership.grantPlan('u1', 'business_year')).rejects.toThrow('ledger down');
    expect(log.at(-1)).toBe('rollback');
  });

  it('without a clock of its own the period starts now', async () => {
    const { membership } = setup();
    const before = Date.now();
    const r = await membership.grantPlan('u1', 'pro_month');
    const end = r.user.vipExpireTime?.getTime() ?? 0;
    expect(end).toBeGreaterThanOrEqual(planPeriodEnd(new Date(before), 'month').getTime());
    expect(end).toBeLessThanOrEqual(planPeriodEnd(new Date(), 'month').getTime());
  });

  it('revokes a plan at once, outside any unit of work, keeping the credits', async () => {
    const { membership, log } = setup({ now: () => NOW });
    await membership.grantPlan('u1', 'pro_year');
    log.length = 0;
    const user = await membership.revokePlan('u1');
    expect(user).toMatchObject({ vipType: 'normal', vipExpireTime: null, credit: 100 + PLAN_PRICES.pro.credits });
    expect(log).toEqual([`db update u1 ${JSON.stringify({ vipType: 'normal', vipExpireTime: null })}`]);
  });

  it('finds a user by email whatever its case and surrounding spaces', async () => {
    const { membership, log } = setup();
    expect((await membership.findByEmail('  Ann@Example.TEST '))?.id).toBe('u1');
    expect(log).toEqual(['db findByEmail ann@example.test']);
  });
});
