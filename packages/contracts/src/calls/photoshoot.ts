import { z } from 'zod';
import { defineCall } from '../call.js';
import { ChatMessageSchema, ExtractedCoordinatesSchema, GenerateRecordSchema } from '../entities.js';

const ProjectId = z.string().min(1, 'project_id is required.').max(64);
const ImageUrl = z.string().min(1, 'image_url is required.').max(2000);

/** SPEC §9: the placement canvas is 1024 px on its longer side. */
export const PLACEMENT_CANVAS = 1024;
/** Each photo shoot run (one background, several variants) costs this many credits, refunded on failure. */
export const PHOTOSHOOT_RUN_COST = 5;
/** Scenes are generated and composited at this size (longer side). */
export const SCENE_SIZE = 2048;

/** The procedural scene families of the local engine (design-engine scenes/). */
export const SCENE_FAMILIES = [
  'studio_sweep',
  'podium',
  'marble',
  'terrazzo',
  'wood',
  'linen',
  'concrete',
  'gradient',
  'botanical_shadow',
  'water_ripple',
  'sand',
  'seasonal',
] as const;
export const SceneFamilySchema = z.enum(SCENE_FAMILIES);
export type SceneFamily = z.infer<typeof SceneFamilySchema>;

/** Gallery groups the filters offer. */
export const SCENE_CATEGORIES = ['studio', 'surface', 'nature', 'seasonal'] as const;
export const SceneCategorySchema = z.enum(SCENE_CATEGORIES);
export type SceneCategory = z.infer<typeof SceneCategorySchema>;

/** Where the light comes from in a scene: what the cast shadow and the light match follow. */
export const SceneLightSchema = z.object({
  /** Degrees, 0 = light from the right, 90 = from the top of the image (shadow falls down), 180 = from the left. */
  azimuth: z.number(),
  /** Degrees above the floor, 10–90: low light gives long shadows. */
  elevation: z.number(),
  /** 0–1: how hard the light is (1 = crisp shadow edge). */
  hardness: z.number().min(0).max(1),
});
export type SceneLight = z.infer<typeof SceneLightSchema>;

/** A curated scene: generated once at first start, stored, served to every user. */
export const SceneTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  family: SceneFamilySchema,
  category: SceneCategorySchema,
  /** Dominant colours, hex, most used first. */
  colors: z.array(z.string()),
  /** Colour names for the filter (e.g. white, beige, green). */
  color_tags: z.array(z.string()),
  image_url: z.string(),
  thumbnail_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  light: SceneLightSchema,
  /** 0–1 from the top: the line where a product standing in the scene touches the floor. */
  floor_y: z.number().min(0).max(1),
});
export type SceneTemplate = z.infer<typeof SceneTemplateSchema>;

/** SPEC §3 Background placement, in pixels of the 1024 placement canvas. */
export const BackgroundPlacementSchema = z.object({
  /** The product's box on the canvas. */
  imgW: z.number().positive('imgW must be positive.').max(8192),
  imgH: z.number().positive('imgH must be positive.').max(8192),
  left: z.number().min(-8192).max(8192),
  top: z.number().min(-8192).max(8192),
  /** The cut-out's own pixel size. */
  originW: z.number().positive().max(8192),
  originH: z.number().positive().max(8192),
  /** The background's box on the canvas. */
  backW: z.number().positive('backW must be positive.').max(8192),
  backH: z.number().positive('backH must be positive.').max(8192),
  /** Degrees clockwise about the product box's centre. */
  rotation: z.number().min(-360).max(360),
});
export type BackgroundPlacement = z.infer<typeof BackgroundPlacementSchema>;

const MessagesAndRecord = z.object({
  messages: z.array(ChatMessageSchema),
  record: GenerateRecordSchema,
});

export const imageTest = defineCall({
  method: 'POST',
  path: '/api/photoshoot/image/test',
  auth: 'session',
  summary: 'Check a product photo and start its cut-out (answers at once; results arrive in the chat)',
  input: z.object({ project_id: ProjectId, image_url: ImageUrl }),
  data: MessagesAndRecord,
});

export const background = defineCall({
  method: 'POST',
  path: '/api/photoshoot/background',
  auth: 'session',
  summary: 'Composite the cut-out onto a scene (5 credits; answers at once with the record)',
  input: z.object({
    project_id: ProjectId,
    background_url: z.string().min(1, 'background_url is required.').max(2000),
    extracted_coordinates: ExtractedCoordinatesSchema,
    /** Where the user put the product on the 1024 canvas; absent = standing centred on the scene's floor line. */
    placement: BackgroundPlacementSchema.optional(),
  }),
  data: MessagesAndRecord,
});

const TemplateFilters = {
  category: SceneCategorySchema.optional(),
  /** A colour name from the scene colour tags. */
  color: z.string().max(40).optional(),
  family: SceneFamilySchema.optional(),
  page_index: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(24),
};
const TemplateList = z.object({ list: z.array(SceneTemplateSchema), total: z.number().int() });

export const landingTemplates = defineCall({
  method: 'GET',
  path: '/api/photoshoot/landing/template/list',
  auth: 'public',
  summary: 'A few showcase scenes for the landing of the photo shoot',
  input: z.object({}),
  data: TemplateList,
});

export const templates = defineCall({
  method: 'GET',
  path: '/api/photoshoot/template/list',
  auth: 'session',
  summary: 'Scenes for a project: the best matches to its product first',
  input: z.object({ project_id: ProjectId.optional(), ...TemplateFilters }),
  data: TemplateList,
});

export const publicTemplates = defineCall({
  method: 'GET',
  path: '/api/photoshoot/public/list',
  auth: 'public',
  summary: 'All curated scenes, filtered by category, colour and family',
  input: z.object(TemplateFilters),
  data: TemplateList.extend({ categories: z.array(SceneCategorySchema), colors: z.array(z.string()) }),
});

export const likePhoto = defineCall({
  method: 'POST',
  path: '/api/project/photoshoot/image/like',
  auth: 'session',
  summary: 'Like a photo shoot result or pick it as best; sending it again undoes it',
  input: z.object({ project_id: ProjectId, image_url: ImageUrl, type: z.enum(['like', 'best']).optional().default('like') }),
  data: z.object({ like_list: z.array(z.string()), like_best: z.string().nullable() }),
});

/** Why a cut-out failed, for a message a person understands. */
export const CUTOUT_FAILURES = ['no_product', 'unreadable', 'failed'] as const;
export const CutoutFailureSchema = z.enum(CUTOUT_FAILURES);

/** What `data` holds for each photo shoot chat message kind. */
export const PhotoshootChatData = {
  photoshootHello: z.object({}),
  photoshootTaskStart: z.object({ record_id: z.string(), task: z.enum(['cutout', 'composite']) }),
  photoshootCutImage: z.object({
    record_id: z.string(),
    transparentUrl: z.string(),
    origin_image: z.string(),
    extracted_coordinates: ExtractedCoordinatesSchema,
  }),
  photoshootCutImageError: z.object({ record_id: z.string(), reason: CutoutFailureSchema }),
  /** record_id: the cut-out record the recommendation followed (absent when sent on its own). */
  photoshootRecommend: z.object({ record_id: z.string().optional(), recommend_background: z.array(z.string()), templates: z.array(SceneTemplateSchema) }),
  /** The composites of one run. */
  answer: z.object({ imageUrls: z.array(z.string()), record_id: z.string(), background_url: z.string(), run_index: z.number().int() }),
  error: z.object({ record_id: z.string().optional() }),
} as const;
