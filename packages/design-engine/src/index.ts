/** @packsmith/design-engine: pure packaging design engines (no HTTP, no DB). */
export * as artwork from './artwork/index.js';
