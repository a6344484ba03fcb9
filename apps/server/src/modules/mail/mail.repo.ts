import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { emailOutbox } from '../../db/schema.js';

export type OutboxRow = typeof emailOutbox.$inferSelect;

export function createMailRepo(db: DbOrTx) {
  return {
    async record(row: typeof emailOutbox.$inferInsert): Promise<void> {
      await db.insert(emailOutbox).values(row);
    },
    async latestFor(to: string, limit: number): Promise<OutboxRow[]> {
      return db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(desc(emailOutbox.id)).limit(limit);
    },
  };
}
export type MailRepo = ReturnType<typeof createMailRepo>;
