import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { z } from 'zod';
import {
  MOCKUP_RESULT_COST,
  MockupCropSchema,
  MockupCustomDataSchema,
  MockupPlacementSchema,
  MockupResultDataSchema,
  type CUSTOM_TEMPLATE_FAILURES,
  type ChatMessage,
  type GenerateRecord,
} from '@packsmith/contracts';
import { applyDesign, buildCustomTemplate, encodeTemplateMaps, THUMBNAIL_SIZE, type DesignImage, type Placement } from '@packsmith/mockup';
import { newId } from '../../lib/ids.js';
import type { ProjectEmitter } from '../../realtime/emitter.js';
import { newFileKey, type FileExt, type Storage } from '../../storage/storage.js';
import { toChatMessageDto, type ChatRepo } from '../chat/index.js';
import type { FileRepo, FileService } from '../files/index.js';
import { JobFailure, type RecordJob, type RecordJobContext } from '../generate/index.js';
import { cutoutRejection, type PhotoshootVision } from '../photoshoot/index.js';
import type { ProjectAccess } from '../project/index.js';
import { decodeDesign, encodeMockupJpeg, solidDesign } from './design-images.js';
import type { DesignFacesSource } from './design-faces.js';
import { createMockupCommits, type MockupTx } from './mockup.commits.js';
import { CUSTOM_FAILURE_TEXT, MockupMessageIds, MockupMsg, createMockupChat, taskStartMessage } from './mockup.messages.js';
import { PrintMaterialSchema, assignSurfaces, customTemplateKind, enginePlacement } from './mockup-rules.js';
import type { MockupTemplatesRepo } from './mockup-templates.repo.js';
import type { DecodedTemplate, TemplateCache } from './template-cache.js';
import type { Transact } from '../../db/transact.js';

const CropSchema = MockupCropSchema.nullable();
const PlacementSchema = MockupPlacementSchema.nullable();

export const RenderJobInputSchema = z.object({
  template_id: z.string().min(1),
  /** image_url (canonical) with its crop and placement; fixed when charged. */
  main: z.object({ image_url: z.string().min(1), crop: CropSchema, placement: PlacementSchema }),
  /** Set when image_url is one of the caller's design-chat designs: its faces go on every surface. */
  design_url: z.string().nullable(),
  items: z.array(z.object({ surface: z.number().int().min(0), image_url: z.string().min(1), crop: CropSchema, placement: PlacementSchema })),
  material: PrintMaterialSchema,
  /** SPEC §3 provisionalData origin_image: stored with the result as the design it came from. */
  origin_image: z.string().nullable(),
});
export type RenderJobInput = z.output<typeof RenderJobInputSchema>;

export const CustomJobInputSchema = z.object({
  /** The photo (our storage; re-resolved for the record's owner when the job runs). */
  thumbnail_url: z.string().min(1),
});
export type CustomJobInput = z.output<typeof CustomJobInputSchema>;

/** Longest side of a custom template: uploads are at most 2048 already; a larger photo is scaled down first. */
export const CUSTOM_TEMPLATE_MAX_SIDE = 2048;
/** JPEG quality of a custom template's scene (the library's SCENE_JPEG_QUALITY is 90 too). */
const CUSTOM_SCENE_QUALITY = 90;
/** Custom templates' ids never collide with the library's slugs. */
export const CUSTOM_TEMPLATE_PREFIX = 'custom-';

export interface MockupJobDeps {
  chatRepo: Pick<ChatRepo, 'append' | 'find'>;
  transact: Transact<MockupTx>;
  access: Pick<ProjectAccess, 'load'>;
  files: Pick<FileService, 'saveGenerated' | 'resolveOwnedImage' | 'read'>;
  /** A custom template's files are written and registered here, and removed again when it is not stored. */
  fileRepo: Pick<FileRepo, 'insert' | 'deleteByKey'>;
  storage: Pick<Storage, 'put' | 'delete' | 'publicUrl'>;
  templates: Pick<MockupTemplatesRepo, 'findById'>;
  cache: TemplateCache;
  faces: DesignFacesSource;
  realtime: ProjectEmitter;
  vision: PhotoshootVision;
  log: { warn(obj: Record<string, unknown>, msg: string): void; info?(obj: Record<string, unknown>, msg: string): void };
}

