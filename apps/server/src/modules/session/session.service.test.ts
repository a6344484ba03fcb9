import { describe, expect, it } from 'vitest';
import type { SessionRow, UserRow } from '../../http/auth-context.js';
import { userRow } from '../../../test/rows.js';
import type { SessionRepo } from './session.repo.js';
import { createSessionCache } from './session-cache.js';
import { createSessionService } from './session.service.js';

const DAY = 24 * 3600 * 1000;

const fakeUser = userRow;

/** An in-memory repo with the real repo's contract, so the rules are tested without a database. */
function memoryRepo(users: Map<string, UserRow>): SessionRepo {
  const rows: SessionRow[] = [];
  return {
    async insert(row) {
      rows.push({ revokedAt: null, lastSeenAt: null, createdAt: new Date(), ...row });
    },
    async findByTokenHash(hash) {
      const session = rows.find((r) => r.tokenHash === hash);
      const user = session && users.get(session.userId);
      return session && user ? { session, user } : null;
    },
    async revoke(id, at) {
      const s = rows.find((r) => r.id === id && !r.revokedAt);
      if (s) s.revokedAt = at;
      return Boolean(s);
    },
    async revokeAllForUser(userId, at) {
      const live = rows.filter((r) => r.userId === userId && !r.revokedAt);
      for (const r of live) r.revokedAt = at;
      return live.map((r) => r.id);
    },
  };
}

function setup(ttlDays = 90) {
  let clock = new Date('2026-01-01T00:00:00Z').getTime();
  const users = new Map([['u1', fakeUser('u1')]]);
  const service = createSessionService({ repo: memoryRepo(users), ttlMs: ttlDays * DAY, now: () => new Date(clock) });
  return { service, users, advance: (ms: number) => (clock += ms) };
}

describe('session tokens', () => {
  it('a fresh token authenticates its user', async () => {
    const { service } = setup();
    const token = await service.issue('u1', 'user');
    const auth = await service.authenticate(token);
    expect(auth).not.toBe('invalid');
    expect(auth !== 'invalid' && auth.user.id).toBe('u1');
  });

  it('expires after SESSION_TTL_DAYS: valid one second before, invalid at the limit', async () => {
    const { service, advance } = setup(90);
    const token = await service.issue('u1', 'user');
    advance(90 * DAY - 1000);
    expect(await service.authenticate(token)).not.toBe('invalid');
    advance(1000);
    expect(await service.authenticate(token)).toBe('invalid');
  });

  it('honours a short TTL', async () => {
    const { service, advance } = setup(1);
    const token = await service.issue('u1', 'user');
    advance(DAY + 1);
    expect(await service.authenticate(token)).toBe('invalid');
  });

  it('a revoked token is invalid, other tokens of the user are not', async () => {
    const { service } = setup();
    const a = await service.issue('u1', 'user');
    const b = await service.issue('u1', 'user');
    const auth = await service.authenticate(a);
    if (auth === 'invalid') throw new Error('expected a session');
    expect(await service.revoke(auth.session.id)).toBe(true);
    expect(await service.revoke(auth.session.id)).toBe(false);
    expect(await service.authenticate(a)).toBe('invalid');
    expect(await service.authenticate(b)).not.toBe('invalid');
  });

  it('every revocation reports the revoked session ids once (their sockets are dropped)', async () => {
    const users = new Map([['u1', fakeUser('u1')]]);
    const reported: string[][] = [];
    const service = createSessionService({ repo: memoryRepo(users), ttlMs: DAY, onRevoked: (ids) => reported.push([...ids]) });
    const [a, b, c] = await Promise.all([service.issue('u1', 'user'), service.issue('u1', 'user'), service.issue('u1', 'user')]);
    const sessionOf = async (token: string) => {
      const auth = await service.authenticate(token);
      if (auth === 'invalid') throw new Error('expected a session');
      return auth.session.id;
    };
    const [ia, ib, ic] = [await sessionOf(a), await sessionOf(b), await sessionOf(c)];
    await service.revoke(ia);
    await service.revoke(ia);
    await service.revokeAllForUser('u1');
    await service.revokeAllForUser('u1');
    expect(reported).toHaveLength(2);
    expect(reported[0]).toEqual([ia]);
    expect([...(reported[1] ?? [])].sort()).toEqual([ib, ic].sort());
  });

  it('a guest merged into an account has no live session', async () => {
    const { service, users } = setup();
    users.set('g1', fakeUser('g1', { type: 'guest' }));
    const token = await service.issue('g1', 'guest');
    expect(await service.authenticate(token)).not.toBe('invalid');
    users.set('g1', fakeUser('g1', { type: 'guest', mergedIntoUserId: 'u1' }));
    expect(await service.authenticate(token)).toBe('invalid');
  });

  it('unknown and oversized tokens are invalid', async () => {
    const { service } = setup();
    expect(await service.authenticate('nope')).toBe('invalid');
    expect(await service.authenticate('x'.repeat(201))).toBe('invalid');
  });
});

describe('session tokens with a lookup cache', () => {
  function cached() {
    let clock = new Date('2026-01-01T00:00:00Z').getTime();
    const users = new Map([['u1', fakeUser('u1')]]);
    const repo = memoryRepo(users);
    let reads = 0;
    const counting: SessionRepo = { ...repo, findByTokenHash: (hash) => (reads++, repo.findByTokenHash(hash)) };
    const service = createSessionService({
      repo: counting,
      ttlMs: DAY,
      now: () => new Date(clock),
      cache: createSessionCache({ ttlMs: 3000, clock: () => clock }),
    });
    return { service, reads: () => reads, advance: (ms: number) => (clock += ms) };
  }

  it('reads the database once per cache TTL for a busy token', async () => {
    const { service, reads, advance } = cached();
    const token = await service.issue('u1', 'user');
    for (let i = 0; i < 5; i++) expect(await service.authenticate(token)).not.toBe('invalid');
    expect(reads()).toBe(1);
    advance(3000);
    expect(await service.authenticate(token)).not.toBe('invalid');
    expect(reads()).toBe(2);
  });

  it('a cached session still expires at its own time', async () => {
    const { service, advance } = cached();
    const token = await service.issue('u1', 'user');
    advance(DAY - 1000);
    expect(await service.authenticate(token)).not.toBe('invalid');
    advance(1000);
    expect(await service.authenticate(token)).toBe('invalid');
  });

  it('unknown tokens are not cached', async () => {
    const { service, reads } = cached();
    expect(await service.authenticate('nope')).toBe('invalid');
    expect(await service.authenticate('nope')).toBe('invalid');
    expect(reads()).toBe(2);
  });
});
