import sharp from 'sharp';
import { z } from 'zod';
import {
  IMAGE_TOOL_COSTS,
  IMAGE_TOOL_MIN_SIDE,
  Msg,
  UPSCALE_MAX_SIDE,
  type CallData,
  type CallParsedInput,
  type ChatMessage,
  type GenerateRecord,
  type ImageBox,
  type ImageTool,
  type imageToolCalls,
} from '@packsmith/contracts';
import type { UserRow } from '../../http/auth-context.js';
import { AppError, badRequest, limitReached } from '../../http/errors.js';
import type { ProjectEmitter } from '../../realtime/emitter.js';
import type { Storage } from '../../storage/storage.js';
import type { ChatRepo } from '../chat/index.js';
import { sniffImageFormat, type FileService } from '../files/index.js';
import { recordPriority, type GenerateService } from '../generate/index.js';
import type { MockupRepo, MockupTemplatesService } from '../mockup/index.js';
import type { ProjectAccess, ProjectRow } from '../project/index.js';
import type { ImageToolEngines } from './image-tools.engines.js';
import { IMAGE_TOOL_KIND, type ImageToolJobInput } from './image-tools.input.js';
import { ImageToolMsg, createImageToolChat, taskStartMessage } from './image-tools.messages.js';
import { decodeMask, maskSelects } from './image-tools.pixels.js';

type Input<K extends keyof typeof imageToolCalls> = CallParsedInput<(typeof imageToolCalls)[K]>;
type Data<K extends keyof typeof imageToolCalls> = CallData<(typeof imageToolCalls)[K]>;

export interface MessagesAndRecord {
  messages: ChatMessage[];
  record: GenerateRecord;
}

export interface ImageToolServiceDeps {
  chatRepo: Pick<ChatRepo, 'append' | 'find' | 'page'>;
  access: Pick<ProjectAccess, 'assertOwner'>;
  generate: Pick<GenerateService, 'startRecord'>;
  files: Pick<FileService, 'resolveOwnedImage' | 'read'>;
  storage: Pick<Storage, 'publicUrl'>;
  templates: Pick<MockupTemplatesService, 'forUse'>;
  /** The caller's design-chat design behind an image URL (keywords: the brief it came from). */
  designs: Pick<MockupRepo, 'findDesign'>;
  engines: Pick<ImageToolEngines, 'imageKeywords'>;
  realtime: ProjectEmitter;
  log: { warn(obj: Record<string, unknown>, msg: string): void };
}

/** A file the caller may use, checked to be a PNG or JPEG the tools accept, with its bytes. */
interface ToolImage {
  url: string;
  bytes: Buffer;
  width: number;
  height: number;
  png: boolean;
}

/** The brief fields keywords read of a design's meta (chat DesignMeta), loosely. */
const BriefMetaSchema = z.object({
  brand: z.string().optional(),
  product: z.string().optional(),
  style: z.array(z.string()).optional(),
});

/** Longest side keywords analyse at: colours and tags need no more. */
const KEYWORDS_SIDE = 512;

/**
 * The AI image tools' calls (SPEC §7): every input checked before anything is stored or charged
 * (project, linked project, every file, formats, sizes, the mask, the box, the credits), then a
 * generate record of the tool's kind starts with IMAGE_TOOL_COSTS and the call answers at once with
 * the task-start message and the record. Keywords answer synchronously.
 */
