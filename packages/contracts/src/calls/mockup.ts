import { z } from 'zod';
import { defineCall } from '../call.js';
import { MOCKUP_CATEGORIES, MaterialTypeSchema, MockupCategoryNameSchema } from '../catalog/categories.js';
import { ChatMessageSchema, GenerateRecordSchema } from '../entities.js';
import { boundedJson } from '../input-safety.js';

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
  /** Catalogue box ids of the packs shown, left to right (empty for a custom template made from a photo). */
  box_ids: z.array(z.number().int()),
  /** A private template the caller made from a photo of their own blank pack (POST /api/mockup/custom). */
  custom: z.boolean(),
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
    /** 1: only the caller's own custom templates (a session is needed); absent: the library, then the caller's own. */
    mine: z.coerce.number().int().min(0).max(1).optional(),
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

// --- Applying a design (POST /api/mockup/result) -------------------------------------------------

const ProjectId = z.string().min(1, 'project_id is required.').max(64);
const Url = (field: string) => z.string().trim().min(1, `${field} is required.`).max(2000, `${field} is at most 2000 characters.`);

/** Credits one mockup render costs (one image of a template with the design on it), refunded when it fails. */
export const MOCKUP_RESULT_COST = 2;
/** 3D preview snapshots (POST /api/mockup/snapshot) a Free account may store per UTC day; Pro and Business: unlimited. */
export const MOCKUP_FREE_SNAPSHOTS_PER_DAY = 5;
/** Longest side of a stored 3D preview snapshot, px. */
export const MOCKUP_SNAPSHOT_MAX_SIDE = 2048;

/**
 * Where a design sits on its surface, relative to the surface's design area. By default the design
 * covers the area (scaled to cover, centred); `scale` multiplies that, `offset_x`/`offset_y` move its
 * centre by fractions of the area's width/height, `rotation` turns it clockwise in degrees.
 */
export const MockupPlacementSchema = z.object({
  scale: z.number().min(0.05, 'placement.scale is at least 0.05.').max(20, 'placement.scale is at most 20.').default(1),
  offset_x: z.number().min(-2).max(2).default(0),
  offset_y: z.number().min(-2).max(2).default(0),
  rotation: z.number().min(-360).max(360).default(0),
});
export type MockupPlacement = z.output<typeof MockupPlacementSchema>;

/**
 * The part of a design image that goes on a surface, in that image's pixels (SPEC §3
 * default_design_area). Absent: the whole image. Must lie inside the image.
 */
export const MockupCropSchema = z.object({
  x: z.number().int().min(0).default(0),
  y: z.number().int().min(0).default(0),
  width: z.number().int().min(1, 'default_design_area.width must be positive.').max(16384),
  height: z.number().int().min(1, 'default_design_area.height must be positive.').max(16384),
});
export type MockupCrop = z.output<typeof MockupCropSchema>;

/** One surface's image (SPEC §3 item_list): the surface's index in the template's uv_data.surfaces. */
export const MockupItemSchema = z.object({
  surface: z.number().int().min(0).max(63),
  image_url: Url('item_list.image_url'),
  placement: MockupPlacementSchema.optional(),
  default_design_area: MockupCropSchema.optional(),
});
export type MockupItem = z.output<typeof MockupItemSchema>;

const MessagesAndRecord = z.object({ messages: z.array(ChatMessageSchema), record: GenerateRecordSchema });

export const result = defineCall({
  method: 'POST',
  path: '/api/mockup/result',
  auth: 'session',
  summary: `Put a design on a template (${MOCKUP_RESULT_COST} credits, refunded on failure; answers at once with the record, the image arrives as a mockupGenerate message)`,
  input: z.object({
    project_id: ProjectId,
    mockup_template_id: z.string().trim().min(1, 'mockup_template_id is required.').max(200),
    /**
     * The design: an image of the caller's (or public), or one of their design-chat designs (its
     * packshot or flat front URL), whose matching panels then go on every surface of the template.
     */
    image_url: Url('image_url'),
    /** Where image_url sits on its surface (the template's first surface: the one facing the camera). */
    placement: MockupPlacementSchema.optional(),
    /** The part of image_url to use, in its pixels; absent: all of it. */
    default_design_area: MockupCropSchema.optional(),
    /** Images for other surfaces (or the same one, overriding image_url there). */
    item_list: z.array(MockupItemSchema).max(24, 'item_list holds at most 24 items.').optional(),
    /** Print material; absent: the template's own. */
    material: MaterialTypeSchema.optional(),
    /**
     * The spec's provisional fields (SPEC §3 provisionalData). The template's own maps are always
     * used; origin_image, when given, is stored with the result as the design it came from.
     */
    origin_image: z.string().max(2000).optional(),
    cutout_image: z.string().max(2000).optional(),
    lumin_url: z.string().max(2000).optional(),
    uv_data: z.unknown().optional(),
  }),
  data: MessagesAndRecord,
});

/** The finished record's data (GET /api/generate/record) of a mockup render. */
export const MockupResultDataSchema = z.object({
  imageUrls: z.array(z.string()),
  template_id: z.string(),
  msg_id: z.string(),
});

// --- Custom templates (POST /api/mockup/custom) -------------------------------------------------

