import { Msg, STORAGE_TOKEN_RENEW_MS, UPLOAD_ACCEPT, UPLOAD_ACCEPT_EXTENSIONS, UPLOAD_MAX_SIDE, UPLOAD_MIN_SIDE } from '@packsmith/contracts';

/** The picker's accept attribute: jpeg, jpg and png (SPEC §5). */
export const UPLOAD_ACCEPT_ATTR = [...UPLOAD_ACCEPT, ...UPLOAD_ACCEPT_EXTENSIONS].join(',');

/** A rejection the visitor sees, with the spec's wording. */
export class UploadRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadRejected';
  }
}

/**
 * Image type by MIME and by extension: both must say jpeg/jpg/png. Browsers derive MIME from the
 * extension, so a renamed PDF passes this check and is caught when decoding ("Image load error").
 */
export function checkFileType(file: { name: string; type: string }): string | null {
  const mimeOk = (UPLOAD_ACCEPT as readonly string[]).includes(file.type.toLowerCase());
  const name = file.name.toLowerCase();
  const extOk = UPLOAD_ACCEPT_EXTENSIONS.some((ext) => name.endsWith(ext));
  return mimeOk && extOk ? null : Msg.uploadImageFile;
}

/** Minimum side 1024 pixels (SPEC §5). */
export function checkDimensions(width: number, height: number): string | null {
  return Math.min(width, height) < UPLOAD_MIN_SIDE ? Msg.uploadMinSide : null;
}

/** The size to upload at: the longest side brought down to 2048, proportions kept (SPEC §5). */
export function uploadSize(width: number, height: number): { width: number; height: number; resized: boolean } {
  const longest = Math.max(width, height);
  if (longest <= UPLOAD_MAX_SIDE) return { width, height, resized: false };
  const scale = UPLOAD_MAX_SIDE / longest;
  return { width: Math.round(width * scale), height: Math.round(height * scale), resized: true };
}

/** Storage credentials are renewed 15 minutes before they expire (SPEC §7). */
export function credentialsFresh(expiration: string, now: number = Date.now()): boolean {
  const expires = Date.parse(expiration);
  return Number.isFinite(expires) && expires - STORAGE_TOKEN_RENEW_MS > now;
}
