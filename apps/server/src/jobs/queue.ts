import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { createBullmqQueue } from './bullmq-queue.js';
import { createInProcessQueue } from './in-process-queue.js';
import type { JobLane, JobName, JobPayloads, JobRegistry } from './job-registry.js';

export interface EnqueueOptions {
  /** 0–100, higher runs first (business members); equal priorities run in arrival order. */
  priority?: number;
}

export interface JobRequest<N extends JobName = JobName> {
  name: N;
  payload: JobPayloads[N];
  priority?: number;
}

export interface WorkerSetup {
  registry: JobRegistry;
  /**
   * Unfinished work to (re-)queue before consuming. `exclusive` says this process is the only
   * worker (in-process driver), so anything marked running belongs to a process that is gone.
   */
  recover?(opts: { exclusive: boolean }): Promise<JobRequest[]>;
}

/**
 * Where jobs wait. Enqueueing the same job for the same record twice is a no-op while it waits or
 * runs, so recovery can re-queue freely. The record row in the database stays the source of truth.
 */
export interface JobQueue {
  readonly driver: 'in-process' | 'bullmq';
  enqueue<N extends JobName>(name: N, payload: JobPayloads[N], opts?: EnqueueOptions): Promise<void>;
  /** Starts consuming (ROLE worker or all), after re-queuing what `setup.recover` answers. */
  startWorkers(setup: WorkerSetup): Promise<void>;
  /** Stops taking jobs and waits for running ones up to the drain timeout, then aborts them. */
  close(): Promise<void>;
}

export interface QueueSettings {
  lanes: Record<JobLane, number>;
  drainTimeoutMs: number;
  log: Logger;
}

/** Redis when configured (several processes share it), else the in-process driver. */
export function createJobQueue(config: Config, log: Logger): JobQueue {
  const settings: QueueSettings = {
    lanes: { default: config.jobConcurrency, heavy: config.jobHeavyConcurrency },
    drainTimeoutMs: config.jobDrainMs,
    log: log.child({ component: 'jobs' }),
  };
  if (config.redisUrl) return createBullmqQueue({ ...settings, redisUrl: config.redisUrl, prefix: config.queuePrefix });
  return createInProcessQueue(settings);
}

/** The queue bound to this app's handlers: what the composition root hands to buildApp. */
export interface JobRuntime {
  queue: JobQueue;
  registry: JobRegistry;
  startWorkers(): Promise<void>;
  close(): Promise<void>;
}

export function createJobRuntime(queue: JobQueue, setup: WorkerSetup): JobRuntime {
  return {
    queue,
    registry: setup.registry,
    startWorkers: () => queue.startWorkers(setup),
    close: () => queue.close(),
  };
}
