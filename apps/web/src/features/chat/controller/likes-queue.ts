import { photoshootCalls, projectCalls } from '@packsmith/contracts';
import { apiCall } from '../../../api/client';
import { useProjectStore } from '../../../stores/project.store';
import type { ChatStoreApi } from '../chat.store';
import { NO_LIKES, applyImageLike, applyPhotoLike, type ImageLikeType, type ImageLikes, type PhotoLikeType } from '../image-likes';
import type { RunGuard } from './run-guard';

/**
 * Like, dislike and best on the chat's results. A press shows at once; presses go to the server one
 * after another, and a refused one rolls back to what the server last confirmed.
 */
export interface LikesQueue {
  /** The likes the server holds (the project was read). */
  confirm(likes: ImageLikes): void;
  /** A design (POST /api/project/like/image); sending the same again undoes it. */
  toggleImageLike(url: string, type: ImageLikeType): Promise<boolean>;
  /** A photo shoot result (POST /api/project/photoshoot/image/like). */
  togglePhotoLike(url: string, type: PhotoLikeType): Promise<boolean>;
  /** Resolves when every press made so far has been answered; closing a chat lets them finish. */
  flushed(): Promise<void>;
}

export function createLikesQueue(store: ChatStoreApi, run: RunGuard): LikesQueue {
  let designQueue: Promise<unknown> = Promise.resolve();
  let confirmedDesign: ImageLikes | null = null;
  let photoQueue: Promise<unknown> = Promise.resolve();
  let confirmedPhoto: { projectId: string; likes: ImageLikes } | null = null;
  const state = () => store.getState();

  function showDesignLikes(likes: ImageLikes): void {
    state().patch({ likes });
    useProjectStore.getState().patch({ like_image_list: likes.like_list, dislike_image_list: likes.dislike_list });
  }

  function showPhotoLikes(likes: ImageLikes): void {
    state().patch({ likes });
    useProjectStore.getState().patch({ like_image_list: [...likes.like_list], photoLikeBestUrl: likes.like_best ?? '' });
  }

  function toggleImageLike(url: string, type: ImageLikeType): Promise<boolean> {
    const projectId = state().projectId;
    if (!projectId) return Promise.resolve(false);
    showDesignLikes(applyImageLike(state().likes, url, type));
    const current = run.id;
    const job: Promise<boolean> = designQueue.then(async () => {
      try {
        const confirmed = await apiCall(projectCalls.likeImage, { project_id: projectId, image_url: url, type });
        if (!run.isCurrent(current, projectId)) return false;
        confirmedDesign = confirmed;
        // A later press may be waiting in the queue: keep showing its guess until it is answered.
        if (designQueue === job) showDesignLikes(confirmed);
        return true;
      } catch {
        if (run.isCurrent(current, projectId)) showDesignLikes(confirmedDesign ?? NO_LIKES);
        return false;
      }
    });
    designQueue = job;
    return job;
  }

  function togglePhotoLike(url: string, type: PhotoLikeType): Promise<boolean> {
    const projectId = state().projectId;
    if (!projectId) return Promise.resolve(false);
    const before = state().likes;
    if (confirmedPhoto?.projectId !== projectId) confirmedPhoto = { projectId, likes: before };
    showPhotoLikes(applyPhotoLike(before, url, type));
    const job: Promise<boolean> = photoQueue.then(async () => {
      try {
        const answer = await apiCall(photoshootCalls.likePhoto, { project_id: projectId, image_url: url, type });
        if (state().projectId !== projectId) return false;
        const likes = { ...state().likes, like_list: answer.like_list, like_best: answer.like_best };
        confirmedPhoto = { projectId, likes };
        if (photoQueue === job) showPhotoLikes(likes);
        return true;
      } catch {
        if (state().projectId === projectId && confirmedPhoto?.projectId === projectId) showPhotoLikes(confirmedPhoto.likes);
        return false;
      }
    });
    photoQueue = job;
    return job;
  }

  return {
    confirm: (likes) => {
      confirmedDesign = likes;
    },
    toggleImageLike,
    togglePhotoLike,
    flushed: () => Promise.all([designQueue, photoQueue]).then(() => undefined),
  };
}
