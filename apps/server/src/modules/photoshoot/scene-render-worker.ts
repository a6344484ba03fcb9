/**
 * The scene-rendering worker thread: renders one scene per request with the local engine. It
 * first says `{ ready: true }`; requests are `{ id, request }`, answers `{ id, scene }` or `{ id, error }`.
 */
import { parentPort } from 'node:worker_threads';
import { engineScenes } from './scene-adapter.js';

const port = parentPort;
if (!port) throw new Error('scene-render-worker must run in a worker thread');

port.on('message', (msg: { id: number; request: Parameters<typeof engineScenes.render>[0] }) => {
  engineScenes.render(msg.request).then(
    (scene) => port.postMessage({ id: msg.id, scene }),
    (err: unknown) => port.postMessage({ id: msg.id, error: err instanceof Error ? err.message : String(err) }),
  );
});

port.postMessage({ ready: true });
