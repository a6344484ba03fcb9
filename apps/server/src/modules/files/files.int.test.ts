import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Msg, UploadMsg, UPLOAD_PATH } from '@packsmith/contracts';
import { TestClient, newGuest } from '../../../test/client.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { makeGif, makeJpeg, makePng, makeSvg, makeTruncatedPng, sizeOf } from '../../../test/images.js';
import { fileRows, filesOnDisk, uploadFile, uploadToken } from '../../../test/uploads.js';
import { eq } from 'drizzle-orm';
import { files } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { createUploadTokens } from './upload-token.js';

const APP_SECRET = 'integration-test-secret-0123456789abcdef';

describe('uploads to local storage', () => {
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: string;

  beforeAll(async () => {
    server = await startTestServer({ APP_SECRET });
    [alice, bob] = await Promise.all([newGuest(server.url), newGuest(server.url)]);
    aliceId = (await alice.get<{ user_id: string }>('/api/user/me')).data?.user_id ?? '';
  });
  afterAll(() => server.close());

  async function expectNothingLeft(action: () => Promise<unknown>) {
    const [diskBefore, rowsBefore] = [filesOnDisk(server), (await fileRows(server)).length];
    await action();
    expect(filesOnDisk(server)).toEqual(diskBefore);
    expect((await fileRows(server)).length).toBe(rowsBefore);
  }

  it('GET /api/aws/token answers a local upload token valid for one hour', async () => {
    const before = Date.now();
    const r = await alice.get<{ provider: string; Expiration: string; uploadToken: string; uploadUrl: string; maxBytes: number }>('/api/aws/token');
    expect(r).toMatchObject({ code: 0, msg: 'SUCCESS', data: { provider: 'local', uploadUrl: UPLOAD_PATH, maxBytes: 25 * 1024 * 1024 } });
    const expires = Date.parse(r.data?.Expiration ?? '');
    expect(expires - before).toBeGreaterThan(3590_000);
    expect(expires - before).toBeLessThanOrEqual(3601_000);
    expect((await new TestClient(server.url).get('/api/aws/token')).code).toBe(401);
  });

  it('stores a 1200×1600 PNG and JPEG and serves them back byte for byte under /files/', async () => {
    for (const [bytes, mime] of [
      [await makePng(1200, 1600), 'image/png'],
      [await makeJpeg(1200, 1600), 'image/jpeg'],
    ] as const) {
      const r = await uploadFile(alice, bytes, { type: mime });
      expect(r).toMatchObject({ code: 0, msg: 'SUCCESS', data: { width: 1200, height: 1600, mime, size: bytes.length, resized: false } });
      const url = r.data?.url ?? '';
      expect(url).toMatch(new RegExp(`^/files/u/${aliceId}/\\d{4}/\\d{2}/[A-Za-z0-9_-]+\\.(png|jpg)$`));
      expect(url).toBe(`/files/${r.data?.key}`);
      const res = await fetch(server.url + url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(mime);
      expect(res.headers.get('cache-control')).toContain('max-age=31536000');
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
      const head = await fetch(server.url + url, { method: 'HEAD' });
      expect([head.status, head.headers.get('content-length')]).toEqual([200, String(bytes.length)]);
      const rows = await fileRows(server);
      expect(rows.find((row) => row.key === r.data?.key)).toMatchObject({
        userId: aliceId,
        mime,
        width: 1200,
        height: 1600,
        size: bytes.length,
        isPublic: false,
      });
    }
  });

  it('accepts the token field after the file too', async () => {
    expect(await uploadFile(alice, await makePng(1024, 1024), { tokenLast: true })).toMatchObject({ code: 0, data: { width: 1024 } });
  });

  it('downscales 3000×2000 to 2048×1365 and says so', async () => {
    const r = await uploadFile(alice, await makePng(3000, 2000));
    expect(r).toMatchObject({ code: 0, data: { width: 2048, height: 1365, resized: true, mime: 'image/png' } });
    const served = Buffer.from(await (await fetch(server.url + (r.data?.url ?? ''))).arrayBuffer());
    expect(await sizeOf(served)).toEqual({ width: 2048, height: 1365, format: 'png' });
    expect(served.length).toBe(r.data?.size);
  });

  describe('refuses bad uploads with the right message and leaves nothing behind', () => {
    const cases: [string, () => Promise<{ bytes: Buffer; filename: string }>, number, string][] = [
      ['a text file renamed .png', async () => ({ bytes: Buffer.from('just some text, honestly'), filename: 'photo.png' }), 400, Msg.uploadImageFile],
      ['an 800 px image', async () => ({ bytes: await makePng(800, 1600), filename: 'small.png' }), 400, Msg.uploadMinSide],
      ['a truncated PNG', async () => ({ bytes: await makeTruncatedPng(1200, 1600), filename: 'cut.png' }), 400, Msg.imageLoadError],
      ['an SVG', async () => ({ bytes: makeSvg(1200, 1600), filename: 'vector.png' }), 400, Msg.uploadImageFile],
      ['a GIF', async () => ({ bytes: await makeGif(1200, 1600), filename: 'anim.gif' }), 400, Msg.uploadImageFile],
    ];
    for (const [name, make, code, msg] of cases) {
      it(name, async () => {
        const { bytes, filename } = await make();
        await expectNothingLeft(async () => {
          expect(await uploadFile(alice, bytes, { filename })).toEqual({ code, msg, data: null });
        });
      });
    }

    it('a 26 MB body', async () => {
      const big = Buffer.alloc(26 * 1024 * 1024, 7);
      big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      await expectNothingLeft(async () => {
        expect(await uploadFile(alice, big)).toEqual({ code: 400, msg: UploadMsg.tooLarge, data: null });
      });
      // The connection is still usable afterwards.
      expect((await alice.get('/api/user/me')).code).toBe(0);
    });

    it('a missing token', async () => {
      await expectNothingLeft(async () => {
        expect(await uploadFile(alice, await makePng(1200, 1200), { token: null })).toEqual({ code: 400, msg: UploadMsg.tokenRequired, data: null });
      });
    });

    it("another user's token", async () => {
      const bobsToken = await uploadToken(bob);
      await expectNothingLeft(async () => {
        expect(await uploadFile(alice, await makePng(1200, 1200), { token: bobsToken })).toEqual({ code: 400, msg: UploadMsg.permissionExpired, data: null });
      });
    });

    it('an expired or forged token', async () => {
      const tokens = createUploadTokens({ secret: APP_SECRET, ttlMs: 3600_000 });
      const expired = tokens.sign(aliceId, new Date(Date.now() - 1000)).token;
      const forged = createUploadTokens({ secret: 'another-secret-another-secret-xx', ttlMs: 3600_000 }).sign(aliceId).token;
      await expectNothingLeft(async () => {
        for (const token of [expired, forged, 'garbage']) {
          expect(await uploadFile(alice, await makePng(1200, 1200), { token })).toEqual({ code: 400, msg: UploadMsg.permissionExpired, data: null });
        }
      });
      // The same helper with a live expiry works, so the refusals above are about the expiry and the signature.
      expect((await uploadFile(alice, await makePng(1024, 1024), { token: tokens.sign(aliceId).token })).code).toBe(0);
    });

    it('no session, or an unknown session', async () => {
      const token = await uploadToken(alice);
      await expectNothingLeft(async () => {
        expect((await uploadFile(new TestClient(server.url), await makePng(1200, 1200), { token })).code).toBe(401);
        expect((await uploadFile(new TestClient(server.url, 'not-a-session'), await makePng(1200, 1200), { token })).code).toBe(402);
      });
    });

    it('a wrong field name, two files, no file, or a JSON body', async () => {
      const token = await uploadToken(alice);
      const png = await makePng(1200, 1200);
      await expectNothingLeft(async () => {
        expect(await uploadFile(alice, png, { field: 'image', token })).toEqual({ code: 400, msg: UploadMsg.wrongField, data: null });
        const two = new FormData();
        two.append('token', token);
        two.append('file', new Blob([png]), 'a.png');
        two.append('file', new Blob([png]), 'b.png');
        const headers = { authorization: `Bearer ${alice.token}` };
        expect(await (await fetch(`${server.url}/api/upload`, { method: 'POST', headers, body: two })).json()).toEqual({
          code: 400,
          msg: UploadMsg.oneFile,
          data: null,
        });
        const none = new FormData();
        none.append('token', token);
        expect(await (await fetch(`${server.url}/api/upload`, { method: 'POST', headers, body: none })).json()).toEqual({
          code: 400,
          msg: UploadMsg.fileRequired,
          data: null,
        });
        expect(await alice.post('/api/upload', { token })).toEqual({ code: 400, msg: UploadMsg.notMultipart, data: null });
      });
    });
  });

  it('the upload route is documented in the OpenAPI description', async () => {
    const doc = (await (await fetch(`${server.url}/docs/json`)).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/upload'] ?? {})).toContain('post');
    expect(Object.keys(doc.paths['/api/aws/token'] ?? {})).toContain('get');
    expect(doc.paths['/files/*']).toBeUndefined();
  });

  it('multipart bodies stay refused on other routes (the parser is scoped to the upload route)', async () => {
    const form = new FormData();
    form.append('x', '1');
    const res = await fetch(`${server.url}/api/user/guest_login`, { method: 'POST', body: form });
    expect(await res.json()).toEqual({ code: 400, msg: 'Unsupported content type.', data: null });
  });

  describe('GET /files/*', () => {
    function rawGet(urlPath: string): Promise<{ status: number; body: string }> {
      // node:http sends the path exactly as written (fetch would normalise `..`).
      const { port } = new URL(server.url);
      return new Promise((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port: Number(port), path: urlPath, method: 'GET' }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        });
        req.on('error', reject);
        req.end();
      });
    }

    it('answers 404 for unknown keys and never leaves DATA_DIR/files', async () => {
      fs.writeFileSync(path.join(server.dataDir, 'canary.txt'), 'CANARY');
      fs.mkdirSync(path.join(server.dataDir, 'files'), { recursive: true });
      for (const p of [
        '/files/u/nobody/2025/01/abcdefghijklmnopqrstuv.png',
        '/files/../canary.txt',
        '/files/..%2fcanary.txt',
        '/files/..%2F..%2Fcanary.txt',
        '/files/%2e%2e/canary.txt',
        '/files/u/x/..%2f..%2f..%2fcanary.txt',
        '/files/.tmp/x',
        '/files/',
        `/files/${encodeURIComponent(path.join(server.dataDir, 'canary.txt'))}`,
      ]) {
        const r = await rawGet(p);
        expect(r.status, p).toBe(404);
        expect(r.body).not.toContain('CANARY');
      }
    });
  });

  describe('resolveOwnedImage', () => {
    it("accepts the owner's own URL (relative), and a public file of someone else", async () => {
      const up = await uploadFile(alice, await makePng(1200, 1200));
      const url = up.data?.url ?? '';
      const owned = await server.built.services.files.resolveOwnedImage(aliceId, url);
      expect(owned.key).toBe(up.data?.key);
      expect(owned.row.userId).toBe(aliceId);
      const bobId = (await bob.get<{ user_id: string }>('/api/user/me')).data?.user_id ?? '';
      await expect(server.built.services.files.resolveOwnedImage(bobId, url)).rejects.toMatchObject({ code: 403 });
      await server.built.database.db.update(files).set({ isPublic: true }).where(eq(files.key, owned.key));
      expect((await server.built.services.files.resolveOwnedImage(bobId, url)).key).toBe(owned.key);
    });

    it("refuses another user's private file with 403 and unknown keys with 404", async () => {
      const up = await uploadFile(alice, await makePng(1200, 1200));
      const bobId = (await bob.get<{ user_id: string }>('/api/user/me')).data?.user_id ?? '';
      await expect(server.built.services.files.resolveOwnedImage(bobId, up.data?.url ?? '')).rejects.toMatchObject({
        code: 403,
        message: UploadMsg.notYourFile,
      });
      await expect(server.built.services.files.resolveOwnedImage(aliceId, `/files/u/${aliceId}/2025/01/abcdefghijklmnopqrstuv.png`)).rejects.toMatchObject({
        code: 404,
      });
    });

    it('refuses foreign URLs with 400 without making any request', async () => {
      let hits = 0;
      const peer = http.createServer((_req, res) => {
        hits += 1;
        res.end('png');
      });
      await new Promise<void>((r) => peer.listen(0, '127.0.0.1', r));
      const peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
      try {
        for (const url of [
          'http://example.com/photo.png',
          `${peerUrl}/photo.png`,
          `${peerUrl}/files/u/${aliceId}/2025/01/abcdefghijklmnopqrstuv.png`,
          'file:///etc/passwd',
          `${server.url}/files/u/${aliceId}/2025/01/abcdefghijklmnopqrstuv.png`,
        ]) {
          const err = await server.built.services.files.resolveOwnedImage(aliceId, url).catch((e: unknown) => e);
          expect(err, url).toBeInstanceOf(AppError);
          expect(err).toMatchObject({ code: 400, message: UploadMsg.foreignUrl });
        }
        expect(hits).toBe(0);
      } finally {
        await new Promise<void>((r) => peer.close(() => r()));
      }
    });
  });

  it('saveGenerated registers a server-made image so its URL resolves for its owner', async () => {
    const saved = await server.built.services.files.saveGenerated(aliceId, await makePng(512, 512));
    expect(saved).toMatchObject({ width: 512, height: 512, mime: 'image/png', resized: false });
    expect((await server.built.services.files.resolveOwnedImage(aliceId, saved.url)).key).toBe(saved.key);
    expect((await server.built.services.files.read(saved.key)).length).toBe(saved.size);
  });

  it('POST /api/upload/register is refused on local storage', async () => {
    expect(await alice.post('/api/upload/register', { key: `incoming/${aliceId}/photo.png` })).toEqual({
      code: 400,
      msg: UploadMsg.directUploadUnavailable,
      data: null,
    });
  });
});