export const custom = defineCall({
  method: 'POST',
  path: '/api/mockup/custom',
  auth: 'session',
  summary: 'Make a private template from a photo of a blank pack (free; answers at once, the template id arrives in the record and a mockupCustom message)',
  input: z.object({ project_id: ProjectId, thumbnail_url: Url('thumbnail_url') }),
  data: MessagesAndRecord,
});

/** The finished record's data of a custom template: the new template's id. */
export const MockupCustomDataSchema = z.object({ template_id: z.string(), msg_id: z.string() });

/** Why a photo could not become a template (the message says it in words). */
export const CUSTOM_TEMPLATE_FAILURES = ['no_package', 'no_face', 'too_small', 'unreadable', 'failed'] as const;

// --- 3D preview snapshots and design faces -------------------------------------------------------

export const snapshot = defineCall({
  method: 'POST',
  path: '/api/mockup/snapshot',
  auth: 'session',
  summary: `Store a 3D preview snapshot (an uploaded image) as a result of the project (free for Pro and Business, ${MOCKUP_FREE_SNAPSHOTS_PER_DAY} a day on Free)`,
  input: z.object({ project_id: ProjectId, image_url: Url('image_url') }),
  data: z.object({ image_url: z.string(), result_list: z.array(z.array(z.string())), snapshots_left: z.number().int().nullable() }),
});

/** The faces a design paints on a pack: one image per face role (front, back, left, right, top, bottom, wrap). */
export const DesignFacesSchema = z.object({
  /** Catalogue box id the design was made for (0: an uploaded image, not a design of ours). */
  box_id: z.number().int(),
  /** Ground colour of the design (hex), for the parts no face image covers. */
  background: z.string(),
  /** Face role → image URL. An uploaded image has only `front`. */
  faces: z.record(z.string(), z.string()),
});
export type DesignFaces = z.infer<typeof DesignFacesSchema>;

export const designFaces = defineCall({
  method: 'GET',
  path: '/api/mockup/design/faces',
  auth: 'session',
  summary: "A design's panels, one image per face of its pack (rendered on first request, then stored); any other image is its own front",
  input: z.object({ image_url: Url('image_url') }),
  data: DesignFacesSchema,
});

// --- Materials (SPEC §3 mockupUserMaterial) and saved compositions ---------------------------------

export const MockupMaterialSchema = z.object({ id: z.string(), material_url: z.string(), create_at: z.number().int() });
export type MockupMaterial = z.infer<typeof MockupMaterialSchema>;

export const addMaterial = defineCall({
  method: 'POST',
  path: '/api/material',
  auth: 'session',
  summary: "Keep one of the caller's images (a design or a logo) in their mockup materials",
  input: z.object({ material_url: Url('material_url') }),
  data: MockupMaterialSchema,
});

export const materials = defineCall({
  method: 'GET',
  path: '/api/material/list',
  auth: 'session',
  summary: "The caller's mockup materials, newest first",
  input: z.object({}),
  data: z.array(MockupMaterialSchema),
});

export const deleteMaterial = defineCall({
  method: 'DELETE',
  path: '/api/material',
  auth: 'session',
  summary: "Remove one of the caller's materials (the image file stays: results may show it)",
  input: z.object({ id: z.string().min(1, 'id is required.').max(64) }),
  data: z.object({ id: z.string() }),
});

export const CompositeMaterialSchema = z.object({
  id: z.string(),
  preview_url: z.string(),
  data: z.record(z.string(), z.unknown()),
  create_at: z.number().int(),
});
export type CompositeMaterial = z.infer<typeof CompositeMaterialSchema>;

export const addComposite = defineCall({
  method: 'POST',
  path: '/api/composite/material',
  auth: 'session',
  summary: 'Save a composition (its preview image and the settings that re-create it)',
  input: z.object({
    preview_url: Url('preview_url'),
    data: boundedJson(z.record(z.string(), z.unknown())),
  }),
  data: CompositeMaterialSchema,
});

export const composites = defineCall({
  method: 'GET',
  path: '/api/composite/material/list',
  auth: 'session',
  summary: "The caller's saved compositions, newest first",
  input: z.object({}),
  data: z.array(CompositeMaterialSchema),
});

// --- The mockup-service link calls (SPEC §7), served by our own mockup module --------------------

/** The path segment SPEC §7 writes as {mockup-service}. */
export const MOCKUP_SERVICE = 'mockup-service';

export const link = defineCall({
  method: 'POST',
  path: `/api/${MOCKUP_SERVICE}/link`,
  auth: 'session',
  summary: "Link the caller's account to the mockup studio (idempotent): answers the mockup-service user id and the caller's mockup projects",
  input: z.object({ project_ids: z.array(z.string().min(1).max(64)).max(100).optional() }),
  data: z.object({ user_id: z.string(), project_ids: z.array(z.string()) }),
});

export const linkImage = defineCall({
  method: 'POST',
  path: `/api/${MOCKUP_SERVICE}/link/image`,
  auth: 'session',
  summary: 'Open a design in the mockup studio: a mockup project holding the image (created, or the linked one reused)',
  input: z.object({
    /** SPEC §7 spells it orgin_image. */
    orgin_image: Url('orgin_image'),
    /** The project the image comes from (a design chat), checked to be the caller's. */
    project_id: ProjectId.optional(),
    /** An existing mockup project of the caller's to put the image in; absent: a new one. */
    linked_project_id: z.string().min(1).max(64).optional(),
  }),
  data: z.object({ project_id: z.string(), mockup_origin_image: z.string() }),
});
