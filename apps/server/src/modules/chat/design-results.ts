import type { Transact } from '../../db/transact.js';
import type { ProjectRepo } from '../project/index.js';
import type { ChatMessageRow, ChatRepo, NewChatMessage } from './chat.repo.js';
import type { DesignMeta } from './design-brief.js';
import type { DesignResultsRepo } from './design-results.repo.js';

export interface CommittedAnswer {
  message: ChatMessageRow;
  promptIndex: number;
}

/** The repositories an answer is committed with. */
export interface DesignResultsTx {
  projects: Pick<ProjectRepo, 'lockAlive'>;
  chat: Pick<ChatRepo, 'append'>;
  designResults: DesignResultsRepo;
}

/**
 * Where a finished generation lands: the prompt's list of packshot URLs appended to
 * project.result_list (and data.imageUrls), each design's meta in data.designs_meta, and the answer
 * message, all in one transaction under the project row lock, so concurrent generations of one
 * project never lose each other's results and a crash leaves either all of it or none.
 */
export function createDesignResults(deps: { transact: Transact<DesignResultsTx> }) {
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
      return deps.transact(async (tx) => {
        const row = await tx.projects.lockAlive(args.projectId);
        if (!row) return null;
        const promptIndex = (Array.isArray(row.resultList) ? row.resultList : []).length;
        const [message] = await tx.chat.append(args.projectId, [args.message(promptIndex)]);
        if (!message) return null;
        await tx.designResults.appendPrompt(row, args.imageUrls, args.metaOf(promptIndex));
        return { message, promptIndex };
      });
    },
  };
}
export type DesignResults = ReturnType<typeof createDesignResults>;
