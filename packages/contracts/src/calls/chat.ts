import { z } from 'zod';
import { defineCall } from '../call.js';
import { AnalyzeItemSchema, ChatMessageSchema, GenerateRecordSchema } from '../entities.js';

const ProjectId = z.string().min(1, 'project_id is required.').max(64);
const MsgId = z.string().min(1, 'msg_id is required.').max(64);
const ImageUrl = z.string().min(1, 'image_url is required.').max(2000);
/** SPEC §5: a message whose trimmed length is 0 is empty and is not sent. */
const Content = z
  .string()
  .max(4000, 'content: at most 4000 characters.')
  .refine((s) => s.trim().length > 0, 'Please type a message.');

/** The chat types of SPEC §2; only `design` lives outside the chat drawer. */
export const ChatTypeSchema = z.enum(['design', 'childDesign', 'photoshoot', 'mockup', 'pricing_tool']);
export type ChatType = z.infer<typeof ChatTypeSchema>;

/** The brief the assistant builds up (and the engine designs from). */
export const DesignBriefSchema = z.object({
  product: z.string(),
  brand: z.string(),
  box: z.array(z.string()),
  box_id: z.number().int(),
  element: z.array(z.string()),
  style: z.array(z.string()),
  color: z.array(z.string()),
  logo: z.string(),
});
export type DesignBrief = z.infer<typeof DesignBriefSchema>;

/** data of a `box` message: the box options the user picks from (cards). */
export const BoxOptionSchema = z.object({ box_id: z.number().int(), name: z.string(), category: z.string(), slug: z.string() });
/** One generated design: the packshot shown in the chat, and its print parts. */
export const DesignResultSchema = z.object({
  image_url: z.string(),
  front_url: z.string(),
  dieline_url: z.string(),
  layout_id: z.string(),
  palette: z.array(z.string()),
});
export type DesignResult = z.infer<typeof DesignResultSchema>;

const MessagesAnswer = z.object({
  messages: z.array(ChatMessageSchema),
  /** Set when the message started a generation: poll it or listen for generate:progress. */
  record: GenerateRecordSchema.nullable(),
});

export const hello = defineCall({
  method: 'POST',
  path: '/api/chat/hello',
  auth: 'session',
  summary: 'The assistant greets a new chat (only when the history is empty)',
  input: z.object({ project_id: ProjectId, type: ChatTypeSchema.optional().default('design') }),
  data: MessagesAnswer,
});

export const message = defineCall({
  method: 'POST',
  path: '/api/chat/message',
  auth: 'session',
  summary: 'Send a message; the assistant answers (and generates when the brief is complete and confirmed)',
  input: z.object({
    project_id: ProjectId,
    content: Content,
    is_generate: z.boolean().optional().default(false),
    reference_img: z.string().max(2000).optional(),
  }),
  data: MessagesAnswer,
});

export const history = defineCall({
  method: 'GET',
  path: '/api/chat/history',
  auth: 'session',
  summary: 'Messages before last_timestamp (0 = newest), oldest first, unique msg_id',
  input: z.object({
    project_id: ProjectId,
    last_timestamp: z.coerce.number().int().min(0).optional().default(0),
    count: z.coerce.number().int().min(1).max(100, 'count: at most 100.').optional().default(100),
  }),
  data: z.object({ list: z.array(ChatMessageSchema), has_more: z.boolean() }),
});

export const info = defineCall({
  method: 'GET',
  path: '/api/chat/info',
  auth: 'session',
  summary: 'One chat message',
  input: z.object({ msg_id: MsgId }),
  data: ChatMessageSchema,
});

export const imagine = defineCall({
  method: 'POST',
  path: '/api/paint/imagine',
  auth: 'session',
  summary: 'Generate designs from the current brief (10 credits)',
  input: z.object({ project_id: ProjectId, logo: z.string().max(2000).optional() }),
  data: MessagesAnswer,
});

export const retry = defineCall({
  method: 'POST',
  path: '/api/paint/retry',
  auth: 'session',
  summary: 'Generate again for an answer message (10 credits)',
  input: z.object({ msg_id: MsgId, retry_num: z.number().int().min(0).max(100).optional().default(0) }),
  data: MessagesAnswer,
});

export const editRetry = defineCall({
  method: 'POST',
  path: '/api/generate/edit/retry',
  auth: 'session',
  summary: 'Run an edit again (10 credits)',
  input: z.object({ msg_id: MsgId, retry_num: z.number().int().min(0).max(100).optional().default(0) }),
  data: MessagesAnswer,
});

export const editDesign = defineCall({
  method: 'POST',
  path: '/api/generate/project/edit',
  auth: 'session',
  summary: "Edit a chosen design by the user's words (colour, text, style, element changes; 10 credits)",
  input: z.object({ project_id: ProjectId, image_url: ImageUrl, msg_id: MsgId.optional(), content: Content.optional() }),
  data: MessagesAnswer,
});

export const analyze = defineCall({
  method: 'POST',
  path: '/api/chat/analyze',
  auth: 'session',
  summary: 'Palette, style and text analysis of a design image into analyze_list',
  input: z.object({ project_id: ProjectId, image_url: ImageUrl }),
  data: AnalyzeItemSchema,
});

export const deleteAnalyze = defineCall({
  method: 'DELETE',
  path: '/api/project/analyze',
  auth: 'session',
  summary: 'Remove an analysis from a project',
  input: z.object({ project_id: ProjectId, analyze_id: z.string().min(1).max(64) }),
  data: z.object({ analyze_list: z.array(AnalyzeItemSchema) }),
});

export const prompt = defineCall({
  method: 'POST',
  path: '/api/generate/prompt',
  auth: 'session',
  summary: 'Describe a design image as a prompt',
  input: z.object({ image_url: ImageUrl }),
  data: z.object({ prompt: z.string() }),
});

export const boxCatalog = defineCall({
  method: 'GET',
  path: '/api/catalog/boxes',
  auth: 'public',
  summary: 'Box categories and types',
  input: z.object({}),
  data: z.object({ categories: z.array(z.object({ name: z.string(), boxes: z.array(BoxOptionSchema) })) }),
});

/** Each prompt or edit costs this many credits (refunded when the job fails). */
export const DESIGN_PROMPT_COST = 10;

/**
 * What `data` holds for each assistant message kind of the design chat (ChatMessage.data is open so
 * the photo shoot and mockup chats can carry theirs). Web and server read and write these shapes.
 */
/** A one-tap answer offered under an assistant message: pressing it sends `content` as the user's message. */
export const ChatSuggestionSchema = z.object({ label: z.string().max(120), content: z.string().max(400) });
export type ChatSuggestion = z.infer<typeof ChatSuggestionSchema>;

export const DesignChatData = {
  /** Plain assistant text; `suggestions` when the assistant checks its reading ("Brand Juniper Lane, product gin — right?"). */
  text: z.object({ suggestions: z.array(ChatSuggestionSchema).max(4).optional() }),
  box: z.object({ box_options: z.array(BoxOptionSchema) }),
  recommend: z.object({ styles: z.array(z.string()), colors: z.array(z.string()) }),
  updateOptions: z.object({ brief: DesignBriefSchema }),
  chat_summary: z.object({ brief: DesignBriefSchema }),
  answer: z.object({
    imageUrls: z.array(z.string()),
    designs: z.array(DesignResultSchema),
    record_id: z.string(),
    /** Index of this prompt's list in project.result_list. */
    prompt_index: z.number().int(),
  }),
  error: z.object({ record_id: z.string().optional() }),
} as const;
