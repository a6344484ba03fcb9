import { describe, expect, it } from 'vitest';
import { Code, FREE_CREDITS, Msg } from '@packsmith/contracts';
import { AppError } from '../../http/errors.js';
import type { CreditRepo, LedgerRow } from './credit.repo.js';
import { createCreditService, type CreditTx } from './credit.service.js';

type Applied = Awaited<ReturnType<CreditRepo['apply']>>;

/** A ledger that records what it was asked and answers what the test says. */
function fakeLedger(answers: { apply?: Applied; find?: LedgerRow | null } = {}) {
  const calls: { op: string; args: unknown[] }[] = [];
  const repo: CreditRepo = {
    async apply(...args) {
      calls.push({ op: 'apply', args });
      return answers.apply ?? { applied: true, balance: 42, insufficient: false };
    },
    async find(...args) {
      calls.push({ op: 'find', args });
      return answers.find ?? null;
    },
    async entries(...args) {
      calls.push({ op: 'entries', args });
      return [];
    },
  };
  return { repo, calls };
}

const charged = (delta: number): LedgerRow => ({ id: 1, userId: 'u1', delta, balanceAfter: 10, reason: 'charge', refId: 'rec-1', createdAt: new Date(0) });

describe('credit service', () => {
  it('grants the signup bonus once per user: the user id is the ref id', async () => {
    const { repo, calls } = fakeLedger({ apply: { applied: true, balance: 100, insufficient: false } });
    expect(await createCreditService({ repo }).grantSignupBonus('u1')).toBe(100);
    expect(calls).toEqual([{ op: 'apply', args: ['u1', FREE_CREDITS, 'signup_bonus', 'u1'] }]);
  });

  it('grants a positive amount with its reason and ref id, and refuses zero or less without touching the ledger', async () => {
    const { repo, calls } = fakeLedger({ apply: { applied: true, balance: 1100, insufficient: false } });
    const credits = createCreditService({ repo });
    expect(await credits.grant('u1', 1000, 'plan_grant', 'admin-1')).toBe(1100);
    expect(calls).toEqual([{ op: 'apply', args: ['u1', 1000, 'plan_grant', 'admin-1'] }]);
    await expect(credits.grant('u1', 0, 'plan_grant', 'admin-2')).rejects.toThrow('grant amount must be positive');
    await expect(credits.grant('u1', -5, 'plan_grant', 'admin-3')).rejects.toThrow('grant amount must be positive');
    expect(calls).toHaveLength(1);
  });

  it('charges the cost as a negative entry under the record id and answers the balance', async () => {
    const { repo, calls } = fakeLedger({ apply: { applied: true, balance: 97, insufficient: false } });
    expect(await createCreditService({ repo }).charge('u1', 3, 'rec-1')).toBe(97);
    expect(calls).toEqual([{ op: 'apply', args: ['u1', -3, 'charge', 'rec-1'] }]);
  });

  it('refuses a negative cost without touching the ledger: a charge never credits', async () => {
    const { repo, calls } = fakeLedger();
    await expect(createCreditService({ repo }).charge('u1', -3, 'rec-1')).rejects.toThrow('charge cost must not be negative');
    expect(calls).toEqual([]);
  });

  it('a free call (cost 0) writes no ledger entry', async () => {
    const { repo, calls } = fakeLedger();
    expect(await createCreditService({ repo }).charge('u1', 0, 'rec-1')).toBe(0);
    expect(calls).toEqual([]);
  });

  it('a short balance answers 450 with the out-of-credits message', async () => {
    const { repo } = fakeLedger({ apply: { applied: false, balance: 2, insufficient: true } });
    const err = await createCreditService({ repo })
      .charge('u1', 3, 'rec-1')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: Code.LIMIT_REACHED, message: Msg.notEnoughCredits });
  });

  it('a repeated charge of the same record answers the balance without a second debit (the ledger decides)', async () => {
    const { repo } = fakeLedger({ apply: { applied: false, balance: 97, insufficient: false } });
    expect(await createCreditService({ repo }).charge('u1', 3, 'rec-1')).toBe(97);
  });

  it('refunds exactly what was charged for the record, as a positive refund entry', async () => {
    const { repo, calls } = fakeLedger({ find: charged(-3), apply: { applied: true, balance: 100, insufficient: false } });
    expect(await createCreditService({ repo }).refund('u1', 'rec-1')).toBe(true);
    expect(calls).toEqual([
      { op: 'find', args: ['u1', 'charge', 'rec-1'] },
      { op: 'apply', args: ['u1', 3, 'refund', 'rec-1'] },
    ]);
  });

  it('answers false for a record never charged, writing nothing, and for a refund already made', async () => {
    const none = fakeLedger({ find: null });
    expect(await createCreditService({ repo: none.repo }).refund('u1', 'rec-1')).toBe(false);
    expect(none.calls.map((c) => c.op)).toEqual(['find']);
    const again = fakeLedger({ find: charged(-3), apply: { applied: false, balance: 100, insufficient: false } });
    expect(await createCreditService({ repo: again.repo }).refund('u1', 'rec-1')).toBe(false);
  });

  it("given a caller's transaction, every read and write goes through that transaction's ledger", async () => {
    const outside = fakeLedger();
    const inside = fakeLedger({ find: charged(-2) });
    const credits = createCreditService({ repo: outside.repo });
    const tx: CreditTx = { credits: inside.repo };
    await credits.grantSignupBonus('u1', tx);
    await credits.grant('u1', 5, 'plan_grant', 'admin-1', tx);
    await credits.charge('u1', 2, 'rec-1', tx);
    await credits.refund('u1', 'rec-1', tx);
    expect(outside.calls).toEqual([]);
    expect(inside.calls.map((c) => c.op)).toEqual(['apply', 'apply', 'apply', 'find', 'apply']);
  });

  it('lists the entries of a user', async () => {
    const { repo, calls } = fakeLedger();
    expect(await createCreditService({ repo }).entries('u1')).toEqual([]);
    expect(calls).toEqual([{ op: 'entries', args: ['u1'] }]);
  });
});
