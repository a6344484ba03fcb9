import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { sessionCache } from '../session/index.js';

export function createAccessRepo(db: DbOrTx) {
  return {
    /** Takes the one free editor use; false when it was already taken. */
    async claimFreeEditorUse(userId: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ editorUsed: true, updatedAt: new Date() })
        .where(and(eq(users.id, userId), eq(users.editorUsed, false)))
        .returning({ id: users.id });
      sessionCache.invalidateUser(userId, db);
      return rows.length > 0;
    },
  };
}
export type AccessRepo = ReturnType<typeof createAccessRepo>;
