import { Msg, SUCCESS, UploadedFileSchema, fileCalls, type CallData, type UploadedFile } from '@packsmith/contracts';
import { apiCall } from './client';
import { ApiError, failureMessage, handleEnvelopeError, type ApiFailure } from './error-catalogue';
import { isEnvelope } from './http';
import { ensureToken } from './session-token';
import { UploadRejected, checkDimensions, checkFileType, credentialsFresh, uploadSize } from './upload-rules';

type Credentials = CallData<typeof fileCalls.storageToken>;
let cached: Credentials | null = null;
let pending: Promise<Credentials> | null = null;

/** GET /api/aws/token, reused until 15 minutes before it expires. */
export function uploadCredentials(): Promise<Credentials> {
  if (cached && credentialsFresh(cached.Expiration)) return Promise.resolve(cached);
  pending ??= apiCall(fileCalls.storageToken, {})
    .then((c) => {
      cached = c;
      return c;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

export function forgetUploadCredentials(): void {
  cached = null;
}

interface Decoded {
  width: number;
  height: number;
  source: CanvasImageSource;
  release(): void;
}

async function decode(file: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file);
      return { width: bitmap.width, height: bitmap.height, source: bitmap, release: () => bitmap.close() };
    } catch {
      throw new UploadRejected(Msg.imageLoadError);
    }
  }
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    await new Promise<void>((resolve, reject) => {
      img.onload = () => resolve();
      img.onerror = () => reject(new Error('decode'));
      img.src = url;
    });
    return { width: img.naturalWidth, height: img.naturalHeight, source: img, release: () => URL.revokeObjectURL(url) };
  } catch {
    URL.revokeObjectURL(url);
    throw new UploadRejected(Msg.imageLoadError);
  }
}

export interface PreparedImage {
  blob: Blob;
  name: string;
  width: number;
  height: number;
  resized: boolean;
}

/**
 * The browser-side checks of SPEC §5, in order: type, decodable, minimum side; then images over 2048
 * on their longest side are redrawn at 2048 on a canvas.
 */
export async function prepareImage(file: File): Promise<PreparedImage> {
  const typeError = checkFileType(file);
  if (typeError) throw new UploadRejected(typeError);
  const decoded = await decode(file);
  try {
    const sizeError = checkDimensions(decoded.width, decoded.height);
    if (sizeError) throw new UploadRejected(sizeError);
    const target = uploadSize(decoded.width, decoded.height);
    if (!target.resized) return { blob: file, name: file.name, width: decoded.width, height: decoded.height, resized: false };
    const canvas = document.createElement('canvas');
    canvas.width = target.width;
    canvas.height = target.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new UploadRejected(Msg.imageLoadError);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(decoded.source, 0, 0, target.width, target.height);
    const mime = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, mime, 0.92));
    if (!blob) throw new UploadRejected(Msg.imageLoadError);
    return { blob, name: file.name, width: target.width, height: target.height, resized: true };
  } finally {
    decoded.release();
  }
}

/** POST multipart (token + file) with the Bearer header; XMLHttpRequest because fetch has no upload progress. */
function postFile(
  url: string,
  uploadToken: string,
  bearer: string | null,
  image: PreparedImage,
  onProgress?: (fraction: number) => void,
  fields: Readonly<Record<string, string>> = {},
): Promise<UploadedFile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const fail = (failure: ApiFailure) => {
      handleEnvelopeError(failure, url);
      reject(new ApiError(failure, failureMessage(failure)));
    };
    xhr.open('POST', url);
    if (bearer) xhr.setRequestHeader('authorization', `Bearer ${bearer}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && onProgress) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => fail({ kind: 'network' });
    xhr.ontimeout = () => fail({ kind: 'network' });
    xhr.onload = () => {
      if (xhr.status !== 200) return fail({ kind: 'http', status: xhr.status });
      const body: unknown = xhr.response;
      if (!isEnvelope(body)) return fail({ kind: 'network' });
      if (body.code !== 0 || body.msg !== SUCCESS) return fail({ kind: 'code', code: body.code, msg: body.msg });
      const parsed = UploadedFileSchema.safeParse(body.data);
      if (!parsed.success) return fail({ kind: 'network' });
      onProgress?.(1);
      resolve(parsed.data);
    };
    const form = new FormData();
    form.append('token', uploadToken);
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', image.blob, image.name);
    xhr.send(form);
  });
}

/** Uploads an image prepareImage accepted (a screen that checks first, then starts other work alongside). */
export async function uploadPrepared(image: PreparedImage, onProgress?: (fraction: number) => void): Promise<UploadedFile> {
  const credentials = await uploadCredentials();
  const bearer = await ensureToken();
  return postFile(credentials.uploadUrl, credentials.uploadToken, bearer, image, onProgress);
}

/** Checks, resizes and uploads one image; rejects with UploadRejected (spec wording) or ApiError. */
export async function uploadImage(file: File, onProgress?: (fraction: number) => void): Promise<UploadedFile> {
  return uploadPrepared(await prepareImage(file), onProgress);
}

/**
 * Uploads a mask the image tools painted (a PNG the edited image's natural size): sent as it is, with
 * purpose=mask, so the server keeps its size (masks are never resized, and may be 16–4096 px).
 */
export async function uploadMask(mask: Blob, size: { width: number; height: number }): Promise<UploadedFile> {
  const credentials = await uploadCredentials();
  const bearer = await ensureToken();
  const image: PreparedImage = { blob: mask, name: 'mask.png', width: size.width, height: size.height, resized: false };
  return postFile(credentials.uploadUrl, credentials.uploadToken, bearer, image, undefined, { purpose: 'mask' });
}
