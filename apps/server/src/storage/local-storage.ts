import fs from 'node:fs/promises';
import path from 'node:path';
import { newId } from '../lib/ids.js';
import { assertSafeKey, contentTypeOf, keyFromOwnUrl, trimSlash, type ObjectInfo, type ObjectStream, type Storage } from './storage.js';

/** URL path local files are served under (GET /files/<key>). */
export const LOCAL_FILES_PREFIX = '/files/';

/**
 * Files on local disk below `rootDir` (DATA_DIR/files). Writes go to a temp file in the same folder
 * tree and are renamed into place, so a crash never leaves a half-written file under a real key.
 */
export function createLocalStorage(opts: { rootDir: string; publicUrl: string | null }): Storage {
  const root = path.resolve(opts.rootDir);
  const tmpDir = path.join(root, '.tmp');
  const publicBase = opts.publicUrl ? `${trimSlash(opts.publicUrl)}/files` : null;

  function fileOf(key: string): string {
    assertSafeKey(key);
    const file = path.join(root, ...key.split('/'));
    // Belt and braces: the key pattern already excludes `..`; a path outside root is a bug, not a miss.
    if (!file.startsWith(root + path.sep)) throw new Error(`storage: key escapes the root: ${key}`);
    return file;
  }

  async function statOf(key: string): Promise<ObjectInfo | null> {
    try {
      const st = await fs.stat(fileOf(key));
      return st.isFile() ? { size: st.size, contentType: contentTypeOf(key) } : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  return {
    kind: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, `${newId(9)}.part`);
      try {
        const handle = await fs.open(tmp, 'wx', 0o644);
        try {
          await handle.writeFile(bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(tmp, file);
      } catch (err) {
        await fs.rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      try {
        return await fs.readFile(fileOf(key));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async stream(key): Promise<ObjectStream | null> {
      const file = fileOf(key);
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(file, 'r');
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      const st = await handle.stat();
      if (!st.isFile()) {
        await handle.close();
        return null;
      }
      // Reading from the opened handle: the size announced matches the bytes sent even if the key is deleted meanwhile.
      return { size: st.size, contentType: contentTypeOf(key), body: handle.createReadStream({ autoClose: true }) };
    },
    head: statOf,
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    publicUrl(key) {
      assertSafeKey(key);
      return `${publicBase ?? '/files'}/${key}`;
    },
    keyFromUrl(url) {
      return keyFromOwnUrl(url, publicBase ? [publicBase] : [], LOCAL_FILES_PREFIX);
    },
    async directUpload() {
      return null;
    },
  };
}

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
