import {
  Msg,
  PHOTOSHOOT_RUN_COST,
  designsPerPrompt,
  type CallData,
  type CallParsedInput,
  type ChatMessage,
  type GenerateRecord,
  type photoshootCalls,
} from '@packsmith/contracts';
import type { Transact } from '../../db/transact.js';
import type { UserRow } from '../../http/auth-context.js';
import { badRequest, limitReached } from '../../http/errors.js';
import type { ProjectEmitter } from '../../realtime/emitter.js';
import type { Storage } from '../../storage/storage.js';
import type { ChatRepo } from '../chat/index.js';
import { validateUploadImage, type FileService } from '../files/index.js';
import { recordPriority, type GenerateService } from '../generate/index.js';
import { applyImageLike, type ProjectAccess, type ProjectRepo, type ProjectRow } from '../project/index.js';
import { membershipSubject } from '../user/index.js';
import type { CompositeJobInput, CutoutJobInput } from './photoshoot.jobs.js';
import { PhotoshootMsg, createPhotoshootChat, taskStartMessage } from './photoshoot.messages.js';
import type { PhotoshootRepo } from './photoshoot.repo.js';
import { matchesProportions } from './placement.js';
import { previewsOf } from './scene-previews.js';
import type { SceneTemplatesService } from './scene-templates.service.js';

type Input<K extends keyof typeof photoshootCalls> = CallParsedInput<(typeof photoshootCalls)[K]>;
type Data<K extends keyof typeof photoshootCalls> = CallData<(typeof photoshootCalls)[K]>;

export interface MessagesAndRecord {
  messages: ChatMessage[];
  record: GenerateRecord;
}

