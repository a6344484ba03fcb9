import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

const FILES_PREFIX = '/files/';

/**
 * The storage key of a URL of OUR files: `/files/<key>` relative, or absolute on one of `ownOrigins`.
 * Anything else — another site, a key with `..`, a backslash or a control character — is null, so no
 * client-given path ever reaches the disk unchecked.
 */
export function storedFileKey(url: string, ownOrigins: readonly string[]): string | null {
  let pathname: string;
  if (url.startsWith('/') && !url.startsWith('//')) {
    const parsed = new URL(url, 'http://relative.invalid');
    if (parsed.origin !== 'http://relative.invalid') return null;
    pathname = parsed.pathname;
  } else {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return null;
    }
    if (parsed.username || parsed.password || !ownOrigins.includes(parsed.origin)) return null;
    pathname = parsed.pathname;
  }
  if (!pathname.startsWith(FILES_PREFIX)) return null;
  let key: string;
  try {
    key = decodeURIComponent(pathname.slice(FILES_PREFIX.length));
  } catch {
    return null;
  }
  if (!key || key.includes('..') || /[\u0000-\u001f\\]/.test(key) || key.startsWith('/') || key.includes('//')) return null;
  return key;
}

export interface StoredFile {
  body: Readable;
  size: number;
  filename: string;
  contentType: string;
}

const TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
};

/**
 * Opens a stored file by key, or null when there is none. The one place downloads touch storage:
 * local disk under `${dataDir}/files` today, the storage driver once it serves streams for every backend.
 */
export async function openStoredFile(filesDir: string, key: string): Promise<StoredFile | null> {
  const root = path.resolve(filesDir);
  const file = path.resolve(root, ...key.split('/'));
  if (!file.startsWith(root + path.sep)) return null;
  let handle: fs.promises.FileHandle;
  try {
    handle = await fs.promises.open(file, 'r');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null;
    throw err;
  }
  const stat = await handle.stat();
  if (!stat.isFile()) {
    await handle.close();
    return null;
  }
  const ext = path.extname(file).toLowerCase();
  return {
    body: handle.createReadStream(),
    size: stat.size,
    filename: path.basename(file),
    contentType: TYPES[ext] ?? 'application/octet-stream',
  };
}
