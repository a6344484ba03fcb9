import type { SceneFamily, SceneTemplate } from '@packsmith/contracts';
import { newId } from '../../lib/ids.js';
import type { ProjectEmitter } from '../../realtime/emitter.js';
import { toChatMessageDto } from '../chat/index.js';
import type { FileService } from '../files/index.js';
import type { ProjectAccess } from '../project/index.js';
import type { PhotoshootCommits } from './photoshoot.commits.js';
import { MessageIds, PhotoshootMsg, type PhotoshootChat } from './photoshoot.messages.js';
import type { PhotoshootRepo } from './photoshoot.repo.js';
import { SCENE_FAMILY_LABELS } from './scene-catalog.js';
import type { SceneTemplatesService, ScoredTemplate } from './scene-templates.service.js';

/*
 * Quick previews for the first photos of a fresh install. While fewer than
 * MIN_RECOMMENDED curated scenes exist (seeding renders them after the server listens), a cut-out
 * also renders previews of the best-matching families that have no curated scene yet, so its
 * photoshootRecommend carries at least MIN_RECOMMENDED scenes. When seeding ends a round, the
 * previews still recommended are replaced by the curated scene of the same family.
 *
 * Previews are the user's files, like the remote engine's backdrops (provider-scenes.ts): each is
 * made for one product's palette and referenced by one project, so it belongs to its owner (deleted
 * with the account, private to them) rather than to the public gallery, which only holds the
 * curated set. Their light and floor line are kept in the project's data.scene_previews, which the
 * background call reads, and the files are never deleted here: a preview may be the chosen background.
 */

import { previewRecord, previewsOf, replacePreviews, stringList, type MadePreview } from './scene-preview-data.js';

export {
  MIN_RECOMMENDED,
  ScenePreviewSchema,
  previewRecord,
  previewsOf,
  replacePreviews,
  withPreviews,
  type MadePreview,
  type PreviewReplacement,
  type ScenePreview,
} from './scene-preview-data.js';

export interface ScenePreviewsDeps {
  repo: Pick<PhotoshootRepo, 'projectsWithPreviewsOf'>;
  commits: Pick<PhotoshootCommits, 'commitPreviewReplacement'>;
  access: Pick<ProjectAccess, 'load'>;
  files: Pick<FileService, 'saveGenerated'>;
  templates: Pick<SceneTemplatesService, 'previews' | 'scored'>;
  chat: Pick<PhotoshootChat, 'emit'>;
  realtime: ProjectEmitter;
  log: { warn(obj: Record<string, unknown>, msg: string): void };
}

export function createScenePreviews(deps: ScenePreviewsDeps) {
  const { repo, templates, log } = deps;

  /**
   * Replaces this project's recommended previews whose family now has a curated scene, each by the
   * best-ranked curated scene of its family for the product (replacePreviews). The new list goes to
   * data.recommend_background and, as a photoshootRecommend without record_id, to the chat;
   * project:updated follows. select_background is left alone: a chosen preview stays usable.
   * Idempotent (replaced previews are marked). True when the recommendations changed.
   */
  async function swapProject(projectId: string, gallery: readonly ScoredTemplate[] | null = null): Promise<boolean> {
    const before = await deps.access.load(projectId);
    if (!before || previewsOf(before.data).every((p) => p.replaced_by !== null)) return false;
    const palette = stringList(before.data?.product_palette);
    // Ranked for this product; without its palette the gallery order (as the caller may pass it) will do.
    const ranked = palette.length > 0 || !gallery ? await templates.scored({ palette, name: before.product }) : gallery;
    const curatedOf = new Map<SceneFamily, string>();
    for (const { template } of ranked) if (!curatedOf.has(template.family)) curatedOf.set(template.family, template.image_url);

    const written = await deps.commits.commitPreviewReplacement({
      projectId,
      replace: (data) => replacePreviews(data, curatedOf),
      message: (replaced) => {
        const records = new Map<string, SceneTemplate>();
        for (const preview of replaced.previews) if (preview.replaced_by === null) records.set(preview.image_url, previewRecord(preview));
        for (const { template } of ranked) records.set(template.image_url, template);
        const recommend = replaced.recommend ?? [];
        return {
          id: MessageIds.previewsReplaced(newId()),
          role: 'assistant',
          kind: 'photoshootRecommend',
          message: PhotoshootMsg.previewsReplaced,
          // No record_id: this recommendation follows seeding, not a cut-out (the contract allows it).
          data: { recommend_background: recommend, templates: recommend.flatMap((url) => records.get(url) ?? []) },
        };
      },
    });
    if (!written) return false;
    deps.chat.emit([toChatMessageDto(written)]);
    deps.realtime.emitToProject(projectId, 'project:updated', { project_id: projectId });
    return true;
  }

  return {
    /**
     * Renders `count` previews for a product (families in `exclude` have curated scenes) and stores
     * them as the user's files. Best first; fewer when renders fail or miss the deadline.
     */
    async make(args: {
      userId: string;
      recordId: string;
      palette: readonly string[];
      product: string;
      count: number;
      exclude: ReadonlySet<SceneFamily>;
      signal: AbortSignal;
    }): Promise<MadePreview[]> {
      const rendered = await templates.previews({ palette: args.palette, name: args.product }, args.count, args.exclude, args.signal);
      const made: MadePreview[] = [];
      for (const r of rendered) {
        args.signal.throwIfAborted();
        const url = (await deps.files.saveGenerated(args.userId, r.scene.png)).url;
        made.push({
          score: r.score,
          preview: {
            id: `preview_${args.recordId}_${r.family}`,
            name: `${SCENE_FAMILY_LABELS[r.family]} · preview`,
            family: r.family,
            category: r.scene.category,
            colors: [...r.scene.colors],
            color_tags: [...r.scene.colorTags],
            image_url: url,
            // A 1024 px scene is small enough to show as its own thumbnail.
            thumbnail_url: url,
            width: r.scene.width,
            height: r.scene.height,
            light: r.scene.light,
            floor_y: Math.min(1, Math.max(0, r.scene.floorY)),
            replaced_by: null,
          },
        });
      }
      return made;
    },

    swapProject: (projectId: string) => swapProject(projectId),

    /** After seeding ends a round: every project with a preview of a family that now has a curated scene. */
    async swapAll(): Promise<number> {
      const gallery = await templates.scored({ palette: [] });
      const families = [...new Set(gallery.map((t) => t.template.family))];
      let swapped = 0;
      for (const id of await repo.projectsWithPreviewsOf(families)) {
        try {
          if (await swapProject(id, gallery)) swapped += 1;
        } catch (err) {
          // The next round (or start) tries this project again.
          log.warn({ err, projectId: id }, 'photoshoot: replacing previews failed');
        }
      }
      return swapped;
    },
  };
}
export type ScenePreviews = ReturnType<typeof createScenePreviews>;
