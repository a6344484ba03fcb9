import type { CallData, projectCalls } from '@packsmith/contracts';

export type ImageLikes = CallData<typeof projectCalls.likeImage>;
export type ImageLikeType = 'like' | 'dislike' | 'best';
/** A photo shoot result has like and best, no dislike. */
export type PhotoLikeType = 'like' | 'best';

export const NO_LIKES: ImageLikes = { like_list: [], dislike_list: [], like_best: null };

/**
 * The optimistic guess of one press of like, dislike or best (the server's rule, POST
 * /api/project/like/image): like and dislike exclude each other, pressing the same again undoes it,
 * best names one image (pressing it on that image clears it), and disliking the best clears best.
 * The server's answer replaces the guess.
 */
export function applyImageLike(current: ImageLikes, url: string, type: ImageLikeType): ImageLikes {
  const likes = current.like_list.filter((u) => u !== url);
  const dislikes = current.dislike_list.filter((u) => u !== url);
  const liked = current.like_list.includes(url);
  const disliked = current.dislike_list.includes(url);
  switch (type) {
    case 'like':
      return liked ? { ...current, like_list: likes } : { like_list: [...likes, url], dislike_list: dislikes, like_best: current.like_best };
    case 'dislike':
      if (disliked) return { ...current, dislike_list: dislikes };
      return { like_list: likes, dislike_list: [...dislikes, url], like_best: current.like_best === url ? null : current.like_best };
    case 'best':
      return { ...current, like_best: current.like_best === url ? null : url };
  }
}

/** The optimistic guess of one press on a photo shoot result (the server's rule): pressing again undoes it; best names one image. */
export function applyPhotoLike(current: ImageLikes, url: string, type: PhotoLikeType): ImageLikes {
  if (type === 'best') return { ...current, like_best: current.like_best === url ? null : url };
  const liked = current.like_list.includes(url);
  return { ...current, like_list: liked ? current.like_list.filter((u) => u !== url) : [...current.like_list, url] };
}

export interface ImageMarks {
  liked: boolean;
  disliked: boolean;
  best: boolean;
}

export function marksOf(likes: ImageLikes, url: string): ImageMarks {
  return { liked: likes.like_list.includes(url), disliked: likes.dislike_list.includes(url), best: likes.like_best === url };
}
