/**
 * A pipeline worker thread: renders whole designs on request. It first says `{ ready: true }`;
 * messages are then `{ id, job }` (or `{ id, warmUp: true }`), answers `{ id, out }` or
 * `{ id, error }`.
 */
import { parentPort } from 'node:worker_threads';
import { type DesignJob, renderDesign } from './render-design.js';
import { warmUpThread } from './warm-up.js';

type Request = { id: number; job: DesignJob } | { id: number; warmUp: true };

const port = parentPort;
if (!port) throw new Error('design-worker must run in a worker thread');

port.on('message', (msg: Request) => {
  const work = 'job' in msg ? renderDesign(msg.job) : warmUpThread().then(() => null);
  work.then(
    (out) => port.postMessage({ id: msg.id, out }),
    (err: unknown) => port.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) }),
  );
});

port.postMessage({ ready: true });
