import { describe, expect, it } from 'vitest';
import { EditorExportResultSchema, type EditorLayer, type GenerateRecord } from '@packsmith/contracts';
import { newDocument } from '@packsmith/editor';
import { forbidden } from '../../http/errors.js';
import type { Storage } from '../../storage/storage.js';
import type { FileRow } from '../files/index.js';
import { createEditorJobs } from './editor.jobs.js';
import type { EditorExportJobInput } from './editor.input.js';

const OWN_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201d1a1e1e20000000049454e44ae426082',
  'hex',
);

const image = (id: string, url: string): EditorLayer => ({
  id,
  name: id,
  kind: 'image',
  url,
  natural: { width: 1, height: 1 },
  crop: { x: 0, y: 0, w: 1, h: 1 },
  x: 5,
  y: 5,
  w: 20,
  h: 20,
  rotation: 0,
  opacity: 1,
  locked: false,
  hidden: false,
});

/** The export job on fakes: one stored document, storage in memory, one file the owner may use. */
function setup(layers: EditorLayer[]) {
  const base = newDocument(102);
  const front = base.dieline.panels.find((p) => p.role === 'front') ?? base.dieline.panels[0]!;
  const document = { ...base, panels: base.panels.map((p) => (p.panel_id === front.id ? { ...p, layers } : p)) };
  const objects = new Map<string, Buffer>([['u/u1/own.png', OWN_PNG]]);
  const inserted: Partial<FileRow>[] = [];
  const unused = () => {
    throw new Error('not used');
  };
  const storage: Storage = {
    kind: 'local',
    async put(key, bytes) {
      objects.set(key, bytes);
    },
    async get(key) {
      return objects.get(key) ?? null;
    },
    stream: unused,
    head: unused,
    async delete(key) {
      objects.delete(key);
    },
    publicUrl: (key) => `/files/${key}`,
    keyFromUrl: unused,
    directUpload: unused,
  };
  const warnings: string[] = [];
  const [job] = createEditorJobs({
    repo: { find: async (id) => (id === 'p1' ? { projectId: 'p1', version: 1, document, notes: [], freeUse: false, updatedAt: new Date(0) } : null) },
    storage,
    fileRepo: {
      async insert(row) {
        inserted.push(row);
        return { ...row, isPublic: false, createdAt: new Date(0) } as FileRow;
      },
    },
    async resolveOwnedImage(userId, url) {
      if (userId === 'u1' && url === '/files/own.png') return { key: 'u/u1/own.png', row: { mime: 'image/png' } as FileRow };
      throw forbidden('This image belongs to someone else.');
    },
    log: { warn: (_o, msg) => warnings.push(msg) },
    now: () => Date.UTC(2026, 11, 2),
  });
  const run = (input: EditorExportJobInput) =>
    job!.run({ record: { id: 'r1' } as GenerateRecord, userId: 'u1', input, reportProgress: async () => undefined, signal: new AbortController().signal });
  return { run, objects, inserted, warnings, front };
}

describe('the editor export job', () => {
  it("inlines the owner's images and blanks any other URL, so the renderer never follows one", async () => {
    const { run, objects, warnings } = setup([image('mine', '/files/own.png'), image('theirs', '/files/u/u2/secret.png'), image('path', '/etc/passwd')]);
    const data = EditorExportResultSchema.parse(await run({ project_id: 'p1', format: 'svg', watermark: false }));
    const key = data.imageUrls[0]!.replace('/files/', '');
    const svg = objects.get(key)!.toString('utf8');
    expect(svg).toContain(OWN_PNG.toString('base64'));
    expect(svg).not.toContain('/files/u/u2/secret.png');
    expect(svg).not.toContain('/etc/passwd');
    expect(warnings).toHaveLength(2);
    expect(data).toMatchObject({ format: 'svg', watermarked: false, bytes: objects.get(key)!.length });
  });

  it("stores the file as the owner's, registered with its size; a png of one panel is at 300 dpi", async () => {
    const { run, inserted, front } = setup([]);
    const data = EditorExportResultSchema.parse(await run({ project_id: 'p1', format: 'png', watermark: false, panel_id: front.id }));
    expect(data.panel_id).toBe(front.id);
    expect(data.width_mm).toBeCloseTo(front.width + 6, 3);
    expect(inserted[0]).toMatchObject({ userId: 'u1', mime: 'image/png', width: Math.round(((front.width + 6) / 25.4) * 300) });
    expect(data.imageUrls[0]).toMatch(/^\/files\/u\/u1\//);
  });

  it('fails in words when the document is gone', async () => {
    const { run } = setup([]);
    await expect(run({ project_id: 'gone', format: 'svg', watermark: false })).rejects.toThrow('This editor document no longer exists.');
  });
});
