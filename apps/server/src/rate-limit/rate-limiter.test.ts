import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createLimitRule, createMemoryCounterStore, waitInWords, type CounterStore } from './rate-limiter.js';
import { createRedisCounterStore } from './redis-counter-store.js';

const log = pino({ level: 'silent' });
const redisUrl = process.env.TEST_REDIS_URL;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const drivers: Array<[string, () => CounterStore]> = [['memory', () => createMemoryCounterStore()]];
if (redisUrl) drivers.push(['redis', () => createRedisCounterStore(redisUrl, log)]);
const opened: CounterStore[] = [];
afterAll(async () => {
  await Promise.all(opened.map((s) => s.close()));
});

describe.each(drivers)('counter store: %s', (kind, make) => {
  const store = make();
  opened.push(store);
  // A fresh prefix per run: a shared Redis keeps counters of earlier runs.
  const prefix = `rl-test-${randomBytes(4).toString('hex')}`;
  const rule = (name: string, limit: number, windowMs: number) => createLimitRule(store, { name, limit, windowMs, prefix, log });

  it('is the driver asked for', () => {
    expect(store.kind).toBe(kind);
  });

  it('consume: allows `limit` events per window, then refuses with the time left', async () => {
    const r = rule('consume', 3, 60_000);
    for (let i = 0; i < 3; i++) expect(await r.consume('1.2.3.4')).toEqual({ ok: true });
    const refused = await r.consume('1.2.3.4');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.retryAfterMs).toBeGreaterThan(59_000);
    // Other subjects and other rules keep their own counters.
    expect(await r.consume('5.6.7.8')).toEqual({ ok: true });
    expect(await rule('other', 3, 60_000).consume('1.2.3.4')).toEqual({ ok: true });
  });

  it('counts concurrent events exactly (atomic increment)', async () => {
    const r = rule('burst', 10, 60_000);
    const results = await Promise.all(Array.from({ length: 50 }, () => r.consume('burst')));
    expect(results.filter((x) => x.ok)).toHaveLength(10);
  });

  it('attempt: `limit` tries, then a lock lasting a whole window from the try that reached the limit', async () => {
    const r = rule('lock', 3, 800);
    const who = 'a@example.test';
    expect(await r.attempt(who)).toEqual({ ok: true });
    await sleep(500);
    expect(await r.attempt(who)).toEqual({ ok: true });
    expect(await r.attempt(who)).toEqual({ ok: true });
    const locked = await r.attempt(who);
    expect(locked.ok).toBe(false);
    if (!locked.ok) expect(locked.retryAfterMs).toBeGreaterThan(600);
    // The first try's window is over by now; the third try restarted it, and refused tries do not extend it.
    await sleep(400);
    expect((await r.attempt(who)).ok).toBe(false);
    await sleep(600);
    expect(await r.attempt(who)).toEqual({ ok: true });
  });

  it('undo takes a counted try back; reset clears the subject; limit 0 turns the rule off', async () => {
    const r = rule('reset', 1, 60_000);
    expect(await r.attempt('x')).toEqual({ ok: true });
    await r.undo('x');
    expect(await r.attempt('x')).toEqual({ ok: true });
    expect((await r.attempt('x')).ok).toBe(false);
    await r.reset('x');
    expect(await r.attempt('x')).toEqual({ ok: true });
    // An undo on nothing leaves nothing behind (no counter without a TTL).
    await r.undo('nobody');
    expect(await r.attempt('nobody')).toEqual({ ok: true });
    const off = rule('off', 0, 60_000);
    expect(off.enabled).toBe(false);
    for (let i = 0; i < 5; i++) expect(await off.consume('x')).toEqual({ ok: true });
  });

  it('costs little per request', async () => {
    const r = rule('bench', 1_000_000, 60_000);
    const n = kind === 'redis' ? 2000 : 20_000;
    for (let i = 0; i < 200; i++) await r.consume(`warm-${i % 10}`);
    const started = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await r.consume(`10.0.${i % 250}.${i % 7}`);
    const usPerCall = Number(process.hrtime.bigint() - started) / 1000 / n;
    console.log(`[rate-limit] ${kind}: ${usPerCall.toFixed(1)} µs per consume (sequential, ${n} calls)`);
    expect(usPerCall).toBeLessThan(kind === 'redis' ? 2000 : 100);
  });
});

describe('a store that fails', () => {
  it('lets requests through (an outage of the limiter is not an outage of sign-in)', async () => {
    const broken: CounterStore = {
      kind: 'redis',
      hit: () => Promise.reject(new Error('connection refused')),
      undo: () => Promise.reject(new Error('connection refused')),
      reset: () => Promise.reject(new Error('connection refused')),
      close: async () => {},
    };
    const r = createLimitRule(broken, { name: 'x', limit: 1, windowMs: 1000, prefix: 'p', log });
    expect(await r.consume('a')).toEqual({ ok: true });
    expect(await r.attempt('a')).toEqual({ ok: true });
    await expect(r.undo('a')).resolves.toBeUndefined();
  });
});

describe('waitInWords', () => {
  it('says the wait as a person would', () => {
    expect(waitInWords(400)).toBe('1 second');
    expect(waitInWords(45_000)).toBe('45 seconds');
    expect(waitInWords(60_000)).toBe('1 minute');
    expect(waitInWords(14 * 60_000 + 1)).toBe('15 minutes');
    expect(waitInWords(3 * 3600_000)).toBe('3 hours');
  });
});
