import { JOB_LANES, jobLane, type JobLane, type JobName, type JobPayloads, type JobRegistry } from './job-registry.js';
import { jobKey, normalisePriority, settlesWithin } from './queue-helpers.js';
import type { EnqueueOptions, JobQueue, JobRequest, QueueSettings, WorkerSetup } from './queue-types.js';

export interface InProcessQueueOptions extends QueueSettings {
  /** A handler that rejects (not a job that failed for the user: that is handled inside) is retried. */
  retryDelayMs?: number;
  maxRetries?: number;
  /** After the drain timeout, aborted jobs get this long to let go before close resolves. */
  abortGraceMs?: number;
}

interface Entry {
  key: string;
  request: JobRequest;
  priority: number;
  retries: number;
}

interface Running {
  lane: JobLane;
  done: Promise<void>;
  controller: AbortController;
}

/**
 * One process, no Redis: jobs wait in memory, ordered by priority then arrival, with a concurrency
 * bound per lane. Nothing is lost on restart because the generate_records rows are the real queue:
 * startWorkers re-queues whatever `recover` finds unfinished.
 */
export function createInProcessQueue(opts: InProcessQueueOptions): JobQueue {
  const { lanes, drainTimeoutMs, log } = opts;
  const retryDelayMs = opts.retryDelayMs ?? 1000;
  const maxRetries = opts.maxRetries ?? 4;
  const abortGraceMs = opts.abortGraceMs ?? 2000;

  const waiting = new Map<JobLane, Entry[]>(JOB_LANES.map((lane) => [lane, []]));
  const active = new Map<string, Running>();
  /** Keys waiting, running or between retries: enqueueing one of these again is a no-op. */
  const known = new Set<string>();
  const retryTimers = new Set<NodeJS.Timeout>();
  let registry: JobRegistry | null = null;
  let closing = false;

  function insert(entry: Entry, lane: JobLane): void {
    const list = waiting.get(lane) ?? [];
    const at = list.findIndex((e) => e.priority < entry.priority);
    if (at === -1) list.push(entry);
    else list.splice(at, 0, entry);
    waiting.set(lane, list);
  }

  function runningIn(lane: JobLane): number {
    let n = 0;
    for (const r of active.values()) if (r.lane === lane) n += 1;
    return n;
  }

  function pump(): void {
    if (!registry || closing) return;
    for (const lane of JOB_LANES) {
      const list = waiting.get(lane) ?? [];
      while (list.length > 0 && runningIn(lane) < lanes[lane]) {
        const entry = list.shift();
        if (entry) start(entry, lane, registry);
      }
    }
  }

  function start(entry: Entry, lane: JobLane, reg: JobRegistry): void {
    const controller = new AbortController();
    const { name, payload } = entry.request;
    // Deferred by a tick so `active` holds the entry before the handler can possibly settle.
    const done = Promise.resolve().then(async () => {
      let retry = false;
      try {
        await reg.handlerFor(name).handle(payload, { signal: controller.signal });
      } catch (err) {
        retry = !closing && !controller.signal.aborted && entry.retries < maxRetries;
        log.error({ err, job: name, key: entry.key, retry }, 'job handler failed');
      } finally {
        active.delete(entry.key);
        if (retry) {
          const timer = setTimeout(() => {
            retryTimers.delete(timer);
            if (closing) return;
            insert({ ...entry, retries: entry.retries + 1 }, lane);
            pump();
          }, retryDelayMs);
          retryTimers.add(timer);
        } else {
          known.delete(entry.key);
        }
        pump();
      }
    });
    active.set(entry.key, { lane, done, controller });
  }

  function add(request: JobRequest): void {
    const key = jobKey(request.name, request.payload);
    if (known.has(key)) return;
    known.add(key);
    insert({ key, request, priority: normalisePriority(request.priority), retries: 0 }, jobLane(request.name));
  }

  return {
    driver: 'in-process',
    async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions = {}): Promise<void> {
      // After close the record simply stays queued in the database; the next start recovers it.
      if (closing) return;
      add({ name, payload, priority: options.priority });
      pump();
    },
    async startWorkers(setup: WorkerSetup): Promise<void> {
      if (closing) throw new Error('job queue is closed');
      registry = setup.registry;
      const recovered = (await setup.recover?.({ exclusive: true })) ?? [];
      for (const request of recovered) add(request);
      if (recovered.length > 0) log.info({ count: recovered.length }, 're-queued unfinished jobs');
      pump();
    },
    async close(): Promise<void> {
      if (closing) return;
      closing = true;
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
      for (const list of waiting.values()) list.length = 0;
      const running = () => Promise.allSettled([...active.values()].map((r) => r.done));
      if (await settlesWithin(running(), drainTimeoutMs)) return;
      log.warn({ count: active.size }, 'jobs still running at shutdown: aborting them; their records resume on the next start');
      for (const r of active.values()) r.controller.abort(new Error('shutting down'));
      if (!(await settlesWithin(running(), abortGraceMs))) log.warn({ count: active.size }, 'jobs ignored the abort signal');
    },
  };
}
