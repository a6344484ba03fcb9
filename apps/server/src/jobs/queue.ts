import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { createBullmqQueue } from './bullmq-queue.js';
import { createInProcessQueue } from './in-process-queue.js';
import type { JobRegistry } from './job-registry.js';
import type { JobQueue, QueueSettings, WorkerSetup } from './queue-types.js';

export type { EnqueueOptions, JobQueue, JobRequest, QueueSettings, WorkerSetup } from './queue-types.js';

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
