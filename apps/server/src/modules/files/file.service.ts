import sharp from 'sharp';
import { Code, STORAGE_TOKEN_TTL_MS, UPLOAD_MAX_BYTES, UPLOAD_PATH, UploadMsg, type CallData, type UploadedFile, type fileCalls } from '@packsmith/contracts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { incomingKeyOwner, incomingPrefix, newFileKey, type Storage } from '../../storage/storage.js';
import type { FileAccess } from './file-access.js';
import type { FileRepo } from './file.repo.js';
import { describeServerImage, validateMaskImage, validateUploadImage, type ValidImage } from './image-validation.js';
import type { UploadTokens } from './upload-token.js';

/** A generated non-raster file (a dieline SVG) as stored. */
export interface StoredAsset {
  url: string;
  key: string;
  width: number;
  height: number;
  mime: 'image/svg+xml';
  size: number;
}

export type StorageTokenData = CallData<typeof fileCalls.storageToken>;

export interface UploadForm {
  /** The upload token from GET /api/aws/token (form field `token`). */
  token: string | null;
  /** The file's bytes (form field `file`). */
  file: Buffer | null;
  /** Form field `purpose`: absent or 'photo' (SPEC §5 rules), 'mask' (image tool masks: PNG, any size 16–4096, never resized). */
  purpose?: string | null;
}

/**
 * Uploads and registered files. A file is written under a server-generated key and then its
 * `files` row is inserted; when the insert fails the file is deleted again, so a failed upload
 * leaves neither a file nor a row behind.
 */
