import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import type { STSClient } from '@aws-sdk/client-sts';
import type { Config } from '../config.js';
import { assertSafeKey, keyFromOwnUrl, trimSlash, type DirectUploadInfo, type ObjectStream, type Storage } from './storage.js';

export type S3Settings = NonNullable<Config['s3']>;

// The AWS SDK takes a noticeable part of start-up to load; a server storing files on disk never needs it.
let s3Sdk: Promise<typeof import('@aws-sdk/client-s3')> | null = null;
let stsSdk: Promise<typeof import('@aws-sdk/client-sts')> | null = null;
const loadS3 = () => (s3Sdk ??= import('@aws-sdk/client-s3'));
const loadSts = () => (stsSdk ??= import('@aws-sdk/client-sts'));

/**
 * An S3-compatible bucket (AWS, MinIO, R2, …). Files are served from CDN_BASE_URL when set,
 * otherwise from the bucket URL. With S3_STS_ROLE_ARN, browsers get temporary credentials from
 * AssumeRole whose session policy only allows PutObject below the caller's incoming prefix.
 */
export function createS3Storage(s3: S3Settings): Storage {
  const credentials = s3.accessKeyId && s3.secretAccessKey ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } : undefined;
  let s3Ready: Promise<{ sdk: typeof import('@aws-sdk/client-s3'); client: S3Client }> | null = null;
  let sts: STSClient | null = null;
  const connect = () =>
    (s3Ready ??= loadS3().then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: s3.region,
        ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
        forcePathStyle: s3.forcePathStyle,
        ...(credentials ? { credentials } : {}),
        // S3-compatible servers often reject the SDK's default CRC checksums; send them only when an operation requires one.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
      }),
    })));
  const bucketUrl = bucketUrlOf(s3);
  const publicBase = trimSlash(s3.cdnBaseUrl ?? bucketUrl);
  const ownBases = s3PublicBases(s3);

  async function getObject(key: string) {
    assertSafeKey(key);
    const { client, sdk } = await connect();
    try {
      return await client.send(new sdk.GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    } catch (err) {
      if (isNotFound(err, sdk.S3ServiceException)) return null;
      throw err;
    }
  }

  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      assertSafeKey(key);
      const { client, sdk } = await connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: s3.bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
          // Keys are never reused for other content, so caches may keep them forever.
          CacheControl: 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      const res = await getObject(key);
      if (!res?.Body) return null;
      return Buffer.from(await res.Body.transformToByteArray());
    },
    async stream(key): Promise<ObjectStream | null> {
      const res = await getObject(key);
      if (!res?.Body) return null;
      const body = res.Body instanceof Readable ? res.Body : Readable.from(Buffer.from(await res.Body.transformToByteArray()));
      return { body, size: res.ContentLength ?? 0, contentType: res.ContentType ?? null };
    },
    async head(key) {
      assertSafeKey(key);
      const { client, sdk } = await connect();
      try {
        const res = await client.send(new sdk.HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
        return { size: res.ContentLength ?? 0, contentType: res.ContentType ?? null };
      } catch (err) {
        if (isNotFound(err, sdk.S3ServiceException)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      const { client, sdk } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: s3.bucket, Key: key }));
    },
    publicUrl(key) {
      assertSafeKey(key);
      return `${publicBase}/${key}`;
    },
    keyFromUrl(url) {
      return keyFromOwnUrl(url, ownBases, null);
    },
    async directUpload(keyPrefix, ttlMs): Promise<DirectUploadInfo> {
      const base = { bucket: s3.bucket, region: s3.region, endpoint: s3.endpoint, keyPrefix, publicBaseUrl: publicBase };
      if (!s3.stsRoleArn) return { ...base, credentials: null };
      const { STSClient, AssumeRoleCommand } = await loadSts();
      sts ??= new STSClient({ region: s3.region, ...(s3.stsEndpoint ? { endpoint: s3.stsEndpoint } : {}), ...(credentials ? { credentials } : {}) });
      const res = await sts.send(
        new AssumeRoleCommand({
          RoleArn: s3.stsRoleArn,
          RoleSessionName: sessionNameFor(keyPrefix),
          DurationSeconds: Math.max(900, Math.round(ttlMs / 1000)),
          Policy: JSON.stringify(uploadPolicy(s3.bucket, keyPrefix)),
        }),
      );
      const c = res.Credentials;
      if (!c?.AccessKeyId || !c.SecretAccessKey || !c.SessionToken || !c.Expiration) throw new Error('STS AssumeRole answered without credentials');
      return {
        ...base,
        credentials: { accessKeyId: c.AccessKeyId, secretAccessKey: c.SecretAccessKey, sessionToken: c.SessionToken, expiration: c.Expiration },
      };
    },
  };
}

/** The session policy: the assumed role's rights intersected with PutObject below one prefix. */
export function uploadPolicy(bucket: string, keyPrefix: string) {
  return {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['s3:PutObject'], Resource: [`arn:aws:s3:::${bucket}/${keyPrefix}*`] }],
  };
}

function sessionNameFor(keyPrefix: string): string {
  // RoleSessionName allows [\w+=,.@-]{2,64}; it shows up in CloudTrail, so keep the user id in it.
  return `upload-${keyPrefix.replace(/[^\w+=,.@-]+/g, '-')}`.slice(0, 64);
}

/** Every base URL our stored files are reachable under (CDN first); the CSP's img-src allows their origins. */
export function s3PublicBases(s3: S3Settings): string[] {
  const bucketUrl = bucketUrlOf(s3);
  return [trimSlash(s3.cdnBaseUrl ?? bucketUrl), bucketUrl, ...(s3.endpoint ? [] : [`https://s3.${s3.region}.amazonaws.com/${s3.bucket}`])];
}

function bucketUrlOf(s3: S3Settings): string {
  if (!s3.endpoint) return `https://${s3.bucket}.s3.${s3.region}.amazonaws.com`;
  const endpoint = new URL(s3.endpoint);
  if (s3.forcePathStyle) return `${trimSlash(endpoint.toString())}/${s3.bucket}`;
  endpoint.hostname = `${s3.bucket}.${endpoint.hostname}`;
  return trimSlash(endpoint.toString());
}

function isNotFound(err: unknown, S3ServiceException: typeof import('@aws-sdk/client-s3').S3ServiceException): boolean {
  if (err instanceof S3ServiceException) return err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound';
  return false;
}
