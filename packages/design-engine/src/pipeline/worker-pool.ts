/**
 * A small pool of worker threads that render whole designs, one per core (at most two):
 * the rasteriser is plain JavaScript, so designs only overlap on separate threads, and a
 * server's event loop stays free while they render. Workers are started on first use and
 * do not keep the process alive while idle.
 *
 * Workers load the TypeScript sources through tsx (worker-entry.mjs). Where that cannot
 * work — tsx not installed, the sources not on disk — the first worker fails before it is
 * ready and the pool renders on the calling thread instead, so a request never fails for it.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { type DesignJob, type DesignOutput, renderDesign } from './render-design.js';
import { warmUpThread } from './warm-up.js';

export interface DesignWorkers {
  readonly size: number;
  run(job: DesignJob): Promise<DesignOutput>;
  warmUp(): Promise<void>;
  close(): Promise<void>;
}

/** A design output as it crosses the thread boundary: Buffers arrive as plain Uint8Arrays. */
type WireOutput = Omit<DesignOutput, 'packshotPng' | 'frontPng'> & { packshotPng: Uint8Array; frontPng: Uint8Array };
type Answer = { ready: true } | { id: number; out?: WireOutput | null; error?: string };
type Message = { id: number; job: DesignJob } | { id: number; warmUp: true };

interface Slot {
  worker: Worker;
  ready: boolean;
  busy: boolean;
}

interface Task {
  message: Message;
  resolve(out: WireOutput | null | undefined): void;
  reject(err: Error): void;
  slot?: Slot;
}

/**
 * The worker entry next to this file when running from the sources; from the package when
 * this module has been bundled elsewhere (the server's esbuild bundle).
 */
function workerEntry(): URL | null {
  const local = new URL('./worker-entry.mjs', import.meta.url);
  if (local.protocol === 'file:' && existsSync(fileURLToPath(local))) return local;
  try {
    const index = createRequire(import.meta.url).resolve('@packsmith/design-engine');
    const file = join(dirname(index), 'pipeline', 'worker-entry.mjs');
    return existsSync(file) ? pathToFileURL(file) : null;
  } catch {
    return null;
  }
}

const toBuffer = (u: Uint8Array) => Buffer.from(u.buffer, u.byteOffset, u.byteLength);

class Pool implements DesignWorkers {
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private readonly running = new Map<number, Task>();
  private nextId = 1;
  /** Set when a worker cannot start: everything then renders on the calling thread. */
  private broken = false;

  constructor(
    readonly size: number,
    private readonly entry: URL,
  ) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(this.entry), ready: false, busy: false };
    slot.worker.unref();
    slot.worker.on('message', (a: Answer) => this.answer(slot, a));
    slot.worker.on('error', (err) => this.fail(slot, err));
    slot.worker.on('exit', (code) => this.fail(slot, new Error(`design worker stopped (exit code ${code})`)));
    return slot;
  }

  private fail(slot: Slot, err: Error): void {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    if (!slot.ready) {
      // It never started: the environment cannot run workers. Drain everything in-process.
      this.broken = true;
      void Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
      for (const task of [...this.running.values(), ...this.queue.splice(0)]) this.runHere(task);
      this.running.clear();
      return;
    }
    // It crashed mid-job: that job fails, a fresh worker takes the slot.
    for (const [id, task] of this.running) {
      if (task.slot !== slot) continue;
      this.running.delete(id);
      task.reject(err);
    }
    this.slots[i] = this.spawn();
  }

  private runHere(task: Task): void {
    const m = task.message;
    const work = 'job' in m ? renderDesign(m.job) : warmUpThread().then(() => null);
    work.then(
      (out) => task.resolve(out),
      (err: unknown) => task.reject(err instanceof Error ? err : new Error(String(err))),
    );
  }

  private answer(slot: Slot, a: Answer): void {
    if ('ready' in a) {
      slot.ready = true;
      this.pump();
      if (!slot.busy) slot.worker.unref();
      return;
    }
    const task = this.running.get(a.id);
    this.running.delete(a.id);
    slot.busy = false;
    slot.worker.unref();
    if (task) {
      if (a.error !== undefined) task.reject(new Error(a.error));
      else task.resolve(a.out);
    }
    this.pump();
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (!slot.ready || slot.busy) continue;
      const task = this.queue.shift();
      if (!task) return;
      slot.busy = true;
      task.slot = slot;
      // Keep the process alive while someone waits for this worker.
      slot.worker.ref();
      this.running.set(task.message.id, task);
      slot.worker.postMessage(task.message);
    }
  }

  private submit(message: (id: number) => Message): Promise<WireOutput | null | undefined> {
    return new Promise((resolve, reject) => {
      const task: Task = { message: message(this.nextId++), resolve, reject };
      if (this.broken) return this.runHere(task);
      this.queue.push(task);
      // Starting workers must not let the process exit under a caller that awaits them.
      for (const s of this.slots) if (!s.ready) s.worker.ref();
      this.pump();
    });
  }

  async run(job: DesignJob): Promise<DesignOutput> {
    const out = await this.submit((id) => ({ id, job }));
    if (!out) throw new Error('design worker returned nothing');
    const { packshotPng, frontPng, ...rest } = out;
    return { ...rest, packshotPng: toBuffer(packshotPng), frontPng: toBuffer(frontPng) };
  }

  async warmUp(): Promise<void> {
    // Submitted together, one lands on each worker.
    await Promise.all(this.slots.map(() => this.submit((id) => ({ id, warmUp: true }))));
  }

  async close(): Promise<void> {
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }
}

let pool: Pool | null | undefined;
let threads = Math.min(2, availableParallelism());

/**
 * How many worker threads render designs: 0 renders on the calling thread. Default: one per
 * core, at most two. A running pool keeps its size until {@link closeDesignWorkers}.
 */
export function setDesignThreads(n: number): void {
  threads = Math.max(0, Math.floor(n));
  if (pool === null) pool = undefined;
}

/** The shared pool, or null when designs render on the calling thread. */
export function designWorkers(): DesignWorkers | null {
  if (pool === undefined) {
    const entry = threads >= 1 ? workerEntry() : null;
    pool = entry ? new Pool(threads, entry) : null;
  }
  return pool;
}

/** Stops the pool's workers (tests, shutdown); the next render starts a new pool. */
export async function closeDesignWorkers(): Promise<void> {
  const p = pool;
  pool = undefined;
  if (p) await p.close();
}
