import { z } from 'zod';
import {
  BackgroundPlacementSchema,
  ExtractedCoordinatesSchema,
  PHOTOSHOOT_RUN_COST,
  SceneLightSchema,
  type CUTOUT_FAILURES,
  type ChatMessage,
  type GenerateRecord,
  type SceneTemplate,
} from '@packsmith/contracts';
import type { Transact } from '../../db/transact.js';
import type { ProjectEmitter } from '../../realtime/emitter.js';
import type { Storage } from '../../storage/storage.js';
import { toChatMessageDto, type ChatRepo } from '../chat/index.js';
import type { FileService } from '../files/index.js';
import { JobFailure, type RecordJob, type RecordJobContext } from '../generate/index.js';
import type { ProjectAccess } from '../project/index.js';
import { productPalette } from './palette.js';
import { createPhotoshootCommits, type PhotoshootTx } from './photoshoot.commits.js';
import { MessageIds, PhotoshootMsg, createPhotoshootChat, taskStartMessage } from './photoshoot.messages.js';
import type { PhotoshootRepo } from './photoshoot.repo.js';
import type { ProviderScenes } from './provider-scenes.js';
import { MIN_RECOMMENDED, createScenePreviews, previewRecord, type MadePreview } from './scene-previews.js';
import type { SceneTemplatesService, ScoredTemplate } from './scene-templates.service.js';
import { cutoutRejection, type CutoutResult, type PhotoshootVision } from './vision-adapter.js';

/** Scenes recommended after a cut-out. */
export const RECOMMEND_COUNT = 6;

export const CutoutJobInputSchema = z.object({
  /** The photo to cut out (our storage; re-resolved for the record's owner when the job runs). */
  origin_image: z.string().min(1),
});
export type CutoutJobInput = z.output<typeof CutoutJobInputSchema>;

export const CompositeJobInputSchema = z.object({
  /** Canonical URL of the background: a scene template's image or the user's own image. */
  background_url: z.string().min(1),
  /** Set when the background is a scene template (its light and floor line guide the shadow). */
  template_id: z.string().nullable(),
  /** A preview's light and floor line (scene-previews.ts), fixed when charged; absent in runs queued before previews existed. */
  scene: z
    .object({ light: SceneLightSchema, floor_y: z.number().min(0).max(1) })
    .nullable()
    .default(null),
  /** The cut-out this run places, fixed when charged. */
  cutout_image: z.string().min(1),
  /** Null: standing centred on the scene's floor line. */
  placement: BackgroundPlacementSchema.nullable(),
  extracted_coordinates: ExtractedCoordinatesSchema,
  /** Variants per run: the plan's designs per prompt (2 Free, 4 Pro, 8 Business), fixed when charged. */
  variants: z.number().int().min(1).max(8),
});
export type CompositeJobInput = z.output<typeof CompositeJobInputSchema>;

export interface PhotoshootJobDeps {
  repo: Pick<PhotoshootRepo, 'projectsWithPreviewsOf'>;
  chatRepo: Pick<ChatRepo, 'append' | 'find'>;
  /** Results are committed with their messages (photoshoot.commits.ts). */
  transact: Transact<PhotoshootTx>;
  access: Pick<ProjectAccess, 'load'>;
  files: Pick<FileService, 'saveGenerated' | 'resolveOwnedImage' | 'read'>;
  storage: Pick<Storage, 'get'>;
  realtime: ProjectEmitter;
  vision: PhotoshootVision;
  templates: Pick<SceneTemplatesService, 'findById' | 'scored' | 'count' | 'warmPreviews' | 'previews' | 'onRoundSeeded'>;
  /** Backdrops from the remote image engine, recommended before the curated scenes (null: local only). */
  providerScenes?: ProviderScenes | null;
  log: { warn(obj: Record<string, unknown>, msg: string): void; info?(obj: Record<string, unknown>, msg: string): void };
}

type CutoutFailure = (typeof CUTOUT_FAILURES)[number];
const FAILURE_TEXT: Record<CutoutFailure, string> = {
  no_product: PhotoshootMsg.noProduct,
  unreadable: PhotoshootMsg.unreadable,
  failed: PhotoshootMsg.cutoutFailed,
};

/** The record's data: what the final message holds, so a poller needs no second call. */
function recordData(message: ChatMessage, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { msg_id: message.msg_id, ...message.data, ...extra };
}

