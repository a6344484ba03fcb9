import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createBullmqQueue } from './bullmq-queue.js';
import { createJobRegistry, type JobRunContext } from './job-registry.js';
import type { JobQueue } from './queue.js';

const redisUrl = process.env.TEST_REDIS_URL;
const log = pino({ level: 'silent' });

/** Each test gets its own key prefix on the shared Redis. */
function bullQueue(prefix: string, opts: { concurrency?: number; drainTimeoutMs?: number } = {}): JobQueue {
  return createBullmqQueue({
    redisUrl: redisUrl ?? '',
    prefix,
    lanes: { default: opts.concurrency ?? 2, heavy: 1 },
    drainTimeoutMs: opts.drainTimeoutMs ?? 2000,
    log,
  });
}

const registryOf = (handle: (recordId: string, ctx: JobRunContext) => Promise<void>) =>
  createJobRegistry([{ name: 'selftest', handle: (payload, ctx) => handle(payload.recordId, ctx) }], ['selftest']);

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(10);
  }
}

describe.skipIf(!redisUrl)('BullMQ queue (TEST_REDIS_URL)', () => {
  it('respects the lane concurrency and runs every job once, even when enqueued twice', async () => {
    const prefix = `pst-${randomBytes(4).toString('hex')}`;
    let running = 0;
    let peak = 0;
    const runs: string[] = [];
    const queue = bullQueue(prefix);
    await queue.startWorkers({
      registry: registryOf(async (id) => {
        running += 1;
        peak = Math.max(peak, running);
        await sleep(40);
        running -= 1;
        runs.push(id);
      }),
    });
    for (let i = 0; i < 6; i += 1) await queue.enqueue('selftest', { recordId: `r${i}` });
    await queue.enqueue('selftest', { recordId: 'r0' });
    await until(() => runs.length === 6);
    await sleep(100);
    expect(runs.sort()).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5']);
    expect(peak).toBe(2);
    await queue.close();
  });

  it('runs higher priority first', async () => {
    const prefix = `pst-${randomBytes(4).toString('hex')}`;
    const order: string[] = [];
    const queue = bullQueue(prefix, { concurrency: 1 });
    await queue.enqueue('selftest', { recordId: 'normal-1' });
    await queue.enqueue('selftest', { recordId: 'business-1' }, { priority: 10 });
    await queue.enqueue('selftest', { recordId: 'normal-2' });
    await queue.enqueue('selftest', { recordId: 'business-2' }, { priority: 10 });
    await queue.startWorkers({ registry: registryOf(async (id) => void order.push(id)) });
    await until(() => order.length === 4);
    expect(order).toEqual(['business-1', 'business-2', 'normal-1', 'normal-2']);
    await queue.close();
  });

  it('a job aborted at shutdown is handed to the next worker', async () => {
    const prefix = `pst-${randomBytes(4).toString('hex')}`;
    const first = bullQueue(prefix, { drainTimeoutMs: 50 });
    let started = false;
    await first.startWorkers({
      registry: registryOf(async (_id, { signal }) => {
        started = true;
        await sleep(30_000, undefined, { signal });
      }),
    });
    await first.enqueue('selftest', { recordId: 'long' });
    await until(() => started);
    await first.close();

    const finished: string[] = [];
    const second = bullQueue(prefix);
    await second.startWorkers({ registry: registryOf(async (id) => void finished.push(id)) });
    await until(() => finished.length === 1);
    expect(finished).toEqual(['long']);
    await second.close();
  });
});
