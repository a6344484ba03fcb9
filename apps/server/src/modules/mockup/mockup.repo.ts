import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { mockupSnapshotCounts, projects } from '../../db/schema.js';
import type { ProjectRow } from '../project/index.js';

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** data.designs_meta as an object, whatever a client stored there (jsonb_each refuses anything else). */
const designsMeta = sql`case when jsonb_typeof(${projects.data} -> 'designs_meta') = 'object' then ${projects.data} -> 'designs_meta' else '{}'::jsonb end`;

/** A design-chat design as its project stores it: the packshot URL keys its meta. */
export interface StoredDesign {
  projectId: string;
  packshotUrl: string;
  meta: unknown;
}

/**
 * The mockup studio's reads and writes of projects and its own counters. Results are written with
 * their messages by mockup.commits.ts, in one transaction under the project row lock; `locked` is
 * the project as read under that lock.
 */
export function createMockupRepo(db: DbOrTx) {
  return {
    /**
     * The design of `userId` whose packshot URL is `url` (a key of a live project's data.designs_meta)
     * or whose flat front it is (a meta's front_url). JSONB operators only: the same SQL on PGlite and
     * PostgreSQL. The newest project wins when a URL is in several (a fork copies no designs_meta, so
     * that is rare).
     */
    async findDesign(userId: string, url: string): Promise<StoredDesign | null> {
      const rows = await db
        .select({ id: projects.id, metas: sql<unknown>`${designsMeta}` })
        .from(projects)
        .where(
          and(
            eq(projects.userId, userId),
            isNull(projects.deletedAt),
            sql`(${designsMeta} ? ${url}::text or exists (select 1 from jsonb_each(${designsMeta}) as e where e.value ->> 'front_url' = ${url}::text))`,
          ),
        )
        .orderBy(desc(projects.createdAt), desc(projects.id))
        .limit(1);
      const row = rows[0];
      if (!row || !row.metas || typeof row.metas !== 'object') return null;
      const metas = row.metas as Record<string, unknown>;
      if (url in metas) return { projectId: row.id, packshotUrl: url, meta: metas[url] };
      for (const [packshotUrl, meta] of Object.entries(metas)) {
        if (meta && typeof meta === 'object' && (meta as Record<string, unknown>).front_url === url) return { projectId: row.id, packshotUrl, meta };
      }
      return null;
    },

    /**
     * Drawn face images of a design, remembered in its meta's atlas (`faces.face_urls`), merged with
     * what is there; nothing when the design (or its atlas) is gone.
     */
    async saveFaceUrls(locked: Pick<ProjectRow, 'id'>, packshotUrl: string, faceUrls: Readonly<Record<string, string>>): Promise<void> {
      const atlas = sql`array['designs_meta', ${packshotUrl}::text, 'faces']`;
      const path = sql`array['designs_meta', ${packshotUrl}::text, 'faces', 'face_urls']`;
      await db
        .update(projects)
        .set({
          data: sql`jsonb_set(${projects.data}, ${path}, coalesce(${projects.data} #> ${path}, '{}'::jsonb) || ${JSON.stringify(faceUrls)}::jsonb)`,
          updatedAt: new Date(),
        })
        .where(and(eq(projects.id, locked.id), sql`jsonb_typeof(${projects.data} #> ${atlas}) = 'object'`));
    },

    /** A finished render: its images added to result_list (one list per render) and to data.imageUrls. */
    async appendResult(locked: Pick<ProjectRow, 'id' | 'resultList' | 'data'>, imageUrls: readonly string[]): Promise<void> {
      const resultList = Array.isArray(locked.resultList) ? locked.resultList : [];
      const patch = { imageUrls: [...stringList((locked.data ?? {}).imageUrls), ...imageUrls] };
      await db
        .update(projects)
        .set({ resultList: [...resultList, [...imageUrls]], data: sql`${projects.data} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
        .where(eq(projects.id, locked.id));
    },

    /** A 3D preview snapshot: its own list in result_list. Answers the new result_list. */
    async appendSnapshot(locked: Pick<ProjectRow, 'id' | 'resultList'>, imageUrl: string): Promise<string[][]> {
      const resultList = [...(Array.isArray(locked.resultList) ? locked.resultList : []), [imageUrl]];
      await db.update(projects).set({ resultList, updatedAt: new Date() }).where(eq(projects.id, locked.id));
      return resultList;
    },

    /**
     * Counts one more snapshot for `userId` on `day` unless `limit` are counted already; answers the
     * count after it, or null at the limit. One statement (an upsert whose update is conditional), so
     * concurrent snapshots never pass the limit together; inside the caller's transaction the row stays
     * locked until the snapshot is stored, or the count rolls back with it.
     */
    async takeSnapshot(userId: string, day: string, limit: number): Promise<number | null> {
      const rows = await db
        .insert(mockupSnapshotCounts)
        .values({ userId, day, count: 1 })
        .onConflictDoUpdate({
          target: [mockupSnapshotCounts.userId, mockupSnapshotCounts.day],
          set: { count: sql`${mockupSnapshotCounts.count} + 1` },
          setWhere: sql`${mockupSnapshotCounts.count} < ${limit}`,
        })
        .returning({ count: mockupSnapshotCounts.count });
      return rows[0]?.count ?? null;
    },

    /** Snapshots counted for `userId` on `day`. */
    async snapshotsOn(userId: string, day: string): Promise<number> {
      const rows = await db
        .select({ count: mockupSnapshotCounts.count })
        .from(mockupSnapshotCounts)
        .where(and(eq(mockupSnapshotCounts.userId, userId), eq(mockupSnapshotCounts.day, day)))
        .limit(1);
      return rows[0]?.count ?? 0;
    },

    /** Ids of the live mockup projects of `userId`, newest first; only those among `ids` when given. */
    async mockupProjectIds(userId: string, ids?: readonly string[]): Promise<string[]> {
      if (ids && ids.length === 0) return [];
      const rows = await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.userId, userId), eq(projects.type, 'mockup'), isNull(projects.deletedAt), ids ? inArray(projects.id, [...ids]) : undefined))
        .orderBy(desc(projects.createdAt), desc(projects.id))
        .limit(500);
      return rows.map((r) => r.id);
    },
  };
}
export type MockupRepo = ReturnType<typeof createMockupRepo>;
