import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { SCENE_FAMILIES } from '@packsmith/contracts';
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

export type WorkerScenes = Omit<SceneEngine, 'close' | 'warmUp' | 'fork'> & { close(): Promise<void>; warmUp(): Promise<void>; fork(): WorkerScenes };

export function createWorkerScenes(local: SceneEngine, opts: { log?: { warn(obj: Record<string, unknown>, msg: string): void } } = {}): WorkerScenes {
  const entry = new URL('./scene-render-worker.mjs', import.meta.url);
  // Pending requests belong to the worker they were sent to: a worker closed while a new one starts
  // (seeding ends as a preview begins) must fail only its own requests.
  let current: { worker: Worker; pending: Map<number, Pending>; closed: boolean } | null = null;
  let ready: Promise<boolean> | null = null;
  let broken = entry.protocol !== 'file:' || !existsSync(fileURLToPath(entry));
  let nextId = 1;
  let warming: Promise<void> | null = null;

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
        if (a.scene) p.resolve({ ...a.scene, png: Buffer.from(a.scene.png) });
        else p.reject(new Error(a.error ?? 'the scene worker answered nothing'));
      });
      const down = (err: Error) => {
        if (current === self) {
          current = null;
          ready = null;
        }
        for (const p of pending.values()) p.reject(err);
        pending.clear();
        if (!up && !self.closed) {
          // It never started: this environment cannot run the worker; render on this thread from now on.
          broken = true;
          opts.log?.warn({ err }, 'scenes: the render worker could not start; rendering on the main thread');
        }
        if (!up) resolve(false);
      };
      w.on('error', down);
      w.on('exit', (code) => down(new Error(`scene worker stopped (exit code ${code})`)));
    });
    return ready;
  }

  async function render(request: Request): Promise<RenderedScene> {
    if (broken) return local.render(request);
    const started = await start();
    // The worker could not start at all: this thread renders from now on.
    if (!started && broken) return local.render(request);
    // Closed while starting (shutdown): rendering here instead would hold the serving thread for seconds.
    if (!started || !current) throw new Error('the scene renderer was closed');
    const { worker: w, pending } = current;
    return new Promise<RenderedScene>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      // Keep the process alive while someone waits for a scene.
      w.ref();
      w.postMessage({ id, request });
    });
  }

  return {
    scorer: (palette, product) => local.scorer(palette, product),
    // Cheap (no rendering): answered on this thread.
    ...(local.suggest ? { suggest: local.suggest.bind(local) } : {}),
    render,
    /**
     * Starts the worker and renders every family once at 64 px: a fresh worker's first renders run
     * uncompiled code, and three 1024 px previews took 1.2 s there against 0.45–0.65 s once warm
     * (the warm-up itself: ~0.6 s, spent while the cut-out's model runs).
     */
    warmUp() {
      warming ??= (async () => {
        if (broken || !(await start())) return;
        for (const family of SCENE_FAMILIES) await render({ family, seed: 1, size: 64 });
      })().catch((err: unknown) => {
        warming = null;
        throw err;
      });
      return warming;
    },
    fork: () => createWorkerScenes(local, opts),
    async close() {
      const w = current?.worker;
      if (current) current.closed = true;
      current = null;
      ready = null;
      warming = null;
      if (w) await w.terminate();
    },
  };
}
