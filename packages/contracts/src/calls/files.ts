import { z } from 'zod';
import { defineCall } from '../call.js';

/** Where the multipart upload goes (fields `token` and `file`; the session's Bearer header as usual). */
export const UPLOAD_PATH = '/api/upload';

/**
 * GET /api/aws/token. Every provider answers an upload token (1 hour, bound to the caller) for a
 * multipart POST to `uploadUrl`; the server validates, stores and registers the image there.
 * For S3 with an STS role configured, it also answers temporary credentials that may only PutObject
 * under `keyPrefix`; such a direct upload is then validated and registered with POST /api/upload/register.
 * Without an STS role the four credential fields are null: upload through `uploadUrl`.
 * The client renews `Expiration - STORAGE_TOKEN_RENEW_MS` (ISO 8601).
 */
export const storageToken = defineCall({
  method: 'GET',
  path: '/api/aws/token',
  auth: 'session',
  summary: 'Upload token and temporary storage credentials',
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
      /** null when the server has no STS role: upload through `uploadUrl` instead. */
      AccessKeyId: z.string().nullable(),
      SecretAccessKey: z.string().nullable(),
      SessionToken: z.string().nullable(),
      bucket: z.string(),
      region: z.string(),
      endpoint: z.string().nullable(),
      /** Direct uploads may only write below this prefix (`incoming/<userId>/`). */
      keyPrefix: z.string(),
      /** Base URL registered files are served from (CDN or bucket URL). */
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

/**
 * For S3 direct uploads: the client reports the key it wrote below `keyPrefix`; the server reads,
 * validates and stores it under a key of its own (deleting the incoming object either way).
 */
export const registerUpload = defineCall({
  method: 'POST',
  path: '/api/upload/register',
  auth: 'session',
  summary: 'Validate and register a file uploaded straight to S3',
  input: z.object({
    key: z.string().min(1).max(500),
    /** As the upload form's `purpose` (UPLOAD_PURPOSES): absent or photo, the photo rules; mask, the mask rules. */
    purpose: z.enum(['photo', 'mask'], { error: 'purpose: must be "photo" or "mask".' }).optional(),
  }),
  data: UploadedFileSchema,
});

export const UPLOAD_MIN_SIDE = 1024;
export const UPLOAD_MAX_SIDE = 2048;
/** 25 MB is well over any 2048 px PNG; larger bodies are refused before decoding. */
export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
/** Decoding stops above this many pixels (decompression bombs); 100 MP covers phone cameras. */
export const UPLOAD_MAX_INPUT_PIXELS = 100_000_000;
export const UPLOAD_ACCEPT = ['image/jpeg', 'image/png'] as const;
/**
 * POST /api/upload takes an optional form field `purpose` (before or after the file): absent or
 * `photo`, the photo rules above (SPEC §5: at least UPLOAD_MIN_SIDE, downscaled above
 * UPLOAD_MAX_SIDE); `mask`, a mask for the image tools (erase, fill): PNG only, each side from
 * MASK_MIN_SIDE to MASK_MAX_SIDE px, stored exactly as sent (never resized, so it stays the size of
 * the image it was painted on). The answer is the same UploadedFile.
 */
export const UPLOAD_PURPOSES = ['photo', 'mask'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export const MASK_MIN_SIDE = 16;
export const MASK_MAX_SIDE = 4096;
export const UPLOAD_ACCEPT_EXTENSIONS = ['.jpeg', '.jpg', '.png'] as const;
/** Renew storage credentials this long before they expire (SPEC §7). */
export const STORAGE_TOKEN_RENEW_MS = 15 * 60 * 1000;
/** Lifetime of an upload token and of STS credentials. */
export const STORAGE_TOKEN_TTL_MS = 60 * 60 * 1000;

/** Upload messages beyond the three the spec spells out (those live in `Msg`). */
export const UploadMsg = {
  /** Code 401: the upload token is forged, expired or another user's; the client fetches a new one. */
  permissionExpired: 'Upload permission expired. Please try again.',
  tokenRequired: 'token: the upload token is required. Get one from /api/aws/token.',
  fileRequired: 'file: please choose an image to upload.',
  wrongField: 'Send the image in the form field "file".',
  oneFile: 'Please upload one image at a time.',
  tooLarge: 'The file is too large (25 MB at most).',
  tooManyPixels: 'The image is too large (100 megapixels at most).',
  notMultipart: 'Send the image as multipart/form-data with the field "file".',
  /** A multipart body the parser cannot read (no or wrong boundary, cut short). */
  malformed: 'The upload is not a readable multipart/form-data body: send it with a boundary and the field "file".',
  /** Code 400 for an image URL that is not a file of our storage: it is never fetched. */
  foreignUrl: 'Please upload the image to Packsmith first.',
  fileNotFound: 'The image was not found. Please upload it again.',
  notYourFile: 'This image belongs to someone else.',
  badIncomingKey: 'key: must be a key below the keyPrefix given by /api/aws/token.',
  directUploadUnavailable: 'Direct uploads are not available on this server; upload through uploadUrl.',
  badPurpose: 'purpose: must be "photo" or "mask".',
  maskNotPng: 'A mask must be a PNG image.',
  maskSize: (w: number, h: number) => `A mask is ${MASK_MIN_SIDE} to ${MASK_MAX_SIDE} px on each side (this one is ${w}×${h} px).`,
} as const;
