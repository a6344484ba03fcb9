import { describe, expect, it } from 'vitest';
import { UploadMsg } from '@packsmith/contracts';
import { createLocalStorage } from '../../storage/local-storage.js';
import { createFileAccess } from './file-access.js';
import type { FileRow } from './file.repo.js';

const MINE = 'u/alice/2025/03/aaaaaaaaaaaaaaaaaaaaaa.png';
const BOBS = 'u/bob/2025/03/bbbbbbbbbbbbbbbbbbbbbb.png';
const SHARED = 'u/bob/2025/03/cccccccccccccccccccccc.jpg';

describe('resolveOwnedImage', () => {
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

  it('resolves own files and public files, relative or absolute', async () => {
    expect(await access.resolveOwnedImage('alice', `/files/${MINE}`)).toMatchObject({ key: MINE, row: { userId: 'alice' } });
    expect((await access.resolveOwnedImage('alice', ` https://packsmith.example/files/${MINE} `)).key).toBe(MINE);
    expect((await access.resolveOwnedImage('alice', `/files/${SHARED}`)).key).toBe(SHARED);
  });

  it("refuses another user's private file (403) and unknown keys (404)", async () => {
    await expect(access.resolveOwnedImage('alice', `/files/${BOBS}`)).rejects.toMatchObject({ code: 403, message: UploadMsg.notYourFile });
    await expect(access.resolveOwnedImage('alice', '/files/u/alice/2025/03/zzzzzzzzzzzzzzzzzzzzzz.png')).rejects.toMatchObject({ code: 404 });
  });

  it('refuses foreign URLs (400) without even a database lookup', async () => {
    const before = lookups.length;
    for (const url of ['http://example.com/a.png', `https://evil.example/files/${MINE}`, 'http://169.254.169.254/latest/meta-data/', `/files/../${MINE}`, '']) {
      await expect(access.resolveOwnedImage('alice', url), url).rejects.toMatchObject({ code: 400, message: UploadMsg.foreignUrl });
    }
    expect(lookups.length).toBe(before);
  });
});
