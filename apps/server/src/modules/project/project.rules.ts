import { PROJECT_DATA_MAX_BYTES, jsonByteLength, type ProjectType } from '@packsmith/contracts';

export type ImageLikeType = 'like' | 'dislike' | 'best';

export interface ImageLikes {
  like_list: string[];
  dislike_list: string[];
  like_best: string | null;
}

/** The client keeps these lists deduplicated with blanks removed (SPEC §3); the server stores them the same way. */
function clean(list: readonly string[]): string[] {
  return [...new Set(list.filter((url) => url.trim() !== ''))];
}

/**
 * One press of like, dislike or best on a result image. Like and dislike exclude each other; pressing
 * the same one again undoes it; best names one image, and pressing it on that image clears it.
 * Disliking the best image also clears best, so the two never disagree.
 */
export function applyImageLike(current: ImageLikes, imageUrl: string, type: ImageLikeType): ImageLikes {
  const likes = clean(current.like_list);
  const dislikes = clean(current.dislike_list);
  let best = current.like_best && current.like_best.trim() !== '' ? current.like_best : null;
  const without = (list: string[]) => list.filter((url) => url !== imageUrl);
  switch (type) {
    case 'like':
      return likes.includes(imageUrl)
        ? { like_list: without(likes), dislike_list: dislikes, like_best: best }
        : { like_list: [...likes, imageUrl], dislike_list: without(dislikes), like_best: best };
    case 'dislike':
      if (dislikes.includes(imageUrl)) return { like_list: likes, dislike_list: without(dislikes), like_best: best };
      if (best === imageUrl) best = null;
      return { like_list: without(likes), dislike_list: [...dislikes, imageUrl], like_best: best };
    case 'best':
      return { like_list: likes, dislike_list: dislikes, like_best: best === imageUrl ? null : imageUrl };
  }
}

/** What a new project is called until its owner renames it. */
export const DEFAULT_PROJECT_NAMES: Record<ProjectType, string> = {
  design: 'Untitled design',
  photoshoot: 'Untitled photo shoot',
  mockup: 'Untitled mockup',
  pricing_tool: 'Untitled quotation',
  ai_editor: 'Untitled edit',
  childDesign: 'Untitled variation',
  nutrition: 'Untitled nutrition label',
};

/** The brief a fork or a child design starts from (SPEC §3 brief fields); results, likes and chat stay behind. */
export interface Brief {
  product: string;
  brand: string;
  logo: string;
  box: string[];
  element: string[];
  style: string[];
  color: string[];
}

export function briefOf(row: Brief): Brief {
  return {
    product: row.product,
    brand: row.brand,
    logo: row.logo,
    box: [...row.box],
    element: [...row.element],
    style: [...row.style],
    color: [...row.color],
  };
}

/**
 * Why merging `patch` into a project's stored data would be refused, or null when it fits: the merged
 * data may not exceed PROJECT_DATA_MAX_BYTES. A project already over the bound (stored before it
 * existed) may still take patches that do not grow it, so its owner can shrink it.
 */
export function dataPatchRefusal(stored: Record<string, unknown>, patch: Record<string, unknown>): string | null {
  const merged = jsonByteLength({ ...stored, ...patch });
  if (merged <= PROJECT_DATA_MAX_BYTES || merged <= jsonByteLength(stored)) return null;
  return `data: a project's data may hold at most ${PROJECT_DATA_MAX_BYTES / 1024 / 1024} MB (this change would make it ${(merged / 1024 / 1024).toFixed(1)} MB).`;
}