/**
 * The photo shoot's record kinds. `photoshoot_cutout` (heavy lane, free): photo → transparent PNG,
 * coordinates, palette → project data and the photoshootCutImage + photoshootRecommend messages.
 * `photoshoot_composite` (5 credits, refunded on failure): the cut-out on a scene in one variant per
 * plan slot → result_list, data.imageUrls and an `answer` message.
 */
export function createPhotoshootJobs(deps: PhotoshootJobDeps): [RecordJob<CutoutJobInput>, RecordJob<CompositeJobInput>] {
  const chat = createPhotoshootChat({ chat: deps.chatRepo, realtime: deps.realtime, log: deps.log });
  const commits = createPhotoshootCommits({ transact: deps.transact });
  const { files, vision } = deps;
  const previews = createScenePreviews({
    repo: deps.repo,
    commits,
    access: deps.access,
    files,
    templates: deps.templates,
    chat,
    realtime: deps.realtime,
    log: deps.log,
  });
  // Each seeding round may bring the curated scenes that recommended previews stand in for.
  deps.templates.onRoundSeeded(async () => {
    await previews.swapAll();
  });

  async function failCutout(recordId: string, projectId: string, reason: CutoutFailure): Promise<never> {
    const text = FAILURE_TEXT[reason];
    await chat.append(projectId, [
      { id: MessageIds.error(recordId), role: 'assistant', kind: 'photoshootCutImageError', message: text, data: { record_id: recordId, reason } },
    ]);
    throw new JobFailure(text);
  }

  /** The generate service's hook: every failed cut-out or composite ends with its error message in the chat. */
  async function announceCutoutFailure(record: GenerateRecord, text: string): Promise<void> {
    if (!record.project_id) return;
    await chat.append(record.project_id, [
      { id: MessageIds.error(record.id), role: 'assistant', kind: 'photoshootCutImageError', message: text, data: { record_id: record.id, reason: 'failed' } },
    ]);
  }
  async function announceCompositeFailure(record: GenerateRecord, text: string): Promise<void> {
    if (!record.project_id) return;
    await chat.append(record.project_id, [
      { id: MessageIds.error(record.id), role: 'assistant', kind: 'error', message: text, data: { record_id: record.id } },
    ]);
  }

  async function failComposite(recordId: string, projectId: string, text: string): Promise<never> {
    await chat.append(projectId, [{ id: MessageIds.error(recordId), role: 'assistant', kind: 'error', message: text, data: { record_id: recordId } }]);
    throw new JobFailure(text);
  }

  /** The bytes of one of the owner's files; null when it is gone or no longer theirs. */
  async function ownedBytes(userId: string, url: string): Promise<Buffer | null> {
    try {
      const { key } = await files.resolveOwnedImage(userId, url);
      return await files.read(key);
    } catch (err) {
      deps.log.warn({ err, url }, 'photoshoot: a stored image is unreadable');
      return null;
    }
  }

  async function runCutout(ctx: RecordJobContext<CutoutJobInput>): Promise<Record<string, unknown>> {
    const { record, input, userId, signal } = ctx;
    const projectId = record.project_id;
    if (!projectId) throw new JobFailure(PhotoshootMsg.projectGone);
    const done = await cutoutData(record.id);
    if (done) return done;
    const project = await deps.access.load(projectId);
    if (!project) throw new JobFailure(PhotoshootMsg.projectGone);
    // Also written by the call; whichever comes first, it precedes the result in the chat.
    await chat.ensure(projectId, taskStartMessage(record.id, 'cutout', input.origin_image));
    await ctx.reportProgress(2);

    const photo = await ownedBytes(userId, input.origin_image);
    if (!photo) return failCutout(record.id, projectId, 'unreadable');

    // Too few curated scenes (seeding is still rendering them): previews will be rendered once the
    // palette is known; their worker thread loads while the model runs.
    const curatedShort = deps.templates.count().then(
      (n) => n < MIN_RECOMMENDED,
      (err: unknown) => {
        deps.log.warn({ err, recordId: record.id }, 'photoshoot: counting scene templates failed');
        return true;
      },
    );
    void curatedShort
      .then((short) => (short ? deps.templates.warmPreviews() : undefined))
      .catch((err: unknown) => deps.log.warn({ err }, 'photoshoot: the preview renderer did not start'));

    let cut: CutoutResult;
    try {
      cut = await vision.cutout(photo, { signal, onProgress: (f) => void ctx.reportProgress(2 + Math.max(0, Math.min(1, f)) * 80) });
    } catch (err) {
      if (signal.aborted) throw err;
      const reason = cutoutRejection(err);
      if (reason) return failCutout(record.id, projectId, reason);
      deps.log.warn({ err, recordId: record.id }, 'photoshoot: cut-out failed');
      return failCutout(record.id, projectId, 'failed');
    }
    signal.throwIfAborted();

    let transparentUrl: string;
    try {
      transparentUrl = (await files.saveGenerated(userId, cut.cutoutPng)).url;
    } catch (err) {
      if (signal.aborted) throw err;
      deps.log.warn({ err, recordId: record.id }, 'photoshoot: storing the cut-out failed');
      return failCutout(record.id, projectId, 'failed');
    }
    await ctx.reportProgress(88);
    let palette: string[] = [];
    let curated: ScoredTemplate[] = [];
    try {
      palette = await productPalette(cut.cutoutPng);
      curated = (await deps.templates.scored({ palette, name: project.product })).slice(0, RECOMMEND_COUNT);
    } catch (err) {
      // The cut-out stands without recommendations: the gallery still offers every scene.
      deps.log.warn({ err, recordId: record.id }, 'photoshoot: recommending scenes failed');
    }
    const previewsStarted = Date.now();
    const [generated, made] = await Promise.all([
      generatedScenes(userId, palette, project.product, signal, record.id),
      madePreviews(userId, record.id, palette, project.product, curated, curatedShort, signal),
    ]);
    if (made.length > 0)
      deps.log.info?.({ recordId: record.id, previews: made.length, ms: Date.now() - previewsStarted }, 'photoshoot: scene previews rendered');
    await ctx.reportProgress(95);

    // Curated scenes and previews in one ranking (the same score), best first.
    const recommended: SceneTemplate[] = [...curated, ...made.map((m) => ({ template: previewRecord(m.preview), score: m.score }))]
      .sort((a, b) => b.score - a.score)
      .map((r) => r.template);
    const coordinates = cut.coordinates;
    const recommendUrls = [...generated, ...recommended.map((t) => t.image_url)];
    const committed = await commits.commitCutout({
      projectId,
      originImage: input.origin_image,
      cutoutImage: transparentUrl,
      coordinates,
      palette,
      recommended: recommendUrls,
      previews: made.map((m) => m.preview),
      messages: [
        {
          id: MessageIds.cutImage(record.id),
          role: 'assistant',
          kind: 'photoshootCutImage',
          message: PhotoshootMsg.cutImage,
          data: { record_id: record.id, transparentUrl, origin_image: input.origin_image, extracted_coordinates: coordinates },
        },
        {
          id: MessageIds.recommend(record.id),
          role: 'assistant',
          kind: 'photoshootRecommend',
          message: PhotoshootMsg.recommend(recommendUrls.length),
          data: { record_id: record.id, recommend_background: recommendUrls, templates: recommended },
        },
      ],
    });
    if (!committed) {
      const again = await cutoutData(record.id);
      if (again) return again;
      throw new JobFailure(PhotoshootMsg.projectGone);
    }
    chat.emit(committed.messages.map(toChatMessageDto));
    if (committed.current) deps.realtime.emitToProject(projectId, 'project:updated', { project_id: projectId });
    if (committed.current && made.length > 0) {
      // Seeding may have ended a round while the previews rendered: its replacement found nothing to replace then.
      try {
        await previews.swapProject(projectId);
      } catch (err) {
        deps.log.warn({ err, recordId: record.id }, 'photoshoot: replacing previews failed; the next seeding round tries again');
      }
    }
    return (await cutoutData(record.id)) ?? {};
  }

  /** The remote image engine's backdrops for this product ([] without an engine or when it fails). */
  async function generatedScenes(userId: string, palette: string[], product: string, signal: AbortSignal, recordId: string): Promise<string[]> {
    if (!deps.providerScenes) return [];
    try {
      return await deps.providerScenes({ userId, palette, product, signal });
    } catch (err) {
      if (signal.aborted) throw err;
      // The curated scenes are recommended alone; the cut-out itself is not affected.
      deps.log.warn({ err, recordId }, 'photoshoot: the image engine made no scenes');
      return [];
    }
  }

  /** Previews making up for missing curated scenes ([] when enough exist, or when rendering fails). */
  async function madePreviews(
    userId: string,
    recordId: string,
    palette: string[],
    product: string,
    curated: readonly ScoredTemplate[],
    curatedShort: Promise<boolean>,
    signal: AbortSignal,
  ): Promise<MadePreview[]> {
    const count = MIN_RECOMMENDED - curated.length;
    if (count <= 0 || !(await curatedShort)) return [];
    try {
      // With fewer than MIN_RECOMMENDED templates, `curated` holds all of them: their families are covered.
      const exclude = new Set(curated.map((c) => c.template.family));
      return await previews.make({ userId, recordId, palette, product, count, exclude, signal });
    } catch (err) {
      if (signal.aborted) throw err;
      deps.log.warn({ err, recordId }, 'photoshoot: scene previews failed; the curated scenes are recommended alone');
      return [];
    }
  }

  /** A finished cut-out's record data from its messages (also what a re-run answers). */
  async function cutoutData(recordId: string): Promise<Record<string, unknown> | null> {
    const cut = await chat.find(MessageIds.cutImage(recordId));
    if (!cut) return null;
    const recommend = await chat.find(MessageIds.recommend(recordId));
    return recordData(cut, { recommend_background: recommend?.data.recommend_background ?? [] });
  }

  async function sceneOf(userId: string, input: CompositeJobInput): Promise<{ png: Buffer; light?: SceneTemplate['light']; floorY?: number } | null> {
    if (input.template_id) {
      const template = await deps.templates.findById(input.template_id);
      const png = template ? await deps.storage.get(template.imageKey) : null;
      return template && png ? { png, light: template.light, floorY: template.floorY } : null;
    }
    const png = await ownedBytes(userId, input.background_url);
    if (!png) return null;
    // A preview (the user's file) carries its family's light and floor line like a template.
    return input.scene ? { png, light: input.scene.light, floorY: input.scene.floor_y } : { png };
  }

  async function runComposite(ctx: RecordJobContext<CompositeJobInput>): Promise<Record<string, unknown>> {
    const { record, input, userId, signal } = ctx;
    const projectId = record.project_id;
    if (!projectId) throw new JobFailure(PhotoshootMsg.projectGone);
    const done = await chat.find(MessageIds.answer(record.id));
    if (done) return recordData(done);
    if (!(await deps.access.load(projectId))) throw new JobFailure(PhotoshootMsg.projectGone);
    await chat.ensure(projectId, taskStartMessage(record.id, 'composite', input.background_url));
    await ctx.reportProgress(2);

    const scene = await sceneOf(userId, input);
    if (!scene) return failComposite(record.id, projectId, PhotoshootMsg.backgroundGone);
    const cutoutPng = await ownedBytes(userId, input.cutout_image);
    if (!cutoutPng) return failComposite(record.id, projectId, PhotoshootMsg.cutoutGone);

    const imageUrls: string[] = [];
    try {
      await ctx.reportProgress(5);
      await vision.compositeRun(
        {
          scenePng: scene.png,
          scene: { light: scene.light, floorY: scene.floorY },
          cutoutPng,
          // Absent: the compositor stands the product centred on the floor line.
          ...(input.placement ? { placement: input.placement } : {}),
          // Photos are delivered as JPEG (quality 92, no chroma subsampling): half the encode time, a third of the bytes.
          format: 'jpeg',
        },
        input.variants,
        async (result, variant) => {
          signal.throwIfAborted();
          imageUrls.push((await files.saveGenerated(userId, result.image)).url);
          await ctx.reportProgress(5 + ((variant + 1) / input.variants) * 93);
        },
      );
    } catch (err) {
      if (signal.aborted) throw err;
      deps.log.warn({ err, recordId: record.id }, 'photoshoot: composite failed');
      return failComposite(record.id, projectId, PhotoshootMsg.compositeFailed);
    }

    const committed = await commits.commitComposite({
      projectId,
      imageUrls,
      backgroundUrl: input.background_url,
      message: (runIndex) => ({
        id: MessageIds.answer(record.id),
        role: 'assistant',
        kind: 'answer',
        message: PhotoshootMsg.answer(imageUrls.length),
        data: { imageUrls, record_id: record.id, background_url: input.background_url, run_index: runIndex },
      }),
    });
    if (!committed) {
      const again = await chat.find(MessageIds.answer(record.id));
      if (again) return recordData(again);
      throw new JobFailure(PhotoshootMsg.projectGone);
    }
    const message = toChatMessageDto(committed.message);
    chat.emit([message]);
    deps.realtime.emitToProject(projectId, 'project:updated', { project_id: projectId });
    return recordData(message);
  }

  return [
    // Free: the cut-out is the way in; the charge is per composite run (modules/photoshoot/README.md).
    { kind: 'photoshoot_cutout', cost: 0, input: CutoutJobInputSchema, run: runCutout, announceFailure: announceCutoutFailure },
    { kind: 'photoshoot_composite', cost: PHOTOSHOOT_RUN_COST, input: CompositeJobInputSchema, run: runComposite, announceFailure: announceCompositeFailure },
  ];
}
