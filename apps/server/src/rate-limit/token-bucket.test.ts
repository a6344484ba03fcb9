import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisTokenBucketStore } from './redis-token-bucket.js';
import { createMemoryTokenBucketStore, createTokenBucketRule, takeToken, type TokenBucketStore } from './token-bucket.js';

const log = pino({ level: 'silent' });
const shape = { capacity: 3, refillPerMs: 1 / 1000 }; // 3 at once, then one a second

describe('takeToken (time injected)', () => {
  it('starts full, refuses when empty with the wait until one token, and refills with time', () => {
    let state: { tokens: number; at: number } | undefined;
    const take = (at: number) => {
      const r = takeToken(state, shape, at);
      state = r.state;
      return r.decision;
    };
    expect([take(0), take(0), take(0)]).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    expect(take(0)).toEqual({ ok: false, retryAfterMs: 1000 });
    expect(take(400)).toEqual({ ok: false, retryAfterMs: 600 });
    expect(take(1000)).toEqual({ ok: true });
    // Never more than the capacity, however long the bucket waits.
    for (let i = 0; i < 3; i++) expect(take(60_000)).toEqual({ ok: true });
    expect(take(60_000).ok).toBe(false);
  });

  it('a clock that goes back adds no tokens', () => {
    const empty = { tokens: 0, at: 5000 };
    expect(takeToken(empty, shape, 1000).decision).toEqual({ ok: false, retryAfterMs: 1000 });
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
const drivers: Array<[string, () => TokenBucketStore]> = [['memory', () => createMemoryTokenBucketStore()]];
if (redisUrl) drivers.push(['redis', () => createRedisTokenBucketStore(redisUrl, log)]);
const opened: TokenBucketStore[] = [];
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
});

describe.each(drivers)('token bucket store: %s', (kind, make) => {
  const store = make();
  opened.push(store);
  const prefix = `tb-test-${randomBytes(4).toString('hex')}`;

  it('is the driver asked for', () => {
    expect(store.kind).toBe(kind);
  });

  it('takes exactly `burst` tokens from concurrent calls, per subject', async () => {
    const rule = createTokenBucketRule(store, { name: 'k', ratePerMinute: 1, burst: 5, prefix, log });
    const decisions = await Promise.all(Array.from({ length: 12 }, () => rule.take('key-a')));
    expect(decisions.filter((d) => d !== 'barred' && d.ok)).toHaveLength(5);
    const waits = decisions.flatMap((d) => (d !== 'barred' && !d.ok ? [d.retryAfterMs] : []));
    expect(waits).toHaveLength(7);
    for (const w of waits) expect(w).toBeGreaterThan(55_000);
    expect(await rule.take('key-b')).toEqual({ ok: true });
  });

  it('refills at the rate', async () => {
    const rule = createTokenBucketRule(store, { name: 'fast', ratePerMinute: 600, burst: 1, prefix, log }); // one per 100 ms
    expect(await rule.take('s')).toEqual({ ok: true });
    expect(await rule.take('s')).toMatchObject({ ok: false });
    await new Promise((r) => setTimeout(r, 150));
    expect(await rule.take('s')).toEqual({ ok: true });
  });

  it('a barred subject is refused until the bar ends; others are not', async () => {
    const rule = createTokenBucketRule(store, { name: 'bar', ratePerMinute: 600, burst: 10, prefix, log });
    await rule.bar('revoked', 200);
    expect(await rule.take('revoked')).toBe('barred');
    expect(await rule.take('other')).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 250));
    expect(await rule.take('revoked')).toEqual({ ok: true });
  });
});

describe('memory store sweep', () => {
  it('drops buckets that have filled up again (they equal new ones)', async () => {
    let now = 0;
    const store = createMemoryTokenBucketStore(() => now);
    expect(await store.take('a', shape, 'a:barred')).toEqual({ ok: true });
    now = 120_000;
    expect(await store.take('b', shape, 'b:barred')).toEqual({ ok: true });
    // 'a' was swept and starts full: three tokens.
    for (let i = 0; i < 3; i++) expect(await store.take('a', shape, 'a:barred')).toEqual({ ok: true });
  });
});

it('a failing store lets the call through', async () => {
  const broken: TokenBucketStore = {
    kind: 'redis',
    take: () => Promise.reject(new Error('down')),
    bar: () => Promise.reject(new Error('down')),
    close: async () => {},
  };
  const rule = createTokenBucketRule(broken, { name: 'x', ratePerMinute: 1, burst: 1, prefix: 'p', log });
  await rule.bar('s', 1000);
  expect(await rule.take('s')).toEqual({ ok: true });
});