export function createFileService(deps: {
  storage: Storage;
  repo: FileRepo;
  tokens: UploadTokens;
  access: FileAccess;
  log: { warn(details: object, msg: string): void };
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const { storage, repo } = deps;

  async function removeQuietly(key: string): Promise<void> {
    try {
      await storage.delete(key);
    } catch (err) {
      deps.log.warn({ err, key }, 'could not delete a storage object; it is unreferenced and safe to remove');
    }
  }

  async function store(userId: string, image: ValidImage, isPublic: boolean): Promise<UploadedFile> {
    const key = newFileKey(userId, image.ext, now());
    await storage.put(key, image.bytes, image.mime);
    try {
      await repo.insert({ key, userId, mime: image.mime, width: image.width, height: image.height, size: image.bytes.length, isPublic });
    } catch (err) {
      await removeQuietly(key);
      throw err;
    }
    return { url: storage.publicUrl(key), key, width: image.width, height: image.height, mime: image.mime, size: image.bytes.length, resized: image.resized };
  }

  async function validated(bytes: Buffer): Promise<ValidImage> {
    const result = await validateUploadImage(bytes);
    if (!result.ok) throw badRequest(result.message);
    return result.image;
  }

  /** The rules of an upload purpose: photo (SPEC §5) or mask (image tools: PNG, 16–4096 px, kept as is). */
  async function validatedFor(purpose: string, bytes: Buffer): Promise<ValidImage> {
    if (purpose === 'photo') return validated(bytes);
    if (purpose !== 'mask') throw badRequest(UploadMsg.badPurpose);
    const mask = await validateMaskImage(bytes);
    if (!mask.ok) throw badRequest(mask.message);
    return mask.image;
  }

  return {
    /** GET /api/aws/token: an upload token for the server path, plus bucket credentials for S3. */
    async storageToken(userId: string): Promise<StorageTokenData> {
      const { token, expiresAt } = deps.tokens.sign(userId);
      const common = { uploadUrl: UPLOAD_PATH, uploadToken: token, maxBytes: UPLOAD_MAX_BYTES };
      const direct = await storage.directUpload(incomingPrefix(userId), STORAGE_TOKEN_TTL_MS);
      if (!direct) return { provider: 'local', Expiration: expiresAt.toISOString(), ...common };
      const c = direct.credentials;
      // One renewal time for both: the earlier of the two expiries.
      const expiration = c && c.expiration < expiresAt ? c.expiration : expiresAt;
      return {
        provider: 's3',
        Expiration: expiration.toISOString(),
        AccessKeyId: c?.accessKeyId ?? null,
        SecretAccessKey: c?.secretAccessKey ?? null,
        SessionToken: c?.sessionToken ?? null,
        bucket: direct.bucket,
        region: direct.region,
        endpoint: direct.endpoint,
        keyPrefix: direct.keyPrefix,
        cdnBaseUrl: direct.publicBaseUrl,
        ...common,
      };
    },

    /** POST /api/upload: checks the upload token, validates the image, stores and registers it. */
    async upload(userId: string, form: UploadForm): Promise<UploadedFile> {
      if (!form.token) throw badRequest(UploadMsg.tokenRequired);
      // Forged, expired and other users' tokens look the same to the client: fetch a new token and retry.
      if (deps.tokens.verify(form.token, userId) !== 'ok') throw new AppError(Code.BAD_REQUEST, UploadMsg.permissionExpired);
      if (!form.file || form.file.length === 0) throw badRequest(UploadMsg.fileRequired);
      return store(userId, await validatedFor(form.purpose ?? 'photo', form.file), false);
    },

    /**
     * POST /api/upload/register: a browser wrote `incomingKey` straight to the bucket. The object is
     * read, validated and stored under a server key; the incoming object is deleted in every case.
     */
    async registerDirectUpload(userId: string, incomingKey: string, purpose: string = 'photo'): Promise<UploadedFile> {
      if (storage.kind !== 's3') throw badRequest(UploadMsg.directUploadUnavailable);
      const owner = incomingKeyOwner(incomingKey);
      if (!owner) throw badRequest(UploadMsg.badIncomingKey);
      if (owner !== userId) throw forbidden(UploadMsg.notYourFile);
      try {
        const info = await storage.head(incomingKey);
        if (!info) throw notFound(UploadMsg.fileNotFound);
        if (info.size > UPLOAD_MAX_BYTES) throw badRequest(UploadMsg.tooLarge);
        const bytes = await storage.get(incomingKey);
        if (!bytes) throw notFound(UploadMsg.fileNotFound);
        if (bytes.length > UPLOAD_MAX_BYTES) throw badRequest(UploadMsg.tooLarge);
        return await store(userId, await validatedFor(purpose, bytes), false);
      } finally {
        await removeQuietly(incomingKey);
      }
    },

    /**
     * Stores an image the server produced (generation results, cut-outs) and registers it for
     * `userId`, so its URL passes resolveOwnedImage like an upload. No size rules: only the format is checked.
     */
    async saveGenerated(userId: string, bytes: Buffer, opts: { isPublic?: boolean } = {}): Promise<UploadedFile> {
      return store(userId, await describeServerImage(bytes), opts.isPublic ?? false);
    },

    /**
     * Stores a generated print file (a dieline SVG) and registers it for `userId` like saveGenerated,
     * so downloads and resolveOwnedImage treat it as the user's file. The SVG must be one sharp can
     * read; its registered size is its size in CSS pixels.
     */
    async saveGeneratedAsset(userId: string, bytes: Buffer, ext: 'svg', opts: { isPublic?: boolean } = {}): Promise<StoredAsset> {
      const meta = await sharp(bytes).metadata();
      if (meta.format !== ext || !meta.width || !meta.height) throw new Error(`generated ${ext} does not decode`);
      const key = newFileKey(userId, ext, now());
      const mime = 'image/svg+xml';
      await storage.put(key, bytes, mime);
      try {
        await repo.insert({ key, userId, mime, width: meta.width, height: meta.height, size: bytes.length, isPublic: opts.isPublic ?? false });
      } catch (err) {
        await removeQuietly(key);
        throw err;
      }
      return { url: storage.publicUrl(key), key, width: meta.width, height: meta.height, mime, size: bytes.length };
    },

    /** The bytes of a registered file (after resolveOwnedImage); 404 when the object is gone. */
    async read(key: string): Promise<Buffer> {
      const bytes = await storage.get(key);
      if (!bytes) throw notFound(UploadMsg.fileNotFound);
      return bytes;
    },

    resolveOwnedImage: deps.access.resolveOwnedImage,

    /** When a guest is merged into an account, its files move with its projects (pass the merge transaction). */
    reassignOwner: repo.reassignOwner,
  };
}
export type FileService = ReturnType<typeof createFileService>;
