/** Types of serve.mjs, for the TypeScript browser check (e2e/preview3d.e2e.test.ts). */
export declare const harnessDist: string;
export declare const CHROMIUM_ARGS: string[];
export declare const CHROMIUM_PATH: string;
export declare function buildHarness(): Promise<{ ms: number }>;
export declare function ensureHarness(): Promise<{ ms: number; built: boolean }>;
export declare function chunkReport(): { entryHasThree: boolean; lazyHasThree: boolean; lazyChunkKb: number; lazyChunkGzKb: number; entryKb: number };
export declare function facePngs(size: { width: number; height: number; depth: number }, longest: number, background?: string): Promise<Map<string, Buffer>>;
export declare function serveHarness(files: Map<string, Buffer>): Promise<{ url: string; close: () => Promise<void> }>;
export declare const FRAME_COUNTER: string;
