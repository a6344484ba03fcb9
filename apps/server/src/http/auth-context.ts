import type { users, sessions } from '../db/schema.js';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** A caller signed in through a session token (the browser app). */
export interface SessionAuth {
  user: UserRow;
  session: SessionRow;
  token: string;
  apiKeyId?: undefined;
}

/**
 * A Business member's program calling with an API key (docs/API.md "API access"). It has no
 * session: calls that act on a session (sign-out…) must narrow on `apiKeyId` and refuse it.
 */
export interface ApiKeyAuth {
  user: UserRow;
  session?: undefined;
  token: string;
  apiKeyId: string;
}

/** Who is calling; resolved once per request from the Bearer token. */
export type AuthContext = SessionAuth | ApiKeyAuth;

/** The registered route a token is presented to (its URL pattern, not the raw URL). */
export interface RouteRef {
  method: string;
  path: string;
}

/**
 * Resolves a Bearer token: the caller, or 'invalid' (unknown, revoked or expired → 402). An API
 * key is accepted only when `route` is given and on the allow-list; otherwise it throws a 403
 * AppError (and a 429 one over its rate limit), so call sites that pass no route never see one.
 */
export type Authenticate = (token: string, route?: RouteRef) => Promise<AuthContext | 'invalid'>;

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  const token = m?.[1]?.trim();
  return token ? token : null;
}
