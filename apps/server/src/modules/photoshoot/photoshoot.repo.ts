import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { ExtractedCoordinates, SceneFamily } from '@packsmith/contracts';
import type { Db } from '../../db/client.js';
import { projects } from '../../db/schema.js';
import { createChatRepo, type ChatMessageRow, type NewChatMessage } from '../chat/chat.repo.js';
import { withPreviews, type PreviewReplacement, type ScenePreview } from './scene-preview-data.js';

const alive = (id: string) => and(eq(projects.id, id), isNull(projects.deletedAt));

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * The photo shoot's writes to a project. Results and their messages are committed in one
 * transaction under the project row lock, so concurrent runs never lose each other's results and a
 * crash leaves all of it or none.
 */
export function createPhotoshootRepo(db: Db) {
  return {
    /**
     * A new product photo: origin_image set; the previous cut-out, its palette and coordinates no
     * longer describe it, so they go (the background call then waits for the new cut-out).
     */
    async setOrigin(projectId: string, originImage: string): Promise<boolean> {
      const rows = await db
        .update(projects)
        .set({
          data: sql`(${projects.data} - 'cutout_image' - 'product_palette') || ${JSON.stringify({ origin_image: originImage })}::jsonb`,
          extractedCoordinates: null,
          updatedAt: new Date(),
        })
        .where(alive(projectId))
        .returning({ id: projects.id });
      return rows.length > 0;
    },

    /**
     * A finished cut-out: its messages appended, and — when the project still shows the photo that
     * was cut out (a newer photo may have replaced it meanwhile) — cutout_image, origin_image, the
     * product palette, extracted_coordinates and, if none is chosen yet, select_background stored,
     * and the previews among the recommendations added to data.scene_previews (their light and floor line).
     * Null when the project is gone or the messages exist already (the job ran twice).
     */
    async commitCutout(args: {
      projectId: string;
      originImage: string;
      cutoutImage: string;
      coordinates: ExtractedCoordinates;
      palette: readonly string[];
      recommended: readonly string[];
      previews: readonly ScenePreview[];
      messages: readonly NewChatMessage[];
    }): Promise<{ messages: ChatMessageRow[]; current: boolean } | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(projects).where(alive(args.projectId)).for('update').limit(1);
        if (!row) return null;
        const messages = await createChatRepo(tx).append(args.projectId, args.messages);
        if (messages.length === 0) return null;
        const data = row.data ?? {};
        const current = data.origin_image === args.originImage;
        if (current) {
          const chosen = typeof data.select_background === 'string' && data.select_background.trim() !== '';
          const patch: Record<string, unknown> = {
            origin_image: args.originImage,
            cutout_image: args.cutoutImage,
            product_palette: [...args.palette],
            recommend_background: [...args.recommended],
            ...(!chosen && args.recommended[0] ? { select_background: args.recommended[0] } : {}),
            ...(args.previews.length > 0 ? { scene_previews: withPreviews(data, args.previews) } : {}),
          };
          await tx
            .update(projects)
            .set({ data: sql`${projects.data} || ${JSON.stringify(patch)}::jsonb`, extractedCoordinates: { ...args.coordinates }, updatedAt: new Date() })
            .where(eq(projects.id, args.projectId));
        }
        return { messages, current };
      });
    },

    /**
     * A finished composite run: the answer message appended, its images added to result_list (one
     * list per run) and data.imageUrls, and the background it used becomes data.select_background.
     * `message(runIndex)` builds the answer once the run's index in result_list is known.
     */
    async commitComposite(args: {
      projectId: string;
      imageUrls: readonly string[];
      backgroundUrl: string;
      message: (runIndex: number) => NewChatMessage;
    }): Promise<{ message: ChatMessageRow; runIndex: number } | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(projects).where(alive(args.projectId)).for('update').limit(1);
        if (!row) return null;
        const resultList = Array.isArray(row.resultList) ? row.resultList : [];
        const runIndex = resultList.length;
        const [message] = await createChatRepo(tx).append(args.projectId, [args.message(runIndex)]);
        if (!message) return null;
        const data = row.data ?? {};
        const patch = { imageUrls: [...stringList(data.imageUrls), ...args.imageUrls], select_background: args.backgroundUrl };
        await tx
          .update(projects)
          .set({ resultList: [...resultList, [...args.imageUrls]], data: sql`${projects.data} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
          .where(eq(projects.id, args.projectId));
        return { message, runIndex };
      });
    },

    /** Projects holding a preview of one of `families` not replaced yet (scene-previews.ts). */
    async projectsWithPreviewsOf(families: readonly SceneFamily[]): Promise<string[]> {
      if (families.length === 0) return [];
      const waiting = families.map((family) => sql`${projects.data} -> 'scene_previews' @> ${JSON.stringify([{ family, replaced_by: null }])}::jsonb`);
      const rows = await db
        .select({ id: projects.id })
        .from(projects)
        .where(and(isNull(projects.deletedAt), or(...waiting)));
      return rows.map((r) => r.id);
    },

    /**
     * Previews replaced by curated scenes, under the project row lock: `replace` decides from the
     * locked data (null: nothing to do); data.scene_previews is written, and when the
     * recommendations changed, data.recommend_background and the `message` announcing them. The
     * message when one was written, else null.
     */
    async commitPreviewReplacement(args: {
      projectId: string;
      replace: (data: Record<string, unknown>) => PreviewReplacement | null;
      message: (replaced: PreviewReplacement) => NewChatMessage;
    }): Promise<ChatMessageRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(projects).where(alive(args.projectId)).for('update').limit(1);
        if (!row) return null;
        const replaced = args.replace(row.data ?? {});
        if (!replaced) return null;
        const patch = { scene_previews: replaced.previews, ...(replaced.recommend ? { recommend_background: replaced.recommend } : {}) };
        await tx
          .update(projects)
          .set({ data: sql`${projects.data} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
          .where(eq(projects.id, args.projectId));
        if (!replaced.recommend) return null;
        const [message] = await createChatRepo(tx).append(args.projectId, [args.message(replaced)]);
        return message ?? null;
      });
    },
  };
}
export type PhotoshootRepo = ReturnType<typeof createPhotoshootRepo>;
