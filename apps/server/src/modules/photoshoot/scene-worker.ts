import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { RenderedScene, SceneEngine } from './scene-adapter.js';

/*
 * Scenes render in one worker thread. The rasteriser runs synchronously for 1–2.6 s per 2048 px
 * scene, so on the serving thread seeding would stall every request for up to 1.4 s at a time
 * (measured here). The worker starts on the first render, and the process is free to exit while it is idle.
 * Where a worker cannot start (no tsx, sources not on disk), scenes render on the calling thread.
 */

type Request = Parameters<SceneEngine['render']>[0];
type Answer = { ready: true } | { id: number; scene?: RenderedScene; error?: string };

interface Pending {
  resolve(scene: RenderedScene): void;
  reject(err: Error): void;
}

export function createWorkerScenes(local: SceneEngine, opts: { log?: { warn(obj: Record<string, unknown>, msg: string): void } } = {}): SceneEngine & { close(): Promise<void> } {
  const entry = new URL('./scene-render-worker.mjs', import.meta.url);
  let worker: Worker | null = null;
  let ready: Promise<boolean> | null = null;
  let broken = entry.protocol !== 'file:' || !existsSync(fileURLToPath(entry));
  const pending = new Map<number, Pending>();
  let nextId = 1;

  function start(): Promise<boolean> {
    if (ready) return ready;
    ready = new Promise<boolean>((resolve) => {
      const w = new Worker(entry);
      worker = w;
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
        if (a.scene) p.resolve({ ...a.scene, png: Buffer.from(a.scene.png) });
        else p.reject(new Error(a.error ?? 'the scene worker answered nothing'));
      });
      const down = (err: Error) => {
        if (worker === w) {
          worker = null;
          ready = null;
        }
        for (const p of pending.values()) p.reject(err);
        pending.clear();
        if (!up) {
          // It never started: this environment cannot run the worker; render on this thread from now on.
          broken = true;
          opts.log?.warn({ err }, 'scenes: the render worker could not start; rendering on the main thread');
          resolve(false);
        }
      };
      w.on('error', down);
      w.on('exit', (code) => down(new Error(`scene worker stopped (exit code ${code})`)));
    });
    return ready;
  }

  return {
    scorer: (palette, product) => local.scorer(palette, product),
    async render(request: Request): Promise<RenderedScene> {
      if (broken || !(await start()) || !worker) return local.render(request);
      const w = worker;
      return new Promise<RenderedScene>((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        // Keep the process alive while someone waits for a scene.
        w.ref();
        w.postMessage({ id, request });
      });
    },
    async close() {
      const w = worker;
      worker = null;
      ready = null;
      if (w) await w.terminate();
    },
  };
}
