/**
 * The mockup-template worker thread: renders one library template per request and encodes its
 * maps. It first says `{ ready: true }`; requests are `{ id, templateId, size }`, answers
 * `{ id, rendered }` or `{ id, error }`.
 */
import { parentPort } from 'node:worker_threads';
import { renderMockupTemplate } from './mockup-render.js';

const port = parentPort;
if (!port) throw new Error('mockup-render-worker must run in a worker thread');

port.on('message', (msg: { id: number; templateId: string; size: number }) => {
  renderMockupTemplate(msg.templateId, msg.size).then(
    (rendered) => port.postMessage({ id: msg.id, rendered }),
    (err: unknown) => port.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) }),
  );
});

port.postMessage({ ready: true });
