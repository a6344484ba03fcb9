import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createProgressReporter } from './progress-reporter.js';

function reporter(throttleMs: number, initial = 0) {
  const writes: number[] = [];
  const r = createProgressReporter({
    initial,
    throttleMs,
    write: async (p) => void writes.push(p),
    onError: (err) => {
      throw err;
    },
  });
  return { r, writes };
}

describe('progress reporter', () => {
  it('writes whole numbers that only go forward and stop at 99 while running', async () => {
    const { r, writes } = reporter(0);
    await r.report(10.7);
    await r.report(5);
    await r.report(10);
    await r.report(-3);
    await r.report(Number.NaN);
    await r.report(100);
    await r.report(250);
    await r.settle();
    expect(writes).toEqual([10, 99]);
  });

  it('starts from the stored progress of a resumed record', async () => {
    const { r, writes } = reporter(0, 40);
    await r.report(30);
    await r.report(41);
    await r.settle();
    expect(writes).toEqual([41]);
  });

  it('throttles bursts to the latest value per window', async () => {
    const { r, writes } = reporter(60);
    for (let p = 1; p <= 50; p += 1) await r.report(p);
    expect(writes).toEqual([1]);
    await sleep(100);
    expect(writes).toEqual([1, 50]);
    await r.settle();
  });

  it('drops a pending value at settle (the final state is written by the caller)', async () => {
    const { r, writes } = reporter(1000);
    await r.report(10);
    await r.report(20);
    await r.settle();
    await sleep(20);
    expect(writes).toEqual([10]);
  });
});
