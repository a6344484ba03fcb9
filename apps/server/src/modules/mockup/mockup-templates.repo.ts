import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { mockupTemplates } from '../../db/schema.js';

export type MockupTemplateRow = typeof mockupTemplates.$inferSelect;
export type NewMockupTemplateRow = typeof mockupTemplates.$inferInsert;

export function createMockupTemplatesRepo(db: DbOrTx) {
  return {
    /** Every stored template in library order (at most the library's 78: filtered and paged in memory). */
    async all(): Promise<MockupTemplateRow[]> {
      return db.select().from(mockupTemplates).orderBy(asc(mockupTemplates.position), asc(mockupTemplates.id));
    },

    async findById(id: string): Promise<MockupTemplateRow | null> {
      const rows = await db.select().from(mockupTemplates).where(eq(mockupTemplates.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** Ids of every stored template (what seeding skips). */
    async existingIds(): Promise<Set<string>> {
      const rows = await db.select({ id: mockupTemplates.id }).from(mockupTemplates);
      return new Set(rows.map((r) => r.id));
    },

    /** Inserts unless the id exists already (another process won the race): null then. */
    async insertOnce(row: NewMockupTemplateRow): Promise<MockupTemplateRow | null> {
      const rows = await db.insert(mockupTemplates).values(row).onConflictDoNothing().returning();
      return rows[0] ?? null;
    },
  };
}
export type MockupTemplatesRepo = ReturnType<typeof createMockupTemplatesRepo>;
