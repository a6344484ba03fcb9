import type { users, sessions } from '../db/schema.js';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

/** Who is calling; resolved once per request from the Bearer token. */
export interface AuthContext {
  user: UserRow;
  session: SessionRow;
  token: string;
}

/** Resolves a Bearer token: the caller, 'invalid' (unknown, revoked or expired → 402) or null (no token). */
export type Authenticate = (token: string) => Promise<AuthContext | 'invalid'>;

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(.+)$/i.exec(header.trim());
  const token = m?.[1]?.trim();
  return token ? token : null;
}
