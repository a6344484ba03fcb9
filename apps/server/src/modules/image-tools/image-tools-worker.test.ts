import { describe, expect, it } from 'vitest';
import type { ImageToolEngines } from './image-tools.engines.js';
import { createLocalImageToolEngines, createWorkerImageToolEngines } from './image-tools.engines.js';
import type { PhotoshootVision } from '../photoshoot/index.js';

/*
 * The image tools' worker thread: the same answers as the engines on this thread, progress passed
 * back, the serving thread free while it works, and nothing left running after close().
 */

const noVision: PhotoshootVision = {
  cutout: () => Promise.reject(new Error('no cut-out in this test')),
  compositeRun: () => Promise.reject(new Error('no compositing in this test')),
  warmUp: () => Promise.resolve(),
  dispose: () => Promise.resolve(),
};

/** A textured picture with a large hole: exemplar synthesis, hundreds of milliseconds of synchronous work. */
function picture(size: number) {
  const data = new Uint8Array(size * size * 3);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = (y * size + x) * 3;
      const stripe = (Math.floor(x / 6) + Math.floor(y / 9)) % 2 ? 40 : 0;
      data[i] = 150 + stripe;
      data[i + 1] = 110 + stripe;
      data[i + 2] = 70 + (x % 7) * 3;
    }
  const mask = new Uint8Array(size * size);
  const c = size / 2;
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) if (Math.hypot(x - c, y - c) < size / 6) mask[y * size + x] = 255;
  return { image: { data, width: size, height: size }, mask: { data: mask, width: size, height: size } };
}

describe('image tools in a worker thread', () => {
  it('answers what the engine answers on this thread, passes progress back, and keeps this thread free', async () => {
    const local = createLocalImageToolEngines(noVision);
    const worker = createWorkerImageToolEngines(local);
    try {
      const { image, mask } = picture(192);
      const here = await local.inpaint(image, mask, { seed: 7 });
      let ticks = 0;
      const timer = setInterval(() => ticks++, 5);
      const progress: number[] = [];
      const there = await worker.inpaint(image, mask, { seed: 7, onProgress: (f) => progress.push(f) });
      clearInterval(timer);
      expect(there.method).toBe(here.method);
      expect(Buffer.from(there.image.data).equals(Buffer.from(here.image.data))).toBe(true);
      expect(progress.length).toBeGreaterThan(0);
      // The timer kept firing while the hole was synthesised elsewhere.
      expect(ticks).toBeGreaterThan(2);
    } finally {
      await worker.close();
    }
  }, 60_000);

  it('carries the engine’s failure message back, and an aborted caller stops waiting', async () => {
    const worker = createWorkerImageToolEngines(createLocalImageToolEngines(noVision));
    try {
      const { image } = picture(32);
      const wrongMask = { data: new Uint8Array(10), width: 5, height: 2 };
      await expect(worker.inpaint(image, wrongMask, {})).rejects.toThrow();
      const aborted = new AbortController();
      aborted.abort(new Error('shutting down'));
      await expect(worker.upscale({ data: new Uint8Array(32 * 32 * 4), width: 32, height: 32 }, 2, { signal: aborted.signal })).rejects.toThrow(
        'shutting down',
      );
    } finally {
      await worker.close();
    }
  }, 60_000);

  it('keeps on this thread the engines it does not run (keywords work on a small copy)', async () => {
    const calls: string[] = [];
    const local = createLocalImageToolEngines(noVision, {
      imageKeywords: (img) => {
        calls.push(`keywords ${img.width}`);
        return Promise.resolve({ colors: [], tags: [] });
      },
    });
    const worker: ImageToolEngines & { close(): Promise<void> } = createWorkerImageToolEngines(local);
    await worker.imageKeywords({ data: new Uint8Array(3), width: 1, height: 1 });
    expect(calls).toEqual(['keywords 1']);
    await worker.close();
  });
});
