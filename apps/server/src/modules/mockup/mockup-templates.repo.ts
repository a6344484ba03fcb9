import { asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { mockupTemplates } from '../../db/schema.js';

export type MockupTemplateRow = typeof mockupTemplates.$inferSelect;
export type NewMockupTemplateRow = typeof mockupTemplates.$inferInsert;

/** The library first (in its order), then custom templates oldest first. */
const LISTING_ORDER = [
  sql`(${mockupTemplates.ownerUserId} is not null)`,
  asc(mockupTemplates.position),
  asc(mockupTemplates.createdAt),
  asc(mockupTemplates.id),
];

export function createMockupTemplatesRepo(db: DbOrTx) {
  return {
    /**
     * The public library (at most its 78) and, with a user, that user's own custom templates after it:
     * filtered and paged in memory by the service.
     */
    async visibleTo(userId: string | null): Promise<MockupTemplateRow[]> {
      const where = userId ? or(isNull(mockupTemplates.ownerUserId), eq(mockupTemplates.ownerUserId, userId)) : isNull(mockupTemplates.ownerUserId);
      return db
        .select()
        .from(mockupTemplates)
        .where(where)
        .orderBy(...LISTING_ORDER);
    },

    /** Only the custom templates of `userId`, oldest first. */
    async ownedBy(userId: string): Promise<MockupTemplateRow[]> {
      return db
        .select()
        .from(mockupTemplates)
        .where(eq(mockupTemplates.ownerUserId, userId))
        .orderBy(...LISTING_ORDER);
    },

    async findById(id: string): Promise<MockupTemplateRow | null> {
      const rows = await db.select().from(mockupTemplates).where(eq(mockupTemplates.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** Ids of every stored library template (what seeding skips). */
    async existingIds(): Promise<Set<string>> {
      const rows = await db.select({ id: mockupTemplates.id }).from(mockupTemplates).where(isNull(mockupTemplates.ownerUserId));
      return new Set(rows.map((r) => r.id));
    },

    /** Inserts unless the id exists already (another process won the race): null then. */
    async insertOnce(row: NewMockupTemplateRow): Promise<MockupTemplateRow | null> {
      const rows = await db.insert(mockupTemplates).values(row).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },

    /** A user's custom template (its id is new: a conflict is a bug, not a race). */
    async insertCustom(row: NewMockupTemplateRow & { ownerUserId: string }): Promise<MockupTemplateRow> {
      const [inserted] = await db.insert(mockupTemplates).values(row).returning();
      if (!inserted) throw new Error('custom template insert returned no row');
      return inserted;
    },
  };
}
export type MockupTemplatesRepo = ReturnType<typeof createMockupTemplatesRepo>;
