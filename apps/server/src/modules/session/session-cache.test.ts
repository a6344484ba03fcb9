import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { withAfterCommit } from '../../db/after-commit.js';
import type { Db, DbOrTx } from '../../db/client.js';
import type { SessionRow, UserRow } from '../../http/auth-context.js';
import { createSessionCache, sessionCache, type SessionLookup } from './session-cache.js';

function lookup(userId: string, sessionId = `s-${userId}`): SessionLookup {
  const at = new Date(0);
  const user = { id: userId, type: 'guest', credit: 100 } as UserRow;
  const session = {
    id: sessionId,
    userId,
    tokenHash: `h-${sessionId}`,
    kind: 'guest',
    expiresAt: new Date(8.64e15),
    revokedAt: null,
    lastSeenAt: null,
    createdAt: at,
  } as SessionRow;
  return { user, session };
}

function setup(ttlMs = 3000, maxEntries?: number) {
  let clock = 0;
  const cache = createSessionCache({ ttlMs, maxEntries, clock: () => clock });
  return { cache, advance: (ms: number) => (clock += ms) };
}

describe('session cache', () => {
  it('reuses a lookup until its TTL, then forgets it', () => {
    const { cache, advance } = setup(3000);
    const found = lookup('u1');
    cache.set('h1', found, cache.stamp());
    advance(2999);
    expect(cache.get('h1')).toBe(found);
    advance(1);
    expect(cache.get('h1')).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('TTL 0 turns it off', () => {
    const { cache } = setup(0);
    cache.set('h1', lookup('u1'), cache.stamp());
    expect(cache.get('h1')).toBeNull();
    expect(cache.size).toBe(0);
  });

  it('stays within its bound, dropping the least recently used entry', () => {
    const { cache } = setup(3000, 3);
    for (const id of ['a', 'b', 'c']) cache.set(id, lookup(id), cache.stamp());
    expect(cache.get('a')).not.toBeNull(); // a is now the most recently used
    cache.set('d', lookup('d'), cache.stamp());
    expect(cache.size).toBe(3);
    expect(cache.get('b')).toBeNull();
    expect(cache.get('a')).not.toBeNull();
    expect(cache.get('c')).not.toBeNull();
    expect(cache.get('d')).not.toBeNull();
  });

  it('a bound of 10,000 by default', () => {
    const { cache } = setup();
    for (let i = 0; i < 10_050; i++) cache.set(`h${i}`, lookup(`u${i}`), cache.stamp());
    expect(cache.size).toBe(10_000);
    expect(cache.get('h0')).toBeNull();
    expect(cache.get('h10049')).not.toBeNull();
  });

  it('invalidating a user drops all of its sessions and no one else’s', () => {
    const { cache } = setup();
    cache.set('h1', lookup('u1', 's1'), cache.stamp());
    cache.set('h2', lookup('u1', 's2'), cache.stamp());
    cache.set('h3', lookup('u2'), cache.stamp());
    cache.invalidateUser('u1');
    expect(cache.get('h1')).toBeNull();
    expect(cache.get('h2')).toBeNull();
    expect(cache.get('h3')).not.toBeNull();
  });

  it('a lookup read before an invalidation is not stored (it may hold the old row)', () => {
    const { cache } = setup();
    const stamp = cache.stamp();
    cache.invalidateUser('u1');
    cache.set('h1', lookup('u1'), stamp);
    expect(cache.get('h1')).toBeNull();
    cache.set('h1', lookup('u1'), cache.stamp());
    expect(cache.get('h1')).not.toBeNull();
  });

  it('the process-wide hook reaches every live cache', () => {
    const a = setup().cache;
    const b = setup().cache;
    a.set('h1', lookup('u-hook'), a.stamp());
    b.set('h2', lookup('u-hook'), b.stamp());
    sessionCache.invalidateUser('u-hook');
    expect(a.get('h1')).toBeNull();
    expect(b.get('h2')).toBeNull();
  });

  it('without a clock of its own it counts in real time', async () => {
    const cache = createSessionCache({ ttlMs: 40 });
    cache.set('h1', lookup('u1'), cache.stamp());
    expect(cache.get('h1')).not.toBeNull();
    await sleep(80);
    expect(cache.get('h1')).toBeNull();
  });

  it('a bound of zero or less stores nothing', () => {
    for (const maxEntries of [0, -1]) {
      const { cache } = setup(3000, maxEntries);
      cache.set('h1', lookup('u1'), cache.stamp());
      expect(cache.size).toBe(0);
      expect(cache.get('h1')).toBeNull();
    }
  });

  it('given the transaction of the write, the hook drops the user again when it ends', async () => {
    // A database whose transactions run at once: what matters here is when the transaction ends.
    const handle = (): object => ({ transaction: async (work: (tx: object) => Promise<unknown>) => work(handle()) });
    const db = withAfterCommit(handle() as Db);
    const cache = setup().cache;
    await db.transaction(async (tx: DbOrTx) => {
      sessionCache.invalidateUser('u-tx', tx);
      // Meanwhile another request reads the row as it was before the commit, and caches it.
      cache.set('h1', lookup('u-tx'), cache.stamp());
      expect(cache.get('h1')).not.toBeNull();
    });
    expect(cache.get('h1')).toBeNull();
  });

  it('a cache no one holds any more is let go, and the hook still reaches the live ones', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    (() => {
      const dropped = setup().cache;
      dropped.set('h1', lookup('u-gc'), dropped.stamp());
    })();
    await sleep(0);
    gc();
    const live = setup().cache;
    live.set('h2', lookup('u-gc'), live.stamp());
    expect(() => sessionCache.invalidateUser('u-gc')).not.toThrow();
    expect(live.get('h2')).toBeNull();
  });
});
