import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { creditLedger, users } from '../../db/schema.js';
import { sessionCache } from '../session/index.js';

export type LedgerRow = typeof creditLedger.$inferSelect;

export function createCreditRepo(db: DbOrTx) {
  return {
    /**
     * Applies one ledger entry atomically: locks the user row, refuses a negative balance, and is
     * idempotent per (user, reason, refId). Returns the entry and whether it was new.
     */
    async apply(userId: string, delta: number, reason: string, refId: string): Promise<{ applied: boolean; balance: number; insufficient: boolean }> {
      // On a repository bound to a caller's transaction this is a savepoint, so a charge commits with the row it pays for.
      return db.transaction(async (tx) => {
        const locked = await tx.select({ credit: users.credit }).from(users).where(eq(users.id, userId)).for('update');
        const current = locked[0]?.credit;
        if (current === undefined) throw new Error(`credit: unknown user ${userId}`);
        const existing = await tx
          .select({ id: creditLedger.id })
          .from(creditLedger)
          .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, reason), eq(creditLedger.refId, refId)))
          .limit(1);
        if (existing.length > 0) return { applied: false, balance: current, insufficient: false };
        const balance = current + delta;
        if (balance < 0) return { applied: false, balance: current, insufficient: true };
        await tx.update(users).set({ credit: balance, updatedAt: new Date() }).where(eq(users.id, userId));
        sessionCache.invalidateUser(userId, tx);
        await tx.insert(creditLedger).values({ userId, delta, balanceAfter: balance, reason, refId });
        return { applied: true, balance, insufficient: false };
      });
    },
    async entries(userId: string): Promise<LedgerRow[]> {
      return db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(creditLedger.id);
    },
    async find(userId: string, reason: string, refId: string): Promise<LedgerRow | null> {
      const rows = await db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, reason), eq(creditLedger.refId, refId)))
        .limit(1);
      return rows[0] ?? null;
    },
  };
}
export type CreditRepo = ReturnType<typeof createCreditRepo>;