type CustomFailure = (typeof CUSTOM_TEMPLATE_FAILURES)[number];

/** A record's data: its final message's (what a poller reads, no second call needed). */
const renderData = (m: ChatMessage) => MockupResultDataSchema.parse({ msg_id: m.msg_id, imageUrls: m.data.imageUrls ?? [], template_id: m.data.template_id });
const customData = (m: ChatMessage) => MockupCustomDataSchema.parse({ msg_id: m.msg_id, template_id: m.data.template_id });

/**
 * A PNG's own transparency as the package's matte, when it has one: a photo already cut out (the
 * photo shoot's cut-outs are such PNGs) needs no segmentation model. It counts when between 1 % and
 * 99 % of the pixels are transparent; an opaque alpha channel says nothing.
 */
export function ownMatte(alpha: Uint8Array): Uint8Array | null {
  let clear = 0;
  for (const a of alpha) if (a < 128) clear++;
  const share = clear / Math.max(1, alpha.length);
  return share >= 0.01 && share <= 0.99 ? alpha : null;
}

/**
 * The mockup studio's record kinds. `mockup_render` (default lane, MOCKUP_RESULT_COST credits,
 * refunded on failure): designs applied through a template's maps → a JPEG in result_list,
 * data.imageUrls and a mockupGenerate message. `mockup_custom` (heavy lane, free): a photo of a blank
 * pack → the caller's private template and a mockupCustom message.
 */
