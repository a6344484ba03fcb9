import { newToken } from '../../lib/ids.js';

/**
 * The cookie that binds a social sign-in to the browser that started it (RFC 9700 §2.1 and §4.7,
 * OAuth 2.0 Security BCP): POST /api/oauth/{provider}/auth_url sets it, the callback accepts the
 * state only in a browser that sends it back. Without it, whoever asks for an authorization URL
 * could have someone else's browser finish it (login CSRF, or linking the victim's Google
 * identity to the attacker's account).
 *
 * Over https the name carries the `__Host-` prefix, so a sibling subdomain cannot plant one
 * (cookie tossing); over plain http (local development) browsers refuse that prefix.
 */
const SECURE_NAME = '__Host-packsmith_oauth';
const PLAIN_NAME = 'packsmith_oauth';
/** As long as the state it goes with (oauth.service STATE_TTL_MS). */
const MAX_AGE_S = 10 * 60;
/** What newToken makes: 32 random bytes in base64url. */
const NONCE = /^[A-Za-z0-9_-]{43}$/;

function nameFor(secure: boolean): string {
  return secure ? SECURE_NAME : PLAIN_NAME;
}

/** The binding nonce this browser sent, or null (absent, malformed, or under the other scheme's name). */
export function readBindingNonce(cookieHeader: string | undefined, secure: boolean): string | null {
  if (!cookieHeader) return null;
  const name = nameFor(secure);
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    if (NONCE.test(value)) return value;
  }
  return null;
}

/**
 * The nonce for a new authorization URL: the browser's current one when it has one, so two tabs
 * signing in at once both finish; else a fresh one.
 */
export function bindingNonceFor(cookieHeader: string | undefined, secure: boolean): string {
  return readBindingNonce(cookieHeader, secure) ?? newToken();
}

/**
 * Set-Cookie for the nonce. SameSite=Lax: the provider's redirect back is a top-level GET, which
 * Lax cookies accompany, while cross-site subrequests do not carry it.
 */
export function bindingCookie(nonce: string, secure: boolean): string {
  return `${nameFor(secure)}=${nonce}; Path=/; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Set-Cookie that removes the nonce (the callback uses it once). */
export function clearBindingCookie(secure: boolean): string {
  return `${nameFor(secure)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
