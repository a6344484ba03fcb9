import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sandboxObjects } from '../../db/schema.js';

export type SandboxObjectRow = typeof sandboxObjects.$inferSelect;

/** The offline sandbox's own records (what Stripe would hold on its side), as jsonb per kind. */
export function createSandboxRepo(db: DbOrTx) {
  return {
    async get(id: string): Promise<SandboxObjectRow | null> {
      const rows = await db.select().from(sandboxObjects).where(eq(sandboxObjects.id, id)).limit(1);
      return rows[0] ?? null;
    },
    /** Inserts unless the id exists: answers whether it was new (an idempotency key's first use). */
    async insert(id: string, kind: string, data: Record<string, unknown>): Promise<boolean> {
      const rows = await db.insert(sandboxObjects).values({ id, kind, data }).onConflictDoNothing().returning({ id: sandboxObjects.id });
      return rows.length > 0;
    },
    async put(id: string, kind: string, data: Record<string, unknown>): Promise<void> {
      await db
        .insert(sandboxObjects)
        .values({ id, kind, data })
        .onConflictDoUpdate({ target: sandboxObjects.id, set: { kind, data, updatedAt: new Date() } });
    },
    async list(kind: string): Promise<SandboxObjectRow[]> {
      return db.select().from(sandboxObjects).where(eq(sandboxObjects.kind, kind)).orderBy(sandboxObjects.createdAt);
    },
  };
}
export type SandboxRepo = ReturnType<typeof createSandboxRepo>;
