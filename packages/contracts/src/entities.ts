import { z } from 'zod';
import { VipTypeSchema } from './plans.js';

export const UserTypeSchema = z.enum(['guest', 'user']);

export const GenerateNumSchema = z.object({
  design_generate_num: z.number().int().min(0),
  edit_generate_num: z.number().int().min(0),
});
export type GenerateNum = z.infer<typeof GenerateNumSchema>;

export const SubscriptionSchema = z.object({
  id: z.string(),
  metadata: z.object({ type: z.string(), vipType: VipTypeSchema }),
});

/** SPEC §3 User, as answered by GET /api/user/me. */
export const UserSchema = z.object({
  user_id: z.string(),
  type: UserTypeSchema,
  email: z.string().nullable(),
  name: z.string().nullable(),
  avatar: z.string().nullable(),
  /** The linked mockup-service account (SPEC §3 nested mockup-service object). */
  mockup_service: z.object({ user_id: z.string().nullable() }),
  vip_type: VipTypeSchema,
  /** Epoch milliseconds; null when no paid membership is running. */
  vip_expire_time: z.number().int().nullable(),
  is_admin: z.boolean(),
  credit: z.number().int().min(0),
  subscriptions: z.array(SubscriptionSchema),
  generate_num: GenerateNumSchema,
  vip_upgrade_list: z.array(VipTypeSchema),
  editor_used: z.boolean(),
  likeList: z.array(z.string()),
  created_at: z.number().int(),
});
export type User = z.infer<typeof UserSchema>;

export const PROJECT_TYPES = ['design', 'photoshoot', 'mockup', 'pricing_tool', 'ai_editor', 'childDesign', 'nutrition'] as const;
export const ProjectTypeSchema = z.enum(PROJECT_TYPES);
export type ProjectType = z.infer<typeof ProjectTypeSchema>;

/**
 * What a design brief may hold: the design engine typesets the brand and product on the pack, so
 * longer names could not be laid out legibly. The project call and the engine share these limits.
 */
export const BRIEF_LIMITS = { brand: 80, product: 120, tag: 60, tags: 20 } as const;

export const ExtractedCoordinatesSchema = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  totalWidth: z.number(),
  totalHeight: z.number(),
  cropWidth: z.number(),
  cropHeight: z.number(),
  rotation: z.number(),
});
export type ExtractedCoordinates = z.infer<typeof ExtractedCoordinatesSchema>;

/** Free-form project data (SPEC §3 "Its data holds"); known keys are typed, others are kept as they are. */
export const ProjectDataSchema = z
  .object({
    origin_image: z.string().optional(),
    select_background: z.string().optional(),
    uv_data: z.unknown().optional(),
    lumin_url: z.string().optional(),
    imageUrls: z.array(z.string()).optional(),
    cutout_image: z.string().optional(),
    item_list: z.array(z.unknown()).optional(),
    recommend: z.object({ color: z.array(z.string()).optional(), style: z.array(z.string()).optional() }).optional(),
    mockup_origin_image: z.string().optional(),
  })
  .catchall(z.unknown());

export const AnalyzeItemSchema = z.object({
  analyze_id: z.string(),
  image_url: z.string(),
  palette: z.array(z.string()),
  style: z.array(z.string()),
  text: z.array(z.string()),
  create_at: z.number().int(),
});

/** SPEC §3 Project. */
export const ProjectSchema = z.object({
  project_id: z.string(),
  type: ProjectTypeSchema,
  name: z.string(),
  product: z.string(),
  brand: z.string(),
  logo: z.string(),
  box: z.array(z.string()),
  element: z.array(z.string()),
  style: z.array(z.string()),
  color: z.array(z.string()),
  default_design_area: z.unknown().nullable(),
  like_list: z.array(z.string()),
  dislike_list: z.array(z.string()),
  like_best: z.string().nullable(),
  analyze_list: z.array(AnalyzeItemSchema),
  result_list: z.array(z.array(z.string())),
  extracted_coordinates: ExtractedCoordinatesSchema.nullable(),
  data: ProjectDataSchema,
  parent_project_id: z.string().nullable(),
  fork_from: z.string().nullable(),
  is_public: z.boolean(),
  view_count: z.number().int(),
  like_count: z.number().int(),
  create_at: z.number().int(),
  update_at: z.number().int(),
});
export type Project = z.infer<typeof ProjectSchema>;

/** The short form used in lists (project list, child list, others). */
export const ProjectSummarySchema = ProjectSchema.pick({
  project_id: true,
  type: true,
  name: true,
  product: true,
  brand: true,
  parent_project_id: true,
  is_public: true,
  create_at: true,
  update_at: true,
}).extend({ cover: z.string().nullable() });
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

export const GENERATE_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const GenerateStatusSchema = z.enum(GENERATE_STATUSES);

/** A generate record (ARCHITECTURE §5). `data` is null until the job is done. */
export const GenerateRecordSchema = z.object({
  id: z.string(),
  project_id: z.string().nullable(),
  kind: z.string(),
  status: GenerateStatusSchema,
  progress: z.number().int().min(0).max(100),
  data: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  create_at: z.number().int(),
  update_at: z.number().int(),
});
export type GenerateRecord = z.infer<typeof GenerateRecordSchema>;

export const CHAT_KINDS = [
  'box',
  'hello',
  'product',
  'lastQuestion',
  'text',
  'answer',
  'recommend',
  'error',
  'photoshootHello',
  'photoshootCutImageError',
  'photoshootRecommend',
  'photoshootCutImage',
  'photoshootTaskStart',
  'mockupRemovebg',
  'mockupGenerate',
  'mockupErase',
  'mockupHandle',
  'mockupInpaint',
  'updateOptions',
  'mockupCustom',
  'start',
  'chat_summary',
] as const;
export const ChatKindSchema = z.enum(CHAT_KINDS);
export type ChatKind = z.infer<typeof ChatKindSchema>;

/** SPEC §3 Chat message. */
export const ChatMessageSchema = z.object({
  msg_id: z.string(),
  project_id: z.string(),
  role: z.enum(['user', 'assistant']),
  isloading: z.boolean(),
  time: z.number().int(),
  content: z.object({ message: z.string(), type: ChatKindSchema }),
  data: z.object({ imageUrls: z.array(z.string()).optional() }).catchall(z.unknown()),
  reference_img: z.string().nullable(),
  create_at: z.number().int(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;
