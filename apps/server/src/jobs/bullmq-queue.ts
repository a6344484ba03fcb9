import type { Job, Queue, Worker } from 'bullmq';
import { JOB_LANES, isJobName, jobLane, type JobLane, type JobName, type JobPayloads, type JobRegistry } from './job-registry.js';
import { jobKey, normalisePriority, settlesWithin } from './queue-helpers.js';
import type { EnqueueOptions, JobQueue, QueueSettings, WorkerSetup } from './queue-types.js';

// BullMQ (and ioredis with it) is loaded on first use: a server without REDIS_URL never needs it, and it adds to start-up.
let bullmq: Promise<typeof import('bullmq')> | null = null;
const loadBullmq = () => (bullmq ??= import('bullmq'));

export interface BullmqQueueOptions extends QueueSettings {
  redisUrl: string;
  /** Key prefix, so several deployments or test runs share one Redis without seeing each other's jobs. */
  prefix: string;
  abortGraceMs?: number;
}

/**
 * BullMQ on Redis: ROLE=api processes only enqueue, ROLE=worker processes only consume, ROLE=all do
 * both. One BullMQ queue per lane gives each lane its own worker concurrency.
 *
 * Retries: a job's handler only rejects when the record could not be finished (shutdown abort, lost
 * database); BullMQ then retries it after a second. The record's own attempt counter (see the
 * generate service) is the real limit, so BullMQ's attempts only need to be larger than it.
 */
export function createBullmqQueue(opts: BullmqQueueOptions): JobQueue {
  const { lanes, drainTimeoutMs, log, prefix } = opts;
  const abortGraceMs = opts.abortGraceMs ?? 2000;
  // Workers block on Redis and must retry forever instead of failing commands (BullMQ requirement).
  const connection = { url: opts.redisUrl, maxRetriesPerRequest: null };
  const queues = new Map<JobLane, Promise<Queue>>();
  const workers: Worker[] = [];
  let closing = false;
  /** Producers stay open while workers drain, so requests still in flight can enqueue. */
  let closed = false;

  function queueFor(lane: JobLane): Promise<Queue> {
    let q = queues.get(lane);
    if (!q) {
      q = loadBullmq().then(({ Queue }) => {
        const queue = new Queue(`jobs-${lane}`, {
          connection,
          prefix,
          defaultJobOptions: {
            attempts: 5,
            backoff: { type: 'fixed', delay: 1000 },
            removeOnComplete: true,
            removeOnFail: true,
          },
        });
        queue.on('error', (err) => log.warn({ err, lane }, 'job queue: redis error'));
        return queue;
      });
      queues.set(lane, q);
    }
    return q;
  }

  async function process(registry: JobRegistry, job: Job, signal: AbortSignal | undefined): Promise<void> {
    const { UnrecoverableError } = await loadBullmq();
    if (!isJobName(job.name)) throw new UnrecoverableError(`unknown job "${job.name}"`);
    const payload = registry.parsePayload(job.name, job.data);
    await registry.handlerFor(job.name).handle(payload, { signal: signal ?? new AbortController().signal });
  }

  return {
    driver: 'bullmq',
    async enqueue<N extends JobName>(name: N, payload: JobPayloads[N], options: EnqueueOptions = {}): Promise<void> {
      if (closed) throw new Error('job queue is closed');
      await (
        await queueFor(jobLane(name))
      ).add(name, payload, {
        jobId: jobKey(name, payload),
        // BullMQ: 1 is the highest priority; a waiting job with the same id makes this add a no-op.
        priority: 101 - normalisePriority(options.priority),
      });
    },
    async startWorkers(setup: WorkerSetup): Promise<void> {
      if (closing) throw new Error('job queue is closed');
      const { registry } = setup;
      const { Worker } = await loadBullmq();
      if (closing) throw new Error('job queue is closed');
      for (const lane of JOB_LANES) {
        const worker = new Worker(`jobs-${lane}`, (job, _token, signal) => process(registry, job, signal), {
          connection,
          prefix,
          concurrency: lanes[lane],
        });
        worker.on('error', (err) => log.warn({ err, lane }, 'job worker: redis error'));
        worker.on('failed', (job, err) => log.warn({ err, job: job?.name, id: job?.id }, 'job attempt failed'));
        workers.push(worker);
      }
      await Promise.all(workers.map((w) => w.waitUntilReady()));
      // Re-adding is safe: a job that is still waiting, delayed or active keeps its id and the add is ignored.
      const recovered = (await setup.recover?.({ exclusive: false })) ?? [];
      for (const request of recovered) await this.enqueue(request.name, request.payload, { priority: request.priority });
      if (recovered.length > 0) log.info({ count: recovered.length }, 're-queued unfinished jobs');
    },
    async close(): Promise<void> {
      if (closing) return;
      closing = true;
      const stopped = Promise.allSettled(workers.map((w) => w.close()));
      if (!(await settlesWithin(stopped, drainTimeoutMs))) {
        log.warn('jobs still running at shutdown: aborting them; BullMQ hands them to the next worker');
        for (const w of workers) w.cancelAllJobs('shutting down');
        if (!(await settlesWithin(stopped, abortGraceMs))) log.warn('jobs ignored the abort signal');
      }
      closed = true;
      await Promise.allSettled([...queues.values()].map(async (q) => (await q).close()));
    },
  };
}
