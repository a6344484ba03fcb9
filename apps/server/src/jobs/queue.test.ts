import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { createJobQueue } from './queue.js';

const log = pino({ level: 'silent' });

describe('job queue driver choice', () => {
  it('runs in-process without Redis and through BullMQ with REDIS_URL', async () => {
    const local = createJobQueue(loadConfig({}), log);
    expect(local.driver).toBe('in-process');
    await local.close();
    // BullMQ connects on first use, so choosing the driver needs no Redis.
    const shared = createJobQueue(loadConfig({ REDIS_URL: 'redis://127.0.0.1:1' }), log);
    expect(shared.driver).toBe('bullmq');
    await shared.close();
  });

  it('takes lane limits and the drain timeout from the environment', () => {
    const c = loadConfig({ JOB_CONCURRENCY: '3', JOB_HEAVY_CONCURRENCY: '2', JOB_DRAIN_MS: '500' });
    expect(c).toMatchObject({ jobConcurrency: 3, jobHeavyConcurrency: 2, jobDrainMs: 500 });
  });

  it('refuses an api-only or worker-only process without Redis, saying what to set', () => {
    expect(() => loadConfig({ ROLE: 'api' })).toThrow(ConfigError);
    expect(() => loadConfig({ ROLE: 'worker' })).toThrow(/ROLE=worker needs REDIS_URL/);
    expect(loadConfig({ ROLE: 'worker', REDIS_URL: 'redis://127.0.0.1:6379' }).role).toBe('worker');
  });
});
