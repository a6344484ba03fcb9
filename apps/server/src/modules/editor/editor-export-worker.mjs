// Entry of the editor exports' worker thread. Workers start as plain Node, whatever loader the host
// uses (tsx in the server, vite in vitest), so the TypeScript worker is loaded through tsx.
import { tsImport } from 'tsx/esm/api';

await tsImport('./editor-export-worker.ts', import.meta.url);
