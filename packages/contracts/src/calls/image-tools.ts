import { z } from 'zod';
import { defineCall } from '../call.js';
import { ChatMessageSchema, GenerateRecordSchema } from '../entities.js';

/*
 * The AI image tools (SPEC §7 Mockup and generation): erase, fill with a prompt, remove background,
 * segment in a box, upscale, edit, image to image, text to image, text on an image or a product, and
 * keywords of an image. Every tool but keywords is a job with a generate record: the call answers at
 * once with {messages, record}; the finished record's data.imageUrls holds the result, a new file
 * (the source is never overwritten, so a step can always be undone).
 */

const ProjectId = z.string().min(1, 'project_id is required.').max(64);
const Url = (field: string) => z.string().trim().min(1, `${field} is required.`).max(2000, `${field} is at most 2000 characters.`);
const Prompt = z.string().trim().min(1, 'prompt is required.').max(1000, 'prompt is at most 1000 characters.');
/** SPEC §7 "linked project id": the project the image came from (a design chat), checked to be the caller's. */
const LinkedProjectId = z.string().min(1).max(64).optional();

/** The tools, as generate record kinds name them (`image_<tool>`). */
export const IMAGE_TOOLS = ['erase', 'fill', 'removebg', 'segment', 'upscale', 'edit', 'image2image', 'text2image', 'text', 'composite_text'] as const;
export const ImageToolSchema = z.enum(IMAGE_TOOLS);
export type ImageTool = z.infer<typeof ImageToolSchema>;

/**
 * Credits each tool costs, reserved when its record starts and refunded when it fails (450 when
 * the caller has fewer). Why these figures: docs/DECISIONS.md ("Credits of the image tools").
 */
export const IMAGE_TOOL_COSTS: Record<ImageTool, number> = {
  erase: 1,
  fill: 2,
  removebg: 1,
  segment: 0,
  upscale: 2,
  edit: 2,
  image2image: 2,
  text2image: 2,
  text: 1,
  composite_text: 1,
};

/** SPEC §3 mockupConfig.eraseScale / §9: the erase brush's diameter in px on a 1024 px image. */
export const DEFAULT_ERASE_SCALE = 50;
export const ERASE_SCALE_MIN = 4;
export const ERASE_SCALE_MAX = 300;
/** Upscale factors, and the longest side an upscaled image may have (a larger result is capped there). */
export const UPSCALE_FACTORS = [2, 4] as const;
export const UPSCALE_MAX_SIDE = 4096;
/** The smallest side a tool accepts: below it there is nothing to edit. */
export const IMAGE_TOOL_MIN_SIDE = 16;

export const ASPECT_RATIOS = ['1:1', '4:3', '3:4', '16:9', '9:16'] as const;
export const AspectRatioSchema = z.enum(ASPECT_RATIOS);
export type AspectRatio = z.infer<typeof AspectRatioSchema>;

/** Text to image styles; the local engine maps each to scene families and grades. */
export const TEXT2IMAGE_STYLES = ['auto', 'photo', 'minimal', 'natural', 'luxury', 'playful', 'vintage', 'bold'] as const;
export const Text2ImageStyleSchema = z.enum(TEXT2IMAGE_STYLES);

const MessagesAndRecord = z.object({ messages: z.array(ChatMessageSchema), record: GenerateRecordSchema });

/** A rectangle in image pixels. */
export const ImageBoxSchema = z.object({
  x: z.number().int('box.x must be a whole number of pixels.').min(0, 'box.x must be 0 or more.'),
  y: z.number().int('box.y must be a whole number of pixels.').min(0, 'box.y must be 0 or more.'),
  width: z.number().int('box.width must be a whole number of pixels.').min(1, 'box.width must be positive.').max(16384),
  height: z.number().int('box.height must be a whole number of pixels.').min(1, 'box.height must be positive.').max(16384),
});
export type ImageBox = z.infer<typeof ImageBoxSchema>;

