import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/*
 * One worker thread that answers requests, for engines whose work is synchronous CPU for seconds
 * (on the serving thread it would stall every request). The worker starts on the first call and is
 * unref'd while idle, so the process may exit; close() terminates it.
 *
 * Protocol: the worker first posts `{ ready: true }`; requests are `{ id, request }`; the worker
 * answers `{ id, progress }` (0–1, any number of times), then `{ id, result }` or `{ id, error }`.
 */

export type WorkerMessage<Res> = { ready: true } | { id: number; progress: number } | { id: number; result: Res } | { id: number; error: string };

/** The worker could not start (no tsx loader, sources not on disk): the caller runs the work itself. */
export class WorkerUnavailable extends Error {
  override name = 'WorkerUnavailable';
}

export interface WorkerClient<Req, Res> {
  /** Rejects with WorkerUnavailable when the worker cannot start, with the worker's message when the work fails. */
  call(request: Req, opts?: { onProgress?: (fraction: number) => void; signal?: AbortSignal }): Promise<Res>;
  close(): Promise<void>;
}

interface Pending<Res> {
  resolve(result: Res): void;
  reject(err: Error): void;
  onProgress?: ((fraction: number) => void) | undefined;
}

export function createWorkerClient<Req, Res>(
  entry: URL,
  opts: { name: string; log?: { warn(obj: Record<string, unknown>, msg: string): void } },
): WorkerClient<Req, Res> {
  let current: { worker: Worker; pending: Map<number, Pending<Res>>; closed: boolean } | null = null;
  let ready: Promise<boolean> | null = null;
  let broken = entry.protocol !== 'file:' || !existsSync(fileURLToPath(entry));
  let nextId = 1;

  function start(): Promise<boolean> {
    if (ready) return ready;
    ready = new Promise<boolean>((resolve) => {
      const w = new Worker(entry);
      const pending = new Map<number, Pending<Res>>();
      const self = { worker: w, pending, closed: false };
      current = self;
      let up = false;
      w.on('message', (m: WorkerMessage<Res>) => {
        if ('ready' in m) {
          up = true;
          if (pending.size === 0) w.unref();
          resolve(true);
          return;
        }
        const p = pending.get(m.id);
        if (!p) return;
        if ('progress' in m) {
          p.onProgress?.(m.progress);
          return;
        }
        pending.delete(m.id);
        if (pending.size === 0) w.unref();
        if ('result' in m) p.resolve(m.result);
        else p.reject(new Error(m.error));
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
          opts.log?.warn({ err, worker: opts.name }, 'a worker thread could not start; its work runs on the calling thread');
        }
        if (!up) resolve(false);
      };
      w.on('error', down);
      w.on('exit', (code) => down(new Error(`${opts.name} worker stopped (exit code ${code})`)));
    });
    return ready;
  }

  return {
    async call(request, callOpts = {}) {
      callOpts.signal?.throwIfAborted();
      if (broken) throw new WorkerUnavailable(`${opts.name}: no worker thread`);
      const started = await start();
      if (!started && broken) throw new WorkerUnavailable(`${opts.name}: no worker thread`);
      // Closed while starting (shutdown): doing the work here instead would hold the serving thread.
      if (!started || !current) throw new Error(`the ${opts.name} worker was closed`);
      const { worker: w, pending } = current;
      return new Promise<Res>((resolve, reject) => {
        const id = nextId++;
        const signal = callOpts.signal;
        // An aborted caller stops waiting; the worker finishes (or is terminated by close()).
        const onAbort = () => {
          pending.delete(id);
          reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        const done = () => signal?.removeEventListener('abort', onAbort);
        pending.set(id, {
          resolve: (r) => {
            done();
            resolve(r);
          },
          reject: (e) => {
            done();
            reject(e);
          },
          onProgress: callOpts.onProgress,
        });
        // Keep the process alive while someone waits for an answer.
        w.ref();
        w.postMessage({ id, request });
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