export function createImageToolService(deps: ImageToolServiceDeps) {
  const { access, files, storage, generate } = deps;
  const chat = createImageToolChat({ chat: deps.chatRepo, realtime: deps.realtime, log: deps.log });

  /** The project (any type) and the linked project, both the caller's. */
  async function projects(userId: string, input: { project_id: string; linked_project_id?: string | undefined }): Promise<ProjectRow> {
    const project = await access.assertOwner(userId, input.project_id);
    if (input.linked_project_id) {
      try {
        await access.assertOwner(userId, input.linked_project_id);
      } catch (err) {
        if (err instanceof AppError) throw new AppError(err.code, `linked_project_id: ${err.message}`);
        throw err;
      }
    }
    return project;
  }

  /** resolveOwnedImage with the field in the message: foreign URL 400, unknown 404, someone else's 403. */
  async function resolve(userId: string, field: string, url: string): Promise<{ url: string; key: string; mime: string }> {
    try {
      const { key, row } = await files.resolveOwnedImage(userId, url);
      return { url: storage.publicUrl(key), key, mime: row.mime };
    } catch (err) {
      if (err instanceof AppError) throw new AppError(err.code, `${field}: ${err.message}`);
      throw err;
    }
  }

  /** The file's bytes, checked: PNG or JPEG by content, decodable header, sides within the tools' range. */
  async function checked(field: string, file: { url: string; key: string; mime: string }): Promise<ToolImage> {
    if (file.mime !== 'image/png' && file.mime !== 'image/jpeg') throw badRequest(ImageToolMsg.notImage(field));
    const bytes = await files.read(file.key);
    const format = sniffImageFormat(bytes);
    if (!format) throw badRequest(ImageToolMsg.notImage(field));
    const meta = await sharp(bytes)
      .metadata()
      .catch(() => null);
    if (!meta?.width || !meta.height || meta.format !== format) throw badRequest(ImageToolMsg.notImage(field));
    const { width, height } = meta;
    if (Math.min(width, height) < IMAGE_TOOL_MIN_SIDE) throw badRequest(ImageToolMsg.tooSmall(field, width, height));
    if (Math.max(width, height) > UPSCALE_MAX_SIDE) throw badRequest(ImageToolMsg.tooLarge(field, width, height));
    return { url: file.url, bytes, width, height, png: format === 'png' };
  }

  async function image(userId: string, field: string, url: string): Promise<ToolImage> {
    return checked(field, await resolve(userId, field, url));
  }

  /** The mask: a PNG or JPEG of exactly the image's size that selects something (any pixel ≥ 128). */
  async function checkedMask(userId: string, url: string, img: ToolImage): Promise<string> {
    const file = await resolve(userId, 'mask_url', url);
    const mask = await checked('mask_url', file);
    if (mask.width !== img.width || mask.height !== img.height) throw badRequest(ImageToolMsg.maskSize(mask.width, mask.height, img.width, img.height));
    const decoded = await decodeMask(mask.bytes).catch(() => null);
    if (!decoded) throw badRequest(ImageToolMsg.maskUnreadable);
    if (!maskSelects(decoded.data)) throw badRequest(ImageToolMsg.maskEmpty);
    return mask.url;
  }

  function credits(user: UserRow, tool: ImageTool): void {
    // The charge (startRecord) re-checks atomically; this early refusal keeps a 450 from storing anything.
    if (user.credit < IMAGE_TOOL_COSTS[tool]) throw limitReached(Msg.notEnoughCredits);
  }

  async function start(user: UserRow, project: ProjectRow, input: ImageToolJobInput): Promise<MessagesAndRecord> {
    credits(user, input.tool);
    const record = await generate.startRecord({
      user,
      projectId: project.id,
      kind: IMAGE_TOOL_KIND[input.tool],
      input,
      cost: IMAGE_TOOL_COSTS[input.tool],
      priority: recordPriority(user),
    });
    const message = await chat.ensure(project.id, taskStartMessage(record.id, input.tool, input.source_url));
    return { messages: message ? [message] : [], record };
  }

  const source = (img: ToolImage) => ({ source_url: img.url, width: img.width, height: img.height, source_png: img.png });

  /** The project's latest image: its newest result, else the newest image a tool or design message carries. */
  async function latestImage(project: ProjectRow): Promise<string | null> {
    const runs = Array.isArray(project.resultList) ? project.resultList : [];
    for (let i = runs.length - 1; i >= 0; i--) {
      const run = runs[i];
      const last = Array.isArray(run) ? run.at(-1) : undefined;
      if (typeof last === 'string' && last) return last;
    }
    const { rows } = await deps.chatRepo.page(project.id, 0, 100);
    for (let i = rows.length - 1; i >= 0; i--) {
      const urls: unknown = (rows[i]?.data as Record<string, unknown> | null | undefined)?.imageUrls;
      if (Array.isArray(urls)) {
        const url: unknown = urls.filter((u: unknown) => typeof u === 'string' && u.length > 0).at(-1);
        if (typeof url === 'string') return url;
      }
    }
    return null;
  }

  async function textOn(user: UserRow, input: Input<'compositeText'>): Promise<MessagesAndRecord> {
    const project = await projects(user.id, input);
    if (input.product) {
      const template = await deps.templates.forUse(user.id, input.product);
      const img = input.image_url ? await image(user.id, 'image_url', input.image_url) : null;
      return start(user, project, {
        tool: 'composite_text',
        ...(img ? source(img) : { source_url: null, width: template.width, height: template.height, source_png: false }),
        template_id: template.id,
        text: input.text,
        ...(input.style ? { text_style: input.style } : {}),
      });
    }
    const url = input.image_url ?? (await latestImage(project));
    if (!url) throw badRequest(ImageToolMsg.noImage);
    const img = await image(user.id, 'image_url', url);
    return start(user, project, { tool: 'composite_text', ...source(img), text: input.text, ...(input.style ? { text_style: input.style } : {}) });
  }

  return {
    /** POST /api/mockup/erase: the masked area filled from the image itself. */
    async erase(user: UserRow, input: Input<'erase'>): Promise<MessagesAndRecord> {
      const project = await projects(user.id, input);
      const img = await image(user.id, 'image_url', input.image_url);
      const mask = await checkedMask(user.id, input.mask_url, img);
      return start(user, project, { tool: 'erase', ...source(img), mask_url: mask, ...(input.erase_scale ? { erase_scale: input.erase_scale } : {}) });
    },

    /** POST /api/generate/fill: the masked area painted from a prompt. */
    async fill(user: UserRow, input: Input<'fill'>): Promise<MessagesAndRecord> {
      const project = await projects(user.id, input);
      const img = await image(user.id, 'image_url', input.image_url);
      const mask = await checkedMask(user.id, input.mask_url, img);
      return start(user, project, { tool: 'fill', ...source(img), mask_url: mask, prompt: input.prompt });
    },

    /** POST /api/generate/mockup/removebg: the product on a transparent ground (PNG). */
    async removebg(user: UserRow, input: Input<'removebg'>): Promise<MessagesAndRecord> {
      const project = await projects(user.id, input);
      const img = await image(user.id, 'image_url', input.image_url);
      return start(user, project, { tool: 'removebg', ...source(img) });
    },

    /** POST /api/segment/box: the object in a box (clamped to the image), free; nothing found resolves empty. */
    async segmentBox(user: UserRow, input: Input<'segmentBox'>): Promise<MessagesAndRecord> {
      const project = await projects(user.id, input);
      const img = await image(user.id, 'image_url', input.image_url);
      const box = clampBox(input.box, img.width, img.height);
      if (!box) throw badRequest(ImageToolMsg.boxOutside(img.width, img.height));
      return start(user, project, { tool: 'segment', ...source(img), box });
    },

    /** POST /api/generate/upscale: ×2 or ×4, at most UPSCALE_MAX_SIDE on the longer side. */
    async upscale(user: UserRow, input: Input<'upscale'>): Promise<MessagesAndRecord> {
      const project = await projects(user.id, input);
      const img = await image(user.id, 'image_url', input.image_url);
      if (Math.max(img.width, img.height) >= UPSCALE_MAX_SIDE) throw badRequest(ImageToolMsg.upscaleTooLarge(img.width, img.height));
      return start(user, project, { tool: 'upscale', ...source(img), scale: input.scale });
    },

    /** POST /api/generate/edit/image: the image changed as the prompt says. */
    async editImage(user: UserRow, input: Input<'editImage'>): Promise<MessagesAndRecord> {
      const project = await projects(user.id, input);
      const img = await image(user.id, 'image_url', input.image_url);
      return start(user, project, { tool: 'edit', ...source(img), prompt: input.prompt });
    },

    /** POST /api/generate/image2image: a new image from an image (control_image or image_url) and a prompt. */
    async image2image(user: UserRow, input: Input<'image2image'>): Promise<MessagesAndRecord> {
      const project = await projects(user.id, input);
      const field = input.control_image ? 'control_image' : 'image_url';
      const img = await image(user.id, field, input.control_image ?? input.image_url ?? '');
      // Both given: the second must be the caller's too (it is not used).
      if (input.control_image && input.image_url) await resolve(user.id, 'image_url', input.image_url);
      return start(user, project, {
        tool: 'image2image',
        ...source(img),
        prompt: input.prompt,
        ...(input.width ? { out_width: input.width } : {}),
        ...(input.height ? { out_height: input.height } : {}),
      });
    },

    /** POST /api/generate/text2image: an image from a prompt at an aspect ratio. */
    async text2image(user: UserRow, input: Input<'text2image'>): Promise<MessagesAndRecord> {
      const project = await projects(user.id, input);
      return start(user, project, {
        tool: 'text2image',
        source_url: null,
        width: 0,
        height: 0,
        source_png: false,
        prompt: input.prompt,
        aspect_ratio: input.aspect_ratio,
        style: input.style,
      });
    },

    /** POST /api/generate/text: text set onto an image (image or image_url). */
    async text(user: UserRow, input: Input<'text'>): Promise<MessagesAndRecord> {
      const project = await projects(user.id, input);
      const field = input.image ? 'image' : 'image_url';
      const img = await image(user.id, field, input.image ?? input.image_url ?? '');
      if (input.image && input.image_url) await resolve(user.id, 'image_url', input.image_url);
      return start(user, project, { tool: 'text', ...source(img), text: input.text, ...(input.style ? { text_style: input.style } : {}) });
    },

    /** POST /api/generate/composite/text (and /v2): text on a template's front, on an image, or on the project's latest image. */
    compositeText: textOn,

    /** GET /api/vector/search/keyword: colour names and tags, plus the brief when the image is one of the caller's designs. */
    async keywords(user: UserRow, input: Input<'keywords'>): Promise<Data<'keywords'>> {
      await projects(user.id, input);
      const img = await image(user.id, 'image_url', input.image_url);
      const { data, info } = await sharp(img.bytes)
        .resize({ width: KEYWORDS_SIDE, height: KEYWORDS_SIDE, fit: 'inside', withoutEnlargement: true })
        .removeAlpha()
        .toColourspace('srgb')
        .raw()
        .toBuffer({ resolveWithObject: true });
      const pixels = { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
      // An engine failure leaves the brief's words (a search still finds something); it is logged.
      const found = await deps.engines.imageKeywords(pixels).catch((err: unknown) => {
        deps.log.warn({ err, url: img.url }, 'image-tools: the keywords engine failed');
        return { colors: [], tags: [] };
      });
      const design = await deps.designs.findDesign(user.id, img.url);
      const meta = design ? BriefMetaSchema.safeParse(design.meta).data : undefined;
      const briefWords = meta ? [meta.brand, meta.product, ...(meta.style ?? [])].filter((w): w is string => Boolean(w?.trim())) : [];
      const brief = meta && briefWords.length > 0 ? briefOf(meta) : null;
      const keywords = [...new Set([...found.colors.map((c) => c.name), ...found.tags, ...briefWords].map((w) => w.trim()).filter(Boolean))];
      return { keywords, colors: found.colors.map((c) => ({ name: c.name, hex: c.hex, share: c.share })), brief };
    },
  };
}
export type ImageToolService = ReturnType<typeof createImageToolService>;

/** The box clamped to the image; null when it lies wholly outside. */
export function clampBox(box: ImageBox, width: number, height: number): ImageBox | null {
  const x = Math.max(0, box.x);
  const y = Math.max(0, box.y);
  const right = Math.min(width, box.x + box.width);
  const bottom = Math.min(height, box.y + box.height);
  if (x >= width || y >= height || right <= x || bottom <= y) return null;
  return { x, y, width: right - x, height: bottom - y };
}

function briefOf(meta: z.infer<typeof BriefMetaSchema>): string {
  const head = [meta.brand, meta.product].filter((w) => w?.trim()).join(' — ');
  const style = (meta.style ?? []).filter((w) => w.trim()).join(', ');
  return [head, style].filter(Boolean).join('; ');
}