export interface PhotoshootServiceDeps {
  repo: Pick<PhotoshootRepo, 'setOrigin'>;
  chatRepo: Pick<ChatRepo, 'append' | 'find'>;
  /** A like is a read-modify-write of the project under its row lock. */
  transact: Transact<{ projects: Pick<ProjectRepo, 'lockAlive' | 'update'> }>;
  access: Pick<ProjectAccess, 'assertOwner'>;
  generate: Pick<GenerateService, 'startRecord'>;
  files: Pick<FileService, 'resolveOwnedImage' | 'read' | 'saveGenerated'>;
  storage: Pick<Storage, 'publicUrl' | 'keyFromUrl'>;
  templates: Pick<SceneTemplatesService, 'findByKey' | 'landing' | 'list' | 'publicList'>;
  realtime: ProjectEmitter;
  log: { warn(obj: Record<string, unknown>, msg: string): void };
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

const isRaster = (mime: string) => mime === 'image/png' || mime === 'image/jpeg';

/**
 * The photo shoot (SPEC §7 photo shoot): a product photo is checked and cut out (free,
 * heavy lane), then composited onto a scene in one variant per plan slot (5 credits a run,
 * refunded on failure). Every call is owner-only; image URLs pass resolveOwnedImage.
 */
export function createPhotoshootService(deps: PhotoshootServiceDeps) {
  const { repo, transact, access, generate, files, storage, templates, realtime } = deps;
  const chat = createPhotoshootChat({ chat: deps.chatRepo, realtime, log: deps.log });

  async function ownedShoot(userId: string, projectId: string): Promise<ProjectRow> {
    const project = await access.assertOwner(userId, projectId);
    if (project.type !== 'photoshoot') throw badRequest(PhotoshootMsg.notPhotoshoot);
    return project;
  }

  /**
   * The background of a run: one of the curated scenes (image or thumbnail URL), or the user's own
   * image — with its light and floor line when it is one of this project's previews.
   */
  async function resolveBackground(
    userId: string,
    url: string,
    project: ProjectRow,
  ): Promise<{ url: string; templateId: string | null; scene: CompositeJobInput['scene']; width: number; height: number }> {
    const key = storage.keyFromUrl(url.trim());
    const template = key ? await templates.findByKey(key) : null;
    if (template) return { url: storage.publicUrl(template.imageKey), templateId: template.id, scene: null, width: template.width, height: template.height };
    // Foreign URL → 400 (never fetched), unknown → 404, someone else's private file → 403.
    const owned = await files.resolveOwnedImage(userId, url);
    if (!isRaster(owned.row.mime)) throw badRequest(Msg.uploadImageFile);
    const preview = previewsOf(project.data).find((p) => storage.keyFromUrl(p.image_url) === owned.key);
    const scene = preview ? { light: preview.light, floor_y: preview.floor_y } : null;
    return { url: storage.publicUrl(owned.key), templateId: null, scene, width: owned.row.width, height: owned.row.height };
  }

  async function startedWith(projectId: string, record: GenerateRecord, task: 'cutout' | 'composite', referenceImg: string): Promise<MessagesAndRecord> {
    const message = await chat.ensure(projectId, taskStartMessage(record.id, task, referenceImg));
    return { messages: message ? [message] : [], record };
  }

  return {
    /**
     * POST /api/photoshoot/image/test: the photo is re-checked with the upload rules (SPEC §5), becomes
     * the project's origin_image, and its cut-out starts; answers at once with the task-start message
     * and the record. Nothing is stored when the photo is refused.
     */
    async imageTest(user: UserRow, input: Input<'imageTest'>): Promise<MessagesAndRecord> {
      const project = await ownedShoot(user.id, input.project_id);
      const { key, row } = await files.resolveOwnedImage(user.id, input.image_url);
      if (!isRaster(row.mime)) throw badRequest(Msg.uploadImageFile);
      const bytes = await files.read(key);
      const checked = await validateUploadImage(bytes);
      if (!checked.ok) throw badRequest(checked.message);
      // Uploads are already within the rules; a file that needed downscaling or turning is stored again as it should be.
      const origin = checked.image.bytes === bytes ? storage.publicUrl(key) : (await files.saveGenerated(user.id, checked.image.bytes)).url;

      await repo.setOrigin(project.id, origin);
      realtime.emitToProject(project.id, 'project:updated', { project_id: project.id });
      const record = await generate.startRecord({
        user,
        projectId: project.id,
        kind: 'photoshoot_cutout',
        input: { origin_image: origin } satisfies CutoutJobInput,
        cost: 0,
        priority: recordPriority(user),
      });
      return startedWith(project.id, record, 'cutout', origin);
    },

    /**
     * POST /api/photoshoot/background: one run of composites on a scene (5 credits). Refused before
     * anything is stored when there is no cut-out yet, the background is not allowed, or credits are short.
     */
    async background(user: UserRow, input: Input<'background'>): Promise<MessagesAndRecord> {
      const project = await ownedShoot(user.id, input.project_id);
      const cutout = typeof project.data?.cutout_image === 'string' ? project.data.cutout_image : '';
      if (cutout.trim() === '') throw badRequest(PhotoshootMsg.uploadFirst);
      const background = await resolveBackground(user.id, input.background_url, project);
      if (input.placement && !matchesProportions(input.placement, background)) throw badRequest(PhotoshootMsg.backgroundProportions);
      // The charge (startRecord) re-checks atomically; this early refusal keeps a 450 from storing anything.
      if (user.credit < PHOTOSHOOT_RUN_COST) throw limitReached(Msg.notEnoughCredits);

      const jobInput: CompositeJobInput = {
        background_url: background.url,
        template_id: background.templateId,
        scene: background.scene,
        cutout_image: cutout,
        placement: input.placement ?? null,
        extracted_coordinates: input.extracted_coordinates,
        variants: designsPerPrompt(membershipSubject(user)),
      };
      const record = await generate.startRecord({
        user,
        projectId: project.id,
        kind: 'photoshoot_composite',
        input: jobInput,
        cost: PHOTOSHOOT_RUN_COST,
        priority: recordPriority(user),
      });
      return startedWith(project.id, record, 'composite', background.url);
    },

    /**
     * POST /api/project/photoshoot/image/like: like (or pick as best) one of this project's results;
     * the same press again undoes it.
     */
    async like(userId: string, input: Input<'likePhoto'>): Promise<Data<'likePhoto'>> {
      const project = await ownedShoot(userId, input.project_id);
      const key = storage.keyFromUrl(input.image_url.trim());
      const results = (Array.isArray(project.resultList) ? project.resultList : []).flatMap(stringList);
      const canonical = key ? results.find((url) => storage.keyFromUrl(url) === key) : undefined;
      if (!canonical) throw badRequest(PhotoshootMsg.notAResult);
      const next = await transact(async (tx) => {
        const txRepo = tx.projects;
        const row = await txRepo.lockAlive(project.id);
        if (!row) throw badRequest(PhotoshootMsg.notAResult);
        const result = applyImageLike({ like_list: row.likeList, dislike_list: row.dislikeList, like_best: row.likeBest }, canonical, input.type);
        await txRepo.update(row.id, { likeList: result.like_list, dislikeList: result.dislike_list, likeBest: result.like_best });
        return result;
      });
      realtime.emitToProject(project.id, 'project:updated', { project_id: project.id });
      return { like_list: next.like_list, like_best: next.like_best };
    },

    landingTemplates: () => templates.landing(),

    /** Scenes for a project: ranked by how well they suit its product's colours once it is cut out. */
    async templates(userId: string, input: Input<'templates'>): Promise<Data<'templates'>> {
      if (!input.project_id) return templates.list(input, { palette: null });
      const project = await access.assertOwner(userId, input.project_id);
      return templates.list(input, { palette: stringList(project.data?.product_palette), name: project.product });
    },

    publicTemplates: (input: Input<'publicTemplates'>) => templates.publicList(input),
  };
}
export type PhotoshootService = ReturnType<typeof createPhotoshootService>;
