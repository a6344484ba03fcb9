/**
 * The queue's interface, apart from the factory that picks a driver: the drivers implement these
 * types, and the factory imports the drivers, so the types cannot live with the factory.
 */
import type { Logger } from 'pino';
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