const tool = <S extends z.ZodRawShape>(shape: S) => z.object({ project_id: ProjectId, linked_project_id: LinkedProjectId, ...shape });

export const erase = defineCall({
  method: 'POST',
  path: '/api/mockup/erase',
  auth: 'session',
  summary: `Erase what a mask covers, filled from the image itself (${IMAGE_TOOL_COSTS.erase} credit; answers at once, the image arrives as a mockupErase message)`,
  input: tool({
    image_url: Url('image_url'),
    /** An uploaded PNG the size of the image: white where to erase. */
    mask_url: Url('mask_url'),
    /** The brush diameter the mask was painted with, px at 1024 (SPEC eraseScale): guides the method. */
    erase_scale: z.number().int().min(ERASE_SCALE_MIN).max(ERASE_SCALE_MAX).optional(),
  }),
  data: MessagesAndRecord,
});

export const fill = defineCall({
  method: 'POST',
  path: '/api/generate/fill',
  auth: 'session',
  summary: `Paint what a mask covers from a prompt (${IMAGE_TOOL_COSTS.fill} credits; a mockupInpaint message)`,
  input: tool({ image_url: Url('image_url'), mask_url: Url('mask_url'), prompt: Prompt }),
  data: MessagesAndRecord,
});

export const removebg = defineCall({
  method: 'POST',
  path: '/api/generate/mockup/removebg',
  auth: 'session',
  summary: `Remove the background: the product cut out as a transparent PNG (${IMAGE_TOOL_COSTS.removebg} credit; a mockupRemovebg message)`,
  input: tool({ image_url: Url('image_url') }),
  data: MessagesAndRecord,
});

export const segmentBox = defineCall({
  method: 'POST',
  path: '/api/segment/box',
  auth: 'session',
  summary: 'The object inside a rectangle as a mask and a cut-out (free; the record data carries mask_url; a failure resolves empty)',
  input: tool({ image_url: Url('image_url'), box: ImageBoxSchema }),
  data: MessagesAndRecord,
});

export const upscale = defineCall({
  method: 'POST',
  path: '/api/generate/upscale',
  auth: 'session',
  summary: `Enlarge an image ×2 or ×4, at most ${UPSCALE_MAX_SIDE} px on its longer side (${IMAGE_TOOL_COSTS.upscale} credits)`,
  input: tool({
    image_url: Url('image_url'),
    scale: z.union([z.literal(2), z.literal(4)], { error: 'scale must be 2 or 4.' }).default(2),
  }),
  data: MessagesAndRecord,
});

export const editImage = defineCall({
  method: 'POST',
  path: '/api/generate/edit/image',
  auth: 'session',
  summary: `Change an image as a prompt says: recolour, restyle, relight (${IMAGE_TOOL_COSTS.edit} credits)`,
  input: tool({ image_url: Url('image_url'), prompt: Prompt }),
  data: MessagesAndRecord,
});

export const image2image = defineCall({
  method: 'POST',
  path: '/api/generate/image2image',
  auth: 'session',
  summary: `A new image from an image and a prompt (${IMAGE_TOOL_COSTS.image2image} credits)`,
  input: tool({
    prompt: Prompt,
    /** SPEC §7 names the source control_image; image_url is taken as the same. One of them is required. */
    control_image: Url('control_image').optional(),
    image_url: Url('image_url').optional(),
    width: z.number().int().min(IMAGE_TOOL_MIN_SIDE).max(UPSCALE_MAX_SIDE).optional(),
    height: z.number().int().min(IMAGE_TOOL_MIN_SIDE).max(UPSCALE_MAX_SIDE).optional(),
  }).refine((v) => Boolean(v.control_image ?? v.image_url), { message: 'control_image is required.', path: ['control_image'] }),
  data: MessagesAndRecord,
});

