import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase } from '../../../test/harness.js';
import type { Db } from '../../db/client.js';
import type { SessionRow, UserRow } from '../../http/auth-context.js';
import { newId } from '../../lib/ids.js';
import { createSessionCache } from '../session/index.js';
import { createUserRepo } from '../user/user.repo.js';
import { createCreditRepo } from './credit.repo.js';

// The ledger's SQL on a database of its own (PGlite, or PostgreSQL in CI's second run).
let db: Db;
let close: () => Promise<void>;
beforeAll(async () => {
  const fresh = await freshDatabase();
  db = fresh.database.db;
  close = async () => {
    await fresh.database.close();
    await fresh.drop();
  };
});
afterAll(async () => close?.());

async function newUser(): Promise<string> {
  return (await createUserRepo(db).insert({ id: newId(), type: 'guest' })).id;
}

async function balanceOf(userId: string): Promise<number | undefined> {
  return (await createUserRepo(db).findById(userId))?.credit;
}

describe('credit ledger: apply', () => {
  it('applies a new entry: the balance moves and the ledger records delta, balance after, reason and ref id', async () => {
    const user = await newUser();
    const ledger = createCreditRepo(db);
    expect(await ledger.apply(user, 100, 'signup_bonus', user)).toEqual({ applied: true, balance: 100, insufficient: false });
    expect(await ledger.apply(user, -30, 'charge', 'rec-1')).toEqual({ applied: true, balance: 70, insufficient: false });
    expect(await balanceOf(user)).toBe(70);
    expect((await ledger.entries(user)).map(({ delta, balanceAfter, reason, refId }) => ({ delta, balanceAfter, reason, refId }))).toEqual([
      { delta: 100, balanceAfter: 100, reason: 'signup_bonus', refId: user },
      { delta: -30, balanceAfter: 70, reason: 'charge', refId: 'rec-1' },
    ]);
  });

  it('is idempotent per (user, reason, ref id): a repeat answers the current balance and writes nothing', async () => {
    const user = await newUser();
    const ledger = createCreditRepo(db);
    await ledger.apply(user, 100, 'signup_bonus', user);
    await ledger.apply(user, -10, 'charge', 'rec-1');
    expect(await ledger.apply(user, -10, 'charge', 'rec-1')).toEqual({ applied: false, balance: 90, insufficient: false });
    expect(await ledger.apply(user, 100, 'signup_bonus', user)).toEqual({ applied: false, balance: 90, insufficient: false });
    expect(await balanceOf(user)).toBe(90);
    expect(await ledger.entries(user)).toHaveLength(2);
  });

  it('the same ref id under another reason, or for another user, is a separate entry', async () => {
    const [a, b] = [await newUser(), await newUser()];
    const ledger = createCreditRepo(db);
    await ledger.apply(a, 50, 'signup_bonus', 'shared');
    await ledger.apply(b, 50, 'signup_bonus', 'shared');
    expect(await ledger.apply(a, -20, 'charge', 'rec-1')).toMatchObject({ applied: true, balance: 30 });
    expect(await ledger.apply(a, 20, 'refund', 'rec-1')).toMatchObject({ applied: true, balance: 50 });
    expect(await ledger.apply(b, -20, 'charge', 'rec-1')).toMatchObject({ applied: true, balance: 30 });
  });

  it('may spend the balance down to exactly zero, never below: a short balance is refused and leaves no trace', async () => {
    const user = await newUser();
    const ledger = createCreditRepo(db);
    await ledger.apply(user, 5, 'signup_bonus', user);
    expect(await ledger.apply(user, -6, 'charge', 'rec-1')).toEqual({ applied: false, balance: 5, insufficient: true });
    expect(await ledger.apply(user, -5, 'charge', 'rec-2')).toEqual({ applied: true, balance: 0, insufficient: false });
    expect(await ledger.apply(user, -1, 'charge', 'rec-3')).toEqual({ applied: false, balance: 0, insufficient: true });
    expect(await balanceOf(user)).toBe(0);
    expect((await ledger.entries(user)).map((e) => e.refId)).toEqual([user, 'rec-2']);
    // The refused charge wrote no entry, so the same record can be charged once there is money again.
    await ledger.apply(user, 10, 'plan_grant', 'admin-1');
    expect(await ledger.apply(user, -6, 'charge', 'rec-1')).toEqual({ applied: true, balance: 4, insufficient: false });
  });

  it('refuses an unknown user with an error naming it', async () => {
    await expect(createCreditRepo(db).apply('no-such-user', 10, 'plan_grant', 'admin-1')).rejects.toThrow('credit: unknown user no-such-user');
  });

  it('two concurrent charges of one record debit it once', async () => {
    const user = await newUser();
    const ledger = createCreditRepo(db);
    await ledger.apply(user, 10, 'signup_bonus', user);
    const results = await Promise.all([ledger.apply(user, -4, 'charge', 'rec-1'), ledger.apply(user, -4, 'charge', 'rec-1')]);
    expect(results.map((r) => r.applied).sort()).toEqual([false, true]);
    expect(await balanceOf(user)).toBe(6);
  });

  it("drops the user's cached sessions, so the next call sees the new balance", async () => {
    const user = await newUser();
    const cache = createSessionCache({ ttlMs: 60_000 });
    const row = (await createUserRepo(db).findById(user)) as UserRow;
    cache.set('token-hash', { user: row, session: { id: 's1', userId: user } as SessionRow }, cache.stamp());
    await createCreditRepo(db).apply(user, 100, 'signup_bonus', user);
    expect(cache.get('token-hash')).toBeNull();
  });
});

