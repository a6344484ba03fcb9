import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { LimitDecision } from './rate-limiter.js';
import type { TokenBucketStore } from './token-bucket.js';

/**
 * takeToken (token-bucket.ts) in one script, so concurrent calls on several API instances each take
 * exactly one token. The clock is Redis's own TIME: instances whose clocks differ still agree.
 * The bucket expires once it would be full again (it then equals a new one).
 * KEYS[2] is the bar (see TokenBucketStore.bar): while it exists nothing is taken.
 * ARGV[1] = capacity, ARGV[2] = tokens per millisecond. Returns {1, 0}, {0, ms to wait} or {-1, 0} (barred).
 */
const TAKE_SCRIPT = `
if redis.call('EXISTS', KEYS[2]) == 1 then
  return {-1, 0}
end
local cap = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local s = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(s[1])
local at = tonumber(s[2])
if tokens == nil or at == nil then
  tokens = cap
  at = now
end
tokens = math.min(cap, tokens + math.max(0, now - at) * rate)
local ok = 0
local wait = 0
if tokens >= 1 then
  tokens = tokens - 1
  ok = 1
else
  wait = math.ceil((1 - tokens) / rate)
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((cap - tokens) / rate) + 1000)
return {ok, wait}
`;
const TAKE_SHA = createHash('sha1').update(TAKE_SCRIPT).digest('hex');

export function createRedisTokenBucketStore(url: string, log: Logger): TokenBucketStore {
  let client: Promise<Redis> | null = null;
  // Loaded on first use, like the counter store: start-up does not wait for Redis.
  const redis = () =>
    (client ??= import('ioredis').then(({ Redis }) => {
      const r = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
      r.on('error', (err) => log.warn({ err }, 'api key rate limit: redis connection error'));
      return r;
    }));

  return {
    kind: 'redis',
    async take(key, shape, barKey): Promise<LimitDecision | 'barred'> {
      const r = await redis();
      const args = [shape.capacity, shape.refillPerMs] as const;
      let reply: unknown;
      try {
        reply = await r.evalsha(TAKE_SHA, 2, key, barKey, ...args);
      } catch (err) {
        if (!(err instanceof Error) || !err.message.startsWith('NOSCRIPT')) throw err;
        reply = await r.eval(TAKE_SCRIPT, 2, key, barKey, ...args);
      }
      const [ok, wait] = reply as [number, number];
      if (Number(ok) === -1) return 'barred';
      return Number(ok) === 1 ? { ok: true } : { ok: false, retryAfterMs: Math.max(1, Number(wait)) };
    },
    async bar(barKey, ms) {
      await (await redis()).set(barKey, '1', 'PX', Math.max(1, Math.ceil(ms)));
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
