import {
  IMAGE_TOOL_COSTS,
  IMAGE_TOOLS,
  ImageToolDataSchema,
  frontSurfaces,
  type ChatMessage,
  type GenerateRecord,
  type ImageBox,
  type ImageTool,
  type ImageToolData,
} from '@packsmith/contracts';
import { textOnProduct } from '@packsmith/mockup';
import type { InpaintMethod, Mask, RgbImage } from '@packsmith/vision';
import type { ImageProvider } from '../../engines/imagery/image-provider.js';
import type { ProjectEmitter } from '../../realtime/emitter.js';
import type { ChatRepo } from '../chat/index.js';
import type { FileService } from '../files/index.js';
import { JobFailure, type RecordJob, type RecordJobContext } from '../generate/index.js';
import type { DecodedTemplate, MockupTemplatesRepo, TemplateCache } from '../mockup/index.js';
import { cutoutRejection } from '../photoshoot/index.js';
import type { ProjectAccess } from '../project/index.js';
import type { ImageToolEngines } from './image-tools.engines.js';
import { IMAGE_TOOL_KIND, ImageToolJobInputSchema, type ImageToolJobInput } from './image-tools.input.js';
import { ImageToolMessageIds, ImageToolMsg, RESULT_KIND, createImageToolChat, taskStartMessage } from './image-tools.messages.js';
import {
  aspectSize,
  decodeMask,
  decodeMatte,
  decodeRgb,
  decodeRgba,
  encodeMask,
  encodeRgb,
  encodeRgba,
  hasTransparency,
  providerMask,
  withAlpha,
} from './image-tools.pixels.js';

export interface ImageToolJobDeps {
  chatRepo: Pick<ChatRepo, 'append' | 'find'>;
  access: Pick<ProjectAccess, 'load'>;
  files: Pick<FileService, 'saveGenerated' | 'resolveOwnedImage' | 'read'>;
  templates: Pick<MockupTemplatesRepo, 'findById'>;
  templateCache: TemplateCache;
  engines: ImageToolEngines;
  /** IMAGE_PROVIDER's remote engine (fill, text to image, edit, image to image); null = local only. */
  provider: ImageProvider | null;
  realtime: ProjectEmitter;
  log: { warn(obj: Record<string, unknown>, msg: string): void };
}

/** What one tool made: an image (PNG bytes when it has alpha), or nothing (segment: resolves empty). */
interface Made {
  bytes: Buffer | null;
  engine: string;
  note?: string;
  /** segment/box: the object's mask, the image's size. */
  maskPng?: Buffer;
}

/** A failure the user reads (with the error message in the chat); other errors are reported generically by the generate service. */
class ToolFailure extends Error {}

/** What each erase method did, in the words the step shows. */
const ERASE_NOTE: Record<InpaintMethod, string> = {
  telea: 'Erased: the strokes were filled in from the pixels around them.',
  ns: 'Erased: the strokes were filled in from the pixels around them.',
  patchmatch: 'Erased: the area was rebuilt from matching texture elsewhere in the image.',
};
const upscaleNote = (scale: number, width: number, height: number) =>
  `Enlarged ×${Number.isInteger(scale) ? scale : scale.toFixed(2)} to ${width} × ${height} px.`;
const textNote = (font: string, color: string) => `Set in ${font}, ${color}, readable against the image.`;

const clamp01 = (f: number) => Math.max(0, Math.min(1, f));

/**
 * The image tools' record kinds (image_<tool>): each loads its source (re-resolved for the record's
 * owner), runs its engine with the record's signal and progress, stores the result as a NEW file
 * (PNG with alpha or when the source was PNG, JPEG q92 otherwise), and writes the result message
 * (fixed ids: a job run twice writes once). A failure posts an error message; the generate service
 * refunds the credits.
 */
