import { UploadMsg } from '@packsmith/contracts';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import type { Storage } from '../../storage/storage.js';
import type { FileRepo, FileRow } from './file.repo.js';

export interface OwnedImage {
  key: string;
  row: FileRow;
}

/**
 * The gate for every call that takes an image URL (image_url, origin_image, background_url, …):
 * only files of our own storage are accepted, resolved to their key; the server never fetches a
 * URL it was given (no SSRF). Foreign URL → 400, unknown key → 404, another user's private file → 403.
 */
export function createFileAccess(deps: { storage: Pick<Storage, 'keyFromUrl'>; repo: Pick<FileRepo, 'findByKey'> }) {
  return {
    async resolveOwnedImage(userId: string, url: string): Promise<OwnedImage> {
      const key = typeof url === 'string' ? deps.storage.keyFromUrl(url.trim()) : null;
      if (!key) throw badRequest(UploadMsg.foreignUrl);
      const row = await deps.repo.findByKey(key);
      if (!row) throw notFound(UploadMsg.fileNotFound);
      if (row.userId !== userId && !row.isPublic) throw forbidden(UploadMsg.notYourFile);
      return { key, row };
    },
  };
}
export type FileAccess = ReturnType<typeof createFileAccess>;
