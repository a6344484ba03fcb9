import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sessions, users } from '../../db/schema.js';
import type { SessionRow, UserRow } from '../../http/auth-context.js';
import { sessionCache } from './session-cache.js';

export function createSessionRepo(db: DbOrTx) {
  return {
    async insert(row: typeof sessions.$inferInsert): Promise<void> {
      await db.insert(sessions).values(row);
    },
    async findByTokenHash(tokenHash: string): Promise<{ session: SessionRow; user: UserRow } | null> {
      const rows = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.tokenHash, tokenHash))
        .limit(1);
      return rows[0] ?? null;
    },
    async revoke(sessionId: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
        .returning({ userId: sessions.userId });
      for (const row of rows) sessionCache.invalidateUser(row.userId, db);
      return rows.length > 0;
    },
    /** Revokes the user's live sessions; answers their ids (whose sockets must go too). */
    async revokeAllForUser(userId: string, at: Date): Promise<string[]> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: at })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      sessionCache.invalidateUser(userId, db);
      return rows.map((r) => r.id);
    },
  };
}
export type SessionRepo = ReturnType<typeof createSessionRepo>;
