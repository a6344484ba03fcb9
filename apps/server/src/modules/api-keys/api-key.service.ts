import { API_KEYS_PER_USER_MAX, ApiKeyMsg, canUseBusinessFeature, type ApiKey } from '@packsmith/contracts';
import type { Transact } from '../../db/transact.js';
import { apiKeyMayCall } from '../../http/api-key-scope.js';
import type { ApiKeyAuth, AuthContext, RouteRef, SessionAuth, UserRow } from '../../http/auth-context.js';
import { AppError, badRequest, forbidden, notFound, tooManyRequests } from '../../http/errors.js';
import { newId, sha256 } from '../../lib/ids.js';
import type { TokenBucketRule } from '../../rate-limit/token-bucket.js';
import type { SessionCache } from '../session/index.js';
import { membershipSubject } from '../user/index.js';
import type { ApiKeyRepo, ApiKeyRow } from './api-key.repo.js';
import { API_KEY_DISPLAY_CHARS, looksLikeApiKey, newApiKey } from './api-key-secret.js';
import type { UsageCounter } from './usage-counter.js';

/** What the lookup cache keeps of a key: its id and its user (never the key or its hash's row). */
export interface CachedKey {
  keyId: string;
  user: UserRow;
}

export interface ApiKeyTx {
  apiKeys: ApiKeyRepo;
}

function requireBusiness(user: UserRow, at: Date): void {
  const gate = canUseBusinessFeature(membershipSubject(user), at.getTime());
  if (!gate.ok) throw new AppError(gate.code, gate.msg);
}

/**
 * Business API keys (SPEC §6 "API access"): created, listed and revoked by their owner; presented as
 * `Authorization: Bearer psk_…` they act as the owner on the calls of http/api-key-scope.ts.
 * Only a key's sha256 is stored; the key itself is in the creation's answer and nowhere else.
 */
export function createApiKeyService(deps: {
  repo: ApiKeyRepo;
  transact: Transact<ApiKeyTx>;
  /** Session tokens (every Bearer value that is not shaped like an API key). */
  sessions: { authenticate(token: string): Promise<SessionAuth | 'invalid'> };
  limit: TokenBucketRule;
  usage: UsageCounter;
  /** Key hash → key id and user, for `cacheTtlMs` (the session cache's TTL); user writes drop entries as for sessions. */
  cache: SessionCache<CachedKey>;
  cacheTtlMs: number;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());

  function toDto(row: ApiKeyRow): ApiKey {
    const pending = deps.usage.pending(row.id);
    const lastUsed = pending && (!row.lastUsedAt || pending.lastUsedAt > row.lastUsedAt) ? pending.lastUsedAt : row.lastUsedAt;
    return {
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      created_at: row.createdAt.getTime(),
      last_used_at: lastUsed ? lastUsed.getTime() : null,
      request_count: row.requestCount + (pending?.calls ?? 0),
      revoked_at: row.revokedAt ? row.revokedAt.getTime() : null,
    };
  }

  /**
   * An API key's caller. The lookup (key and user) is cached like a session's for a few seconds;
   * revocation still holds at once on every instance: `revoke` bars the key in the rate limiter's
   * store (Redis when configured, shared by every instance) for longer than any cache entry lives,
   * and the bucket check, made on every call anyway, reads the bar in the same step.
   */
  async function authenticateKey(token: string, route: RouteRef | undefined): Promise<ApiKeyAuth | 'invalid'> {
    const hash = sha256(token);
    let found = deps.cache.get(hash);
    if (!found) {
      const stamp = deps.cache.stamp();
      const row = await deps.repo.findLiveByHash(hash);
      if (!row) return 'invalid';
      found = { keyId: row.key.id, user: row.user };
      deps.cache.set(hash, found, stamp);
    }
    if (!route || !apiKeyMayCall(route)) throw forbidden(ApiKeyMsg.refused);
    const at = now();
    // Checked on every call: a key of a member whose Business plan ended stops working at once.
    requireBusiness(found.user, at);
    const decision = await deps.limit.take(found.keyId);
    if (decision === 'barred') return 'invalid';
    if (!decision.ok) {
      const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
      throw tooManyRequests(ApiKeyMsg.tooMany(seconds), seconds);
    }
    deps.usage.count(found.keyId, at);
    return { user: found.user, token, apiKeyId: found.keyId };
  }

  return {
    /** The one authenticator of the HTTP calls: API keys here, session tokens by the session service. */
    async authenticate(token: string, route?: RouteRef): Promise<AuthContext | 'invalid'> {
      return looksLikeApiKey(token) ? authenticateKey(token, route) : deps.sessions.authenticate(token);
    },

    async list(user: UserRow): Promise<{ items: ApiKey[] }> {
      requireBusiness(user, now());
      return { items: (await deps.repo.listByUser(user.id)).map(toDto) };
    },

    async create(user: UserRow, name: string): Promise<{ key: string; item: ApiKey }> {
      requireBusiness(user, now());
      const key = newApiKey();
      const row = await deps.transact(async (tx) => {
        // Serialises creations per user, so parallel ones cannot pass the cap together.
        await tx.apiKeys.lockUser(user.id);
        if ((await tx.apiKeys.countLive(user.id)) >= API_KEYS_PER_USER_MAX) throw badRequest(ApiKeyMsg.tooManyKeys(API_KEYS_PER_USER_MAX));
        return tx.apiKeys.insert({ id: newId(), userId: user.id, name, keyHash: sha256(key), prefix: key.slice(0, API_KEY_DISPLAY_CHARS) });
      });
      return { key, item: toDto(row) };
    },

    /** Revokes one of the caller's keys at once; someone else's (or an unknown) id is 404. */
    async revoke(user: UserRow, id: string): Promise<{ revoked: boolean }> {
      requireBusiness(user, now());
      const row = await deps.repo.revoke(id, user.id, now());
      if (!row) throw notFound(ApiKeyMsg.notFound);
      // Outlives every instance's cached lookup of the key; after that the database says revoked.
      await deps.limit.bar(row.id, deps.cacheTtlMs + 5000);
      deps.cache.invalidateUser(user.id);
      return { revoked: true };
    },

    /** Writes the usage counted in this process (tests; close does it too). */
    flushUsage: () => deps.usage.flush(),
    close: () => deps.usage.close(),
  };
}
export type ApiKeyService = ReturnType<typeof createApiKeyService>;
