import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { CounterStore, WindowCount } from './rate-limiter.js';

/**
 * INCR and the expiry in one script, so concurrent hits from several API instances are counted
 * exactly once each and no key is ever left without a TTL (INCR then a separate PEXPIRE could be
 * cut in half by a crash). ARGV[1] = window ms, ARGV[2] = count at which the window restarts (0 = never).
 */
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if n == 1 or ttl < 0 or n == tonumber(ARGV[2]) then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}
`;
/** DECR only an existing key, so a late undo never leaves a counter without a TTL. */
const UNDO_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end
return 0
`;
const sha1 = (script: string) => createHash('sha1').update(script).digest('hex');
const SCRIPTS = { hit: { text: HIT_SCRIPT, sha: sha1(HIT_SCRIPT) }, undo: { text: UNDO_SCRIPT, sha: sha1(UNDO_SCRIPT) } };

export function createRedisCounterStore(url: string, log: Logger): CounterStore {
  let client: Promise<Redis> | null = null;
  // ioredis is loaded on first use, like the other Redis clients: sign-in need not wait for it at start-up.
  const redis = () =>
    (client ??= import('ioredis').then(({ Redis }) => {
      // One retry per command: when Redis is away, the rule lets requests through instead of queueing them.
      const r = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
      r.on('error', (err) => log.warn({ err }, 'rate limits: redis connection error'));
      return r;
    }));

  /** EVALSHA, and the script itself once when Redis does not know it (a restart, a new server). */
  async function run(script: keyof typeof SCRIPTS, key: string, ...args: number[]): Promise<unknown> {
    const r = await redis();
    const { text, sha } = SCRIPTS[script];
    try {
      return await r.evalsha(sha, 1, key, ...args);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.startsWith('NOSCRIPT')) throw err;
      return r.eval(text, 1, key, ...args);
    }
  }

  const toCount = (reply: unknown): WindowCount => {
    const [count, ttl] = reply as [number, number];
    return { count: Number(count), resetInMs: Math.max(0, Number(ttl)) };
  };

  return {
    kind: 'redis',
    async hit(key, windowMs, restartAt = 0) {
      return toCount(await run('hit', key, windowMs, restartAt));
    },
    async undo(key) {
      await run('undo', key);
    },
    async reset(key) {
      await (await redis()).del(key);
    },
    async close() {
      const pending = client;
      client = null;
      if (!pending) return;
      const r = await pending.catch(() => null);
      if (r) await r.quit().catch(() => r.disconnect());
    },
  };
}
