import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import type { UserRow } from '../../http/auth-context.js';
import { sessionCache } from '../session/index.js';

export function createUserRepo(db: DbOrTx) {
  return {
    async insert(row: typeof users.$inferInsert): Promise<UserRow> {
      const [created] = await db.insert(users).values(row).returning();
      if (!created) throw new Error('user insert returned nothing');
      return created;
    },
    async findById(id: string): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return rows[0] ?? null;
    },
    async findByEmail(email: string): Promise<UserRow | null> {
      const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return rows[0] ?? null;
    },
    async update(id: string, patch: Partial<typeof users.$inferInsert>): Promise<UserRow> {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning();
      if (!row) throw new Error(`user ${id} not found`);
      sessionCache.invalidateUser(id, db);
      return row;
    },
  };
}
export type UserRepo = ReturnType<typeof createUserRepo>;
