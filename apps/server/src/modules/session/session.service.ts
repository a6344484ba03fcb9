import { newId, newToken, sha256 } from '../../lib/ids.js';
import type { CommitHooks } from '../../db/transact.js';
import type { SessionAuth } from '../../http/auth-context.js';
import type { SessionRepo } from './session.repo.js';
import { createSessionCache, type SessionCache } from './session-cache.js';

/** Called once revoked sessions are committed: their open sockets are dropped (on every instance). */
export type OnSessionsRevoked = (sessionIds: readonly string[]) => void;

/** The sessions inside a caller's transaction: the repositories its `transact` handed it. */
export interface SessionTx extends CommitHooks {
  sessions: SessionRepo;
}

/**
 * Opaque, revocable bearer tokens. The token is returned once; only its hash is stored, so a leaked
 * database does not leak sessions. Every revocation (sign-out, guest merge…) goes through `revoke`
 * or `revokeAllForUser`, so a revoked session's sockets never outlive it (docs/SECURITY.md).
 */
export function createSessionService(deps: { repo: SessionRepo; ttlMs: number; now?: () => Date; cache?: SessionCache; onRevoked?: OnSessionsRevoked }) {
  const now = deps.now ?? (() => new Date());
  const cache = deps.cache ?? createSessionCache({ ttlMs: 0 });
  // After the commit: a socket dropped for a revocation that then rolled back would not come back.
  function revoked(tx: CommitHooks | null, ids: readonly string[]): void {
    if (ids.length === 0 || !deps.onRevoked) return;
    const notify = deps.onRevoked;
    if (tx) tx.onCommit(() => notify(ids));
    else notify(ids);
  }
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
    async authenticate(token: string): Promise<SessionAuth | 'invalid'> {
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
      const done = await deps.repo.revoke(sessionId, now());
      if (done) revoked(null, [sessionId]);
      return done;
    },
    /** Revokes every live session of the user; within `tx` when given (sockets go once it commits). */
    async revokeAllForUser(userId: string, tx?: SessionTx): Promise<void> {
      const ids = await (tx?.sessions ?? deps.repo).revokeAllForUser(userId, now());
      revoked(tx ?? null, ids);
    },
  };
}
export type SessionService = ReturnType<typeof createSessionService>;
