import { monitorEventLoopDelay } from 'node:perf_hooks';
import { MOCKUP_TEMPLATES } from '@packsmith/mockup';
import { describe, expect, it } from 'vitest';
import { createWorkerMockupRenderer } from './mockup-worker.js';

describe('mockup templates rendered on a worker thread', () => {
  it('closing while the worker starts (shutdown) ends the waiting render with an error, never rendering it on this thread', async () => {
    const renderer = createWorkerMockupRenderer();
    const id = MOCKUP_TEMPLATES[0]?.id ?? '';
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const pending = renderer.render(id, 2048);
    await renderer.close();
    await expect(pending).rejects.toThrow(/closed/);
    delay.disable();
    // A 2048 px template on this thread blocks the loop for seconds, past the 15 s shutdown allows on a busy machine.
    expect(delay.max / 1e6).toBeLessThan(500);
    // The renderer is usable again afterwards: a new worker starts.
    const small = await renderer.render(id, 96);
    expect(Math.max(small.width, small.height)).toBe(96);
    await renderer.close();
  }, 90_000);
});
