import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { apiKeys, users } from '../../db/schema.js';
import type { UserRow } from '../../http/auth-context.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export function createApiKeyRepo(db: DbOrTx) {
  return {
    async insert(row: { id: string; userId: string; name: string; keyHash: string; prefix: string }): Promise<ApiKeyRow> {
      const [created] = await db.insert(apiKeys).values(row).returning();
      if (!created) throw new Error('api key insert returned no row');
      return created;
    },
    /** Newest first, revoked ones included (the billing page shows them as revoked). */
    async listByUser(userId: string): Promise<ApiKeyRow[]> {
      return db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    },
    async countLive(userId: string): Promise<number> {
      const [r] = await db
        .select({ n: count() })
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
      return r?.n ?? 0;
    },
    /**
     * Takes a row lock on the user, so two creations at once cannot both pass the per-user cap.
     * Only inside a transaction (the service's `transact`).
     */
    async lockUser(userId: string): Promise<void> {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },
    /** The live key with this hash and its user, in one indexed lookup (api_keys_hash_unique). */
    async findLiveByHash(keyHash: string): Promise<{ key: ApiKeyRow; user: UserRow } | null> {
      const rows = await db
        .select({ key: apiKeys, user: users })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(and(eq(apiKeys.keyHash, keyHash), isNull(apiKeys.revokedAt)))
        .limit(1);
      return rows[0] ?? null;
    },
    /** Revokes the user's key (idempotent: a revoked key keeps its first revocation time); null when it is not theirs. */
    async revoke(id: string, userId: string, at: Date): Promise<ApiKeyRow | null> {
      const [row] = await db
        .update(apiKeys)
        .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${at.toISOString()}::timestamptz)` })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId)))
        .returning();
      return row ?? null;
    },
    /** Adds counted calls to each key and moves last_used_at forward (never back). */
    async addUsage(entries: readonly { id: string; calls: number; lastUsedAt: Date }[]): Promise<void> {
      for (const e of entries) {
        await db
          .update(apiKeys)
          .set({
            requestCount: sql`${apiKeys.requestCount} + ${e.calls}`,
            lastUsedAt: sql`greatest(${apiKeys.lastUsedAt}, ${e.lastUsedAt.toISOString()}::timestamptz)`,
          })
          .where(eq(apiKeys.id, e.id));
      }
    },
  };
}
export type ApiKeyRepo = ReturnType<typeof createApiKeyRepo>;
