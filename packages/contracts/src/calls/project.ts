import { z } from 'zod';
import { defineCall } from '../call.js';
import { boundedJson } from '../input-safety.js';
import { IdeaItemSchema } from './ideas.js';
import { BRIEF_LIMITS, ProjectDataSchema, ProjectSchema, ProjectSummarySchema, ProjectTypeSchema } from '../entities.js';

const ProjectId = z.string().min(1, 'project_id is required.').max(64);
const Tags = z.array(z.string().trim().max(100)).max(50);
/** Style, colour and element tags: the engine's limits, so an accepted brief is always designable. */
const BriefTags = (field: string) =>
  z
    .array(z.string().trim().max(BRIEF_LIMITS.tag, `${field}: each at most ${BRIEF_LIMITS.tag} characters.`))
    .max(BRIEF_LIMITS.tags, `${field}: at most ${BRIEF_LIMITS.tags} items.`);

export const create = defineCall({
  method: 'POST',
  path: '/api/project',
  auth: 'session',
  summary: 'Create a project (optionally forked from another)',
  input: z.object({ type: ProjectTypeSchema, fork_from: z.string().max(64).optional() }),
  data: ProjectSchema,
});

export const update = defineCall({
  method: 'PUT',
  path: '/api/project',
  auth: 'session',
  summary: 'Update the brief or data of a project',
  input: z.object({
    project_id: ProjectId,
    data: z.object({
      product: z.string().max(BRIEF_LIMITS.product, `product: at most ${BRIEF_LIMITS.product} characters.`).optional(),
      brand: z.string().max(BRIEF_LIMITS.brand, `brand: at most ${BRIEF_LIMITS.brand} characters.`).optional(),
      box: Tags.optional(),
      element: BriefTags('element').optional(),
      style: BriefTags('style').optional(),
      color: BriefTags('color').optional(),
      logo: z.string().max(2000).optional(),
      /** Published projects are readable (and forkable) by everyone and listed in others. */
      is_public: z.boolean().optional(),
      /**
       * Merged shallowly into the stored data: keys given replace those kept. Free-form, so bounded
       * (JSON_LIMITS per request; the merged result by PROJECT_DATA_MAX_BYTES, checked on save).
       */
      data: boundedJson(ProjectDataSchema).optional(),
    }),
  }),
  data: ProjectSchema,
});

export const remove = defineCall({
  method: 'DELETE',
  path: '/api/project',
  auth: 'session',
  summary: 'Delete a project',
  input: z.object({ project_id: ProjectId }),
  data: z.object({ deleted: z.boolean() }),
});

export const info = defineCall({
  method: 'GET',
  path: '/api/project/info',
  auth: 'session',
  summary: 'A project (owner, or anyone when public)',
  input: z.object({ project_id: ProjectId }),
  data: ProjectSchema,
});

export const detail = defineCall({
  method: 'GET',
  path: '/api/project/detail',
  auth: 'session',
  summary: 'A project with its children and latest record',
  input: z.object({ project_id: ProjectId }),
  data: ProjectSchema.extend({ children: z.array(ProjectSummarySchema) }),
});

/** Sort orders of the projects screen. */
export const PROJECT_SORTS = ['updated', 'newest', 'oldest', 'name'] as const;
export const ProjectSortSchema = z.enum(PROJECT_SORTS, { error: `sort must be one of ${PROJECT_SORTS.join(', ')}.` });

/** A project of the list with its child designs (newest first), so a screen shows them under their parent. */
export const ProjectListItemSchema = ProjectSummarySchema.extend({ children: z.array(ProjectSummarySchema) });
export type ProjectListItem = z.infer<typeof ProjectListItemSchema>;

export const list = defineCall({
  method: 'GET',
  path: '/api/project/list',
  auth: 'session',
  summary: "The current user's projects (children under their parent), newest first unless sorted",
  input: z.object({
    type: ProjectTypeSchema.optional(),
    /** Matches name, brand or product (any case) of a project or of one of its children. */
    keyword: z.string().trim().max(100, 'keyword: at most 100 characters.').optional(),
    sort: ProjectSortSchema.optional(),
    page_index: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(24),
  }),
  /** Top-level projects; with type childDesign the child designs themselves, each with no children. */
  data: z.object({ list: z.array(ProjectListItemSchema), total: z.number().int() }),
});

/** How long a deleted project can still be restored (the projects screen's undo). */
export const PROJECT_RESTORE_WINDOW_MS = 10 * 60 * 1000;

export const restore = defineCall({
  method: 'POST',
  path: '/api/project/restore',
  auth: 'session',
  summary: 'Undo the delete of a project (within minutes of the delete)',
  input: z.object({ project_id: ProjectId }),
  data: ProjectSummarySchema,
});

export const view = defineCall({
  method: 'POST',
  path: '/api/project/view',
  auth: 'session',
  summary: 'Count a view of a project',
  input: z.object({ project_id: ProjectId }),
  data: z.object({ view_count: z.number().int() }),
});

export const rename = defineCall({
  method: 'PUT',
  path: '/api/project/name',
  auth: 'session',
  summary: 'Rename a project',
  input: z.object({ project_id: ProjectId, name: z.string().trim().min(1, 'name must not be empty.').max(120) }),
  data: z.object({ project_id: z.string(), name: z.string() }),
});

export const likeStatus = defineCall({
  method: 'GET',
  path: '/api/project/like/status',
  auth: 'session',
  summary: 'Whether the user likes a project',
  input: z.object({ project_id: ProjectId }),
  data: z.object({ liked: z.boolean(), like_count: z.number().int() }),
});

export const like = defineCall({
  method: 'POST',
  path: '/api/project/like',
  auth: 'session',
  summary: 'Like a project, or undo the like',
  input: z.object({ project_id: ProjectId }),
  data: z.object({ liked: z.boolean(), like_count: z.number().int() }),
});

export const LikeImageTypeSchema = z.enum(['like', 'dislike', 'best']);

export const likeImage = defineCall({
  method: 'POST',
  path: '/api/project/like/image',
  auth: 'session',
  summary: 'Like, dislike or pick best of a result image; sending it again undoes it',
  input: z.object({ project_id: ProjectId, image_url: z.string().min(1).max(2000), type: LikeImageTypeSchema }),
  data: z.object({ like_list: z.array(z.string()), dislike_list: z.array(z.string()), like_best: z.string().nullable() }),
});

export const createChild = defineCall({
  method: 'POST',
  path: '/api/project/child',
  auth: 'session',
  summary: 'A child design from a parent project image',
  input: z.object({ parent_project_id: ProjectId, edit_image_url: z.string().min(1).max(2000), origin_image: z.string().max(2000).optional() }),
  data: ProjectSchema,
});

export const childList = defineCall({
  method: 'GET',
  path: '/api/project/child/list',
  auth: 'session',
  summary: 'Children of a project',
  input: z.object({ project_id: ProjectId }),
  data: z.object({ list: z.array(ProjectSummarySchema) }),
});

export const others = defineCall({
  method: 'GET',
  path: '/api/project/others',
  auth: 'session',
  summary: 'Public projects of other users; with project_id, the ideas most like that one (same category, shared tags, close palette)',
  input: z.object({
    project_id: z.string().max(64).optional(),
    type: ProjectTypeSchema.optional(),
    page_index: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(24),
  }),
  data: z.object({ list: z.array(IdeaItemSchema), total: z.number().int() }),
});
