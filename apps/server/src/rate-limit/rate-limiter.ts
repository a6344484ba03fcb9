import type { Logger } from 'pino';
import { sha256 } from '../lib/ids.js';

/** A counter's state: events counted in the current window and how long until the window ends. */
export interface WindowCount {
  count: number;
  resetInMs: number;
}

/**
 * Fixed-window counters with a time to live. Two drivers: memory (one process) and Redis (shared by
 * every API instance, so a limit holds however many processes answer).
 */
export interface CounterStore {
  readonly kind: 'memory' | 'redis';
  /**
   * Counts one event for `key`. The window starts at the first event; it starts again when the count
   * reaches `restartAt`, so a lock taken at the limit lasts a whole window from that event.
   */
  hit(key: string, windowMs: number, restartAt?: number): Promise<WindowCount>;
  /** Takes one event back (a success that was counted in advance); the window is kept. */
  undo(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** One process's counters. Expired entries are swept at most once a minute, on a hit. */
export function createMemoryCounterStore(now: () => number = Date.now): CounterStore {
  const entries = new Map<string, { count: number; expiresAt: number }>();
  let lastSweep = now();
  const live = (key: string, at: number) => {
    const e = entries.get(key);
    if (e && e.expiresAt > at) return e;
    if (e) entries.delete(key);
    return null;
  };
  return {
    kind: 'memory',
    async hit(key, windowMs, restartAt = 0) {
      const at = now();
      if (at - lastSweep > 60_000) {
        lastSweep = at;
        for (const [k, e] of entries) if (e.expiresAt <= at) entries.delete(k);
      }
      let e = live(key, at);
      if (!e) {
        e = { count: 0, expiresAt: at + windowMs };
        entries.set(key, e);
      }
      e.count += 1;
      if (e.count === restartAt) e.expiresAt = at + windowMs;
      return { count: e.count, resetInMs: e.expiresAt - at };
    },
    async undo(key) {
      const e = live(key, now());
      if (e && e.count > 0) e.count -= 1;
    },
    async reset(key) {
      entries.delete(key);
    },
    async close() {
      entries.clear();
    },
  };
}

export type LimitDecision = { ok: true } | { ok: false; retryAfterMs: number };
const OK: LimitDecision = { ok: true };

/** A limit of one kind of event per subject (an address, an account, a recipient). */
export interface LimitRule {
  /** False when the limit is 0 (off): every call answers ok without touching the store. */
  readonly enabled: boolean;
  /** Counts one event; refused when it goes over the limit (the refused event counts too). */
  consume(subject: string): Promise<LimitDecision>;
  /**
   * Counts an attempt *before* it is tried, so a burst of parallel guesses cannot all slip past the
   * limit while the first ones are still being checked. The attempt that reaches the limit restarts
   * the window: that lock lasts a whole window. Take a success back with `undo` or `reset`.
   */
  attempt(subject: string): Promise<LimitDecision>;
  undo(subject: string): Promise<void>;
  reset(subject: string): Promise<void>;
}

export interface LimitRuleOptions {
  /** Part of the key; rules with different names never share a counter. */
  name: string;
  /** Events allowed per window; 0 turns the rule off. */
  limit: number;
  windowMs: number;
  /** Key prefix, so deployments (or test runs) sharing one Redis do not share counters. */
  prefix: string;
  log: Logger;
}

/**
 * A rule over a counter store. Subjects are hashed into the key so Redis holds no email addresses.
 * A store that fails (Redis down) lets the request through with a warning: an outage of the limiter
 * must not become an outage of sign-in.
 */
export function createLimitRule(store: CounterStore, opts: LimitRuleOptions): LimitRule {
  const enabled = opts.limit > 0;
  const key = (subject: string) => `${opts.prefix}:rl:${opts.name}:${sha256(subject).slice(0, 32)}`;
  const guarded = async <T>(what: string, fallback: T, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      opts.log.warn({ err, rule: opts.name }, `rate limit ${what} failed; letting the request through`);
      return fallback;
    }
  };
  return {
    enabled,
    async consume(subject) {
      if (!enabled) return OK;
      return guarded('consume', OK, async () => {
        const c = await store.hit(key(subject), opts.windowMs);
        return c.count > opts.limit ? { ok: false, retryAfterMs: c.resetInMs } : OK;
      });
    },
    async attempt(subject) {
      if (!enabled) return OK;
      return guarded('attempt', OK, async () => {
        const c = await store.hit(key(subject), opts.windowMs, opts.limit);
        return c.count > opts.limit ? { ok: false, retryAfterMs: c.resetInMs } : OK;
      });
    },
    async undo(subject) {
      if (!enabled) return;
      await guarded('undo', undefined, () => store.undo(key(subject)));
    },
    async reset(subject) {
      if (!enabled) return;
      await guarded('reset', undefined, () => store.reset(key(subject)));
    },
  };
}

/** A wait in words for messages: "45 seconds", "1 minute", "15 minutes", "2 hours". */
export function waitInWords(ms: number): string {
  const s = Math.max(1, Math.ceil(ms / 1000));
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.ceil(s / 60);
  if (m < 90) return `${m} minute${m === 1 ? '' : 's'}`;
  const h = Math.round(m / 60);
  return `${h} hour${h === 1 ? '' : 's'}`;
}
