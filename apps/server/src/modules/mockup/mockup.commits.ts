import type { Transact } from '../../db/transact.js';
import { limitReached } from '../../http/errors.js';
import type { ChatMessageRow, ChatRepo, NewChatMessage } from '../chat/index.js';
import type { ProjectRepo } from '../project/index.js';
import type { MockupTemplateRow, MockupTemplatesRepo, NewMockupTemplateRow } from './mockup-templates.repo.js';
import type { MockupRepo } from './mockup.repo.js';

/** The repositories the mockup studio's results are committed with. */
export interface MockupTx {
  projects: Pick<ProjectRepo, 'lockAlive'>;
  chat: Pick<ChatRepo, 'append'>;
  mockup: Pick<MockupRepo, 'appendResult' | 'appendSnapshot' | 'takeSnapshot' | 'saveFaceUrls'>;
  mockupTemplates: Pick<MockupTemplatesRepo, 'insertCustom'>;
}

/**
 * The mockup studio's results and their messages, committed in one transaction under the project row
 * lock, so concurrent renders never lose each other's results and a crash leaves all of it or none.
 */
export function createMockupCommits(deps: { transact: Transact<MockupTx> }) {
  const { transact } = deps;
  return {
    /**
     * A finished render: its answer message appended and its images added to the project
     * (MockupRepo.appendResult). Null when the project is gone or the message exists (the job ran twice).
     */
    async commitResult(args: { projectId: string; imageUrls: readonly string[]; message: NewChatMessage }): Promise<ChatMessageRow | null> {
      return transact(async (tx) => {
        const row = await tx.projects.lockAlive(args.projectId);
        if (!row) return null;
        const [message] = await tx.chat.append(args.projectId, [args.message]);
        if (!message) return null;
        await tx.mockup.appendResult(row, args.imageUrls);
        return message;
      });
    },

    /**
     * A 3D preview snapshot appended to result_list. With `limit` (a Free account) it is counted for
     * the day first and refused (450, nothing written) past the limit; the count and the result commit
     * together. Null when the project is gone.
     */
    async commitSnapshot(args: {
      projectId: string;
      imageUrl: string;
      limit: { userId: string; day: string; max: number; message: string } | null;
    }): Promise<{ resultList: string[][]; count: number | null } | null> {
      return transact(async (tx) => {
        let count: number | null = null;
        if (args.limit) {
          count = await tx.mockup.takeSnapshot(args.limit.userId, args.limit.day, args.limit.max);
          if (count === null) throw limitReached(args.limit.message);
        }
        const row = await tx.projects.lockAlive(args.projectId);
        // Throwing rolls the count back with it.
        if (!row) return null;
        return { resultList: await tx.mockup.appendSnapshot(row, args.imageUrl), count };
      });
    },

    /**
     * A finished custom template: its row (owned by the user) and its mockupCustom message together.
     * Null when the project is gone or the message exists already (the job ran twice).
     */
    async commitCustom(args: {
      projectId: string;
      template: NewMockupTemplateRow & { ownerUserId: string };
      message: NewChatMessage;
    }): Promise<{ template: MockupTemplateRow; message: ChatMessageRow } | null> {
      return transact(async (tx) => {
        const row = await tx.projects.lockAlive(args.projectId);
        if (!row) return null;
        const [message] = await tx.chat.append(args.projectId, [args.message]);
        if (!message) return null;
        return { template: await tx.mockupTemplates.insertCustom(args.template), message };
      });
    },

    /** Rendered face images remembered in the design's meta, under its project's row lock. False when the project is gone. */
    async commitFaceUrls(args: { projectId: string; packshotUrl: string; faceUrls: Readonly<Record<string, string>> }): Promise<boolean> {
      return transact(async (tx) => {
        const row = await tx.projects.lockAlive(args.projectId);
        if (!row) return false;
        await tx.mockup.saveFaceUrls(row, args.packshotUrl, args.faceUrls);
        return true;
      });
    },
  };
}
export type MockupCommits = ReturnType<typeof createMockupCommits>;
