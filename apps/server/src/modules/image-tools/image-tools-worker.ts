/**
 * The image tools' worker thread: runs one local engine call per request (ToolWorkerRequest) and
 * answers its result, with progress on the way (lib/worker-client.ts protocol).
 */
import { parentPort } from 'node:worker_threads';
import { editFromPrompt, fillFromPrompt, inpaint, textOnImage, textToImage, upscale } from '@packsmith/vision';
import type { WorkerMessage } from '../../lib/worker-client.js';
import type { ToolWorkerRequest, ToolWorkerResult } from './image-tools.worker-protocol.js';

const port = parentPort;
if (!port) throw new Error('image-tools-worker must run in a worker thread');

function run(r: ToolWorkerRequest, onProgress: (f: number) => void): Promise<ToolWorkerResult> {
  switch (r.op) {
    case 'inpaint':
      return inpaint(r.image, r.mask, { ...r.options, onProgress });
    case 'upscale':
      return upscale(r.image, r.scale, { ...r.options, onProgress });
    case 'fillFromPrompt':
      return fillFromPrompt(r.image, r.mask, r.prompt, { ...r.options, onProgress });
    case 'editFromPrompt':
      return editFromPrompt(r.image, r.prompt, { ...r.options, onProgress });
    case 'textToImage':
      return textToImage(r.prompt, { ...r.options, onProgress });
    case 'textOnImage':
      return textOnImage(r.image, r.text, { ...r.options, onProgress });
  }
}

port.on('message', (msg: { id: number; request: ToolWorkerRequest }) => {
  const post = (m: WorkerMessage<ToolWorkerResult>) => port.postMessage(m);
  run(msg.request, (progress) => post({ id: msg.id, progress })).then(
    (result) => post({ id: msg.id, result }),
    (err: unknown) => post({ id: msg.id, error: err instanceof Error ? err.message : String(err) }),
  );
});

port.postMessage({ ready: true } satisfies WorkerMessage<ToolWorkerResult>);
