import { WorkerUnavailable, createWorkerClient } from '../../lib/worker-client.js';
import { localMockupRenderer, type MockupRenderer, type RenderedMockupTemplate } from './mockup-render.js';

/*
 * Templates render in one worker thread: the rasteriser runs synchronously for 1.5–3 s per 2048 px
 * template, which on the serving thread would stall every request. The worker starts on the first
 * render and leaves on close(); the process is free to exit while it is idle. Where a worker cannot
 * start (no tsx, sources not on disk), templates render on the calling thread.
 */

const toBuffer = (b: Uint8Array): Buffer => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

export function createWorkerMockupRenderer(
  opts: { log?: { warn(obj: Record<string, unknown>, msg: string): void } } = {},
): MockupRenderer & { close(): Promise<void> } {
  const client = createWorkerClient<{ templateId: string; size: number }, RenderedMockupTemplate>(new URL('./mockup-render-worker.mjs', import.meta.url), {
    name: 'mockup',
    ...(opts.log ? { log: opts.log } : {}),
  });
  return {
    async render(id, size) {
      let r: RenderedMockupTemplate;
      try {
        r = await client.call({ templateId: id, size });
      } catch (err) {
        if (err instanceof WorkerUnavailable) return localMockupRenderer.render(id, size);
        throw err;
      }
      // Buffers cross the thread as plain Uint8Arrays.
      return {
        ...r,
        sceneJpeg: toBuffer(r.sceneJpeg),
        thumbnailJpeg: toBuffer(r.thumbnailJpeg),
        surfacePng: toBuffer(r.surfacePng),
        uvPng: toBuffer(r.uvPng),
        lightPng: toBuffer(r.lightPng),
      };
    },
    close: () => client.close(),
  };
}
