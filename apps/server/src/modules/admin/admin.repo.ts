import { count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { adminActions, cancellations, creditLedger, paymentEvents, payments, subscriptions, users } from '../../db/schema.js';
import type { UserRow } from '../../http/auth-context.js';

export type AdminActionRow = typeof adminActions.$inferSelect;
export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type LedgerEntryRow = typeof creditLedger.$inferSelect;
export type PaymentEventRow = Omit<typeof paymentEvents.$inferSelect, 'payload'>;

export interface Page<T> {
  total: number;
  items: T[];
}

/** `%` and `_` typed in the search box are matched as themselves. */
const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const offsetOf = (pageIndex: number, pageSize: number) => (pageIndex - 1) * pageSize;

/**
 * The admin area's reporting reads (users, their ledger, subscriptions and invoices, cancellations,
 * payment events, the admin log) and the one table it writes itself: the append-only admin log.
 * Changes to users, credits and codes go through their own modules.
 */
export function createAdminRepo(db: DbOrTx) {
  return {
    /** Appends one entry; inside a caller's transaction it commits with the change it records. */
    async logAction(entry: { adminUserId: string; action: string; targetUserId: string | null; details: Record<string, unknown> }): Promise<AdminActionRow> {
      const [row] = await db.insert(adminActions).values(entry).returning();
      if (!row) throw new Error('admin action insert returned nothing');
      return row;
    },

    /** Read fresh on every admin call (not from the session cache), so taking admin away works at once. */
    async isAdmin(userId: string): Promise<boolean> {
      const rows = await db.select({ isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId)).limit(1);
      return rows[0]?.isAdmin === true;
    },

    /** Accounts by email or name (contains, any case) or exact id; an empty query lists accounts (not guests), newest first. */
    async searchUsers(q: string, pageIndex: number, pageSize: number): Promise<Page<UserRow>> {
      const where: SQL | undefined = q ? or(ilike(users.email, likeOf(q)), ilike(users.name, likeOf(q)), eq(users.id, q)) : eq(users.type, 'user');
      const [items, totals] = await Promise.all([
        db.select().from(users).where(where).orderBy(desc(users.createdAt), desc(users.id)).limit(pageSize).offset(offsetOf(pageIndex, pageSize)),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return { total: totals[0]?.n ?? 0, items };
    },

    async userById(userId: string): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      return rows[0] ?? null;
    },

    /** The latest `limit` ledger entries of a user, newest first. */
    async ledgerOf(userId: string, limit: number): Promise<LedgerEntryRow[]> {
      return db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(desc(creditLedger.id)).limit(limit);
    },
    async subscriptionsOf(userId: string): Promise<SubscriptionRow[]> {
      return db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createdAt)).limit(100);
    },
    async invoicesOf(userId: string): Promise<PaymentRow[]> {
      return db.select().from(payments).where(eq(payments.userId, userId)).orderBy(desc(payments.createdAt)).limit(100);
    },

    async cancellations(pageIndex: number, pageSize: number) {
      const [items, totals] = await Promise.all([
        db
          .select({
            id: cancellations.id,
            userId: cancellations.userId,
            email: users.email,
            vipType: cancellations.vipType,
            comment: cancellations.comment,
            createdAt: cancellations.createdAt,
          })
          .from(cancellations)
          .leftJoin(users, eq(users.id, cancellations.userId))
          .orderBy(desc(cancellations.createdAt), desc(cancellations.id))
          .limit(pageSize)
          .offset(offsetOf(pageIndex, pageSize)),
        db.select({ n: count() }).from(cancellations),
      ]);
      return { total: totals[0]?.n ?? 0, items };
    },

    /** Without the payloads: the list shows what happened, not the provider's whole object. */
    async paymentEvents(pageIndex: number, pageSize: number): Promise<Page<PaymentEventRow>> {
      const [items, totals] = await Promise.all([
        db
          .select({
            id: paymentEvents.id,
            provider: paymentEvents.provider,
            type: paymentEvents.type,
            userId: paymentEvents.userId,
            outcome: paymentEvents.outcome,
            eventCreatedAt: paymentEvents.eventCreatedAt,
            receivedAt: paymentEvents.receivedAt,
          })
          .from(paymentEvents)
          .orderBy(desc(paymentEvents.receivedAt), desc(paymentEvents.id))
          .limit(pageSize)
          .offset(offsetOf(pageIndex, pageSize)),
        db.select({ n: count() }).from(paymentEvents),
      ]);
      return { total: totals[0]?.n ?? 0, items };
    },

    async actions(pageIndex: number, pageSize: number) {
      const [items, totals] = await Promise.all([
        db
          .select({
            id: adminActions.id,
            adminUserId: adminActions.adminUserId,
            adminEmail: users.email,
            action: adminActions.action,
            targetUserId: adminActions.targetUserId,
            details: adminActions.details,
            createdAt: adminActions.createdAt,
          })
          .from(adminActions)
          .leftJoin(users, eq(users.id, adminActions.adminUserId))
          .orderBy(desc(adminActions.id))
          .limit(pageSize)
          .offset(offsetOf(pageIndex, pageSize)),
        db.select({ n: sql<number>`count(*)::int` }).from(adminActions),
      ]);
      return { total: totals[0]?.n ?? 0, items };
    },
  };
}
export type AdminRepo = ReturnType<typeof createAdminRepo>;
