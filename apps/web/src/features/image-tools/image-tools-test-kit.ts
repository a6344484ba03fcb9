import type { GenerateRecord, ImageToolData } from '@packsmith/contracts';
import { vi, type Mock } from 'vitest';
import { defaultImageToolsIo, type ImageToolsIo } from './image-tools-controller';

/* Fixtures shaped like the image tools' contracts, for the editor's tests. */

export function toolRecord(id: string, data: Partial<ImageToolData> | null, over: Partial<GenerateRecord> = {}): GenerateRecord {
  return {
    id,
    project_id: 'mk1',
    kind: `image_${data?.tool ?? 'erase'}`,
    status: data ? 'done' : 'running',
    progress: data ? 100 : 10,
    data: data ? { tool: 'erase', imageUrls: [], source_url: '/files/u/a.png', engine: 'local', width: 1024, height: 768, msg_id: 'm1', ...data } : null,
    error: null,
    create_at: 1,
    update_at: 2,
    ...over,
  };
}

export const answerOf = (record: GenerateRecord) => ({ messages: [], record });

/** The real API calls (through fetch, which a test mocks), with the canvas, the mask upload, the socket and the keywords stubbed. */
export function testIo(over: Partial<ImageToolsIo> = {}): ImageToolsIo & { uploadMask: Mock<ImageToolsIo['uploadMask']> } {
  const uploadMask = vi.fn<ImageToolsIo['uploadMask']>(async () => '/files/u/mask-1.png');
  return {
    ...defaultImageToolsIo,
    exportMask: async () => new Blob(['png'], { type: 'image/png' }),
    onProgress: () => () => undefined,
    keywords: async () => ({ keywords: [], colors: [], brief: null }),
    ...over,
    uploadMask,
  };
}