export const text2image = defineCall({
  method: 'POST',
  path: '/api/generate/text2image',
  auth: 'session',
  summary: `An image from a prompt at an aspect ratio (${IMAGE_TOOL_COSTS.text2image} credits)`,
  input: tool({ prompt: Prompt, aspect_ratio: AspectRatioSchema.default('1:1'), style: Text2ImageStyleSchema.default('auto') }),
  data: MessagesAndRecord,
});

const Text = z.string().trim().min(1, 'text is required.').max(200, 'text is at most 200 characters.');

/** Where text sits and how it looks (composite/text/v2; every field optional: the engine picks). */
export const TextStyleSchema = z.object({
  /** A font family of GET /api/font/list (the design engine's TTF set). */
  font: z.string().max(80).optional(),
  /** Hex colour; absent: the best-contrast colour measured on the pixels. */
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'color must be a hex colour like #1a2b3c.')
    .optional(),
  /** Where the text goes, in image pixels; absent: the printable area's upper middle, or the image's. */
  box: ImageBoxSchema.optional(),
  align: z.enum(['left', 'center', 'right']).optional(),
});
export type TextStyle = z.infer<typeof TextStyleSchema>;

export const text = defineCall({
  method: 'POST',
  path: '/api/generate/text',
  auth: 'session',
  summary: `Text set onto an image, readable on its pixels (${IMAGE_TOOL_COSTS.text} credit)`,
  input: tool({
    text: Text,
    /** SPEC §7 names it image; image_url is taken as the same. One of them is required. */
    image: Url('image').optional(),
    image_url: Url('image_url').optional(),
    style: TextStyleSchema.optional(),
  }).refine((v) => Boolean(v.image ?? v.image_url), { message: 'image is required.', path: ['image'] }),
  data: MessagesAndRecord,
});

const compositeTextInput = tool({
  text: Text,
  /** A mockup template id: the text goes on its printable front through its UV map. */
  product: z.string().trim().min(1).max(200).optional(),
  /** An image of ours to set the text on; absent with no product: the project's latest image. */
  image_url: Url('image_url').optional(),
  style: TextStyleSchema.optional(),
});

export const compositeText = defineCall({
  method: 'POST',
  path: '/api/generate/composite/text',
  auth: 'session',
  summary: `Text on a product: onto its printable area in perspective (${IMAGE_TOOL_COSTS.composite_text} credit)`,
  input: compositeTextInput,
  data: MessagesAndRecord,
});

export const compositeTextV2 = defineCall({
  method: 'POST',
  path: '/api/generate/composite/text/v2',
  auth: 'session',
  summary: `Text on a product with font, colour and box chosen by the caller (${IMAGE_TOOL_COSTS.composite_text} credit)`,
  input: compositeTextInput,
  data: MessagesAndRecord,
});

export const keywords = defineCall({
  method: 'GET',
  path: '/api/vector/search/keyword',
  auth: 'session',
  summary: 'Keywords of an image: colour names, style and category tags, and the brief it came from when it is one of ours',
  input: z.object({ project_id: ProjectId, image_url: Url('image_url') }),
  data: z.object({
    keywords: z.array(z.string()),
    colors: z.array(z.object({ name: z.string(), hex: z.string(), share: z.number() })),
    brief: z.string().nullable(),
  }),
});

/** A finished image tool record's data (GET /api/generate/record). */
export const ImageToolDataSchema = z.object({
  tool: ImageToolSchema,
  /** The result: one new file (empty when segment/box found nothing: "resolves empty"). */
  imageUrls: z.array(z.string()),
  /** The image the tool worked on (absent for text to image). */
  source_url: z.string().nullable(),
  /** segment/box: the object's mask (white = object), the image's size. */
  mask_url: z.string().optional(),
  /** Which engine made it: local or the remote provider's name; a remote failure falls back to local. */
  engine: z.string(),
  /** What the local engine did, in words (e.g. "recoloured to sage green"). */
  note: z.string().optional(),
  width: z.number().int(),
  height: z.number().int(),
  msg_id: z.string(),
});
export type ImageToolData = z.infer<typeof ImageToolDataSchema>;
