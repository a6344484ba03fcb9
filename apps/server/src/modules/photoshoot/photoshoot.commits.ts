import type { Transact } from '../../db/transact.js';
import type { ChatMessageRow, ChatRepo, NewChatMessage } from '../chat/index.js';
import type { ProjectRepo } from '../project/index.js';
import type { CutoutWrite, PhotoshootRepo } from './photoshoot.repo.js';
import type { PreviewReplacement } from './scene-preview-data.js';

/** The repositories the photo shoot's results are committed with. */
export interface PhotoshootTx {
  projects: Pick<ProjectRepo, 'lockAlive'>;
  chat: Pick<ChatRepo, 'append'>;
  photoshoot: Pick<PhotoshootRepo, 'saveCutout' | 'appendRun' | 'savePreviewReplacement'>;
}

/**
 * The photo shoot's results and their messages, committed in one transaction under the project row
 * lock, so concurrent runs never lose each other's results and a crash leaves all of it or none.
 */
export function createPhotoshootCommits(deps: { transact: Transact<PhotoshootTx> }) {
  const { transact } = deps;
  return {
    /**
     * A finished cut-out: its messages appended, and — when the project still shows the photo that
     * was cut out (a newer photo may have replaced it meanwhile) — the cut-out stored on the project
     * (PhotoshootRepo.saveCutout). Null when the project is gone or the messages exist already (the job ran twice).
     */
    async commitCutout(
      args: CutoutWrite & { projectId: string; messages: readonly NewChatMessage[] },
    ): Promise<{ messages: ChatMessageRow[]; current: boolean } | null> {
      return transact(async (tx) => {
        const row = await tx.projects.lockAlive(args.projectId);
        if (!row) return null;
        const messages = await tx.chat.append(args.projectId, args.messages);
        if (messages.length === 0) return null;
        const current = (row.data ?? {}).origin_image === args.originImage;
        if (current) await tx.photoshoot.saveCutout(row, args);
        return { messages, current };
      });
    },

    /**
     * A finished composite run: the answer message appended and the run's images added to the
     * project (PhotoshootRepo.appendRun). `message(runIndex)` builds the answer once the run's index
     * in result_list is known.
     */
    async commitComposite(args: {
      projectId: string;
      imageUrls: readonly string[];
      backgroundUrl: string;
      message: (runIndex: number) => NewChatMessage;
    }): Promise<{ message: ChatMessageRow; runIndex: number } | null> {
      return transact(async (tx) => {
        const row = await tx.projects.lockAlive(args.projectId);
        if (!row) return null;
        const runIndex = (Array.isArray(row.resultList) ? row.resultList : []).length;
        const [message] = await tx.chat.append(args.projectId, [args.message(runIndex)]);
        if (!message) return null;
        await tx.photoshoot.appendRun(row, args.imageUrls, args.backgroundUrl);
        return { message, runIndex };
      });
    },

    /**
     * Previews replaced by curated scenes: `replace` decides from the locked data (null: nothing to
     * do); data.scene_previews is written, and when the recommendations changed,
     * data.recommend_background and the `message` announcing them. The message when one was written, else null.
     */
    async commitPreviewReplacement(args: {
      projectId: string;
      replace: (data: Record<string, unknown>) => PreviewReplacement | null;
      message: (replaced: PreviewReplacement) => NewChatMessage;
    }): Promise<ChatMessageRow | null> {
      return transact(async (tx) => {
        const row = await tx.projects.lockAlive(args.projectId);
        if (!row) return null;
        const replaced = args.replace(row.data ?? {});
        if (!replaced) return null;
        await tx.photoshoot.savePreviewReplacement(args.projectId, replaced);
        if (!replaced.recommend) return null;
        const [message] = await tx.chat.append(args.projectId, [args.message(replaced)]);
        return message ?? null;
      });
    },
  };
}
export type PhotoshootCommits = ReturnType<typeof createPhotoshootCommits>;
