import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { engineScenes, type RenderedScene } from './scene-adapter.js';
import { createWorkerScenes } from './scene-worker.js';

describe('scene rendering on a worker thread', () => {
  const scenes = createWorkerScenes(engineScenes);
  afterAll(() => scenes.close());

  it('renders the same scene as the calling thread would, while the event loop stays free', async () => {
    const request = { family: 'botanical_shadow' as const, seed: 3, size: 1024 };
    // Starts the worker (loading the engine there).
    expect((await scenes.render({ family: 'marble', seed: 1, size: 256 })).width).toBe(256);
    const stalls = async (work: () => Promise<unknown>) => {
      const delay = monitorEventLoopDelay({ resolution: 5 });
      delay.enable();
      const out = await work();
      delay.disable();
      return { out, maxMs: delay.max / 1e6 };
    };
    const viaWorker = await stalls(() => scenes.render(request));
    const here = await stalls(() => engineScenes.render(request));
    const [a, b] = [viaWorker.out, here.out] as [RenderedScene, RenderedScene];
    expect(a.png.equals(b.png)).toBe(true);
    expect({ ...a, png: null }).toEqual({ ...b, png: null });
    // On this thread the render blocks the loop for hundreds of ms; through the worker only the copy back shows.
    expect(viaWorker.maxMs).toBeLessThan(here.maxMs / 2);
  }, 60_000);

  it('a failed render is an error for its caller only', async () => {
    await expect(scenes.render({ family: 'no_such_family' as never, seed: 1, size: 256 })).rejects.toThrow();
    expect((await scenes.render({ family: 'sand', seed: 1, size: 256 })).width).toBe(256);
  }, 60_000);

  it('a fork renders on a thread of its own (previews never queue behind seeding), warmed up ahead and closed on its own', async () => {
    const fork = scenes.fork();
    try {
      await fork.warmUp();
      const palette = ['#1f4e8c', '#e8e2d4'];
      const [big, preview] = await Promise.all([
        scenes.render({ family: 'linen', seed: 1, size: 1024 }),
        fork.render({ family: 'wood', seed: 2, size: 512, palette }),
      ]);
      expect([big.width, preview.width]).toEqual([1024, 512]);
      // The palette reaches the engine: the same scene in its own colours differs.
      expect(preview.png.equals((await fork.render({ family: 'wood', seed: 2, size: 512 })).png)).toBe(false);
    } finally {
      await fork.close();
    }
    expect((await scenes.render({ family: 'gradient', seed: 1, size: 128 })).width).toBe(128);
  }, 60_000);

  it('closing while the worker starts ends the waiting render with an error, never rendering it on this thread', async () => {
    const fresh = createWorkerScenes(engineScenes);
    const delay = monitorEventLoopDelay({ resolution: 5 });
    delay.enable();
    const pending = fresh.render({ family: 'marble', seed: 1, size: 2048 });
    await fresh.close();
    await expect(pending).rejects.toThrow(/closed/);
    delay.disable();
    // A 2048 px scene on this thread blocks the loop for seconds (shutdown has 15 s for everything).
    expect(delay.max / 1e6).toBeLessThan(500);
    // The renderer is usable again afterwards: a new worker starts.
    expect((await fresh.render({ family: 'sand', seed: 1, size: 128 })).width).toBe(128);
    await fresh.close();
  }, 60_000);
});
