/** @packsmith/vision: pure image engines (no HTTP, no DB): cut-out, compositing. */
export * from './types.js';
export * from './cutout/index.js';
export * from './composite/index.js';
export * from './tools/index.js';
