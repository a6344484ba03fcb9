import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Msg, UploadMsg } from '@packsmith/contracts';
import { type TestClient, newGuest } from '../../../test/client.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { makeJpeg, makePng, sizeOf } from '../../../test/images.js';
import { startS3Peer, type S3Peer } from '../../../test/s3-peer.js';
import { fileRows, filesOnDisk, uploadFile } from '../../../test/uploads.js';

const CDN = 'https://cdn.packsmith.test';

interface S3Token {
  provider: 's3';
  Expiration: string;
  AccessKeyId: string | null;
  SecretAccessKey: string | null;
  SessionToken: string | null;
  bucket: string;
  region: string;
  endpoint: string | null;
  keyPrefix: string;
  cdnBaseUrl: string;
  uploadUrl: string;
  uploadToken: string;
}

async function startS3Server(peer: S3Peer, extra: Record<string, string> = {}): Promise<TestServer> {
  return startTestServer({
    S3_BUCKET: 'packs',
    S3_REGION: 'eu-central-1',
    S3_ENDPOINT: peer.url,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: 'AKIASERVER',
    S3_SECRET_ACCESS_KEY: 'server-secret',
    CDN_BASE_URL: CDN,
    ...extra,
  });
}

describe('uploads to S3-compatible storage', () => {
  let peer: S3Peer;
  let server: TestServer;
  let alice: TestClient;
  let bob: TestClient;
  let aliceId: string;

  beforeAll(async () => {
    peer = await startS3Peer();
    server = await startS3Server(peer, { S3_STS_ROLE_ARN: 'arn:aws:iam::123456789012:role/uploader', S3_STS_ENDPOINT: peer.stsUrl });
    [alice, bob] = await Promise.all([newGuest(server.url), newGuest(server.url)]);
    aliceId = (await alice.get<{ user_id: string }>('/api/user/me')).data?.user_id ?? '';
  });
  afterAll(async () => {
    await server?.close();
    await peer?.close();
  });

  const objectKeys = () => [...peer.objects.keys()].sort();

  it('GET /api/aws/token answers STS credentials limited to the user prefix, plus the server upload path', async () => {
    const r = await alice.get<S3Token>('/api/aws/token');
    expect(r).toMatchObject({
      code: 0,
      data: {
        provider: 's3',
        AccessKeyId: 'ASIATESTKEY',
        SecretAccessKey: 'test-secret',
        SessionToken: 'test-session-token',
        bucket: 'packs',
        region: 'eu-central-1',
        endpoint: peer.url,
        keyPrefix: `incoming/${aliceId}/`,
        cdnBaseUrl: CDN,
        uploadUrl: '/api/upload',
      },
    });
    expect(Date.parse(r.data?.Expiration ?? '') - Date.now()).toBeGreaterThan(3500_000);
    const assume = peer.requests.filter((q) => q.form?.Action === 'AssumeRole').at(-1);
    expect(JSON.parse(assume?.form?.Policy ?? '{}').Statement[0].Resource).toEqual([`arn:aws:s3:::packs/incoming/${aliceId}/*`]);
  });

  it('a server upload lands in the bucket and is served from the CDN URL', async () => {
    const bytes = await makeJpeg(1200, 1600);
    const r = await uploadFile(alice, bytes, { type: 'image/jpeg' });
    expect(r).toMatchObject({ code: 0, data: { width: 1200, height: 1600, mime: 'image/jpeg', resized: false } });
    expect(r.data?.url).toBe(`${CDN}/${r.data?.key}`);
    expect(peer.objects.get(`packs/${r.data?.key}`)).toEqual({ body: bytes, contentType: 'image/jpeg' });
    expect((await server.built.services.files.resolveOwnedImage(aliceId, r.data?.url ?? '')).key).toBe(r.data?.key);
    // Nothing goes to local disk in S3 mode.
    expect(filesOnDisk(server)).toEqual([]);
  });

  it('a direct upload is validated, moved under a server key and the incoming object removed', async () => {
    const incoming = `incoming/${aliceId}/holiday.png`;
    // The browser PUTs with its temporary credentials; the peer does not check signatures.
    await fetch(`${peer.url}/packs/${incoming}`, { method: 'PUT', body: await makePng(3000, 2000), headers: { 'content-type': 'image/png' } });
    const r = await alice.post<{ key: string; url: string; width: number; height: number; resized: boolean }>('/api/upload/register', { key: incoming });
    expect(r).toMatchObject({ code: 0, data: { width: 2048, height: 1365, resized: true, mime: 'image/png' } });
    expect(r.data?.key).toMatch(new RegExp(`^u/${aliceId}/\\d{4}/\\d{2}/[A-Za-z0-9_-]+\\.png$`));
    expect(peer.objects.has(`packs/${incoming}`)).toBe(false);
    const stored = peer.objects.get(`packs/${r.data?.key}`);
    expect(stored && (await sizeOf(stored.body))).toEqual({ width: 2048, height: 1365, format: 'png' });
    const rows = await fileRows(server);
    expect(rows.find((row) => row.key === r.data?.key)).toMatchObject({ userId: aliceId, width: 2048, height: 1365 });
  });

  it('a direct upload with purpose=mask keeps a small PNG as it is; a JPEG mask is refused and deleted', async () => {
    const incoming = `incoming/${aliceId}/mask.png`;
    const mask = await makePng(320, 240);
    await fetch(`${peer.url}/packs/${incoming}`, { method: 'PUT', body: mask, headers: { 'content-type': 'image/png' } });
    const r = await alice.post<{ key: string; width: number; height: number; resized: boolean }>('/api/upload/register', { key: incoming, purpose: 'mask' });
    expect(r).toMatchObject({ code: 0, data: { width: 320, height: 240, resized: false, mime: 'image/png' } });
    expect(peer.objects.get(`packs/${r.data?.key}`)?.body.equals(mask)).toBe(true);
    const jpegKey = `incoming/${aliceId}/mask.jpg`;
    await fetch(`${peer.url}/packs/${jpegKey}`, { method: 'PUT', body: await makeJpeg(320, 240), headers: { 'content-type': 'image/jpeg' } });
    expect(await alice.post('/api/upload/register', { key: jpegKey, purpose: 'mask' })).toEqual({ code: 400, msg: UploadMsg.maskNotPng, data: null });
    expect(peer.objects.has(`packs/${jpegKey}`)).toBe(false);
  });

  it('an invalid direct upload is deleted and leaves no row', async () => {
    const incoming = `incoming/${aliceId}/small.png`;
    await fetch(`${peer.url}/packs/${incoming}`, { method: 'PUT', body: await makePng(800, 1600) });
    const [objectsBefore, rowsBefore] = [objectKeys().filter((k) => k !== `packs/${incoming}`), (await fileRows(server)).length];
    expect(await alice.post('/api/upload/register', { key: incoming })).toEqual({ code: 400, msg: Msg.uploadMinSide, data: null });
    expect(objectKeys()).toEqual(objectsBefore);
    expect((await fileRows(server)).length).toBe(rowsBefore);
  });

  it("refuses keys outside the caller's prefix, other users' prefixes and missing objects", async () => {
    const bobId = (await bob.get<{ user_id: string }>('/api/user/me')).data?.user_id ?? '';
    const bobsIncoming = `incoming/${bobId}/photo.png`;
    await fetch(`${peer.url}/packs/${bobsIncoming}`, { method: 'PUT', body: await makePng(1200, 1200) });
    expect(await alice.post('/api/upload/register', { key: bobsIncoming })).toEqual({ code: 403, msg: UploadMsg.notYourFile, data: null });
    expect(peer.objects.has(`packs/${bobsIncoming}`)).toBe(true);
    for (const key of [`u/${aliceId}/2025/01/abcdefghijklmnopqrstuv.png`, `incoming/${aliceId}/../x.png`, '../../etc/passwd', `incoming/${aliceId}/`]) {
      expect(await alice.post('/api/upload/register', { key }), key).toEqual({ code: 400, msg: UploadMsg.badIncomingKey, data: null });
    }
    expect(await alice.post('/api/upload/register', { key: `incoming/${aliceId}/never-uploaded.png` })).toEqual({
      code: 404,
      msg: UploadMsg.fileNotFound,
      data: null,
    });
  });

  it('without an STS role the token answers null credentials and the server path still works', async () => {
    const plain = await startS3Server(peer);
    try {
      const guest = await newGuest(plain.url);
      const r = await guest.get<S3Token>('/api/aws/token');
      expect(r).toMatchObject({
        code: 0,
        data: { provider: 's3', AccessKeyId: null, SecretAccessKey: null, SessionToken: null, bucket: 'packs', uploadUrl: '/api/upload' },
      });
      expect((await uploadFile(guest, await makePng(1024, 1024))).code).toBe(0);
    } finally {
      await plain.close();
    }
  });
});
