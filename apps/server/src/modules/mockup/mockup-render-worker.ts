/**
 * The mockup-template worker thread: renders one library template per request and encodes its
 * maps (lib/worker-client.ts protocol: requests `{ templateId, size }`, answers the rendered template).
 */
import { parentPort } from 'node:worker_threads';
import type { WorkerMessage } from '../../lib/worker-client.js';
import { renderMockupTemplate, type RenderedMockupTemplate } from './mockup-render.js';

const port = parentPort;
if (!port) throw new Error('mockup-render-worker must run in a worker thread');

port.on('message', (msg: { id: number; request: { templateId: string; size: number } }) => {
  const post = (m: WorkerMessage<RenderedMockupTemplate>) => port.postMessage(m);
  renderMockupTemplate(msg.request.templateId, msg.request.size).then(
    (result) => post({ id: msg.id, result }),
    (err: unknown) => post({ id: msg.id, error: err instanceof Error ? err.message : String(err) }),
  );
});

port.postMessage({ ready: true } satisfies WorkerMessage<RenderedMockupTemplate>);
