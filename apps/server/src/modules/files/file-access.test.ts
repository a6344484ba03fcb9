import { describe, expect, it } from 'vitest';
import { UploadMsg } from '@packsmith/contracts';
import { createLocalStorage } from '../../storage/local-storage.js';
import { createFileAccess } from './file-access.js';
import type { FileRow } from './file.repo.js';

const MINE = 'u/alice/2025/03/aaaaaaaaaaaaaaaaaaaaaa.png';
const BOBS = 'u/bob/2025/03/bbbbbbbbbbbbbbbbbbbbbb.png';
const SHARED = 'u/bob/2025/03/cccccccccccccccccccccc.jpg';

/** The gate on a local storage and an in-memory file table; built inside each test. */
function setup() {
  const rows = new Map<string, FileRow>(
    [
      { key: MINE, userId: 'alice', isPublic: false },
      { key: BOBS, userId: 'bob', isPublic: false },
      { key: SHARED, userId: 'bob', isPublic: true },
    ].map((r) => [r.key, { ...r, mime: 'image/png', width: 1024, height: 1024, size: 1, createdAt: new Date() }]),
  );
  const lookups: string[] = [];
  const access = createFileAccess({
    storage: createLocalStorage({ rootDir: '/nonexistent', publicUrl: 'https://packsmith.example' }),
    repo: {
      async findByKey(key) {
        lookups.push(key);
        return rows.get(key) ?? null;
      },
    },
  });
  return { access, lookups };
}

describe('resolveOwnedImage', () => {
  it('resolves own files and public files, relative or absolute', async () => {
    const { access } = setup();
    expect(await access.resolveOwnedImage('alice', `/files/${MINE}`)).toMatchObject({ key: MINE, row: { userId: 'alice' } });
    expect((await access.resolveOwnedImage('alice', ` https://packsmith.example/files/${MINE} `)).key).toBe(MINE);
    expect((await access.resolveOwnedImage('alice', `/files/${SHARED}`)).key).toBe(SHARED);
  });

  it("refuses another user's private file (403) and unknown keys (404)", async () => {
    const { access } = setup();
    await expect(access.resolveOwnedImage('alice', `/files/${BOBS}`)).rejects.toMatchObject({ code: 403, message: UploadMsg.notYourFile });
    await expect(access.resolveOwnedImage('alice', '/files/u/alice/2025/03/zzzzzzzzzzzzzzzzzzzzzz.png')).rejects.toMatchObject({ code: 404 });
  });

  it('refuses foreign URLs (400) without even a database lookup', async () => {
    const { access, lookups } = setup();
    for (const url of ['http://example.com/a.png', `https://evil.example/files/${MINE}`, 'http://169.254.169.254/latest/meta-data/', `/files/../${MINE}`, '']) {
      await expect(access.resolveOwnedImage('alice', url), url).rejects.toMatchObject({ code: 400, message: UploadMsg.foreignUrl });
    }
    expect(lookups).toEqual([]);
  });

  it('trims the URL it is given (a pasted relative URL with a leading space)', async () => {
    const { access } = setup();
    expect((await access.resolveOwnedImage('alice', `  /files/${MINE}\n`)).key).toBe(MINE);
  });

  it('refuses a URL that is not a string (a JSON body can carry anything) as foreign', async () => {
    const { access, lookups } = setup();
    for (const url of [42, null, undefined, { url: `/files/${MINE}` }]) {
      await expect(access.resolveOwnedImage('alice', url as unknown as string)).rejects.toMatchObject({ code: 400, message: UploadMsg.foreignUrl });
    }
    expect(lookups).toEqual([]);
  });
});
