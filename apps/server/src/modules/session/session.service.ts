import { newId, newToken, sha256 } from '../../lib/ids.js';
import type { AuthContext } from '../../http/auth-context.js';
import type { SessionRepo } from './session.repo.js';
import { createSessionCache, type SessionCache } from './session-cache.js';

/**
 * Opaque, revocable bearer tokens. The token is returned once; only its hash is stored, so a leaked
 * database does not leak sessions.
 */
export function createSessionService(deps: { repo: SessionRepo; ttlMs: number; now?: () => Date; cache?: SessionCache }) {
  const now = deps.now ?? (() => new Date());
  const cache = deps.cache ?? createSessionCache({ ttlMs: 0 });
  return {
    async issue(userId: string, kind: 'guest' | 'user'): Promise<string> {
      const token = newToken();
      const at = now();
      await deps.repo.insert({
        id: newId(),
        userId,
        tokenHash: sha256(token),
        kind,
        expiresAt: new Date(at.getTime() + deps.ttlMs),
      });
      return token;
    },
    /** The caller for a token, or 'invalid' when it is unknown, revoked or expired (SPEC §4: code 402). */
    async authenticate(token: string): Promise<AuthContext | 'invalid'> {
      if (token.length > 200) return 'invalid';
      const hash = sha256(token);
      let found = cache.get(hash);
      if (!found) {
        const stamp = cache.stamp();
        found = await deps.repo.findByTokenHash(hash);
        if (!found) return 'invalid';
        cache.set(hash, found, stamp);
      }
      if (found.session.revokedAt || found.session.expiresAt.getTime() <= now().getTime()) return 'invalid';
      // A guest merged into an account keeps no live session of its own.
      if (found.user.mergedIntoUserId) return 'invalid';
      return { user: found.user, session: found.session, token };
    },
    async revoke(sessionId: string): Promise<boolean> {
      return deps.repo.revoke(sessionId, now());
    },
    async revokeAllForUser(userId: string): Promise<void> {
      await deps.repo.revokeAllForUser(userId, now());
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
