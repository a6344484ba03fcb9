import {
  DESIGN_IDEA_CATEGORIES,
  IDEA_PREVIEWS_PER_CATEGORY,
  lookupColour,
  lookupKeyword,
  lookupStyle,
  type CallParsedInput,
  type CategoryPreview,
  type IdeaDetail,
  type IdeaItem,
  type ideaCalls,
  type projectCalls,
} from '@packsmith/contracts';
import type { Transact } from '../../db/transact.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { FileAccess } from '../files/index.js';
import { boxInfo, designsOf, itemRowOf, stringList, toIdeaItem } from './ideas.dto.js';
import type { IdeaItemRow, IdeaProjectRow, IdeaQuery, IdeasRepo } from './ideas.repo.js';
import { sampleImage } from './idea-image.js';
import { boxSlugsFor, fileIdea, imageMatchScore, rankBy, resolveBox, resolveCategory, resolveColour, similarityScore, type Comparable } from './idea-rules.js';
import { canonicalTag, foldText, parseQuery, uniqueTags } from './idea-text.js';
import { FILED_TYPES } from './idea-filing.js';
import { queryIndex, type IdeaIndexCache } from './idea-index.js';

type Input<K extends keyof typeof ideaCalls> = CallParsedInput<(typeof ideaCalls)[K]>;
type OthersInput = CallParsedInput<typeof projectCalls.others>;
type IdeaList = { list: IdeaItem[]; total: number };

export const IdeaMsg = {
  noCategory: (name: string) => `No design-idea category called ${name}.`,
  noBox: (field: string, value: string) => `${field}: there is no box type called ${value}.`,
  notFound: 'Design idea not found.',
} as const;

/** What admins do to ideas, as written in the admin log. */
export const IdeaAdminAction = { curate: 'idea.curate' } as const;

/** How many ideas similar-idea and similar-image calls rank in memory (the most popular candidates). */
const RANKED_CANDIDATES = 600;

/** The AI image tools' keyword engine (modules/image-tools ImageToolEngines.imageKeywords). */
export type ImageKeywordsEngine = (image: { data: Uint8Array; width: number; height: number }) => Promise<{
  colors: { name: string; hex: string; share: number }[];
  tags: string[];
}>;

/** Appends to the admin log (the admin module's `log`, bound to the change's transaction). */
export type IdeaAdminLog<Tx> = (
  adminUserId: string,
  action: string,
  targetUserId: string | null,
  details: Record<string, unknown>,
  tx?: Tx,
) => Promise<unknown>;

const page = (q: { page_index: number; page_size: number }) => ({ limit: q.page_size, offset: (q.page_index - 1) * q.page_size });

function comparable(row: Pick<IdeaItemRow, 'ideaCategory' | 'tags' | 'palette' | 'likeCount' | 'viewCount'>): Comparable {
  return { category: row.ideaCategory, tags: stringList(row.tags), palette: stringList(row.palette), likeCount: row.likeCount, viewCount: row.viewCount };
}

/**
 * The design-idea gallery's reads and the admin's curation (docs/DESIGN-IDEAS.md). Every list
 * reads only listed ideas (published, not hidden, not deleted, filed, with a result image).
 */
