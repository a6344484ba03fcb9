import type { Logger } from 'pino';

export interface PendingUsage {
  calls: number;
  lastUsedAt: Date;
}

/**
 * Calls per key counted in this process and written to api_keys every few seconds and on close,
 * instead of one UPDATE per call: an UPDATE per call would add a database round trip (and a hot
 * row lock under a burst) to every API call. A crash loses at most the last interval's counts.
 */
export interface UsageCounter {
  count(keyId: string, at: Date): void;
  /** Counted here and not yet written (the owner's list adds them, so it is never behind). */
  pending(keyId: string): PendingUsage | undefined;
  flush(): Promise<void>;
  /** Stops the timer and writes what is left. */
  close(): Promise<void>;
}

export function createUsageCounter(deps: {
  write: (entries: { id: string; calls: number; lastUsedAt: Date }[]) => Promise<void>;
  intervalMs: number;
  log: Logger;
}): UsageCounter {
  let counts = new Map<string, PendingUsage>();
  let flushing: Promise<void> = Promise.resolve();

  async function writeOnce(): Promise<void> {
    if (counts.size === 0) return;
    const batch = counts;
    counts = new Map();
    try {
      await deps.write([...batch].map(([id, u]) => ({ id, ...u })));
    } catch (err) {
      // Kept for the next flush rather than lost: counts from both batches are added up.
      for (const [id, u] of batch) {
        const now = counts.get(id);
        counts.set(id, now ? { calls: now.calls + u.calls, lastUsedAt: now.lastUsedAt > u.lastUsedAt ? now.lastUsedAt : u.lastUsedAt } : u);
      }
      deps.log.warn({ err }, 'api keys: writing usage failed; retrying at the next flush');
    }
  }
  // One flush at a time, so two batches never race on the same rows' order.
  const flush = () => (flushing = flushing.then(writeOnce));

  const timer = setInterval(() => void flush(), deps.intervalMs);
  timer.unref();

  return {
    count(keyId, at) {
      const u = counts.get(keyId);
      if (u) {
        u.calls += 1;
        if (at > u.lastUsedAt) u.lastUsedAt = at;
      } else counts.set(keyId, { calls: 1, lastUsedAt: at });
    },
    pending: (keyId) => counts.get(keyId),
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
