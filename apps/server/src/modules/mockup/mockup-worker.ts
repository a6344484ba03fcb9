import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { localMockupRenderer, type MockupRenderer, type RenderedMockupTemplate } from './mockup-render.js';

/*
 * Templates render in one worker thread: the rasteriser runs synchronously for 1.5–3 s per 2048 px
 * template, which on the serving thread would stall every request. The worker starts on the first
 * render and leaves on close(); the process is free to exit while it is idle. Where a worker cannot
 * start (no tsx, sources not on disk), templates render on the calling thread.
 */

type Answer = { ready: true } | { id: number; rendered?: RenderedMockupTemplate; error?: string };

interface Pending {
  resolve(rendered: RenderedMockupTemplate): void;
  reject(err: Error): void;
}

const toBuffer = (b: Uint8Array): Buffer => Buffer.from(b.buffer, b.byteOffset, b.byteLength);

export function createWorkerMockupRenderer(
  opts: { log?: { warn(obj: Record<string, unknown>, msg: string): void } } = {},
): MockupRenderer & { close(): Promise<void> } {
  const entry = new URL('./mockup-render-worker.mjs', import.meta.url);
  let current: { worker: Worker; pending: Map<number, Pending>; closed: boolean } | null = null;
  let ready: Promise<boolean> | null = null;
  let broken = entry.protocol !== 'file:' || !existsSync(fileURLToPath(entry));
  let nextId = 1;

  function start(): Promise<boolean> {
    if (ready) return ready;
    ready = new Promise<boolean>((resolve) => {
      const w = new Worker(entry);
      const pending = new Map<number, Pending>();
      const self = { worker: w, pending, closed: false };
      current = self;
      let up = false;
      w.on('message', (a: Answer) => {
        if ('ready' in a) {
          up = true;
          if (pending.size === 0) w.unref();
          resolve(true);
          return;
        }
        const p = pending.get(a.id);
        pending.delete(a.id);
        if (pending.size === 0) w.unref();
        if (!p) return;
        const r = a.rendered;
        if (r)
          p.resolve({
            ...r,
            sceneJpeg: toBuffer(r.sceneJpeg),
            thumbnailJpeg: toBuffer(r.thumbnailJpeg),
            surfacePng: toBuffer(r.surfacePng),
            uvPng: toBuffer(r.uvPng),
            lightPng: toBuffer(r.lightPng),
          });
        else p.reject(new Error(a.error ?? 'the mockup worker answered nothing'));
      });
      const down = (err: Error) => {
        if (current === self) {
          current = null;
          ready = null;
        }
        for (const p of pending.values()) p.reject(err);
        pending.clear();
        if (!up && !self.closed) {
          broken = true;
          opts.log?.warn({ err }, 'mockup: the render worker could not start; rendering on the main thread');
        }
        if (!up) resolve(false);
      };
      w.on('error', down);
      w.on('exit', (code) => down(new Error(`mockup worker stopped (exit code ${code})`)));
    });
    return ready;
  }

  return {
    async render(id, size) {
      if (broken) return localMockupRenderer.render(id, size);
      const started = await start();
      // The worker could not start at all: this thread renders from now on.
      if (!started && broken) return localMockupRenderer.render(id, size);
      // Closed while starting (shutdown): rendering here instead would hold the serving thread for seconds.
      if (!started || !current) throw new Error('the mockup renderer was closed');
      const { worker: w, pending } = current;
      return new Promise<RenderedMockupTemplate>((resolve, reject) => {
        const requestId = nextId++;
        pending.set(requestId, { resolve, reject });
        // Keep the process alive while someone waits for a template.
        w.ref();
        w.postMessage({ id: requestId, templateId: id, size });
      });
    },
    async close() {
      const w = current?.worker;
      if (current) current.closed = true;
      current = null;
      ready = null;
      if (w) await w.terminate();
    },
  };
}