export function createMockupJobs(deps: MockupJobDeps): [RecordJob<RenderJobInput>, RecordJob<CustomJobInput>] {
  const chat = createMockupChat({ chat: deps.chatRepo, realtime: deps.realtime, log: deps.log });
  const commits = createMockupCommits({ transact: deps.transact });
  const { files, log } = deps;

  async function fail(recordId: string, projectId: string, text: string): Promise<never> {
    await chat.append(projectId, [{ id: MockupMessageIds.error(recordId), role: 'assistant', kind: 'error', message: text, data: { record_id: recordId } }]);
    throw new JobFailure(text);
  }

  async function failCustom(recordId: string, projectId: string, reason: CustomFailure): Promise<never> {
    const text = CUSTOM_FAILURE_TEXT[reason];
    await chat.append(projectId, [
      { id: MockupMessageIds.custom(recordId), role: 'assistant', kind: 'mockupCustom', message: text, data: { record_id: recordId, reason } },
    ]);
    throw new JobFailure(text);
  }

  /** The bytes of a file the owner may use; null when it is gone or no longer theirs. */
  async function ownedBytes(userId: string, url: string): Promise<Buffer | null> {
    try {
      const { key } = await files.resolveOwnedImage(userId, url);
      return await files.read(key);
    } catch (err) {
      log.warn({ err, url }, 'mockup: a stored image is unreadable');
      return null;
    }
  }

  async function runRender(ctx: RecordJobContext<RenderJobInput>): Promise<Record<string, unknown>> {
    const { record, input, userId, signal } = ctx;
    const projectId = record.project_id;
    if (!projectId) throw new JobFailure(MockupMsg.projectGone);
    const done = await chat.find(MockupMessageIds.answer(record.id));
    if (done) return renderData(done);
    if (!(await deps.access.load(projectId))) throw new JobFailure(MockupMsg.projectGone);
    // Also written by the call; whichever comes first, it precedes the result in the chat.
    await chat.ensure(projectId, taskStartMessage(record.id, 'render', input.main.image_url, input.template_id));
    await ctx.reportProgress(5);

    const row = await deps.templates.findById(input.template_id);
    // A custom template is its owner's alone, at render time too.
    if (!row || (row.ownerUserId !== null && row.ownerUserId !== userId)) return fail(record.id, projectId, MockupMsg.templateGone);
    let template: DecodedTemplate;
    try {
      template = await deps.cache.get(row);
    } catch (err) {
      log.warn({ err, recordId: record.id, template: row.id }, 'mockup: the template does not decode');
      return fail(record.id, projectId, MockupMsg.templateGone);
    }
    signal.throwIfAborted();
    await ctx.reportProgress(35);

    const design = input.design_url ? await deps.faces.facesFor(userId, input.design_url) : null;
    const assigned = assignSurfaces(template.maps.surfaces, {
      main: { url: input.main.image_url, crop: input.main.crop, placement: enginePlacement(input.main.placement) },
      design,
      items: input.items.map((i) => ({ surface: i.surface, url: i.image_url, crop: i.crop, placement: enginePlacement(i.placement) })),
    });
    const designs: Record<number, DesignImage> = {};
    const placements: Record<number, Placement> = {};
    // One decode per image and crop, however many surfaces show it.
    const decoded = new Map<string, Promise<DesignImage | null>>();
    const decode = (url: string, crop: RenderJobInput['main']['crop']): Promise<DesignImage | null> => {
      const key = `${url}\u0000${crop ? `${crop.x},${crop.y},${crop.width},${crop.height}` : ''}`;
      let pending = decoded.get(key);
      if (!pending) {
        pending = ownedBytes(userId, url).then((bytes) =>
          bytes
            ? decodeDesign(bytes, crop).catch((err: unknown) => {
                log.warn({ err, url }, 'mockup: a design image does not decode');
                return null;
              })
            : null,
        );
        decoded.set(key, pending);
      }
      return pending;
    };
    for (const [surface, source] of assigned) {
      const image = 'colour' in source ? solidDesign(source.colour) : await decode(source.url, source.crop);
      if (!image) return fail(record.id, projectId, MockupMsg.designGone);
      designs[surface] = image;
      placements[surface] = source.placement;
    }
    signal.throwIfAborted();
    await ctx.reportProgress(60);

    const { maps, sceneRgb } = template;
    const rgb = applyDesign({ sceneRgb, maps, designs, placement: placements, material: input.material });
    let imageUrl: string;
    try {
      imageUrl = (await files.saveGenerated(userId, await encodeMockupJpeg(rgb, maps.width, maps.height))).url;
    } catch (err) {
      if (signal.aborted) throw err;
      log.warn({ err, recordId: record.id }, 'mockup: storing the render failed');
      return fail(record.id, projectId, MockupMsg.renderFailed);
    }
    await ctx.reportProgress(90);

    const committed = await commits.commitResult({
      projectId,
      imageUrls: [imageUrl],
      message: {
        id: MockupMessageIds.answer(record.id),
        role: 'assistant',
        kind: 'mockupGenerate',
        message: MockupMsg.answer,
        data: {
          record_id: record.id,
          imageUrls: [imageUrl],
          template_id: input.template_id,
          ...(input.origin_image ? { origin_image: input.origin_image } : {}),
        },
        referenceImg: input.main.image_url,
      },
    });
    if (!committed) {
      const again = await chat.find(MockupMessageIds.answer(record.id));
      if (again) return renderData(again);
      throw new JobFailure(MockupMsg.projectGone);
    }
    const message = toChatMessageDto(committed);
    chat.emit([message]);
    deps.realtime.emitToProject(projectId, 'project:updated', { project_id: projectId });
    return renderData(message);
  }

  /** The photo as RGB and the package's matte: its own alpha, or the cut-out engine's. */
  async function photoAndMatte(
    ctx: RecordJobContext<CustomJobInput>,
    photo: Buffer,
  ): Promise<{ rgb: Buffer; width: number; height: number; mask: Uint8Array } | CustomFailure> {
    const { signal } = ctx;
    let base: Sharp;
    let rgb: { data: Buffer; info: OutputInfo };
    try {
      base = sharp(photo).resize({ width: CUSTOM_TEMPLATE_MAX_SIDE, height: CUSTOM_TEMPLATE_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
      rgb = await base.clone().removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
    } catch (err) {
      log.warn({ err, recordId: ctx.record.id }, 'mockup: the custom photo does not decode');
      return 'unreadable';
    }
    const { width, height } = rgb.info;
    const meta = await sharp(photo).metadata();
    if (meta.hasAlpha) {
      const alpha = await base.clone().ensureAlpha().extractChannel(3).raw().toBuffer();
      const own = ownMatte(alpha);
      if (own) return { rgb: rgb.data, width, height, mask: own };
    }
    let maskPng: Buffer;
    try {
      maskPng = (await deps.vision.cutout(photo, { signal, onProgress: (f) => void ctx.reportProgress(5 + Math.max(0, Math.min(1, f)) * 70) })).maskPng;
    } catch (err) {
      if (signal.aborted) throw err;
      const reason = cutoutRejection(err);
      if (reason === 'no_product') return 'no_package';
      if (reason === 'unreadable') return 'unreadable';
      log.warn({ err, recordId: ctx.record.id }, 'mockup: the cut-out of a custom photo failed');
      return 'failed';
    }
    const mask = await sharp(maskPng).toColourspace('b-w').resize(width, height, { fit: 'fill' }).extractChannel(0).raw().toBuffer();
    return { rgb: rgb.data, width, height, mask };
  }

  async function runCustom(ctx: RecordJobContext<CustomJobInput>): Promise<Record<string, unknown>> {
    const { record, input, userId, signal } = ctx;
    const projectId = record.project_id;
    if (!projectId) throw new JobFailure(MockupMsg.projectGone);
    const done = await chat.find(MockupMessageIds.custom(record.id));
    if (done && typeof done.data.template_id === 'string') return customData(done);
    if (!(await deps.access.load(projectId))) throw new JobFailure(MockupMsg.projectGone);
    await chat.ensure(projectId, taskStartMessage(record.id, 'custom', input.thumbnail_url));
    await ctx.reportProgress(2);

    const photo = await ownedBytes(userId, input.thumbnail_url);
    if (!photo) return failCustom(record.id, projectId, 'unreadable');
    const shot = await photoAndMatte(ctx, photo);
    if (typeof shot === 'string') return failCustom(record.id, projectId, shot);
    signal.throwIfAborted();
    await ctx.reportProgress(78);

    const started = Date.now();
    const built = buildCustomTemplate({ rgb: shot.rgb, width: shot.width, height: shot.height, mask: shot.mask });
    log.info?.(
      { recordId: record.id, ms: Date.now() - started, ok: built.ok, shape: built.ok ? built.shape : built.reason },
      'mockup: custom template measured',
    );
    if (!built.ok) return failCustom(record.id, projectId, built.reason);
    const kind = customTemplateKind(built.shape, built.cylinder, { data: shot.mask, width: shot.width, height: shot.height });
    await ctx.reportProgress(85);

    const { width, height } = shot;
    const sceneJpeg = await sharp(shot.rgb, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: CUSTOM_SCENE_QUALITY })
      .toBuffer();
    const thumb = await sharp(sceneJpeg)
      .resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    const maps = await encodeTemplateMaps(built.maps);

    // The caller's private files: the template is theirs alone (its row is owner-checked too).
    const now = new Date();
    const planned: { key: string; bytes: Buffer; ext: FileExt; mime: string; width: number; height: number }[] = [];
    const plan = (bytes: Buffer, ext: FileExt, w = width, h = height): string => {
      const key = newFileKey(userId, ext, now);
      planned.push({ key, bytes, ext, mime: ext === 'png' ? 'image/png' : 'image/jpeg', width: w, height: h });
      return key;
    };
    const sceneKey = plan(sceneJpeg, 'jpg');
    const thumbnailKey = plan(thumb.data, 'jpg', thumb.info.width, thumb.info.height);
    const surfaceKey = plan(maps.surfacePng, 'png');
    const uvKey = plan(maps.uvPng, 'png');
    const lightKey = plan(maps.lightPng, 'png');
    const written: string[] = [];
    const templateId = `${CUSTOM_TEMPLATE_PREFIX}${newId()}`;
    let committed: Awaited<ReturnType<typeof commits.commitCustom>>;
    try {
      for (const f of planned) {
        await deps.storage.put(f.key, f.bytes, f.mime);
        written.push(f.key);
        await deps.fileRepo.insert({ key: f.key, userId, mime: f.mime, width: f.width, height: f.height, size: f.bytes.length, isPublic: false });
      }
      committed = await commits.commitCustom({
        projectId,
        template: {
          id: templateId,
          name: kind.name,
          category: kind.category,
          material: kind.material,
          keywords: kind.keywords,
          sceneKey,
          thumbnailKey,
          surfaceKey,
          uvKey,
          lightKey,
          surfaces: maps.meta.surfaces.map((s) => ({ role: s.role, ...(s.item !== undefined ? { item: s.item } : {}), designArea: { ...s.designArea } })),
          width,
          height,
          position: 0,
          ownerUserId: userId,
        },
        message: {
          id: MockupMessageIds.custom(record.id),
          role: 'assistant',
          kind: 'mockupCustom',
          message: MockupMsg.customReady,
          data: { record_id: record.id, template_id: templateId, category: kind.category, thumbnail_url: deps.storage.publicUrl(thumbnailKey) },
          referenceImg: input.thumbnail_url,
        },
      });
    } catch (err) {
      await removeQuietly(written);
      if (signal.aborted) throw err;
      log.warn({ err, recordId: record.id }, 'mockup: storing a custom template failed');
      return failCustom(record.id, projectId, 'failed');
    }
    if (!committed) {
      // Nothing references these files: the project is gone, or a previous run stored its own.
      await removeQuietly(written);
      const again = await chat.find(MockupMessageIds.custom(record.id));
      if (again && typeof again.data.template_id === 'string') return customData(again);
      throw new JobFailure(MockupMsg.projectGone);
    }
    const message = toChatMessageDto(committed.message);
    chat.emit([message]);
    return customData(message);
  }

  async function removeQuietly(keys: readonly string[]): Promise<void> {
    for (const key of keys) {
      try {
        await deps.fileRepo.deleteByKey(key);
        await deps.storage.delete(key);
      } catch (err) {
        log.warn({ err, key }, 'mockup: could not remove an unreferenced template file; safe to delete');
      }
    }
  }

  /** The generate service's hooks: every failure ends with its message in the chat (fixed ids: once). */
  async function announceRenderFailure(record: GenerateRecord, text: string): Promise<void> {
    if (!record.project_id) return;
    await chat.append(record.project_id, [
      { id: MockupMessageIds.error(record.id), role: 'assistant', kind: 'error', message: text, data: { record_id: record.id } },
    ]);
  }
  async function announceCustomFailure(record: GenerateRecord, text: string): Promise<void> {
    if (!record.project_id) return;
    await chat.append(record.project_id, [
      { id: MockupMessageIds.custom(record.id), role: 'assistant', kind: 'mockupCustom', message: text, data: { record_id: record.id, reason: 'failed' } },
    ]);
  }

  return [
    { kind: 'mockup_render', cost: MOCKUP_RESULT_COST, input: RenderJobInputSchema, run: runRender, announceFailure: announceRenderFailure },
    // Free, like the photo shoot's cut-out: it yields no picture on its own; renders on it are charged.
    { kind: 'mockup_custom', cost: 0, input: CustomJobInputSchema, run: runCustom, announceFailure: announceCustomFailure },
  ];
}
