import { afterCommit } from '../../db/after-commit.js';
import type { DbOrTx } from '../../db/client.js';
import type { SessionRow, UserRow } from '../../http/auth-context.js';

export interface SessionLookup {
  session: SessionRow;
  user: UserRow;
}

/** What a cache holds per token hash: anything carrying the user it belongs to (sessions, API keys). */
export interface CachedLookup {
  user: UserRow;
}

export interface SessionCacheOptions {
  /** How long a looked-up session and user are reused; 0 turns the cache off. */
  ttlMs: number;
  /** Least recently used entries are dropped beyond this many. */
  maxEntries?: number;
  /** Monotonic milliseconds (tests move it by hand). */
  clock?: () => number;
}

/**
 * Token hash → {session, user}, so an authenticated call costs no database round trip while the
 * entry is young. Every change to a user row or its sessions made by this process drops the
 * user's entries (`sessionCache.invalidateUser`); changes made by another process (another API
 * replica, the admin CLI) are seen once the entry is older than the TTL (docs/DECISIONS.md).
 */
export interface SessionCache<T extends CachedLookup = SessionLookup> {
  /** A fresh entry, or null. */
  get(tokenHash: string): T | null;
  /** A stamp to take before reading the database, for `set`. */
  stamp(): number;
  /** Stores a lookup read after `stamp`, unless an invalidation happened since (it may be stale). */
  set(tokenHash: string, found: T, stamp: number): void;
  invalidateUser(userId: string): void;
  readonly size: number;
}

interface Entry<T> {
  found: T;
  expiresAt: number;
}

/** Every live cache of this process, so a repository can invalidate without holding one. */
const registry = new Set<WeakRef<Pick<SessionCache<CachedLookup>, 'invalidateUser'>>>();

export function createSessionCache<T extends CachedLookup = SessionLookup>(opts: SessionCacheOptions): SessionCache<T> {
  const maxEntries = opts.maxEntries ?? 10_000;
  const clock = opts.clock ?? (() => performance.now());
  const entries = new Map<string, Entry<T>>();
  // Bumped by every invalidation: a lookup that overlapped one is not stored.
  let epoch = 0;

  const cache: SessionCache<T> = {
    get(tokenHash) {
      if (opts.ttlMs <= 0) return null;
      const entry = entries.get(tokenHash);
      if (!entry) return null;
      if (entry.expiresAt <= clock()) {
        entries.delete(tokenHash);
        return null;
      }
      // Map order is insertion order: re-inserting keeps the least recently used entry first.
      entries.delete(tokenHash);
      entries.set(tokenHash, entry);
      return entry.found;
    },
    stamp: () => epoch,
    set(tokenHash, found, stamp) {
      if (opts.ttlMs <= 0 || stamp !== epoch) return;
      entries.delete(tokenHash);
      entries.set(tokenHash, { found, expiresAt: clock() + opts.ttlMs });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
    },
    invalidateUser(userId) {
      epoch++;
      for (const [hash, entry] of entries) if (entry.found.user.id === userId) entries.delete(hash);
    },
    get size() {
      return entries.size;
    },
  };
  if (opts.ttlMs > 0) registry.add(new WeakRef(cache));
  return cache;
}

function invalidateEverywhere(userId: string): void {
  for (const ref of registry) {
    const cache = ref.deref();
    if (cache) cache.invalidateUser(userId);
    else registry.delete(ref);
  }
}

/** The one hook every write to a user row or its sessions calls (repositories do). */
export const sessionCache = {
  /**
   * Drops the user's cached sessions in every cache of this process. Given the handle the write
   * went through, it does so again when that transaction ends, since a concurrent reader may
   * have cached the row as it was before the commit.
   */
  invalidateUser(userId: string, handle?: DbOrTx): void {
    invalidateEverywhere(userId);
    if (handle) afterCommit(handle, () => invalidateEverywhere(userId));
  },
};
