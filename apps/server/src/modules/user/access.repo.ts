import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { files, users } from '../../db/schema.js';

export function createAccessRepo(db: DbOrTx) {
  return {
    /** Owner and visibility of a registered file; null when the key is not in the files table. */
    async fileOwner(key: string): Promise<{ userId: string | null; isPublic: boolean } | null> {
      const rows = await db.select({ userId: files.userId, isPublic: files.isPublic }).from(files).where(eq(files.key, key)).limit(1);
      return rows[0] ?? null;
    },
    /** Takes the one free editor use; false when it was already taken. */
    async claimFreeEditorUse(userId: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ editorUsed: true, updatedAt: new Date() })
        .where(and(eq(users.id, userId), eq(users.editorUsed, false)))
        .returning({ id: users.id });
      return rows.length > 0;
    },
  };
}
export type AccessRepo = ReturnType<typeof createAccessRepo>;
