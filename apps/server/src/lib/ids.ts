import { createHash, randomBytes } from 'node:crypto';

/** A random url-safe id; 16 bytes is unguessable, so ids double as capability-free public references. */
export function newId(bytes = 12): string {
  return randomBytes(bytes).toString('base64url');
}

/** An opaque bearer token; only its sha256 is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
