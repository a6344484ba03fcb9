import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UploadMsg } from '@packsmith/contracts';
import { makePng } from '../../../test/images.js';
import { createLocalStorage } from '../../storage/local-storage.js';
import { createFileAccess } from './file-access.js';
import type { FileRepo, FileRow, NewFileRow } from './file.repo.js';
import { createFileService } from './file.service.js';
import { createUploadTokens } from './upload-token.js';

function memoryRepo(opts: { failInsert?: boolean } = {}): FileRepo & { rows: Map<string, FileRow> } {
  const rows = new Map<string, FileRow>();
  return {
    rows,
    async insert(row: NewFileRow) {
      if (opts.failInsert) throw new Error('database is down');
      const full: FileRow = { userId: null, isPublic: false, createdAt: new Date(), ...row };
      rows.set(row.key, full);
      return full;
    },
    async findByKey(key) {
      return rows.get(key) ?? null;
    },
    async deleteByKey(key) {
      rows.delete(key);
    },
    async reassignOwner() {
      return 0;
    },
  };
}

describe('file service', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'file-service-'));
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const storage = createLocalStorage({ rootDir: root, publicUrl: null });
  const tokens = createUploadTokens({ secret: 's'.repeat(32), ttlMs: 3600_000 });
  const warnings: unknown[] = [];
  const build = (repo: FileRepo) =>
    createFileService({ storage, repo, tokens, access: createFileAccess({ storage, repo }), log: { warn: (o: object) => warnings.push(o) } });
  const storedFiles = () =>
    fs
      .readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => d.name);

  it('stores the file, then the row', async () => {
    const repo = memoryRepo();
    const up = await build(repo).upload('user1', { token: tokens.sign('user1').token, file: await makePng(1024, 1024) });
    expect(repo.rows.get(up.key)).toMatchObject({ userId: 'user1', width: 1024, height: 1024, mime: 'image/png', isPublic: false });
    expect(await storage.head(up.key)).toEqual({ size: up.size, contentType: 'image/png' });
  });

  it('deletes the written file when the row cannot be inserted', async () => {
    const before = storedFiles();
    await expect(
      build(memoryRepo({ failInsert: true })).upload('user1', { token: tokens.sign('user1').token, file: await makePng(1024, 1024) }),
    ).rejects.toThrow('database is down');
    expect(storedFiles()).toEqual(before);
  });

  it('checks the token before looking at the file', async () => {
    const svc = build(memoryRepo());
    await expect(svc.upload('user1', { token: null, file: Buffer.from('x') })).rejects.toMatchObject({ code: 400, message: UploadMsg.tokenRequired });
    await expect(svc.upload('user1', { token: tokens.sign('user2').token, file: Buffer.from('x') })).rejects.toMatchObject({
      code: 400,
      message: UploadMsg.permissionExpired,
    });
    await expect(svc.upload('user1', { token: tokens.sign('user1').token, file: null })).rejects.toMatchObject({ code: 400, message: UploadMsg.fileRequired });
  });

  it('answers a local storage token with the upload URL and a one-hour expiry', async () => {
    const t = await build(memoryRepo()).storageToken('user1');
    expect(t).toMatchObject({ provider: 'local', uploadUrl: '/api/upload' });
    expect(tokens.verify(t.uploadToken, 'user1')).toBe('ok');
  });
});
