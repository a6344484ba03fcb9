import { RECORD_GIVE_UP_MS, RECORD_POLL_MS, generateCalls, type GenerateRecord } from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import { ApiError } from '../../api/error-catalogue';

export type PollOutcome =
  | { kind: 'done'; record: GenerateRecord }
  | { kind: 'failed'; record: GenerateRecord }
  /** SPEC §4: nothing after 5 minutes; the caller shows an empty result. */
  | { kind: 'gave-up' }
  | { kind: 'cancelled' }
  /** The server refused the record (not ours, unknown): asking again would not change that. */
  | { kind: 'refused'; error: ApiError };

export interface PollOptions {
  intervalMs?: number;
  giveUpMs?: number;
  signal?: AbortSignal;
  onUpdate?(record: GenerateRecord): void;
  /** Stops early (as cancelled) when the answer already came another way, e.g. over the socket. */
  stillWanted?(): boolean;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done);
  });
}

/**
 * SPEC §4 generate record: GET /api/generate/record every second until it has data (or failed), giving
 * up after five minutes. Polling is quiet: a dropped request is simply asked again next second.
 */
export async function pollRecord(id: string, options: PollOptions = {}): Promise<PollOutcome> {
  const interval = options.intervalMs ?? RECORD_POLL_MS;
  const giveUp = options.giveUpMs ?? RECORD_GIVE_UP_MS;
  const started = Date.now();
  const cancelled = () => options.signal?.aborted === true || (options.stillWanted !== undefined && !options.stillWanted());
  for (;;) {
    if (cancelled()) return { kind: 'cancelled' };
    try {
      const record = await apiCall(generateCalls.getRecord, { id }, { silent: true, signal: options.signal });
      if (cancelled()) return { kind: 'cancelled' };
      options.onUpdate?.(record);
      if (record.data !== null) return { kind: 'done', record };
      if (record.status === 'failed') return { kind: 'failed', record };
    } catch (err) {
      if (cancelled()) return { kind: 'cancelled' };
      if (err instanceof ApiError && err.failure.kind === 'code') return { kind: 'refused', error: err };
    }
    if (Date.now() - started >= giveUp) return { kind: 'gave-up' };
    await sleep(interval, options.signal);
  }
}
