import { and, asc, count, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { designRequests } from '../../db/schema.js';

export type DesignRequestRow = typeof designRequests.$inferSelect;
export type NewDesignRequestRow = typeof designRequests.$inferInsert;

const NEWEST_FIRST = [desc(designRequests.createdAt), desc(designRequests.id)];

/** What one delivery attempt leaves on the row. */
export interface MailOutcome {
  mailSent: string[];
  mailStatus: 'pending' | 'sent';
  mailAttempts: number;
  nextMailAt: Date | null;
  lastMailError: string | null;
}

export function createDesignRequestRepo(db: DbOrTx) {
  return {
    async insert(row: NewDesignRequestRow): Promise<DesignRequestRow> {
      const [inserted] = await db.insert(designRequests).values(row).returning();
      if (!inserted) throw new Error('design request insert returned no row');
      return inserted;
    },

    async byId(id: string): Promise<DesignRequestRow | null> {
      const [row] = await db.select().from(designRequests).where(eq(designRequests.id, id)).limit(1);
      return row ?? null;
    },

    async page(status: string | undefined, pageIndex: number, pageSize: number): Promise<{ total: number; items: DesignRequestRow[] }> {
      const where = status ? eq(designRequests.status, status) : undefined;
      const [items, totals] = await Promise.all([
        db
          .select()
          .from(designRequests)
          .where(where)
          .orderBy(...NEWEST_FIRST)
          .limit(pageSize)
          .offset((pageIndex - 1) * pageSize),
        db.select({ n: count() }).from(designRequests).where(where),
      ]);
      return { total: totals[0]?.n ?? 0, items };
    },

    async setStatus(id: string, status: string, at: Date): Promise<DesignRequestRow | null> {
      const [row] = await db.update(designRequests).set({ status, updatedAt: at }).where(eq(designRequests.id, id)).returning();
      return row ?? null;
    },

    /**
     * Claims up to `limit` requests whose mail is due, in one statement: their next_mail_at moves
     * to `leaseUntil`, so no other process (or a later sweep of this one) picks them while this
     * attempt runs. SKIP LOCKED lets two sweeps on PostgreSQL claim disjoint rows without waiting.
     */
    async claimDue(now: Date, leaseUntil: Date, limit: number): Promise<DesignRequestRow[]> {
      const due = db
        .select({ id: designRequests.id })
        .from(designRequests)
        .where(and(eq(designRequests.mailStatus, 'pending'), isNotNull(designRequests.nextMailAt), lte(designRequests.nextMailAt, now)))
        .orderBy(asc(designRequests.nextMailAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(designRequests)
        .set({ nextMailAt: leaseUntil })
        .where(and(inArray(designRequests.id, due), eq(designRequests.mailStatus, 'pending')))
        .returning();
    },

    /** Records one mail of the request as sent, at once: a crash before the other mail never resends this one. */
    async addMailSent(id: string, which: string): Promise<void> {
      await db
        .update(designRequests)
        .set({
          mailSent: sql`(SELECT coalesce(jsonb_agg(DISTINCT v), '[]'::jsonb) FROM jsonb_array_elements_text(${designRequests.mailSent} || ${JSON.stringify([which])}::jsonb) AS v)`,
        })
        .where(eq(designRequests.id, id));
    },

    async recordMailOutcome(id: string, outcome: MailOutcome, at: Date): Promise<void> {
      await db
        .update(designRequests)
        .set({ ...outcome, updatedAt: at })
        .where(eq(designRequests.id, id));
    },
  };
}
export type DesignRequestRepo = ReturnType<typeof createDesignRequestRepo>;
