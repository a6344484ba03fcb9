import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { projects } from '../../db/schema.js';
import { createChatRepo, type ChatMessageRow, type NewChatMessage } from './chat.repo.js';
import { designsMetaOf, type DesignMeta } from './design-brief.js';

export interface CommittedAnswer {
  message: ChatMessageRow;
  promptIndex: number;
}

/**
 * Where a finished generation lands: the prompt's list of packshot URLs appended to
 * project.result_list (and data.imageUrls), each design's meta in data.designs_meta, and the answer
 * message, all in one transaction under the project row lock, so concurrent generations of one
 * project never lose each other's results and a crash leaves either all of it or none.
 */
export function createDesignResultsRepo(db: Db) {
  return {
    /**
     * Commits an answer. `metaOf(promptIndex)` builds the metas once the prompt's index is known.
     * Null when the project is gone, or when the message id already exists (the job ran twice: the
     * first answer stands).
     */
    async commitAnswer(args: {
      projectId: string;
      message: (promptIndex: number) => NewChatMessage;
      imageUrls: readonly string[];
      metaOf: (promptIndex: number) => Record<string, DesignMeta>;
    }): Promise<CommittedAnswer | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(projects)
          .where(and(eq(projects.id, args.projectId), isNull(projects.deletedAt)))
          .for('update')
          .limit(1);
        if (!row) return null;
        const resultList = Array.isArray(row.resultList) ? row.resultList : [];
        const promptIndex = resultList.length;
        const [message] = await createChatRepo(tx).append(args.projectId, [args.message(promptIndex)]);
        if (!message) return null;
        const data = row.data && typeof row.data === 'object' ? row.data : {};
        const previousUrls = Array.isArray(data.imageUrls) ? data.imageUrls.filter((u): u is string => typeof u === 'string') : [];
        const patch = {
          imageUrls: [...previousUrls, ...args.imageUrls],
          designs_meta: { ...designsMetaOf(data), ...args.metaOf(promptIndex) },
        };
        await tx
          .update(projects)
          .set({
            resultList: [...resultList, [...args.imageUrls]],
            data: sql`${projects.data} || ${JSON.stringify(patch)}::jsonb`,
            updatedAt: new Date(),
          })
          .where(eq(projects.id, args.projectId));
        return { message, promptIndex };
      });
    },
  };
}
export type DesignResultsRepo = ReturnType<typeof createDesignResultsRepo>;
