import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { redeemCodes } from '../../db/schema.js';

export type RedeemCodeRow = typeof redeemCodes.$inferSelect;
export type NewRedeemCodeRow = typeof redeemCodes.$inferInsert;

export function createRedeemRepo(db: DbOrTx) {
  return {
    async insertMany(rows: NewRedeemCodeRow[]): Promise<RedeemCodeRow[]> {
      if (rows.length === 0) return [];
      return db.insert(redeemCodes).values(rows).returning();
    },
    /**
     * Claims an unused code for `userId` in one conditional UPDATE: of two racing claims the second
     * waits on the row lock, then finds `redeemed_at` set and claims nothing. Null = unknown or used.
     */
    async claim(codeHash: string, userId: string, at: Date): Promise<RedeemCodeRow | null> {
      const rows = await db
        .update(redeemCodes)
        .set({ redeemedAt: at, redeemedBy: userId })
        .where(and(eq(redeemCodes.codeHash, codeHash), isNull(redeemCodes.redeemedAt)))
        .returning();
      return rows[0] ?? null;
    },
    async findByHash(codeHash: string): Promise<RedeemCodeRow | null> {
      const rows = await db.select().from(redeemCodes).where(eq(redeemCodes.codeHash, codeHash)).limit(1);
      return rows[0] ?? null;
    },
    /** Newest first. */
    async list(pageIndex: number, pageSize: number): Promise<{ total: number; items: RedeemCodeRow[] }> {
      const [items, totals] = await Promise.all([
        db
          .select()
          .from(redeemCodes)
          .orderBy(desc(redeemCodes.createdAt), desc(redeemCodes.id))
          .limit(pageSize)
          .offset((pageIndex - 1) * pageSize),
        db.select({ n: count() }).from(redeemCodes),
      ]);
      return { total: totals[0]?.n ?? 0, items };
    },
  };
}
export type RedeemRepo = ReturnType<typeof createRedeemRepo>;
