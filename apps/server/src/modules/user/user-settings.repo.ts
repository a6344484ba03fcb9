import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { apiIntentions, uploadHistory, users } from '../../db/schema.js';
import { sessionCache } from '../session/index.js';

export function createUserSettingsRepo(db: DbOrTx) {
  return {
    async uploadHistoryOf(userId: string): Promise<unknown[]> {
      const rows = await db.select({ history: uploadHistory.history }).from(uploadHistory).where(eq(uploadHistory.userId, userId)).limit(1);
      return rows[0]?.history ?? [];
    },
    async setUploadHistory(userId: string, history: unknown[]): Promise<void> {
      await db
        .insert(uploadHistory)
        .values({ userId, history })
        .onConflictDoUpdate({ target: uploadHistory.userId, set: { history, updatedAt: new Date() } });
    },
    async setGenerateNum(userId: string, patch: { designGenerateNum?: number; editGenerateNum?: number }) {
      const [row] = await db
        .update(users)
        .set({ ...patch, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning({ designGenerateNum: users.designGenerateNum, editGenerateNum: users.editGenerateNum });
      if (!row) throw new Error(`user ${userId} not found`);
      sessionCache.invalidateUser(userId, db);
      return row;
    },
    async insertApiIntention(userId: string, data: Record<string, unknown>): Promise<void> {
      await db.insert(apiIntentions).values({ userId, data });
    },
  };
}
export type UserSettingsRepo = ReturnType<typeof createUserSettingsRepo>;
