import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { factories } from '../../db/schema.js';

export type FactoryRow = typeof factories.$inferSelect;
export type NewFactoryRow = typeof factories.$inferInsert;

export interface FactoryFilter {
  process?: string;
  material?: string;
}

/** The directory's order everywhere: city (folded), then name, then id (stable paging). */
const ORDER = [asc(factories.cityKey), asc(factories.name), asc(factories.id)];

function where(filter: FactoryFilter): SQL | undefined {
  const parts: SQL[] = [];
  // jsonb containment: the array holds the value (an index-free scan is fine for a directory of hundreds).
  if (filter.process) parts.push(sql`${factories.processes} @> ${JSON.stringify([filter.process])}::jsonb`);
  if (filter.material) parts.push(sql`${factories.materials} @> ${JSON.stringify([filter.material])}::jsonb`);
  return parts.length ? and(...parts) : undefined;
}

export function createFactoryRepo(db: DbOrTx) {
  return {
    async list(filter: FactoryFilter, pageIndex: number, pageSize: number): Promise<{ total: number; items: FactoryRow[] }> {
      const [items, totals] = await Promise.all([
        db
          .select()
          .from(factories)
          .where(where(filter))
          .orderBy(...ORDER)
          .limit(pageSize)
          .offset((pageIndex - 1) * pageSize),
        db.select({ n: count() }).from(factories).where(where(filter)),
      ]);
      return { total: totals[0]?.n ?? 0, items };
    },
    async all(): Promise<FactoryRow[]> {
      return db
        .select()
        .from(factories)
        .orderBy(...ORDER);
    },
    async byCityKey(cityKey: string): Promise<FactoryRow[]> {
      return db
        .select()
        .from(factories)
        .where(eq(factories.cityKey, cityKey))
        .orderBy(...ORDER);
    },
    async byId(id: string): Promise<FactoryRow | null> {
      const rows = await db.select().from(factories).where(eq(factories.id, id)).limit(1);
      return rows[0] ?? null;
    },
    async count(): Promise<number> {
      const rows = await db.select({ n: count() }).from(factories);
      return rows[0]?.n ?? 0;
    },
    async insert(row: NewFactoryRow): Promise<FactoryRow> {
      const [inserted] = await db.insert(factories).values(row).returning();
      if (!inserted) throw new Error('factory insert returned no row');
      return inserted;
    },
    /** Inserts the rows whose ids are new; rows another process inserted first are skipped. Returns how many were inserted. */
    async insertNew(rows: NewFactoryRow[]): Promise<number> {
      if (rows.length === 0) return 0;
      const inserted = await db.insert(factories).values(rows).onConflictDoNothing({ target: factories.id }).returning({ id: factories.id });
      return inserted.length;
    },
    async update(id: string, patch: Partial<NewFactoryRow>): Promise<FactoryRow | null> {
      const rows = await db
        .update(factories)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(factories.id, id))
        .returning();
      return rows[0] ?? null;
    },
    async delete(id: string): Promise<FactoryRow | null> {
      const rows = await db.delete(factories).where(eq(factories.id, id)).returning();
      return rows[0] ?? null;
    },
  };
}
export type FactoryRepo = ReturnType<typeof createFactoryRepo>;
