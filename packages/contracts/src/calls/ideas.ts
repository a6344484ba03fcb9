import { z } from 'zod';
import { defineCall } from '../call.js';
import { DesignIdeaCategoryNameSchema } from '../catalog/categories.js';
import { ProjectSummarySchema } from '../entities.js';

/*
 * Design ideas (SPEC §1, §2 /design-ideas/…, §7 the project gallery calls): public projects with
 * their designs, filed under a design-idea category and tagged with box type, style, colour and
 * keywords. The gallery is seeded with ideas the design engine made ("made by Packsmith"); users
 * publish their own with PUT /api/project {is_public}. Hidden ideas (admin) and private projects
 * never appear in any list or search.
 */

/** Paging of every gallery list: page_index from 1. */
export const IDEA_PAGE_SIZE_MAX = 60;
export const IDEA_PAGE_SIZE_DEFAULT = 24;
/** Ideas shown per category by cate_preview_list. */
export const IDEA_PREVIEWS_PER_CATEGORY = 4;
/** Longest keyword accepted by the search calls. */
export const IDEA_KEYWORD_MAX = 100;

const PageIndex = z.coerce.number().int('page_index must be a whole number.').min(1, 'page_index must be 1 or more.').default(1);
const PageSize = z.coerce
  .number()
  .int('page_size must be a whole number.')
  .min(1, 'page_size must be 1 or more.')
  .max(IDEA_PAGE_SIZE_MAX, `page_size must be at most ${IDEA_PAGE_SIZE_MAX}.`)
  .default(IDEA_PAGE_SIZE_DEFAULT);
const Keyword = z.string().trim().max(IDEA_KEYWORD_MAX, `keyword: at most ${IDEA_KEYWORD_MAX} characters.`);
const ProjectId = z.string().min(1, 'project_id is required.').max(64);

/** The gallery's sort orders: popular = likes then views, newest = published first. */
export const IDEA_SORTS = ['popular', 'newest'] as const;
export const IdeaSortSchema = z.enum(IDEA_SORTS, { error: `sort must be one of ${IDEA_SORTS.join(', ')}.` });

/**
 * Filters a gallery list may carry. Empty strings are dropped (SPEC §5), so a form can send every
 * field. `box` is a box type slug or id, `style` a style tag slug, `color` a colour tag slug.
 */
export const IdeaFiltersSchema = z.object({
  box: z.string().trim().max(64).optional(),
  style: z.string().trim().max(64).optional(),
  color: z.string().trim().max(64).optional(),
  sort: IdeaSortSchema.optional(),
});

/**
 * One idea in a list. A superset of ProjectSummary, so screens that list projects can list ideas.
 * `cover_url` is the first packshot; `width`/`height` its pixel size (masonry tiles reserve the space).
 */
export const IdeaItemSchema = ProjectSummarySchema.extend({
  category: DesignIdeaCategoryNameSchema.nullable(),
  cover_url: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Style, colour, element and keyword tags, deduplicated (slugs where the catalogue has one). */
  tags: z.array(z.string()),
  /** The box type slug of the idea's pack, or null. */
  box: z.string().nullable(),
  /** Hex colours of the first design, most used first. */
  palette: z.array(z.string()),
  like_count: z.number().int(),
  view_count: z.number().int(),
  featured: z.boolean(),
  /** Seeded by Packsmith's own design engine (not a user's published project). */
  made_by_packsmith: z.boolean(),
});
export type IdeaItem = z.infer<typeof IdeaItemSchema>;

export const IdeaListSchema = z.object({ list: z.array(IdeaItemSchema), total: z.number().int() });
export type IdeaList = z.infer<typeof IdeaListSchema>;

