import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { files } from '../../db/schema.js';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;

export function createFileRepo(db: DbOrTx) {
  return {
    async insert(row: NewFileRow): Promise<FileRow> {
      const inserted = await db.insert(files).values(row).returning();
      const first = inserted[0];
      if (!first) throw new Error('files: insert returned no row');
      return first;
    },
    async findByKey(key: string): Promise<FileRow | null> {
      const rows = await db.select().from(files).where(eq(files.key, key)).limit(1);
      return rows[0] ?? null;
    },
    async deleteByKey(key: string): Promise<void> {
      await db.delete(files).where(eq(files.key, key));
    },
    /** Moves a guest's files to the account it was merged into (through the merge transaction's repository). */
    async reassignOwner(fromUserId: string, toUserId: string): Promise<number> {
      const moved = await db.update(files).set({ userId: toUserId }).where(eq(files.userId, fromUserId)).returning({ key: files.key });
      return moved.length;
    },
  };
}
export type FileRepo = ReturnType<typeof createFileRepo>;
