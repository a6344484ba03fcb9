import { createHmac, timingSafeEqual } from 'node:crypto';

export type UploadTokenCheck = 'ok' | 'invalid' | 'expired' | 'wrong-user';

export interface UploadTokens {
  /** A token allowing `userId` to upload until `expiresAt` (default: now + ttl). */
  sign(userId: string, expiresAt?: Date): { token: string; expiresAt: Date };
  verify(token: string, userId: string): UploadTokenCheck;
}

/**
 * Stateless upload tokens: `v1.<payload>.<hmac>`, payload = base64url JSON {u: userId, e: expiry ms}.
 * The HMAC key is derived from the app secret for this one purpose, so a signature made for
 * something else with the same secret can never pass as an upload token.
 */
export function createUploadTokens(opts: { secret: string; ttlMs: number; now?: () => Date }): UploadTokens {
  const now = opts.now ?? (() => new Date());
  const key = createHmac('sha256', opts.secret).update('packsmith:upload-token:v1').digest();
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();

  return {
    sign(userId, expiresAt = new Date(now().getTime() + opts.ttlMs)) {
      const body = `v1.${Buffer.from(JSON.stringify({ u: userId, e: expiresAt.getTime() })).toString('base64url')}`;
      return { token: `${body}.${mac(body).toString('base64url')}`, expiresAt };
    },
    verify(token, userId) {
      if (typeof token !== 'string' || token.length > 1000) return 'invalid';
      const parts = token.split('.');
      if (parts.length !== 3 || parts[0] !== 'v1' || !parts[1] || !parts[2]) return 'invalid';
      const body = `${parts[0]}.${parts[1]}`;
      const given = Buffer.from(parts[2], 'base64url');
      const expected = mac(body);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      let payload: unknown;
      try {
        payload = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
      } catch {
        return 'invalid';
      }
      if (!isPayload(payload)) return 'invalid';
      if (payload.u !== userId) return 'wrong-user';
      if (payload.e <= now().getTime()) return 'expired';
      return 'ok';
    },
  };
}

function isPayload(v: unknown): v is { u: string; e: number } {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return typeof o.u === 'string' && typeof o.e === 'number' && Number.isFinite(o.e);
}
