import {
  MOCKUP_FREE_SNAPSHOTS_PER_DAY,
  MOCKUP_RESULT_COST,
  MOCKUP_SNAPSHOT_MAX_SIDE,
  MaterialTypeSchema,
  Msg,
  isPaid,
  type CallData,
  type CallParsedInput,
  type ChatMessage,
  type DesignFaces,
  type GenerateRecord,
  type MaterialType,
  type mockupCalls,
} from '@packsmith/contracts';
import type { UserRow } from '../../http/auth-context.js';
import { AppError, badRequest, limitReached, notFound } from '../../http/errors.js';
import type { ProjectEmitter } from '../../realtime/emitter.js';
import type { Storage } from '../../storage/storage.js';
import type { ChatRepo } from '../chat/index.js';
import { validateUploadImage, type FileService } from '../files/index.js';
import { recordPriority, type GenerateService } from '../generate/index.js';
import type { ProjectAccess, ProjectRepo, ProjectRow, ProjectService } from '../project/index.js';
import type { UserRepo } from '../user/index.js';
import { membershipSubject } from '../user/index.js';
import type { DesignFacesSource } from './design-faces.js';
import type { Transact } from '../../db/transact.js';
import { createMockupCommits, type MockupTx } from './mockup.commits.js';
import type { CustomJobInput, RenderJobInput } from './mockup.jobs.js';
import { MockupMsg, createMockupChat, taskStartMessage } from './mockup.messages.js';
import type { MockupRepo } from './mockup.repo.js';
import { cropProblem, printMaterialOf, surfaceProblem, utcDay } from './mockup-rules.js';
import type { MockupTemplatesService } from './mockup-templates.service.js';

type Input<K extends keyof typeof mockupCalls> = CallParsedInput<(typeof mockupCalls)[K]>;
type Data<K extends keyof typeof mockupCalls> = CallData<(typeof mockupCalls)[K]>;

export interface MessagesAndRecord {
  messages: ChatMessage[];
  record: GenerateRecord;
}

export interface MockupServiceDeps {
  repo: Pick<MockupRepo, 'mockupProjectIds'>;
  chatRepo: Pick<ChatRepo, 'append' | 'find'>;
  transact: Transact<MockupTx>;
  access: Pick<ProjectAccess, 'assertOwner'>;
  projects: Pick<ProjectService, 'create'>;
  /** link/image stores the image on the mockup project (a merge into its data). */
  projectRepo: Pick<ProjectRepo, 'update'>;
  /** The link call records the mockup-service user id on the user. */
  users: Pick<UserRepo, 'update'>;
  generate: Pick<GenerateService, 'startRecord'>;
  files: Pick<FileService, 'resolveOwnedImage' | 'read' | 'saveGenerated'>;
  storage: Pick<Storage, 'publicUrl'>;
  templates: Pick<MockupTemplatesService, 'forUse'>;
  faces: DesignFacesSource;
  realtime: ProjectEmitter;
  log: { warn(obj: Record<string, unknown>, msg: string): void };
  now?: () => Date;
}

const isRaster = (mime: string) => mime === 'image/png' || mime === 'image/jpeg';

/** A stored template's material (a MaterialType written by us; white board should a row ever hold anything else). */
const templateMaterial = (stored: string): MaterialType => MaterialTypeSchema.safeParse(stored).data ?? 'WHITE_BOARD';

/** An image the caller may use, by its canonical URL, with its size. */
interface UsableImage {
  url: string;
  key: string;
  width: number;
  height: number;
  ownerId: string | null;
}

/**
 * The mockup studio (SPEC §7 Mockup and generation): designs put on templates (MOCKUP_RESULT_COST
 * credits a render, refunded on failure), custom templates from a photo (free), 3D preview snapshots
 * (limited per day on Free), a design's faces, and the mockup-service link calls served by this
 * module itself. Every call is owner-only; every image URL passes resolveOwnedImage.
 */
