import { describe, expect, it } from 'vitest';
import type { EditorDocument } from '@packsmith/contracts';
import { newDocument, withDimensions } from '@packsmith/editor';
import type { Storage } from '../../storage/storage.js';
import type { DesignMeta } from '../chat/index.js';
import type { FileRow } from '../files/index.js';
import type { ExportRequest } from './editor.files.js';
import { createPrintFiles } from './editor.print-file.js';

const META: DesignMeta = {
  layout_id: 'l1',
  palette: ['#2f5d3a', '#f4ecd8'],
  product: 'green tea',
  brand: 'Aura',
  style: ['minimalist'],
  color: ['green', 'cream'],
  element: [],
  box_id: 102,
  seed: 7,
  design_seed: 7,
  record_id: 'r1',
  prompt_index: 0,
  front_url: '/files/u/u1/front.png',
  dieline_url: '/files/u/u1/dieline.svg',
};

/** The print file on fakes: storage in memory, a renderer that keeps what it was given. */
function setup(editorDocument: EditorDocument | null) {
  const objects = new Map<string, Buffer>();
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
  const rendered: { doc: EditorDocument; req: ExportRequest }[] = [];
  const inserted: Partial<FileRow>[] = [];
  const files = createPrintFiles({
    repo: {
      async findEditorProject(userId, parentId, imageUrl) {
        return editorDocument && userId === 'u1' && parentId === 'd1' && imageUrl === '/files/u/u1/pack.png' ? { id: 'e1', freeUse: false } : null;
      },
      async find(id) {
        return id === 'e1' && editorDocument
          ? { projectId: 'e1', version: 3, document: editorDocument, notes: [], freeUse: false, updatedAt: new Date(0) }
          : null;
      },
    },
    async render(doc, req) {
      rendered.push({ doc, req });
      return { ext: 'pdf', mime: 'application/pdf', bytes: Buffer.from('%PDF-1.7'), width_mm: 200, height_mm: 150, widthPx: 2362, heightPx: 1772 };
    },
    storage,
    fileRepo: {
      async insert(row) {
        inserted.push(row);
        return { ...row, isPublic: false, createdAt: new Date(0) } as FileRow;
      },
    },
    resolveOwnedImage: unused,
    log: { warn: () => undefined },
    now: () => Date.UTC(2026, 11, 2),
  });
  const src = {
    userId: 'u1',
    project: { id: 'd1', logo: '', data: { box_id: 102 } },
    design: { url: '/files/u/u1/pack.png', meta: META },
    size: { boxId: 102, dimensions: { length: 60, width: 30, height: 120 } },
  };
  return { files, src, rendered, inserted, objects };
}

describe('createPrintFiles', () => {
  it("renders the owner's editor document of the design as it is (its own size), unwatermarked, and stores it as the owner's private PDF", async () => {
    const saved = withDimensions(newDocument(102), { length: 80, width: 40, height: 100 });
    const { files, src, rendered, inserted, objects } = setup(saved);
    const made = await files.make(src);
    expect(made.from).toBe('editor');
    expect(rendered).toHaveLength(1);
    expect(rendered[0]?.req).toEqual({ format: 'pdf', watermark: false, date: '2026-12-02' });
    expect(rendered[0]?.doc.dimensions).toEqual(saved.dimensions);
    expect(inserted).toEqual([expect.objectContaining({ userId: 'u1', mime: 'application/pdf', isPublic: false, size: 8 })]);
    expect(made.url).toBe(`/files/${inserted[0]?.key}`);
    expect(objects.get(inserted[0]?.key ?? '')?.toString()).toBe('%PDF-1.7');
  });

  it("without an editor document: the design engine's document of the design, at the requested size for the design's box", async () => {
    const { files, src, rendered } = setup(null);
    const made = await files.make(src);
    expect(made.from).toBe('design');
    const doc = rendered[0]?.doc;
    expect(doc?.box.id).toBe(102);
    expect(doc?.dimensions).toMatchObject({ length: 60, width: 30, height: 120 });
    // The design's layers, not an empty document.
    expect(doc?.panels.some((p) => p.layers.length > 0)).toBe(true);
  });

  it("keeps the design's own size when the request was priced as another box", async () => {
    const { files, src, rendered } = setup(null);
    await files.make({ ...src, size: { boxId: 101, dimensions: { length: 60, width: 30, height: 120 } } });
    expect(rendered[0]?.doc.dimensions).toEqual(newDocument(102).dimensions);
  });
});
