import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { projects } from '../../db/schema.js';
import type { ProjectRow } from '../project/index.js';
import { designsMetaOf, type DesignMeta } from './design-brief.js';

/** A finished generation's writes to its project; design-results.ts runs them under the project row lock. */
export function createDesignResultsRepo(db: DbOrTx) {
  return {
    /**
     * Appends the prompt's list of packshot URLs to result_list (and data.imageUrls), and each design's
     * meta to data.designs_meta. `locked` is the project as read under its row lock: what is appended to.
     */
    async appendPrompt(locked: Pick<ProjectRow, 'id' | 'resultList' | 'data'>, imageUrls: readonly string[], metas: Record<string, DesignMeta>): Promise<void> {
      const resultList = Array.isArray(locked.resultList) ? locked.resultList : [];
      const data = locked.data && typeof locked.data === 'object' ? locked.data : {};
      const previousUrls = Array.isArray(data.imageUrls) ? data.imageUrls.filter((u): u is string => typeof u === 'string') : [];
      const patch = {
        imageUrls: [...previousUrls, ...imageUrls],
        designs_meta: { ...designsMetaOf(data), ...metas },
      };
      await db
        .update(projects)
        .set({
          resultList: [...resultList, [...imageUrls]],
          data: sql`${projects.data} || ${JSON.stringify(patch)}::jsonb`,
          updatedAt: new Date(),
        })
        .where(eq(projects.id, locked.id));
    },
  };
}
export type DesignResultsRepo = ReturnType<typeof createDesignResultsRepo>;
