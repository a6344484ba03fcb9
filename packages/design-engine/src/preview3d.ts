/**
 * Browser-safe entry of the design engine for the web app's 3D preview
 * (`@packsmith/design-engine/preview3d`): the fold model of every catalogue box. Its import graph
 * holds no Node built-in, sharp or resvg (fold/entry.test.ts walks it).
 */
export * from './fold/index.js';
