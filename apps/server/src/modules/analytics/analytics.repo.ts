import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { pageViews, visitorIps } from '../../db/schema.js';

export function createAnalyticsRepo(db: DbOrTx) {
  return {
    async insertPageView(row: typeof pageViews.$inferInsert): Promise<void> {
      await db.insert(pageViews).values(row);
    },
    /** Counts a hit for an IP; keeps the first-seen time and the latest known user. */
    async hitIp(ip: string, userId: string | null): Promise<{ ip: string; createdAt: Date }> {
      const [row] = await db
        .insert(visitorIps)
        .values({ ip, userId })
        .onConflictDoUpdate({
          target: visitorIps.ip,
          set: { hits: sql`${visitorIps.hits} + 1`, userId: sql`coalesce(excluded.user_id, ${visitorIps.userId})`, updatedAt: new Date() },
        })
        .returning({ ip: visitorIps.ip, createdAt: visitorIps.createdAt });
      if (!row) throw new Error('visitor ip upsert returned nothing');
      return row;
    },
  };
}
export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
