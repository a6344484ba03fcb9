import { designsOf } from './ideas.dto.js';
import type { IdeaProjectRow, IdeasRepo } from './ideas.repo.js';
import { fileIdea } from './idea-rules.js';
import { searchTexts } from './idea-text.js';
import { boxBySlug } from '@packsmith/contracts';
import type { IdeaIndexCache } from './idea-index.js';

/** Project types the gallery files when published: packaging designs (photo shoots, mockups and quotes are not ideas). */
export const FILED_TYPES: ReadonlySet<string> = new Set(['design', 'childDesign']);

/**
 * Files a user's published project into the gallery (docs/DESIGN-IDEAS.md "Publishing"): its
 * category from the product (a keyword classifier), tags from style, colour, element and product
 * words, the palette of its latest design, its box, the folded search text, and published_at the
 * first time. The project module calls `refile` after every change of a public project (publish,
 * brief, rename), so the search text follows the brief; unpublishing needs nothing here, because
 * every list reads is_public.
 */
export function createIdeaFiling(deps: { repo: Pick<IdeasRepo, 'file'>; index?: Pick<IdeaIndexCache, 'invalidate' | 'setLikes'> | null; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return {
    /** A project was deleted: the search index reloads on its next use. */
    removed(): void {
      deps.index?.invalidate();
    },

    /** A like changed a project's count: popular lists follow at once. */
    liked(projectId: string, likeCount: number): void {
      deps.index?.setLikes(projectId, likeCount);
    },

    async refile(row: IdeaProjectRow): Promise<void> {
      deps.index?.invalidate();
      if (!row.isPublic || !FILED_TYPES.has(row.type) || row.seedKey !== null) return;
      const boxId = typeof row.data?.box_id === 'number' ? row.data.box_id : null;
      const filing = fileIdea({
        name: row.name,
        product: row.product,
        brand: row.brand,
        box: row.box,
        style: row.style,
        color: row.color,
        element: row.element,
        boxId,
      });
      // The latest design's palette (the design chat keeps one per design); the stored one when it kept none.
      const palette = designsOf(row).find((d) => d.palette.length > 0)?.palette ?? row.palette;
      const boxName = filing.box ? boxBySlug(filing.box)?.name : undefined;
      await deps.repo.file(row.id, {
        ideaCategory: filing.category,
        tags: filing.tags,
        palette: [...palette],
        ideaBox: filing.box,
        ...searchTexts({ brand: row.brand, product: row.product, name: row.name, tags: filing.tags, extraTags: boxName ? [boxName] : [], story: row.story }),
        publishedAt: row.publishedAt ?? now(),
      });
      // Written now: the index must not have been reloaded from the rows before this write.
      deps.index?.invalidate();
    },
  };
}
export type IdeaFiling = ReturnType<typeof createIdeaFiling>;