export function createImageToolJobs(deps: ImageToolJobDeps): RecordJob<ImageToolJobInput>[] {
  const chat = createImageToolChat({ chat: deps.chatRepo, realtime: deps.realtime, log: deps.log });
  const { files, engines, log } = deps;

  const dataOf = (m: ChatMessage): ImageToolData => ImageToolDataSchema.parse({ ...m.data, msg_id: m.msg_id });

  async function sourceBytes(userId: string, url: string): Promise<Buffer> {
    try {
      const { key } = await files.resolveOwnedImage(userId, url);
      return await files.read(key);
    } catch (err) {
      log.warn({ err, url }, 'image-tools: a stored image is unreadable');
      throw new ToolFailure(ImageToolMsg.sourceGone);
    }
  }

  /** The remote engine first when one is configured; any failure of it falls back to the local engine in the same job (charged once). */
  async function remoteOrLocal(
    ctx: RecordJobContext<ImageToolJobInput>,
    remote: (p: ImageProvider) => Promise<Buffer[]>,
    local: () => Promise<Made>,
  ): Promise<Made> {
    const provider = deps.provider;
    if (provider) {
      try {
        const [bytes] = await remote(provider);
        if (bytes) return { bytes, engine: provider.name };
      } catch (err) {
        if (ctx.signal.aborted) throw err;
        log.warn({ err, recordId: ctx.record.id, provider: provider.name }, 'image-tools: the remote engine failed; using the local engine');
      }
    }
    return local();
  }

  /** A remote answer at the wanted size, in the result's format (a provider may answer another size). */
  async function fitted(bytes: Buffer, width: number, height: number, png: boolean): Promise<Buffer> {
    return encodeRgb(await decodeRgb(bytes, { width, height }), png);
  }

  async function make(ctx: RecordJobContext<ImageToolJobInput>): Promise<Made> {
    const { input, userId, signal } = ctx;
    const onProgress = (f: number) => void ctx.reportProgress(10 + clamp01(f) * 75);
    const opts = { signal, onProgress, seed: seedOf(ctx.record.id) };
    const src = input.source_url ? await sourceBytes(userId, input.source_url) : null;
    const need = (): Buffer => {
      if (!src) throw new ToolFailure(ImageToolMsg.sourceGone);
      return src;
    };
    /** The mask, checked against the decoded source (the call checked it too; the files may have changed since). */
    const mask = async (image: RgbImage): Promise<Mask> => {
      if (!input.mask_url) throw new ToolFailure(ImageToolMsg.sourceGone);
      const m = await decodeMask(await sourceBytes(userId, input.mask_url));
      if (m.width !== image.width || m.height !== image.height) throw new ToolFailure(ImageToolMsg.sourceGone);
      return m;
    };
    signal.throwIfAborted();
    await ctx.reportProgress(8);

    switch (input.tool) {
      case 'erase': {
        const rgb = await decodeRgb(need());
        const m = await mask(rgb);
        const out = await engines.inpaint(rgb, m, { ...opts, ...(input.erase_scale ? { brush: input.erase_scale } : {}) });
        return { bytes: await encodeRgb(out.image, input.source_png), engine: 'local', note: ERASE_NOTE[out.method] };
      }
      case 'fill': {
        const rgb = await decodeRgb(need());
        const m = await mask(rgb);
        const prompt = input.prompt ?? '';
        return remoteOrLocal(
          ctx,
          async (p) => [
            await fitted(
              (
                await p.edit({
                  image: need(),
                  mask: await providerMask(m, rgb.width, rgb.height),
                  prompt,
                  width: rgb.width,
                  height: rgb.height,
                  count: 1,
                  signal,
                  onProgress,
                })
              )[0] ?? Buffer.alloc(0),
              rgb.width,
              rgb.height,
              input.source_png,
            ),
          ],
          async () => {
            const out = await engines.fillFromPrompt(rgb, m, prompt, opts);
            return { bytes: await encodeRgb(out.image, input.source_png), engine: 'local', note: out.note };
          },
        );
      }
      case 'edit':
      case 'image2image': {
        const rgb = await decodeRgb(need());
        const prompt = input.prompt ?? '';
        const width = input.out_width ?? rgb.width;
        const height = input.out_height ?? rgb.height;
        return remoteOrLocal(
          ctx,
          async (p) => {
            const [answer] = await p.edit({
              image: need(),
              mask: await providerMask(null, rgb.width, rgb.height),
              prompt,
              width: rgb.width,
              height: rgb.height,
              count: 1,
              signal,
              onProgress,
            });
            return answer ? [await fitted(answer, width, height, input.source_png)] : [];
          },
          async () => {
            const out = await engines.editFromPrompt(rgb, prompt, opts);
            const image =
              out.image.width === width && out.image.height === height ? out.image : await decodeRgb(await encodeRgb(out.image, true), { width, height });
            return { bytes: await encodeRgb(image, input.source_png), engine: 'local', note: out.note };
          },
        );
      }
      case 'text2image': {
        const aspect = input.aspect_ratio ?? '1:1';
        const size = aspectSize(aspect);
        const prompt = input.prompt ?? '';
        return remoteOrLocal(
          ctx,
          async (p) => {
            const [answer] = await p.generate({ prompt, width: size.width, height: size.height, count: 1, signal, onProgress });
            return answer ? [await fitted(answer, size.width, size.height, false)] : [];
          },
          async () => {
            const out = await engines.textToImage(prompt, { ...opts, aspect, ...(input.style ? { style: input.style } : {}), longSide: 1024 });
            return { bytes: await encodeRgb(out.image, false), engine: 'local', note: out.note };
          },
        );
      }
      case 'removebg': {
        const photo = need();
        const rgb = await decodeRgb(photo);
        let maskPng: Buffer;
        try {
          maskPng = (await engines.removeBackground(photo, opts)).maskPng;
        } catch (err) {
          if (signal.aborted) throw err;
          const reason = cutoutRejection(err);
          if (reason === 'no_product')
            throw new ToolFailure('I could not find a product in this image. Your credits were returned; try a photo with the product in clear view.');
          if (reason === 'unreadable') throw new ToolFailure(ImageToolMsg.sourceGone);
          throw err;
        }
        const alpha = await decodeMatte(maskPng, rgb.width, rgb.height);
        return { bytes: await encodeRgba(withAlpha(rgb, alpha)), engine: 'local' };
      }
      case 'segment': {
        const rgb = await decodeRgb(need());
        const box: ImageBox = input.box ?? { x: 0, y: 0, width: rgb.width, height: rgb.height };
        let found: Awaited<ReturnType<ImageToolEngines['segmentBox']>>;
        try {
          found = await engines.segmentBox(rgb, box, opts);
        } catch (err) {
          if (signal.aborted) throw err;
          // SPEC §8: a segment box failure resolves empty.
          log.warn({ err, recordId: ctx.record.id }, 'image-tools: segment box failed; resolving empty');
          found = null;
        }
        if (!found) return { bytes: null, engine: 'local' };
        return { bytes: await encodeRgba(found.cutout), engine: found.engine, maskPng: await encodeMask(found.mask) };
      }
      case 'upscale': {
        const rgba = await decodeRgba(need());
        const out = await engines.upscale(rgba, input.scale ?? 2, { ...opts, maxSide: 4096 });
        const bytes = hasTransparency(out.image) ? await encodeRgba(out.image) : await encodeRgb(dropAlpha(out.image), input.source_png);
        return { bytes, engine: 'local', note: upscaleNote(out.scale, out.image.width, out.image.height) };
      }
      case 'text': {
        const rgb = await decodeRgb(need());
        const out = await engines.textOnImage(rgb, input.text ?? '', { ...opts, ...(input.text_style ? { style: input.text_style } : {}) });
        return { bytes: await encodeRgb(out.image, input.source_png), engine: 'local', note: textNote(out.font, out.color) };
      }
      case 'composite_text': {
        if (input.template_id) return textOnTemplate(ctx, input.template_id, src);
        const rgb = await decodeRgb(need());
        const out = await engines.textOnImage(rgb, input.text ?? '', { ...opts, ...(input.text_style ? { style: input.text_style } : {}) });
        return { bytes: await encodeRgb(out.image, input.source_png), engine: 'local', note: textNote(out.font, out.color) };
      }
    }
  }

  /**
   * Text on a template's printable front: @packsmith/mockup's textOnProduct sets it in the front
   * surface's design space and lays it on through the UV map, lit like the surface, on the
   * template's scene (or on the caller's image of it, image_url, resized to the scene). Should that
   * fail, textOnImage sets it flat inside the front surface's bounds instead.
   */
  async function textOnTemplate(ctx: RecordJobContext<ImageToolJobInput>, templateId: string, src: Buffer | null): Promise<Made> {
    const { input, userId } = ctx;
    const row = await deps.templates.findById(templateId);
    if (!row || (row.ownerUserId !== null && row.ownerUserId !== userId)) throw new ToolFailure(ImageToolMsg.templateGone);
    let template: DecodedTemplate;
    try {
      template = await deps.templateCache.get(row);
    } catch (err) {
      log.warn({ err, recordId: ctx.record.id, template: row.id }, 'image-tools: the template does not decode');
      throw new ToolFailure(ImageToolMsg.templateGone);
    }
    const { maps, sceneRgb } = template;
    const base: RgbImage = src
      ? await decodeRgb(src, { width: maps.width, height: maps.height })
      : { data: new Uint8Array(sceneRgb.buffer, sceneRgb.byteOffset, sceneRgb.length), width: maps.width, height: maps.height };
    const front = frontSurfaces(maps.surfaces)[0] ?? 0;
    ctx.signal.throwIfAborted();
    try {
      const out = textOnProduct({
        sceneRgb: base.data,
        maps,
        surface: front,
        text: input.text ?? '',
        ...(input.text_style ? { style: input.text_style } : {}),
      });
      const image: RgbImage = { data: new Uint8Array(out.rgb.buffer, out.rgb.byteOffset, out.rgb.length), width: maps.width, height: maps.height };
      return { bytes: await encodeRgb(image, input.source_png), engine: 'local', note: `${textNote(out.font, out.color)} It follows the pack's front.` };
    } catch (err) {
      log.warn({ err, recordId: ctx.record.id, template: row.id }, 'image-tools: text through the UV map failed; setting it flat on the front');
    }
    const region = labelBounds(maps.surface, maps.width, maps.height, front + 1) ?? undefined;
    const out = await engines.textOnImage(base, input.text ?? '', {
      signal: ctx.signal,
      onProgress: (f) => void ctx.reportProgress(10 + clamp01(f) * 75),
      ...(input.text_style ? { style: input.text_style } : {}),
      ...(region ? { region } : {}),
    });
    return { bytes: await encodeRgb(out.image, input.source_png), engine: 'local', note: textNote(out.font, out.color) };
  }

  async function fail(recordId: string, projectId: string, text: string): Promise<never> {
    await chat.append(projectId, [{ id: ImageToolMessageIds.error(recordId), role: 'assistant', kind: 'error', message: text, data: { record_id: recordId } }]);
    throw new JobFailure(text);
  }

  async function run(ctx: RecordJobContext<ImageToolJobInput>): Promise<Record<string, unknown>> {
    const { record, input, userId, signal } = ctx;
    const projectId = record.project_id;
    if (!projectId) throw new JobFailure(ImageToolMsg.projectGone);
    const done = await chat.find(ImageToolMessageIds.result(record.id));
    if (done) return dataOf(done);
    if (!(await deps.access.load(projectId))) throw new JobFailure(ImageToolMsg.projectGone);
    await chat.ensure(projectId, taskStartMessage(record.id, input.tool, input.source_url));
    await ctx.reportProgress(5);

    let made: Made;
    try {
      made = await make(ctx);
    } catch (err) {
      if (signal.aborted) throw err;
      if (err instanceof ToolFailure) return fail(record.id, projectId, err.message);
      log.warn({ err, recordId: record.id, tool: input.tool }, 'image-tools: the engine failed');
      return fail(record.id, projectId, ImageToolMsg.failed);
    }
    signal.throwIfAborted();
    await ctx.reportProgress(88);

    let imageUrls: string[] = [];
    let maskUrl: string | undefined;
    let width = 0;
    let height = 0;
    try {
      if (made.bytes) {
        const saved = await files.saveGenerated(userId, made.bytes);
        imageUrls = [saved.url];
        width = saved.width;
        height = saved.height;
      }
      if (made.maskPng) maskUrl = (await files.saveGenerated(userId, made.maskPng)).url;
    } catch (err) {
      if (signal.aborted) throw err;
      log.warn({ err, recordId: record.id }, 'image-tools: storing the result failed');
      return fail(record.id, projectId, ImageToolMsg.failed);
    }
    const empty = input.tool === 'segment' && imageUrls.length === 0;
    const data = {
      record_id: record.id,
      tool: input.tool,
      imageUrls,
      source_url: input.source_url,
      ...(maskUrl ? { mask_url: maskUrl } : {}),
      engine: made.engine,
      ...(made.note ? { note: made.note } : {}),
      width,
      height,
    };
    const [written] = await chat.append(projectId, [
      {
        id: ImageToolMessageIds.result(record.id),
        role: 'assistant',
        kind: RESULT_KIND[input.tool],
        message: empty ? ImageToolMsg.segmentEmpty : ImageToolMsg.done[input.tool],
        data,
        referenceImg: input.source_url,
      },
    ]);
    const message = written ?? (await chat.find(ImageToolMessageIds.result(record.id)));
    if (!message) throw new JobFailure(ImageToolMsg.projectGone);
    return dataOf(message);
  }

  async function announceFailure(record: GenerateRecord, text: string): Promise<void> {
    if (!record.project_id) return;
    await chat.append(record.project_id, [
      { id: ImageToolMessageIds.error(record.id), role: 'assistant', kind: 'error', message: text, data: { record_id: record.id } },
    ]);
  }

  return IMAGE_TOOLS.map((tool: ImageTool) => ({
    kind: IMAGE_TOOL_KIND[tool],
    cost: IMAGE_TOOL_COSTS[tool],
    input: ImageToolJobInputSchema,
    run,
    announceFailure,
  }));
}

/** A fixed seed per record: a job run twice makes the same image. */
function seedOf(recordId: string): number {
  let h = 2166136261;
  for (let i = 0; i < recordId.length; i++) h = Math.imul(h ^ recordId.charCodeAt(i), 16777619);
  return h >>> 0;
}

function dropAlpha(image: { data: Uint8Array; width: number; height: number }): RgbImage {
  const out = new Uint8Array(image.width * image.height * 3);
  for (let i = 0; i < image.width * image.height; i++) {
    out[i * 3] = image.data[i * 4] ?? 0;
    out[i * 3 + 1] = image.data[i * 4 + 1] ?? 0;
    out[i * 3 + 2] = image.data[i * 4 + 2] ?? 0;
  }
  return { data: out, width: image.width, height: image.height };
}

/** The bounding box of the pixels labelled `label` in a surface map; null when none is. */
function labelBounds(labels: ArrayLike<number>, width: number, height: number, label: number): ImageBox | null {
  let x0 = width;
  let y0 = height;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (labels[y * width + x] !== label) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? null : { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
}
