import { and, count, desc, eq, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { cancellations, creditLedger, paymentCustomers, paymentEvents, payments, promotionCodes, subscriptions, users } from '../../db/schema.js';
import type { UserRow } from '../../http/auth-context.js';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type SubscriptionInsert = typeof subscriptions.$inferInsert;
export type PaymentRow = typeof payments.$inferSelect;
export type PaymentInsert = typeof payments.$inferInsert;
export type PromotionRow = typeof promotionCodes.$inferSelect;
export type PaymentEventInsert = typeof paymentEvents.$inferInsert;
export type CancellationInsert = typeof cancellations.$inferInsert;
export type LedgerEntryRow = typeof creditLedger.$inferSelect;
export type SubscriptionSource = SubscriptionRow['source'];
export type ProviderSource = 'stripe' | 'sandbox';

/** A membership that still runs or may run again: what the guard and the overview look at. */
const RUNNING = ['incomplete', 'active', 'past_due'] as const;

/**
 * Payments, subscriptions, promotion codes, webhook events and cancellation comments (the billing
 * tables). Idempotency lives in the unique indexes: a payment per provider invoice, an event per id.
 */
export function createBillingRepo(db: DbOrTx) {
  return {
    /** Locks the user row until the caller's transaction ends: one billing change per user at a time. */
    async lockUser(userId: string): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.id, userId)).for('update');
      return rows[0] ?? null;
    },

    // ---- customers ----
    async findCustomer(userId: string, provider: ProviderSource): Promise<string | null> {
      const rows = await db
        .select({ customerId: paymentCustomers.customerId })
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)))
        .limit(1);
      return rows[0]?.customerId ?? null;
    },
    /** Stores the customer unless one exists already (two first purchases at once): answers the stored id. */
    async saveCustomer(userId: string, provider: ProviderSource, customerId: string): Promise<string> {
      await db.insert(paymentCustomers).values({ userId, provider, customerId }).onConflictDoNothing();
      const rows = await db
        .select({ customerId: paymentCustomers.customerId })
        .from(paymentCustomers)
        .where(and(eq(paymentCustomers.userId, userId), eq(paymentCustomers.provider, provider)))
        .limit(1);
      return rows[0]?.customerId ?? customerId;
    },

    // ---- subscriptions ----
    /** Inserts unless (source, provider id) or the id exists: answers whether it was new. */
    async insertSubscription(row: SubscriptionInsert): Promise<boolean> {
      const inserted = await db.insert(subscriptions).values(row).onConflictDoNothing().returning({ id: subscriptions.id });
      return inserted.length > 0;
    },
    async findSubscription(id: string): Promise<SubscriptionRow | null> {
      const rows = await db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
      return rows[0] ?? null;
    },
    async findByProviderId(source: SubscriptionSource, providerSubscriptionId: string): Promise<SubscriptionRow | null> {
      const rows = await db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.source, source), eq(subscriptions.providerSubscriptionId, providerSubscriptionId)))
        .limit(1);
      return rows[0] ?? null;
    },
    async updateSubscription(id: string, patch: Partial<SubscriptionInsert>): Promise<SubscriptionRow | null> {
      const [row] = await db
        .update(subscriptions)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(subscriptions.id, id))
        .returning();
      return row ?? null;
    },
    async deleteSubscription(id: string): Promise<void> {
      await db.delete(subscriptions).where(eq(subscriptions.id, id));
    },
    /** The user's subscriptions that run or may run again (incomplete, active, past due), newest first. */
    async runningSubscriptions(userId: string): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...RUNNING])))
        .orderBy(desc(subscriptions.createdAt));
    },
    async userSubscriptions(userId: string): Promise<SubscriptionRow[]> {
      return db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createdAt));
    },
    /** Subscriptions whose monthly credits the sweep gives (credit anchor set, active or cancelling at the period end). */
    async monthlyCreditSubscriptions(): Promise<SubscriptionRow[]> {
      return db
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.status, 'active'), isNotNull(subscriptions.creditAnchor)));
    },

    // ---- payments (invoices) ----
    /** Inserts the invoice, or updates its status when it is known: answers whether it was new. */
    async upsertPayment(row: PaymentInsert): Promise<{ inserted: boolean; row: PaymentRow }> {
      const inserted = await db.insert(payments).values(row).onConflictDoNothing().returning();
      if (inserted[0]) return { inserted: true, row: inserted[0] };
      const [updated] = await db
        .update(payments)
        .set({ status: row.status, pdfUrl: row.pdfUrl ?? null, updatedAt: new Date() })
        .where(and(eq(payments.provider, row.provider), eq(payments.providerInvoiceId, row.providerInvoiceId)))
        .returning();
      if (!updated) throw new Error(`payment ${row.providerInvoiceId} vanished`);
      return { inserted: false, row: updated };
    },
    /** The subscription's newest paid invoice other than `exceptInvoiceId` (the plan an upgrade came from). */
    async lastPaidPayment(subscriptionId: string, exceptInvoiceId: string): Promise<PaymentRow | null> {
      const rows = await db
        .select()
        .from(payments)
        .where(and(eq(payments.subscriptionId, subscriptionId), eq(payments.status, 'paid'), ne(payments.providerInvoiceId, exceptInvoiceId)))
        .orderBy(desc(payments.periodStart), desc(payments.createdAt))
        .limit(1);
      return rows[0] ?? null;
    },
    async findPayment(id: string): Promise<PaymentRow | null> {
      const rows = await db.select().from(payments).where(eq(payments.id, id)).limit(1);
      return rows[0] ?? null;
    },
    async userPayments(userId: string, offset: number, limit: number): Promise<{ total: number; items: PaymentRow[] }> {
      const [total] = await db.select({ n: count() }).from(payments).where(eq(payments.userId, userId));
      const items = await db
        .select()
        .from(payments)
        .where(eq(payments.userId, userId))
        .orderBy(desc(payments.createdAt), desc(payments.id))
        .offset(offset)
        .limit(limit);
      return { total: total?.n ?? 0, items };
    },

    // ---- webhook events ----
    /** The first copy of an event wins; a replay (same id) answers false and writes nothing. */
    async insertEvent(row: PaymentEventInsert): Promise<boolean> {
      const inserted = await db.insert(paymentEvents).values(row).onConflictDoNothing().returning({ id: paymentEvents.id });
      return inserted.length > 0;
    },
    async setEventOutcome(id: string, outcome: string, userId: string | null): Promise<void> {
      await db.update(paymentEvents).set({ outcome, userId }).where(eq(paymentEvents.id, id));
    },
    async findEvent(id: string) {
      const rows = await db.select().from(paymentEvents).where(eq(paymentEvents.id, id)).limit(1);
      return rows[0] ?? null;
    },

    // ---- promotion codes ----
    /** Null when the code exists already (unique index). */
    async insertPromotion(row: typeof promotionCodes.$inferInsert): Promise<PromotionRow | null> {
      const [created] = await db.insert(promotionCodes).values(row).onConflictDoNothing().returning();
      return created ?? null;
    },
    async findPromotionByCode(code: string): Promise<PromotionRow | null> {
      const rows = await db.select().from(promotionCodes).where(eq(promotionCodes.code, code.toUpperCase())).limit(1);
      return rows[0] ?? null;
    },
    async findPromotion(id: string): Promise<PromotionRow | null> {
      const rows = await db.select().from(promotionCodes).where(eq(promotionCodes.id, id)).limit(1);
      return rows[0] ?? null;
    },
    async listPromotions(offset: number, limit: number): Promise<{ total: number; items: PromotionRow[] }> {
      const [total] = await db.select({ n: count() }).from(promotionCodes);
      const items = await db.select().from(promotionCodes).orderBy(desc(promotionCodes.createdAt), desc(promotionCodes.id)).offset(offset).limit(limit);
      return { total: total?.n ?? 0, items };
    },
    async updatePromotion(id: string, patch: Partial<typeof promotionCodes.$inferInsert>): Promise<PromotionRow | null> {
      const [row] = await db.update(promotionCodes).set(patch).where(eq(promotionCodes.id, id)).returning();
      return row ?? null;
    },
    /** One more redemption, counted in the transaction that activates the subscription. */
    async countPromotionRedemption(id: string): Promise<void> {
      await db
        .update(promotionCodes)
        .set({ timesRedeemed: sql`${promotionCodes.timesRedeemed} + 1` })
        .where(and(eq(promotionCodes.id, id), or(isNull(promotionCodes.maxRedemptions), lt(promotionCodes.timesRedeemed, promotionCodes.maxRedemptions))));
    },

    // ---- cancellations ----
    async insertCancellation(row: CancellationInsert): Promise<void> {
      await db.insert(cancellations).values(row);
    },

    // ---- the credit history (read only: credits move through the credits module's ledger) ----
    async ledgerPage(userId: string, offset: number, limit: number): Promise<{ total: number; items: LedgerEntryRow[] }> {
      const [total] = await db.select({ n: count() }).from(creditLedger).where(eq(creditLedger.userId, userId));
      const items = await db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(desc(creditLedger.id)).offset(offset).limit(limit);
      return { total: total?.n ?? 0, items };
    },
  };
}
export type BillingRepo = ReturnType<typeof createBillingRepo>;
