import { UploadMsg, type CallParsedInput, type Project, type ProjectSummary, type ProjectType, type projectCalls } from '@packsmith/contracts';
import type { Transact } from '../../db/transact.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import type { FileAccess } from '../files/index.js';
import type { Storage } from '../../storage/storage.js';
import { newId } from '../../lib/ids.js';
import type { ProjectEmitter } from '../../realtime/emitter.js';
import type { ProjectAccess, ProjectRow } from './project.access.js';
import { toProjectDto, toProjectSummary } from './project.dto.js';
import type { ProjectPatch, ProjectRepo } from './project.repo.js';
import { DEFAULT_PROJECT_NAMES, applyImageLike, briefOf, dataPatchRefusal, type ImageLikes } from './project.rules.js';

type Input<K extends keyof typeof projectCalls> = CallParsedInput<(typeof projectCalls)[K]>;

const gone = () => notFound('Project not found.');
/** Keys of a project's free-form data that hold image URLs the web app shows (ProjectDataSchema). */
const DATA_IMAGE_KEYS = ['origin_image', 'edit_image_url', 'select_background', 'lumin_url', 'cutout_image', 'mockup_origin_image', 'imageUrls'] as const;

/** What the project service needs of the design-idea gallery (modules/ideas IdeaFiling). */
export interface ProjectGallery {
  /** After a change of the project's brief, name or is_public: files a public project (a private one leaves every list). */
  refile(row: ProjectRow): Promise<void>;
  /** After a delete: the project leaves the gallery. */
  removed(): void;
  /** After a like or its undoing: popular lists order by likes. */
  liked(projectId: string, likeCount: number): void;
}

/**
 * What the project service needs of file storage: image URLs users store on a project (logo, a child's
 * images, liked images) must be URLs of our own storage, never `javascript:`, `data:` or another host.
 */
export interface ProjectImages {
  resolveOwnedImage: FileAccess['resolveOwnedImage'];
  keyFromUrl: Storage['keyFromUrl'];
}

