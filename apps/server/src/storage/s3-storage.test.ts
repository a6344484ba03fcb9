import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Peer, type S3Peer } from '../../test/s3-peer.js';
import { createS3Storage, type S3Settings } from './s3-storage.js';

const KEY = 'u/user1/2025/03/abcdefghijklmnopqrstuv.png';

describe('S3 storage against a local S3-compatible peer', () => {
  let peer: S3Peer;
  let settings: S3Settings;
  beforeAll(async () => {
    peer = await startS3Peer();
    settings = {
      bucket: 'packs',
      region: 'eu-west-1',
      endpoint: peer.url,
      accessKeyId: 'AKIATEST',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      stsRoleArn: null,
      stsEndpoint: null,
      cdnBaseUrl: null,
    };
  });
  afterAll(() => peer.close());

  it('puts, gets, streams, heads and deletes objects with signed path-style requests', async () => {
    const storage = createS3Storage(settings);
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await storage.put(KEY, bytes, 'image/png');
    expect(peer.objects.get(`packs/${KEY}`)).toEqual({ body: bytes, contentType: 'image/png' });
    expect(peer.requests.at(-1)?.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIATEST\//);
    expect((await storage.get(KEY))?.equals(bytes)).toBe(true);
    expect(await storage.head(KEY)).toEqual({ size: 7, contentType: 'image/png' });
    const s = await storage.stream(KEY);
    expect(s?.size).toBe(7);
    expect(s && (await buffer(s.body)).equals(bytes)).toBe(true);
    await storage.delete(KEY);
    expect(peer.objects.has(`packs/${KEY}`)).toBe(false);
    expect(await storage.get(KEY)).toBeNull();
    expect(await storage.head(KEY)).toBeNull();
    expect(await storage.stream(KEY)).toBeNull();
  });

  it('refuses unsafe keys without sending a request', async () => {
    const storage = createS3Storage(settings);
    const before = peer.requests.length;
    await expect(storage.put('../x', Buffer.from('x'), 'image/png')).rejects.toThrow(/unsafe key/);
    await expect(storage.get('u/../../x')).rejects.toThrow(/unsafe key/);
    expect(peer.requests.length).toBe(before);
  });

  it('serves from the CDN when set, else from the bucket URL, and maps only those URLs back', () => {
    const bucketOnly = createS3Storage(settings);
    expect(bucketOnly.publicUrl(KEY)).toBe(`${peer.url}/packs/${KEY}`);
    expect(bucketOnly.keyFromUrl(`${peer.url}/packs/${KEY}`)).toBe(KEY);
    expect(bucketOnly.keyFromUrl(`/files/${KEY}`)).toBeNull();
    const cdn = createS3Storage({ ...settings, cdnBaseUrl: 'https://cdn.packsmith.example/' });
    expect(cdn.publicUrl(KEY)).toBe(`https://cdn.packsmith.example/${KEY}`);
    expect(cdn.keyFromUrl(`https://cdn.packsmith.example/${KEY}`)).toBe(KEY);
    expect(cdn.keyFromUrl(`${peer.url}/packs/${KEY}`)).toBe(KEY);
    expect(cdn.keyFromUrl(`https://example.com/${KEY}`)).toBeNull();
    const aws = createS3Storage({ ...settings, endpoint: null, forcePathStyle: false });
    expect(aws.publicUrl(KEY)).toBe(`https://packs.s3.eu-west-1.amazonaws.com/${KEY}`);
    expect(aws.keyFromUrl(`https://s3.eu-west-1.amazonaws.com/packs/${KEY}`)).toBe(KEY);
  });

  it('without an STS role, direct upload info carries no credentials', async () => {
    const info = await createS3Storage(settings).directUpload('incoming/user1/', 3600_000);
    expect(info).toEqual({
      bucket: 'packs',
      region: 'eu-west-1',
      endpoint: peer.url,
      keyPrefix: 'incoming/user1/',
      publicBaseUrl: `${peer.url}/packs`,
      credentials: null,
    });
  });

  it('with an STS role, assumes it with a session policy limited to PutObject below the prefix', async () => {
    const storage = createS3Storage({ ...settings, stsRoleArn: 'arn:aws:iam::123456789012:role/uploader', stsEndpoint: peer.stsUrl });
    const info = await storage.directUpload('incoming/user1/', 3600_000);
    expect(info?.credentials).toMatchObject({ accessKeyId: 'ASIATESTKEY', secretAccessKey: 'test-secret', sessionToken: 'test-session-token' });
    expect(info?.credentials?.expiration.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    const sts = peer.requests.filter((r) => r.form?.Action === 'AssumeRole').at(-1);
    expect(sts?.form).toMatchObject({ RoleArn: 'arn:aws:iam::123456789012:role/uploader', DurationSeconds: '3600', RoleSessionName: 'upload-incoming-user1-' });
    expect(JSON.parse(sts?.form?.Policy ?? '{}')).toEqual({
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['s3:PutObject'], Resource: ['arn:aws:s3:::packs/incoming/user1/*'] }],
    });
  });
});
