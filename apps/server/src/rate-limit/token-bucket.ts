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
  /**
   * Takes one token from `key`'s bucket, or says how long until one is there; 'barred' while
   * `barKey` is set (checked in the same step, so it costs nothing more).
   */
  take(key: string, shape: BucketShape, barKey: string): Promise<LimitDecision | 'barred'>;
  /** Sets `barKey` for `ms`: every take on a bucket naming it answers 'barred' meanwhile. */
  bar(barKey: string, ms: number): Promise<void>;
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
  const bars = new Map<string, number>();
  let lastSweep = now();
  return {
    kind: 'memory',
    async take(key, shape, barKey) {
      const at = now();
      if (at - lastSweep > 60_000) {
        lastSweep = at;
        for (const [k, b] of buckets) if (b.fullAt <= at) buckets.delete(k);
        for (const [k, until] of bars) if (until <= at) bars.delete(k);
      }
      if ((bars.get(barKey) ?? 0) > at) return 'barred';
      const { state, decision } = takeToken(buckets.get(key), shape, at);
      buckets.set(key, { ...state, fullAt: at + (shape.capacity - state.tokens) / shape.refillPerMs });
      return decision;
    },
    async bar(barKey, ms) {
      bars.set(barKey, now() + ms);
    },
    async close() {
      buckets.clear();
      bars.clear();
    },
  };
}

export interface TokenBucketRule {
  /** Takes one token for `subject`; over the limit, how long until the next call may be made; 'barred' after `bar`. */
  take(subject: string): Promise<LimitDecision | 'barred'>;
  /**
   * Refuses `subject` for `ms` on every instance sharing the store (API keys: a revoked key, for as
   * long as other instances may still hold it in their lookup cache).
   */
  bar(subject: string, ms: number): Promise<void>;
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
  const key = (subject: string) => `${opts.prefix}:tb:${opts.name}:${subject}`;
  return {
    async take(subject) {
      try {
        return await store.take(key(subject), shape, `${key(subject)}:barred`);
      } catch (err) {
        opts.log.warn({ err, rule: opts.name }, 'token bucket failed; letting the request through');
        return { ok: true };
      }
    },
    async bar(subject, ms) {
      try {
        await store.bar(`${key(subject)}:barred`, ms);
      } catch (err) {
        opts.log.warn({ err, rule: opts.name }, 'token bucket: barring failed');
      }
    },
  };
}
