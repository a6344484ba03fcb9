import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createJobRegistry, type JobRunContext } from './job-registry.js';
import { createInProcessQueue, type InProcessQueueOptions } from './in-process-queue.js';

const log = pino({ level: 'silent' });

function queueWith(handle: (recordId: string, ctx: JobRunContext) => Promise<void>, opts: Partial<InProcessQueueOptions> = {}) {
  const queue = createInProcessQueue({ lanes: { default: 2, heavy: 1 }, drainTimeoutMs: 1000, log, retryDelayMs: 10, ...opts });
  const registry = createJobRegistry([{ name: 'selftest', handle: (payload, ctx) => handle(payload.recordId, ctx) }], ['selftest']);
  return { queue, registry };
}

async function until(check: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await sleep(5);
  }
}

describe('in-process queue', () => {
  it('never runs more jobs at once than the lane allows, and runs them all', async () => {
    let running = 0;
    let peak = 0;
    const done: string[] = [];
    const { queue, registry } = queueWith(async (id) => {
      running += 1;
      peak = Math.max(peak, running);
      await sleep(20);
      running -= 1;
      done.push(id);
    });
    await queue.startWorkers({ registry });
    for (let i = 0; i < 7; i += 1) await queue.enqueue('selftest', { recordId: `r${i}` });
    await until(() => done.length === 7);
    expect(peak).toBe(2);
    await queue.close();
  });

  it('runs higher priority first, in arrival order within a priority', async () => {
    const order: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { queue, registry } = queueWith(
      async (id) => {
        if (id === 'blocker') await gate;
        order.push(id);
      },
      { lanes: { default: 1, heavy: 1 } },
    );
    await queue.startWorkers({ registry });
    await queue.enqueue('selftest', { recordId: 'blocker' });
    await queue.enqueue('selftest', { recordId: 'normal-1' });
    await queue.enqueue('selftest', { recordId: 'business-1' }, { priority: 10 });
    await queue.enqueue('selftest', { recordId: 'normal-2' }, { priority: 0 });
    await queue.enqueue('selftest', { recordId: 'business-2' }, { priority: 10 });
    release();
    await until(() => order.length === 5);
    expect(order).toEqual(['blocker', 'business-1', 'business-2', 'normal-1', 'normal-2']);
    await queue.close();
  });

  it('holds jobs enqueued before the workers start, and ignores a job already waiting', async () => {
    const runs: string[] = [];
    const { queue, registry } = queueWith(async (id) => void runs.push(id));
    await queue.enqueue('selftest', { recordId: 'a' });
    await queue.enqueue('selftest', { recordId: 'a' });
    await sleep(20);
    expect(runs).toEqual([]);
    await queue.startWorkers({
      registry,
      recover: async () => [
        { name: 'selftest', payload: { recordId: 'a' } },
        { name: 'selftest', payload: { recordId: 'b' } },
      ],
    });
    await until(() => runs.length === 2);
    await sleep(20);
    expect(runs.sort()).toEqual(['a', 'b']);
    await queue.close();
  });

  it('retries a handler that crashed (not a job the user saw fail)', async () => {
    let calls = 0;
    const { queue, registry } = queueWith(async () => {
      calls += 1;
      if (calls < 3) throw new Error('database went away');
    });
    await queue.startWorkers({ registry });
    await queue.enqueue('selftest', { recordId: 'flaky' });
    await until(() => calls === 3);
    await sleep(30);
    expect(calls).toBe(3);
    await queue.close();
  });

  it('close waits for running jobs to finish and drops the waiting ones', async () => {
    const finished: string[] = [];
    const { queue, registry } = queueWith(
      async (id) => {
        await sleep(80);
        finished.push(id);
      },
      { lanes: { default: 1, heavy: 1 } },
    );
    await queue.startWorkers({ registry });
    await queue.enqueue('selftest', { recordId: 'running' });
    await queue.enqueue('selftest', { recordId: 'waiting' });
    await sleep(10);
    const started = Date.now();
    await queue.close();
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    expect(finished).toEqual(['running']);
    await queue.enqueue('selftest', { recordId: 'after-close' });
    await sleep(100);
    expect(finished).toEqual(['running']);
  });

  it('close aborts jobs still running after the drain timeout', async () => {
    let aborted = false;
    const { queue, registry } = queueWith(
      async (_id, { signal }) => {
        try {
          await sleep(10_000, undefined, { signal });
        } catch {
          aborted = signal.aborted;
        }
      },
      { drainTimeoutMs: 30 },
    );
    await queue.startWorkers({ registry });
    await queue.enqueue('selftest', { recordId: 'slow' });
    await sleep(10);
    const started = Date.now();
    await queue.close();
    expect(aborted).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
