import type { Logger } from 'pino';
import type { LimitDecision } from './rate-limiter.js';

/** How a bucket fills: `capacity` tokens at most, `refillPerMs` tokens added per millisecond. */
export interface BucketShape {
  capacity: number;
  refillPerMs: number;
}

/**
 * Token buckets: a burst of `capacity` calls, then one call per 1/refillPerMs ms. Two drivers like
 * the counter stores: memory (one process) and Redis (shared by every API instance).
 */
export interface TokenBucketStore {
  readonly kind: 'memory' | 'redis';
  /** Takes one token from `key`'s bucket, or says how long until one is there. */
  take(key: string, shape: BucketShape): Promise<LimitDecision>;
  close(): Promise<void>;
}

/** The arithmetic both drivers share (the Redis script repeats it in Lua). */
export function takeToken(
  state: { tokens: number; at: number } | undefined,
  shape: BucketShape,
  now: number,
): { state: { tokens: number; at: number }; decision: LimitDecision } {
  const elapsed = state ? Math.max(0, now - state.at) : 0;
  const tokens = Math.min(shape.capacity, state ? state.tokens + elapsed * shape.refillPerMs : shape.capacity);
  if (tokens >= 1) return { state: { tokens: tokens - 1, at: now }, decision: { ok: true } };
  return { state: { tokens, at: now }, decision: { ok: false, retryAfterMs: Math.ceil((1 - tokens) / shape.refillPerMs) } };
}

/** One process's buckets. A bucket that has filled up again equals a new one, so the sweep drops it. */
export function createMemoryTokenBucketStore(now: () => number = Date.now): TokenBucketStore {
  const buckets = new Map<string, { tokens: number; at: number; fullAt: number }>();
  let lastSweep = now();
  return {
    kind: 'memory',
    async take(key, shape) {
      const at = now();
      if (at - lastSweep > 60_000) {
        lastSweep = at;
        for (const [k, b] of buckets) if (b.fullAt <= at) buckets.delete(k);
      }
      const { state, decision } = takeToken(buckets.get(key), shape, at);
      buckets.set(key, { ...state, fullAt: at + (shape.capacity - state.tokens) / shape.refillPerMs });
      return decision;
    },
    async close() {
      buckets.clear();
    },
  };
}

export interface TokenBucketRule {
  /** Takes one token for `subject`; over the limit, how long until the next call may be made. */
  take(subject: string): Promise<LimitDecision>;
}

/**
 * A per-subject bucket over a store. Like the counter rules, a store that fails (Redis down) lets
 * the call through with a warning: an outage of the limiter must not become an outage of the API.
 */
export function createTokenBucketRule(
  store: TokenBucketStore,
  opts: { name: string; ratePerMinute: number; burst: number; prefix: string; log: Logger },
): TokenBucketRule {
  const shape: BucketShape = { capacity: opts.burst, refillPerMs: opts.ratePerMinute / 60_000 };
  return {
    async take(subject) {
      try {
        return await store.take(`${opts.prefix}:tb:${opts.name}:${subject}`, shape);
      } catch (err) {
        opts.log.warn({ err, rule: opts.name }, 'token bucket failed; letting the request through');
        return { ok: true };
      }
    },
  };
}