export function createProjectService(deps: {
  repo: ProjectRepo;
  /** Read-modify-writes of one project run under its row lock. */
  transact: Transact<{ projects: ProjectRepo }>;
  access: ProjectAccess;
  realtime: ProjectEmitter;
  images: ProjectImages;
  /** The design-idea gallery: files a public project (category, tags, palette, search text) after each change. */
  gallery: ProjectGallery;
}) {
  const { repo, transact, access, realtime, images, gallery } = deps;
  const pageOf = (q: { page_index: number; page_size: number }) => ({ limit: q.page_size, offset: (q.page_index - 1) * q.page_size });

  /** Children a caller may see: all of them for the owner, only published ones for anyone else. */
  async function visibleChildren(userId: string, parent: ProjectRow): Promise<ProjectSummary[]> {
    const rows = await repo.listChildren(parent.id, parent.userId !== userId);
    return rows.map(toProjectSummary);
  }

  /** A stored image URL must be a file of ours the user may use; the refusal names the field. */
  /** Whether the project shows this image as a result or already marks it (liked, disliked, best). */
  function marksOrShows(project: Pick<ProjectRow, 'resultList' | 'likeList' | 'dislikeList' | 'likeBest' | 'data'>, url: string): boolean {
    const shown = Array.isArray(project.data?.imageUrls) ? project.data.imageUrls : [];
    return (
      project.resultList.some((run) => run.includes(url)) ||
      shown.includes(url) ||
      project.likeList.includes(url) ||
      project.dislikeList.includes(url) ||
      project.likeBest === url
    );
  }

  async function assertOwnedImage(userId: string, field: string, url: string): Promise<void> {
    try {
      await images.resolveOwnedImage(userId, url);
    } catch (err) {
      if (err instanceof AppError) throw new AppError(err.code, `${field}: ${err.message}`);
      throw err;
    }
  }

  /**
   * The image keys of free-form data the app renders (a child's origin_image among them) may only hold
   * URLs of our storage. Shape only: these are set by the server from files it resolved; a client
   * writing them is the exception.
   */
  function assertStorageUrls(data: Record<string, unknown> | undefined): void {
    if (!data) return;
    for (const field of DATA_IMAGE_KEYS) {
      const value = data[field];
      const urls = Array.isArray(value) ? value : [value];
      for (const url of urls) {
        if (url === undefined || url === '') continue;
        if (typeof url !== 'string' || !images.keyFromUrl(url.trim())) throw badRequest(`data.${field}: ${UploadMsg.foreignUrl}`);
      }
    }
  }

  function announce(projectId: string): void {
    realtime.emitToProject(projectId, 'project:updated', { project_id: projectId });
  }

  return {
    async create(userId: string, input: Input<'create'>): Promise<Project> {
      if (input.type === 'childDesign') throw badRequest('type: a child design is created with POST /api/project/child.');
      let brief = {};
      if (input.fork_from) {
        // A redesign starts from the source's brief only: its results, likes and chat stay with the source.
        const source = await access.assertReadable(userId, input.fork_from);
        brief = briefOf(source);
      }
      const row = await repo.insert({
        id: newId(),
        userId,
        type: input.type,
        name: DEFAULT_PROJECT_NAMES[input.type],
        ...brief,
        forkFrom: input.fork_from ?? null,
      });
      return toProjectDto(row);
    },

    async update(userId: string, input: Input<'update'>): Promise<Project> {
      await access.assertOwner(userId, input.project_id);
      // '' clears the logo; anything else must be an image of ours (a stored `javascript:` URL is an XSS in waiting).
      if (input.data.logo) await assertOwnedImage(userId, 'logo', input.data.logo);
      assertStorageUrls(input.data.data);
      const { data, is_public, ...fields } = input.data;
      const patch: ProjectPatch = { ...fields };
      if (is_public !== undefined) patch.isPublic = is_public;
      const row =
        data && Object.keys(data).length > 0
          ? // The row lock makes the size checked the size saved: no concurrent merge slips in between.
            await transact(async (tx) => {
              const txRepo = tx.projects;
              const current = await txRepo.lockAlive(input.project_id);
              if (!current) throw gone();
              const refusal = dataPatchRefusal(current.data, data);
              if (refusal) throw badRequest(refusal);
              return txRepo.update(current.id, patch, data);
            })
          : await repo.update(input.project_id, patch, data);
      if (!row) throw gone();
      // Publishing files the project into the gallery; a brief change of a public one refiles it (search text follows).
      if (row.isPublic || is_public !== undefined) await gallery.refile(row);
      announce(row.id);
      return toProjectDto(row);
    },

    async remove(userId: string, projectId: string): Promise<{ deleted: boolean }> {
      await access.assertOwner(userId, projectId);
      if (!(await repo.softDelete(projectId))) throw gone();
      gallery.removed();
      return { deleted: true };
    },

    async info(userId: string, projectId: string): Promise<Project> {
      return toProjectDto(await access.assertReadable(userId, projectId));
    },

    async detail(userId: string, projectId: string): Promise<Project & { children: ProjectSummary[] }> {
      const row = await access.assertReadable(userId, projectId);
      return { ...toProjectDto(row), children: await visibleChildren(userId, row) };
    },

    async list(userId: string, q: Input<'list'>): Promise<{ list: ProjectSummary[]; total: number }> {
      const { rows, total } = await repo.listByOwner(userId, q.type, pageOf(q));
      return { list: rows.map(toProjectSummary), total };
    },

    /** POST /api/project/view: counted once per user (project_views), answers the view count. */
    async view(userId: string, projectId: string): Promise<{ view_count: number }> {
      await access.assertReadable(userId, projectId);
      const viewCount = await repo.recordView(projectId, userId);
      if (viewCount === null) throw gone();
      return { view_count: viewCount };
    },

    async rename(userId: string, projectId: string, name: string): Promise<{ project_id: string; name: string }> {
      await access.assertOwner(userId, projectId);
      const row = await repo.update(projectId, { name });
      if (!row) throw gone();
      if (row.isPublic) await gallery.refile(row);
      announce(row.id);
      return { project_id: row.id, name: row.name };
    },

    async likeStatus(userId: string, projectId: string): Promise<{ liked: boolean; like_count: number }> {
      const row = await access.assertReadable(userId, projectId);
      return { liked: await repo.hasLike(projectId, userId), like_count: row.likeCount };
    },

    async like(userId: string, projectId: string): Promise<{ liked: boolean; like_count: number }> {
      await access.assertReadable(userId, projectId);
      // The row lock serialises toggles on one project, so like_count always equals the rows counted.
      const result = await transact(async (tx) => {
        const txRepo = tx.projects;
        if (!(await txRepo.lockAlive(projectId))) throw gone();
        const liked = await txRepo.toggleLike(projectId, userId);
        return { liked, like_count: await txRepo.recountLikes(projectId) };
      });
      gallery.liked(projectId, result.like_count);
      return result;
    },

    async likeImage(userId: string, input: Input<'likeImage'>): Promise<ImageLikes> {
      const project = await access.assertOwner(userId, input.project_id);
      const url = input.image_url.trim();
      if (!images.keyFromUrl(url)) throw badRequest(`image_url: ${UploadMsg.foreignUrl}`);
      // A like names one of this project's results, an image it already marks (undoing works even
      // after the file is gone), or a file the caller may use — never another user's private file.
      if (!marksOrShows(project, url)) await assertOwnedImage(userId, 'image_url', url);
      const next = await transact(async (tx) => {
        const txRepo = tx.projects;
        const row = await txRepo.lockAlive(input.project_id);
        if (!row) throw gone();
        const result = applyImageLike({ like_list: row.likeList, dislike_list: row.dislikeList, like_best: row.likeBest }, input.image_url, input.type);
        await txRepo.update(row.id, { likeList: result.like_list, dislikeList: result.dislike_list, likeBest: result.like_best });
        return result;
      });
      announce(input.project_id);
      return next;
    },

    async createChild(userId: string, input: Input<'createChild'>): Promise<Project> {
      const parent = await access.assertOwner(userId, input.parent_project_id);
      await assertOwnedImage(userId, 'edit_image_url', input.edit_image_url);
      if (input.origin_image) await assertOwnedImage(userId, 'origin_image', input.origin_image);
      const type: ProjectType = 'childDesign';
      const row = await repo.insert({
        id: newId(),
        userId,
        type,
        name: DEFAULT_PROJECT_NAMES[type],
        ...briefOf(parent),
        parentId: parent.id,
        data: { origin_image: input.origin_image || input.edit_image_url, edit_image_url: input.edit_image_url },
      });
      return toProjectDto(row);
    },

    async childList(userId: string, projectId: string): Promise<{ list: ProjectSummary[] }> {
      const parent = await access.assertReadable(userId, projectId);
      return { list: await visibleChildren(userId, parent) };
    },
  };
}
export type ProjectService = ReturnType<typeof createProjectService>;
