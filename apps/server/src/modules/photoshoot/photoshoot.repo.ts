import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { ExtractedCoordinates, SceneFamily } from '@packsmith/contracts';
import type { DbOrTx } from '../../db/client.js';
import { projects } from '../../db/schema.js';
import type { ProjectRow } from '../project/index.js';
import { withPreviews, type PreviewReplacement, type ScenePreview } from './scene-preview-data.js';

const alive = (id: string) => and(eq(projects.id, id), isNull(projects.deletedAt));

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** A finished cut-out as the project keeps it. */
export interface CutoutWrite {
  originImage: string;
  cutoutImage: string;
  coordinates: ExtractedCoordinates;
  palette: readonly string[];
  recommended: readonly string[];
  previews: readonly ScenePreview[];
}

/**
 * The photo shoot's writes to a project. Results are written with their messages by
 * photoshoot.commits.ts, in one transaction under the project row lock; `locked` is the project as
 * read under that lock.
 */
export function createPhotoshootRepo(db: DbOrTx) {
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
     * A finished cut-out of the photo the project still shows: cutout_image, origin_image, the
     * product palette, extracted_coordinates and, if none is chosen yet, select_background stored,
     * and the previews among the recommendations added to data.scene_previews (their light and floor line).
     */
    async saveCutout(locked: Pick<ProjectRow, 'id' | 'data'>, cut: CutoutWrite): Promise<void> {
      const data = locked.data ?? {};
      const chosen = typeof data.select_background === 'string' && data.select_background.trim() !== '';
      const patch: Record<string, unknown> = {
        origin_image: cut.originImage,
        cutout_image: cut.cutoutImage,
        product_palette: [...cut.palette],
        recommend_background: [...cut.recommended],
        ...(!chosen && cut.recommended[0] ? { select_background: cut.recommended[0] } : {}),
        ...(cut.previews.length > 0 ? { scene_previews: withPreviews(data, cut.previews) } : {}),
      };
      await db
        .update(projects)
        .set({ data: sql`${projects.data} || ${JSON.stringify(patch)}::jsonb`, extractedCoordinates: { ...cut.coordinates }, updatedAt: new Date() })
        .where(eq(projects.id, locked.id));
    },

    /**
     * A finished composite run: its images added to result_list (one list per run) and
     * data.imageUrls, and the background it used becomes data.select_background.
     */
    async appendRun(locked: Pick<ProjectRow, 'id' | 'resultList' | 'data'>, imageUrls: readonly string[], backgroundUrl: string): Promise<void> {
      const resultList = Array.isArray(locked.resultList) ? locked.resultList : [];
      const data = locked.data ?? {};
      const patch = { imageUrls: [...stringList(data.imageUrls), ...imageUrls], select_background: backgroundUrl };
      await db
        .update(projects)
        .set({ resultList: [...resultList, [...imageUrls]], data: sql`${projects.data} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
        .where(eq(projects.id, locked.id));
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

    /** Previews replaced by curated scenes: data.scene_previews, and data.recommend_background when the recommendations changed. */
    async savePreviewReplacement(projectId: string, replaced: PreviewReplacement): Promise<void> {
      const patch = { scene_previews: replaced.previews, ...(replaced.recommend ? { recommend_background: replaced.recommend } : {}) };
      await db
        .update(projects)
        .set({ data: sql`${projects.data} || ${JSON.stringify(patch)}::jsonb`, updatedAt: new Date() })
        .where(eq(projects.id, projectId));
    },
  };
}
export type PhotoshootRepo = ReturnType<typeof createPhotoshootRepo>;