export function createMockupService(deps: MockupServiceDeps) {
  const { access, generate, files, storage, templates, faces, realtime } = deps;
  const chat = createMockupChat({ chat: deps.chatRepo, realtime, log: deps.log });
  const commits = createMockupCommits({ transact: deps.transact });
  const now = deps.now ?? (() => new Date());

  async function ownedMockup(userId: string, projectId: string): Promise<ProjectRow> {
    const project = await access.assertOwner(userId, projectId);
    if (project.type !== 'mockup') throw badRequest(MockupMsg.notMockup);
    return project;
  }

  /**
   * An image the caller may use (their own or a public file): foreign URL 400 (never fetched), unknown
   * 404, someone else's private file 403; `raster` also refuses anything but PNG or JPEG. The message
   * names the field.
   */
  async function image(userId: string, field: string, url: string, opts: { raster: boolean }): Promise<UsableImage> {
    try {
      const { key, row } = await files.resolveOwnedImage(userId, url);
      if (opts.raster && !isRaster(row.mime)) throw badRequest(Msg.uploadImageFile);
      return { url: storage.publicUrl(key), key, width: row.width, height: row.height, ownerId: row.userId };
    } catch (err) {
      if (err instanceof AppError) throw new AppError(err.code, `${field}: ${err.message}`);
      throw err;
    }
  }

  async function startedWith(projectId: string, record: GenerateRecord, task: 'render' | 'custom', referenceImg: string, templateId?: string) {
    const message = await chat.ensure(projectId, taskStartMessage(record.id, task, referenceImg, templateId));
    return { messages: message ? [message] : [], record };
  }

  return {
    /**
     * POST /api/mockup/result: checks everything a render needs before anything is stored (project,
     * every image, the crops, the template, its surfaces, the credits), then charges and starts a
     * `mockup_render` record; answers at once with the mockupHandle message and the record.
     */
    async result(user: UserRow, input: Input<'result'>): Promise<MessagesAndRecord> {
      const project = await ownedMockup(user.id, input.project_id);
      // Images first: a refusal then names the field that holds someone else's file, whatever else is wrong.
      const main = await image(user.id, 'image_url', input.image_url, { raster: true });
      const crop = input.default_design_area ?? null;
      const mainCrop = crop && cropProblem('default_design_area', crop, main);
      if (mainCrop) throw badRequest(mainCrop);
      const items: RenderJobInput['items'] = [];
      for (const [i, item] of (input.item_list ?? []).entries()) {
        const img = await image(user.id, `item_list[${i}].image_url`, item.image_url, { raster: true });
        const itemCrop = item.default_design_area ?? null;
        const problem = itemCrop && cropProblem(`item_list[${i}].default_design_area`, itemCrop, img);
        if (problem) throw badRequest(problem);
        items.push({ surface: item.surface, image_url: img.url, crop: itemCrop, placement: item.placement ?? null });
      }
      // Provisional fields (SPEC §3 provisionalData): never used for the render, but never someone else's file either.
      const origin = input.origin_image?.trim() ? (await image(user.id, 'origin_image', input.origin_image, { raster: false })).url : null;
      if (input.cutout_image?.trim()) await image(user.id, 'cutout_image', input.cutout_image, { raster: false });
      if (input.lumin_url?.trim()) await image(user.id, 'lumin_url', input.lumin_url, { raster: false });

      const template = await templates.forUse(user.id, input.mockup_template_id);
      const surfaces = surfaceProblem(input.item_list ?? [], template.surfaces.length);
      if (surfaces) throw badRequest(surfaces);
      const design = await faces.find(user.id, main.url);
      // The charge (startRecord) re-checks atomically; this early refusal keeps a 450 from storing anything.
      if (user.credit < MOCKUP_RESULT_COST) throw limitReached(Msg.notEnoughCredits);

      const jobInput: RenderJobInput = {
        template_id: template.id,
        main: { image_url: main.url, crop, placement: input.placement ?? null },
        design_url: design ? main.url : null,
        items,
        material: printMaterialOf(input.material ?? templateMaterial(template.material)),
        origin_image: origin,
      };
      const record = await generate.startRecord({
        user,
        projectId: project.id,
        kind: 'mockup_render',
        input: jobInput,
        cost: MOCKUP_RESULT_COST,
        priority: recordPriority(user),
      });
      return startedWith(project.id, record, 'render', main.url, template.id);
    },

    /**
     * POST /api/mockup/custom: the photo is re-checked with the upload rules (SPEC §5; refused: nothing
     * stored), then a free `mockup_custom` record starts on the heavy lane.
     */
    async custom(user: UserRow, input: Input<'custom'>): Promise<MessagesAndRecord> {
      const project = await ownedMockup(user.id, input.project_id);
      const photo = await image(user.id, 'thumbnail_url', input.thumbnail_url, { raster: true });
      const bytes = await files.read(photo.key);
      const checked = await validateUploadImage(bytes);
      if (!checked.ok) throw badRequest(`thumbnail_url: ${checked.message}`);
      // Uploads are within the rules already; a file that needed downscaling or turning is stored again as it should be.
      const url = checked.image.bytes === bytes ? photo.url : (await files.saveGenerated(user.id, checked.image.bytes)).url;
      const record = await generate.startRecord({
        user,
        projectId: project.id,
        kind: 'mockup_custom',
        input: { thumbnail_url: url } satisfies CustomJobInput,
        cost: 0,
        priority: recordPriority(user),
      });
      return startedWith(project.id, record, 'custom', url);
    },

    /**
     * POST /api/mockup/snapshot: a 3D preview the browser uploaded, stored as its own list in
     * result_list. Free accounts: MOCKUP_FREE_SNAPSHOTS_PER_DAY a UTC day (450 past it, nothing
     * stored); Pro and Business: unlimited (SPEC §6).
     */
    async snapshot(user: UserRow, input: Input<'snapshot'>): Promise<Data<'snapshot'>> {
      const project = await ownedMockup(user.id, input.project_id);
      const shot = await image(user.id, 'image_url', input.image_url, { raster: true });
      if (shot.ownerId !== user.id) throw badRequest(MockupMsg.snapshotNotYours);
      if (Math.max(shot.width, shot.height) > MOCKUP_SNAPSHOT_MAX_SIDE) throw badRequest(MockupMsg.snapshotTooLarge(shot.width, shot.height));
      const paid = isPaid(membershipSubject(user), now().getTime());
      const committed = await commits.commitSnapshot({
        projectId: project.id,
        imageUrl: shot.url,
        limit: paid ? null : { userId: user.id, day: utcDay(now()), max: MOCKUP_FREE_SNAPSHOTS_PER_DAY, message: MockupMsg.snapshotLimit },
      });
      if (!committed) throw notFound('Project not found.');
      realtime.emitToProject(project.id, 'project:updated', { project_id: project.id });
      return {
        image_url: shot.url,
        result_list: committed.resultList,
        snapshots_left: committed.count === null ? null : MOCKUP_FREE_SNAPSHOTS_PER_DAY - committed.count,
      };
    },

    /**
     * GET /api/mockup/design/faces: the faces of one of the caller's design-chat designs (by its
     * packshot or flat front URL); any other image the caller may use is its own front.
     */
    async designFaces(userId: string, imageUrl: string): Promise<DesignFaces> {
      const img = await image(userId, 'image_url', imageUrl, { raster: true });
      return (await faces.facesFor(userId, img.url)) ?? { box_id: 0, background: '#ffffff', faces: { front: img.url } };
    },

    /**
     * POST /api/mockup-service/link: our own mockup module is the mockup service, so the caller's
     * mockup-service user id is their own user id, recorded on first link (GET /api/user/me shows it).
     * Answers the caller's mockup projects: those among `project_ids` (others are left out), or all.
     */
    async link(user: UserRow, input: Input<'link'>): Promise<Data<'link'>> {
      if (user.mockupServiceUserId !== user.id) await deps.users.update(user.id, { mockupServiceUserId: user.id });
      const ids = input.project_ids ? [...new Set(input.project_ids)] : undefined;
      return { user_id: user.id, project_ids: await deps.repo.mockupProjectIds(user.id, ids) };
    },

    /**
     * POST /api/mockup-service/link/image: opens an image in the studio: in the caller's mockup project
     * `linked_project_id`, or a new mockup project; stored as data.mockup_origin_image.
     */
    async linkImage(user: UserRow, input: Input<'linkImage'>): Promise<Data<'linkImage'>> {
      const origin = await image(user.id, 'orgin_image', input.orgin_image, { raster: true });
      if (input.project_id) await access.assertOwner(user.id, input.project_id);
      let projectId: string;
      if (input.linked_project_id) {
        const linked = await access.assertOwner(user.id, input.linked_project_id);
        if (linked.type !== 'mockup') throw badRequest(MockupMsg.linkedNotMockup);
        projectId = linked.id;
      } else {
        projectId = (await deps.projects.create(user.id, { type: 'mockup' })).project_id;
      }
      const updated = await deps.projectRepo.update(projectId, {}, { mockup_origin_image: origin.url });
      if (!updated) throw notFound('Project not found.');
      realtime.emitToProject(projectId, 'project:updated', { project_id: projectId });
      return { project_id: projectId, mockup_origin_image: origin.url };
    },
  };
}
export type MockupService = ReturnType<typeof createMockupService>;