describe("credit ledger bound to a caller's transaction", () => {
  it('commits with the transaction: inside it the entry is visible, a rollback takes it back', async () => {
    const user = await newUser();
    await createCreditRepo(db).apply(user, 10, 'signup_bonus', user);
    await expect(
      db.transaction(async (tx) => {
        const ledger = createCreditRepo(tx);
        expect(await ledger.apply(user, -3, 'charge', 'rec-1')).toMatchObject({ applied: true, balance: 7 });
        expect(await ledger.find(user, 'charge', 'rec-1')).toMatchObject({ delta: -3, balanceAfter: 7 });
        throw new Error('the record failed to save');
      }),
    ).rejects.toThrow('the record failed to save');
    expect(await balanceOf(user)).toBe(10);
    expect(await createCreditRepo(db).find(user, 'charge', 'rec-1')).toBeNull();

    await db.transaction(async (tx) => {
      await createCreditRepo(tx).apply(user, -3, 'charge', 'rec-1');
    });
    expect(await balanceOf(user)).toBe(7);
  });
});

describe('credit ledger: find and entries', () => {
  it('finds the one entry of (user, reason, ref id), or null', async () => {
    const [a, b] = [await newUser(), await newUser()];
    const ledger = createCreditRepo(db);
    await ledger.apply(a, 10, 'signup_bonus', a);
    await ledger.apply(a, -2, 'charge', 'rec-1');
    expect(await ledger.find(a, 'charge', 'rec-1')).toMatchObject({ userId: a, delta: -2, balanceAfter: 8, reason: 'charge', refId: 'rec-1' });
    expect(await ledger.find(a, 'refund', 'rec-1')).toBeNull();
    expect(await ledger.find(a, 'charge', 'rec-2')).toBeNull();
    expect(await ledger.find(b, 'charge', 'rec-1')).toBeNull();
  });

  it("lists one user's entries in the order they were written", async () => {
    const [a, b] = [await newUser(), await newUser()];
    const ledger = createCreditRepo(db);
    await ledger.apply(a, 10, 'signup_bonus', a);
    await ledger.apply(b, 10, 'signup_bonus', b);
    await ledger.apply(a, -1, 'charge', 'rec-1');
    await ledger.apply(a, -1, 'charge', 'rec-2');
    expect((await ledger.entries(a)).map((e) => e.refId)).toEqual([a, 'rec-1', 'rec-2']);
    expect((await ledger.entries(b)).map((e) => e.refId)).toEqual([b]);
  });
});
