/**
 * The editor exports' worker thread: one export per request (a document and what to make of it),
 * answered with the file (lib/worker-client.ts protocol). Rasterising a sheet at 300 dpi is about a
 * second of synchronous resvg: on the serving thread it would stall every request.
 */
import { parentPort } from 'node:worker_threads';
import type { WorkerMessage } from '../../lib/worker-client.js';
import { exportDocument, type ExportWorkerRequest, type ExportedFile } from './editor.files.js';

const port = parentPort;
if (!port) throw new Error('editor-export-worker must run in a worker thread');

port.on('message', (msg: { id: number; request: ExportWorkerRequest }) => {
  const post = (m: WorkerMessage<ExportedFile>) => port.postMessage(m);
  exportDocument(msg.request.doc, msg.request.req).then(
    (result) => post({ id: msg.id, result }),
    (err: unknown) => post({ id: msg.id, error: err instanceof Error ? err.message : String(err) }),
  );
});

port.postMessage({ ready: true } satisfies WorkerMessage<ExportedFile>);
