import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

export const CODE_TTL_MS = 10 * 60 * 1000;
export const CODE_MAX_ATTEMPTS = 5;
/** At most one code per email in this window, so the form cannot be used to flood an inbox. */
export const CODE_RESEND_MS = 60 * 1000;

/** A uniformly random 6-digit code, leading zeros kept. */
export function newEmailCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * HMAC-SHA256 keyed with a server-side pepper and bound to the email: a leaked table alone does not
 * give the codes away (a bare sha256 of 10^6 candidates is reversed in a blink).
 */
export function hashEmailCode(pepper: string, email: string, code: string): string {
  return createHmac('sha256', pepper).update(`${email}\n${code}`).digest('hex');
}

export function emailCodeMatches(pepper: string, email: string, code: string, storedHash: string): boolean {
  const a = Buffer.from(hashEmailCode(pepper, email, code), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
