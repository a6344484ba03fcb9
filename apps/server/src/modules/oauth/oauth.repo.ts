import { and, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { oauthAccounts, oauthStates } from '../../db/schema.js';

export type OAuthStateRow = typeof oauthStates.$inferSelect;
export type OAuthAccountRow = typeof oauthAccounts.$inferSelect;

export function createOAuthRepo(db: DbOrTx) {
  return {
    async insertState(row: typeof oauthStates.$inferInsert): Promise<void> {
      await db.insert(oauthStates).values(row);
    },
    /** Deletes and returns the state: a state works for one callback only. */
    async takeState(stateHash: string): Promise<OAuthStateRow | null> {
      const rows = await db.delete(oauthStates).where(eq(oauthStates.stateHash, stateHash)).returning();
      return rows[0] ?? null;
    },
    async purgeExpiredStates(now: Date): Promise<void> {
      await db.delete(oauthStates).where(lt(oauthStates.expiresAt, now));
    },
    async findAccount(provider: string, providerUserId: string): Promise<OAuthAccountRow | null> {
      const rows = await db
        .select()
        .from(oauthAccounts)
        .where(and(eq(oauthAccounts.provider, provider), eq(oauthAccounts.providerUserId, providerUserId)))
        .limit(1);
      return rows[0] ?? null;
    },
    async insertAccount(row: typeof oauthAccounts.$inferInsert): Promise<void> {
      await db.insert(oauthAccounts).values(row);
    },
  };
}
export type OAuthRepo = ReturnType<typeof createOAuthRepo>;
