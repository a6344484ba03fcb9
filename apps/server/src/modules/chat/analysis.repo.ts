import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { projects } from '../../db/schema.js';

/** project.analyze_list edits (under the row lock) and lookups of remembered design metadata. */
export function createAnalysisRepo(db: DbOrTx) {
  return {
    /** Replaces the list with `change(current)`; null when the project is gone. */
    async updateList<T>(projectId: string, change: (current: unknown[]) => { list: unknown[]; result: T }): Promise<{ list: unknown[]; result: T } | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ analyzeList: projects.analyzeList })
          .from(projects)
          .where(and(eq(projects.id, projectId), isNull(projects.deletedAt)))
          .for('update')
          .limit(1);
        if (!row) return null;
        const next = change(Array.isArray(row.analyzeList) ? row.analyzeList : []);
        await tx.update(projects).set({ analyzeList: next.list, updatedAt: new Date() }).where(eq(projects.id, projectId));
        return next;
      });
    },

    /** The designs_meta entry stored for `imageUrl` in any live project of `userId`, if one exists. */
    async designMetaOf(userId: string, imageUrl: string): Promise<unknown> {
      const rows = await db
        .select({ meta: sql<unknown>`${projects.data} -> 'designs_meta' -> ${imageUrl}::text` })
        .from(projects)
        .where(and(eq(projects.userId, userId), isNull(projects.deletedAt), sql`(${projects.data} -> 'designs_meta') ? ${imageUrl}::text`))
        .limit(1);
      return rows[0]?.meta ?? null;
    },
  };
}
export type AnalysisRepo = ReturnType<typeof createAnalysisRepo>;
