import { count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { printRequests, users } from '../../db/schema.js';

export type PrintRequestRow = typeof printRequests.$inferSelect;
export type NewPrintRequestRow = typeof printRequests.$inferInsert;

const NEWEST_FIRST = [desc(printRequests.createdAt), desc(printRequests.id)];

export function createPrintRepo(db: DbOrTx) {
  return {
    async insert(row: NewPrintRequestRow): Promise<PrintRequestRow> {
      const [inserted] = await db.insert(printRequests).values(row).returning();
      if (!inserted) throw new Error('print request insert returned no row');
      return inserted;
    },
    async ofUser(userId: string, pageIndex: number, pageSize: number): Promise<{ total: number; items: PrintRequestRow[] }> {
      const [items, totals] = await Promise.all([
        db
          .select()
          .from(printRequests)
          .where(eq(printRequests.userId, userId))
          .orderBy(...NEWEST_FIRST)
          .limit(pageSize)
          .offset((pageIndex - 1) * pageSize),
        db.select({ n: count() }).from(printRequests).where(eq(printRequests.userId, userId)),
      ]);
      return { total: totals[0]?.n ?? 0, items };
    },
    /** Every request with its sender's email (null for an account since deleted or without one). */
    async all(pageIndex: number, pageSize: number): Promise<{ total: number; items: { row: PrintRequestRow; email: string | null }[] }> {
      const [items, totals] = await Promise.all([
        db
          .select({ row: printRequests, email: users.email })
          .from(printRequests)
          .leftJoin(users, eq(users.id, printRequests.userId))
          .orderBy(...NEWEST_FIRST)
          .limit(pageSize)
          .offset((pageIndex - 1) * pageSize),
        db.select({ n: count() }).from(printRequests),
      ]);
      return { total: totals[0]?.n ?? 0, items };
    },
  };
}
export type PrintRepo = ReturnType<typeof createPrintRepo>;