export function createIdeasService<Tx extends { ideas: IdeasRepo }>(deps: {
  repo: IdeasRepo;
  transact: Transact<Tx>;
  adminLog: IdeaAdminLog<Tx>;
  files: { resolveOwnedImage: FileAccess['resolveOwnedImage']; read(key: string): Promise<Buffer> };
  /** A live project by id, whatever its state (the project module's access: modules/project ProjectAccess.load). */
  loadProject: (projectId: string) => Promise<IdeaProjectRow | null>;
  /** Null: palettes alone rank similar-by-image ideas. */
  keywords: ImageKeywordsEngine | null;
  /** The in-process search index (null: every list is one SQL query). */
  index: IdeaIndexCache | null;
  log: { warn(obj: Record<string, unknown>, msg: string): void };
}) {
  const { repo } = deps;

  async function list(q: IdeaQuery): Promise<IdeaList> {
    if (deps.index) {
      const { ids, total } = queryIndex(await deps.index.get(), q);
      return { list: (await repo.listedByIds(ids)).map(toIdeaItem), total };
    }
    const { rows, total } = await repo.list(q);
    return { list: rows.map(toIdeaItem), total };
  }

  function category(raw: string | undefined): string | undefined {
    if (!raw) return undefined;
    const found = resolveCategory(raw);
    if (!found) throw notFound(IdeaMsg.noCategory(raw));
    return found;
  }

  /** The box, style and colour filters of a list: empty values are dropped (SPEC §5). */
  function filters(q: { box?: string; style?: string; color?: string }): Pick<IdeaQuery, 'boxes' | 'tags'> {
    const out: Pick<IdeaQuery, 'boxes' | 'tags'> = {};
    if (q.box) {
      const box = resolveBox(q.box);
      if (!box) throw badRequest(IdeaMsg.noBox('box', q.box));
      out.boxes = [box.slug];
    }
    const tags = [q.style ? (lookupStyle(q.style)?.slug ?? canonicalTag(q.style)) : '', q.color ? resolveColour(q.color) : ''].filter(Boolean);
    if (tags.length > 0) out.tags = tags;
    return out;
  }

  return {
    /** GET /api/project/cate_preview_list: the 7 categories in SPEC order with their counts and a few previews. */
    async previewList(): Promise<{ list: CategoryPreview[] }> {
      const [counts, previews] = await Promise.all([repo.countsByCategory(), repo.previews(IDEA_PREVIEWS_PER_CATEGORY)]);
      return {
        list: DESIGN_IDEA_CATEGORIES.map(({ name }) => ({
          name,
          count: counts.get(name) ?? 0,
          list: previews.filter((r) => r.ideaCategory === name).map(toIdeaItem),
        })),
      };
    },

    /** GET /api/project/package/list: one category's ideas (all with no cate), filtered and sorted. */
    async packageList(q: Input<'packageList'>): Promise<IdeaList> {
      return list({ category: category(q.cate), ...filters(q), sort: q.sort, ...page(q) });
    },

    /** GET /api/project/search: relevance, then popularity; no searchable word = every idea, popular first. */
    async search(q: Input<'search'>): Promise<IdeaList> {
      const keyword = q.keyword ?? '';
      const query = parseQuery(keyword);
      // Only emoji or punctuation: nothing can match, and "everything" would not be an answer to it.
      if (!query && foldText(keyword) === '' && keyword.trim() !== '') return { list: [], total: 0 };
      return list({ category: category(q.cate), ...filters(q), query, sort: q.sort, ...page(q) });
    },

    /** GET /api/project/search/tag: ideas carrying the tag (slug, name or synonym, any case); no tag = every idea. */
    async searchTag(q: Input<'searchTag'>): Promise<IdeaList> {
      const keyword = (q.keyword ?? '').trim();
      if (keyword === '') return list({ ...page(q) });
      const known = [lookupStyle(keyword), lookupColour(keyword), lookupKeyword(keyword)].flatMap((t) => (t ? [t.slug] : []));
      const anyTag = uniqueTags([canonicalTag(keyword), ...known]).filter((t) => t !== '');
      if (anyTag.length === 0) return { list: [], total: 0 };
      return list({ anyTag, ...page(q) });
    },

    /** POST /api/project/category: keyword, mockup (box type or box category) and colour, empty ones dropped (SPEC §5). */
    async category(q: Input<'category'>): Promise<IdeaList> {
      const boxes = q.mockup ? boxSlugsFor(q.mockup) : undefined;
      if (boxes === null) throw badRequest(IdeaMsg.noBox('mockup', q.mockup ?? ''));
      const query = q.keyword ? parseQuery(q.keyword) : null;
      if (q.keyword && !query) return { list: [], total: 0 };
      return list({ category: category(q.cate), ...(boxes ? { boxes } : {}), ...(q.color ? { tags: [resolveColour(q.color)] } : {}), query, ...page(q) });
    },

    /** GET /api/project/idea: a listed idea with its story and designs; anything else is not found (nothing leaks). */
    async idea(userId: string | null, projectId: string): Promise<IdeaDetail> {
      const row = await repo.findListed(projectId);
      if (!row) throw notFound(IdeaMsg.notFound);
      const item = toIdeaItem(itemRowOf(row));
      return {
        ...item,
        story: row.story,
        brief: {
          product: row.product,
          brand: row.brand,
          box: stringList(row.box),
          element: stringList(row.element),
          style: stringList(row.style),
          color: stringList(row.color),
        },
        designs: designsOf(row),
        ...boxInfo(row.ideaBox),
        liked: userId ? await repo.hasLike(row.id, userId) : false,
        redesign_url: `/design-chat?fid=${encodeURIComponent(row.id)}`,
        mine: userId === row.userId,
      };
    },

    /**
     * GET /api/project/others. With project_id: the ideas most like that one (a listed idea, or the
     * caller's own project) — same category, shared tags, close palette — never itself. Without:
     * public projects of other users, newest first.
     */
    async others(userId: string, q: OthersInput): Promise<IdeaList> {
      const { limit, offset } = page(q);
      if (!q.project_id) {
        const { rows, total } = await repo.publicOfOthers(userId, q.type, limit, offset);
        return { list: rows.map(toIdeaItem), total };
      }
      const source = await deps.loadProject(q.project_id);
      // Another user's unpublished (or hidden) project is not there for this caller: the same 404 as an unknown id.
      const listed = source && source.isPublic && !source.hidden && source.ideaCategory !== null;
      if (!source || (!listed && source.userId !== userId)) throw notFound('Project not found.');
      let basis = comparable(source);
      if (source.ideaCategory === null && FILED_TYPES.has(source.type)) {
        // The caller's own unpublished design: filed on the fly, as publishing it would.
        const filing = fileIdea({ ...source, boxId: typeof source.data?.box_id === 'number' ? source.data.box_id : null });
        basis = {
          ...basis,
          category: filing.category,
          tags: filing.tags,
          palette: designsOf(source).find((d) => d.palette.length > 0)?.palette ?? basis.palette,
        };
      }
      const candidates = await repo.similarCandidates(source.id, basis.category, basis.tags, RANKED_CANDIDATES);
      const ranked = rankBy(candidates, (c) => similarityScore(basis, comparable(c)));
      return { list: ranked.slice(offset, offset + limit).map(toIdeaItem), total: ranked.length };
    },

    /**
     * POST /api/project/similar/image: the caller's own image (or any public file) — another user's
     * private file is refused like every call taking an image — read for its palette and the image
     * tools' keywords, and the ideas ranked by palette (ΔE in Lab) and keyword/tag overlap.
     */
    async similarImage(userId: string, q: Input<'similarImage'>): Promise<IdeaList & { palette: string[]; keywords: string[] }> {
      let owned;
      try {
        owned = await deps.files.resolveOwnedImage(userId, q.image_url);
      } catch (err) {
        if (err instanceof AppError) throw new AppError(err.code, `image_url: ${err.message}`);
        throw err;
      }
      const sampled = await sampleImage(await deps.files.read(owned.key)).catch(() => {
        throw badRequest('image_url: this file is not an image we can read.');
      });
      let palette = sampled.palette;
      let keywords: string[] = [];
      if (deps.keywords) {
        try {
          const found = await deps.keywords(sampled.rgb);
          if (found.colors.length > 0) palette = found.colors.map((c) => c.hex);
          keywords = uniqueTags([...found.colors.map((c) => c.name), ...found.tags]);
        } catch (err) {
          // The palette alone still ranks; the engine's failure is logged, not the caller's problem.
          deps.log.warn({ err }, 'ideas: the image keyword engine failed; ranking by palette alone');
        }
      }
      const candidates = await repo.popular(RANKED_CANDIDATES);
      const ranked = rankBy(candidates, (c) => imageMatchScore({ palette, keywords }, comparable(c)));
      return { list: ranked.slice(0, q.page_size).map(toIdeaItem), total: ranked.length, palette, keywords };
    },

    /** GET /api/admin/ideas: every public idea, hidden ones too, newest first. */
    async adminIdeas(q: Input<'adminIdeas'>): Promise<{ list: (IdeaItem & { hidden: boolean })[]; total: number }> {
      const { limit, offset } = page(q);
      const { rows, total } = await repo.adminList(q.keyword || undefined, limit, offset);
      return { list: rows.map((r) => ({ ...toIdeaItem(r), hidden: r.hidden })), total };
    },

    /** PUT /api/admin/idea: feature or hide an idea, with the admin log entry in the same transaction. */
    async adminSetIdea(adminUserId: string, q: Input<'adminSetIdea'>): Promise<{ project_id: string; featured: boolean; hidden: boolean }> {
      const patch = { ...(q.featured !== undefined ? { featured: q.featured } : {}), ...(q.hidden !== undefined ? { hidden: q.hidden } : {}) };
      if (Object.keys(patch).length === 0) throw badRequest('Send featured or hidden (or both).');
      return deps.transact(async (tx) => {
        const after = await tx.ideas.setCuration(q.project_id, patch);
        if (!after) throw notFound(IdeaMsg.notFound);
        deps.index?.invalidate();
        await deps.adminLog(adminUserId, IdeaAdminAction.curate, null, { project_id: q.project_id, ...patch }, tx);
        return { project_id: q.project_id, ...after };
      });
    },
  };
}
export type IdeasService = ReturnType<typeof createIdeasService>;
