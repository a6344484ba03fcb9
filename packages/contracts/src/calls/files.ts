import { z } from 'zod';
import { defineCall } from '../call.js';

/**
 * GET /api/aws/token. For S3: temporary credentials scoped to the user's key prefix.
 * For local storage: a signed upload token (1 hour) and the URL to POST the file to.
 */
export const storageToken = defineCall({
  method: 'GET', path: '/api/aws/token', auth: 'session', summary: 'Temporary upload credentials',
  input: z.object({}),
  data: z.discriminatedUnion('provider', [
    z.object({
      provider: z.literal('local'),
      Expiration: z.string(),
      uploadToken: z.string(),
      uploadUrl: z.string(),
      maxBytes: z.number().int(),
    }),
    z.object({
      provider: z.literal('s3'),
      Expiration: z.string(),
      AccessKeyId: z.string(),
      SecretAccessKey: z.string(),
      SessionToken: z.string(),
      bucket: z.string(),
      region: z.string(),
      endpoint: z.string().nullable(),
      keyPrefix: z.string(),
      cdnBaseUrl: z.string(),
      /** Upload through the server instead (same validation as local); always available. */
      uploadUrl: z.string(),
      uploadToken: z.string(),
      maxBytes: z.number().int(),
    }),
  ]),
});

/** Answer of the multipart upload (POST uploadUrl with fields `token` and `file`). */
export const UploadedFileSchema = z.object({
  url: z.string(),
  key: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  mime: z.enum(['image/jpeg', 'image/png']),
  size: z.number().int(),
  /** True when the server downscaled the image to 2048 on its longest side. */
  resized: z.boolean(),
});
export type UploadedFile = z.infer<typeof UploadedFileSchema>;

/** For S3 direct uploads: the client reports the key it wrote so the server validates and registers it. */
export const registerUpload = defineCall({
  method: 'POST', path: '/api/upload/register', auth: 'session', summary: 'Validate and register a file uploaded straight to S3',
  input: z.object({ key: z.string().min(1).max(500) }),
  data: UploadedFileSchema,
});

export const UPLOAD_MIN_SIDE = 1024;
export const UPLOAD_MAX_SIDE = 2048;
/** 25 MB is well over any 2048 px PNG; larger bodies are refused before decoding. */
export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
export const UPLOAD_ACCEPT = ['image/jpeg', 'image/png'] as const;
export const UPLOAD_ACCEPT_EXTENSIONS = ['.jpeg', '.jpg', '.png'] as const;
/** Renew storage credentials this long before they expire (SPEC §7). */
export const STORAGE_TOKEN_RENEW_MS = 15 * 60 * 1000;
