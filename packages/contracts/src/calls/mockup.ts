import { z } from 'zod';
import { defineCall } from '../call.js';
import { MOCKUP_CATEGORIES, MaterialTypeSchema, MockupCategoryNameSchema } from '../catalog/categories.js';

/** The eight mockup categories of SPEC §3, in order (`MOCKUP_CATEGORIES`). */
export const MOCKUP_CATEGORY_NAMES = MOCKUP_CATEGORIES.map((c) => c.name);

/** A design area in design pixels (300 dpi of the pack's face). */
export const MockupDesignAreaSchema = z.object({ width: z.number().int(), height: z.number().int() });
export type MockupDesignArea = z.infer<typeof MockupDesignAreaSchema>;

/** One printable surface of a template: its index + 1 is the value of the surface map's pixels. */
export const MockupSurfaceSchema = z.object({
  /** front, back, left, right, top, bottom, wrap… */
  role: z.string(),
  /** In a group template: the pack (left to right) it belongs to. */
  item: z.number().int().optional(),
  design_area: MockupDesignAreaSchema,
});
export type MockupSurface = z.infer<typeof MockupSurfaceSchema>;

/** A ready-made mockup template as the lists show it. */
export const MockupTemplateSchema = z.object({
  /** Stable library id (never renamed or reused). */
  id: z.string(),
  name: z.string(),
  category: MockupCategoryNameSchema,
  material: MaterialTypeSchema,
  keywords: z.array(z.string()),
  /** The empty scene, 512 px on its long side, JPEG. */
  thumbnail_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type MockupTemplate = z.infer<typeof MockupTemplateSchema>;

/**
 * The maps a design is applied through: `url` is the UV map (16-bit RGB PNG: u, v, coverage),
 * `surface_url` the surface map (8-bit grey: surface index + 1, 0 off the pack), with the surfaces.
 */
export const MockupUvDataSchema = z.object({
  url: z.string(),
  surface_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  surfaces: z.array(MockupSurfaceSchema),
});
export type MockupUvData = z.infer<typeof MockupUvDataSchema>;

/** Everything the mockup editor needs of a template. */
export const MockupTemplateInfoSchema = MockupTemplateSchema.extend({
  /** The empty template at full size, JPEG. */
  scene_url: z.string(),
  /** The surface map (same as uv_data.surface_url). */
  surface_url: z.string(),
  /** The light map: 16-bit RGB PNG of shading / 2, specular and depth. */
  lumin_url: z.string(),
  uv_data: MockupUvDataSchema,
  /** The first surface's design area (the one facing the camera). */
  default_design_area: MockupDesignAreaSchema,
});
export type MockupTemplateInfo = z.infer<typeof MockupTemplateInfoSchema>;

export const MockupCategoryCountSchema = z.object({ name: MockupCategoryNameSchema, count: z.number().int() });

export const templates = defineCall({
  method: 'GET',
  path: '/api/mockup/template/list',
  auth: 'public',
  summary: 'Mockup templates, filtered by category and keyword (name and keywords, any case), paged',
  input: z.object({
    category: MockupCategoryNameSchema.optional(),
    keyword: z.string().max(100, 'keyword is at most 100 characters.').optional(),
    page_index: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(24),
  }),
  data: z.object({ list: z.array(MockupTemplateSchema), total: z.number().int() }),
});

export const templateInfo = defineCall({
  method: 'GET',
  path: '/api/mockup/template/info',
  auth: 'public',
  summary: 'One mockup template with its scene, maps and default design area',
  input: z.object({ id: z.string().min(1, 'id is required.').max(200) }),
  data: MockupTemplateInfoSchema,
});

export const templateCategories = defineCall({
  method: 'GET',
  path: '/api/mockup/template/cate/list',
  auth: 'public',
  summary: 'The eight mockup categories with how many templates each holds',
  input: z.object({}),
  data: z.array(MockupCategoryCountSchema),
});
