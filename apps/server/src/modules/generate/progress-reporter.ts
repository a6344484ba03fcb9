/** While running, progress stops at 99: 100 means the record is done and its data is stored. */
export const RUNNING_PROGRESS_MAX = 99;

export interface ProgressReporter {
  report(progress: number): Promise<void>;
  /** Stops reporting and waits for the last write; a pending throttled value is dropped. */
  settle(): Promise<void>;
}

/**
 * Turns a job's progress calls into writes that are monotonic, whole numbers 0–99, and at most one
 * per `throttleMs` (the latest value is written when the window ends), so a chatty job cannot flood
 * the database or the socket room. Writes run one after another, so they land in order.
 */
export function createProgressReporter(opts: {
  initial: number;
  throttleMs: number;
  write(progress: number): Promise<void>;
  onError(err: unknown): void;
}): ProgressReporter {
  let written = opts.initial;
  let pending: number | null = null;
  let lastWriteAt = 0;
  let timer: NodeJS.Timeout | null = null;
  let chain: Promise<void> = Promise.resolve();
  let settled = false;

  function write(value: number): Promise<void> {
    written = value;
    pending = null;
    lastWriteAt = Date.now();
    chain = chain.then(() => opts.write(value)).catch(opts.onError);
    return chain;
  }

  return {
    report(progress: number): Promise<void> {
      if (settled || !Number.isFinite(progress)) return Promise.resolve();
      const value = Math.min(RUNNING_PROGRESS_MAX, Math.max(0, Math.floor(progress)));
      if (value <= Math.max(written, pending ?? -1)) return Promise.resolve();
      const wait = lastWriteAt + opts.throttleMs - Date.now();
      if (wait <= 0) return write(value);
      pending = value;
      timer ??= setTimeout(() => {
        timer = null;
        if (!settled && pending !== null) void write(pending);
      }, wait);
      return Promise.resolve();
    },
    async settle(): Promise<void> {
      settled = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await chain;
    },
  };
}