/** One design of an idea: its packshot (3D) and flat front. */
export const IdeaDesignSchema = z.object({
  packshot_url: z.string(),
  front_url: z.string().nullable(),
  palette: z.array(z.string()),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type IdeaDesign = z.infer<typeof IdeaDesignSchema>;

/** One idea with its story: the brief it was made from, its designs, box, palette and counts. */
export const IdeaDetailSchema = IdeaItemSchema.extend({
  /** The brief as written (a sentence or two a brand owner would type). */
  story: z.string(),
  brief: z.object({
    product: z.string(),
    brand: z.string(),
    box: z.array(z.string()),
    element: z.array(z.string()),
    style: z.array(z.string()),
    color: z.array(z.string()),
  }),
  designs: z.array(IdeaDesignSchema),
  /** The box type as the catalogue names it. */
  box_name: z.string().nullable(),
  box_id: z.number().int().nullable(),
  /** Whether the caller likes it. */
  liked: z.boolean(),
  /** Where "Redesign for my product" goes: the design chat forking this idea. */
  redesign_url: z.string(),
  /** The caller owns it (may unpublish it from the projects screen). */
  mine: z.boolean(),
});
export type IdeaDetail = z.infer<typeof IdeaDetailSchema>;

export const CategoryPreviewSchema = z.object({
  name: DesignIdeaCategoryNameSchema,
  count: z.number().int(),
  list: z.array(IdeaItemSchema),
});
export type CategoryPreview = z.infer<typeof CategoryPreviewSchema>;

export const catePreviewList = defineCall({
  method: 'GET',
  path: '/api/project/cate_preview_list',
  auth: 'public',
  summary: 'Each design-idea category with a few previews and its count',
  input: z.object({}),
  data: z.object({ list: z.array(CategoryPreviewSchema) }),
});

export const packageList = defineCall({
  method: 'GET',
  path: '/api/project/package/list',
  auth: 'public',
  summary: "A design-idea category's ideas, paged (cate: the category name; empty = every category)",
  input: IdeaFiltersSchema.extend({
    cate: z.string().trim().max(64).optional(),
    page_index: PageIndex,
    page_size: PageSize,
  }),
  data: IdeaListSchema,
});

export const search = defineCall({
  method: 'GET',
  path: '/api/project/search',
  auth: 'public',
  summary: 'Search design ideas by text over brand, product and tags (relevance, then popularity)',
  input: IdeaFiltersSchema.extend({
    keyword: Keyword.optional(),
    cate: z.string().trim().max(64).optional(),
    page_index: PageIndex,
    page_size: PageSize,
  }),
  data: IdeaListSchema,
});

export const searchTag = defineCall({
  method: 'GET',
  path: '/api/project/search/tag',
  auth: 'public',
  summary: 'Design ideas carrying a tag (style, colour, element or keyword), paged',
  input: z.object({ keyword: Keyword.optional(), page_index: PageIndex, page_size: PageSize }),
  data: IdeaListSchema,
});

export const category = defineCall({
  method: 'POST',
  path: '/api/project/category',
  auth: 'public',
  summary: 'Design ideas by keyword, mockup (box type) and colour; empty values are dropped (SPEC §5)',
  input: z.object({
    keyword: Keyword.optional(),
    /** A box type slug or id, or a box category name. */
    mockup: z.string().trim().max(64).optional(),
    color: z.string().trim().max(64).optional(),
    cate: z.string().trim().max(64).optional(),
    page_index: PageIndex,
    page_size: PageSize,
  }),
  data: IdeaListSchema,
});

export const idea = defineCall({
  method: 'GET',
  path: '/api/project/idea',
  auth: 'public',
  summary: 'One design idea with its brief, designs, box, palette, views and likes',
  input: z.object({ project_id: ProjectId }),
  data: IdeaDetailSchema,
});

export const similarImage = defineCall({
  method: 'POST',
  path: '/api/project/similar/image',
  auth: 'session',
  summary: 'Design ideas similar to an uploaded image (its palette and keywords)',
  input: z.object({ image_url: z.string().min(1, 'image_url is required.').max(2000), page_size: PageSize }),
  data: IdeaListSchema.extend({ palette: z.array(z.string()), keywords: z.array(z.string()) }),
});

export const adminIdeas = defineCall({
  method: 'GET',
  path: '/api/admin/ideas',
  auth: 'user',
  summary: 'Admin: every public idea (hidden ones too), newest first',
  input: z.object({ keyword: Keyword.optional(), page_index: PageIndex, page_size: PageSize }),
  data: z.object({ list: z.array(IdeaItemSchema.extend({ hidden: z.boolean() })), total: z.number().int() }),
});

export const adminSetIdea = defineCall({
  method: 'PUT',
  path: '/api/admin/idea',
  auth: 'user',
  summary: 'Admin: feature or hide a design idea',
  input: z.object({ project_id: ProjectId, featured: z.boolean().optional(), hidden: z.boolean().optional() }),
  data: z.object({ project_id: z.string(), featured: z.boolean(), hidden: z.boolean() }),
});
