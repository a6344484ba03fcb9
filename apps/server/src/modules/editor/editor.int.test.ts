import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Code,
  EDITOR_STALE_MESSAGE,
  EditorDocumentRecordSchema,
  EditorExportResultSchema,
  GATE_MESSAGES,
  accessCalls,
  editorCalls,
  type EditorDocument,
  type EditorDocumentRecord,
  type EditorExportResult,
} from '@packsmith/contracts';
import { readPrintPdf } from '@packsmith/print-pdf/read-back';
import type { TestClient } from '../../../test/client.js';
import { newGuest } from '../../../test/client.js';
import { registeredUser } from '../../../test/accounts.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { makePng } from '../../../test/images.js';
import { uploadFile } from '../../../test/uploads.js';
import { createProjectRepo } from '../project/index.js';
import { createUserRepo } from '../user/index.js';

let server: TestServer;
let owner: { id: string; client: TestClient };
let other: { id: string; client: TestClient };
let business: { id: string; client: TestClient };
let editorProject: string;

const PACKSHOT = '/files/u/seeded/packshot-aura.png';

/**
 * A design project with one design in data.designs_meta, as the design chat stores it (the editor
 * rebuilds the document from the brief and seed; the stored files are not read).
 */
async function seededDesign(user: { client: TestClient }, seed = 1234): Promise<string> {
  const p = await user.client.post<{ project_id: string }>('/api/project', { type: 'design' });
  const id = p.data?.project_id ?? '';
  const meta = {
    layout_id: 'classic',
    palette: ['#1f5c3a', '#f4ecd8', '#c9a227', '#0d1f14', '#ffffff', '#7a9a6a'],
    product: 'green tea',
    brand: 'Aura',
    style: ['minimalist'],
    color: ['green', 'cream'],
    element: ['leaf'],
    box_id: 102,
    seed,
    record_id: 'rec-seeded',
    prompt_index: 0,
    front_url: '/files/u/seeded/front.png',
    dieline_url: '/files/u/seeded/dieline.svg',
  };
  await createProjectRepo(server.built.database.db).update(id, {}, { designs_meta: { [PACKSHOT]: meta }, box_id: 102 });
  return id;
}

async function finished(c: TestClient, id: string): Promise<{ status: string; data: unknown; error: string | null }> {
  for (let i = 0; i < 600; i++) {
    const r = await c.get<{ status: string; data: unknown; error: string | null }>('/api/generate/record', { id });
    if (r.data && (r.data.status === 'done' || r.data.status === 'failed')) return r.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('export record did not finish');
}

async function exported(c: TestClient, input: Record<string, unknown>): Promise<EditorExportResult> {
  const r = await c.post<{ messages: unknown[]; record: { id: string; cost: number } }>(editorCalls.exportFile.path, input);
  expect(r.code, r.msg).toBe(0);
  const done = await finished(c, r.data?.record.id ?? '');
  expect(done.status, done.error ?? '').toBe('done');
  return EditorExportResultSchema.parse(done.data);
}

async function fileBytes(url: string): Promise<Buffer> {
  const storage = server.built.services.storage;
  const key = storage.keyFromUrl(url);
  expect(key).not.toBeNull();
  const bytes = await storage.get(key ?? '');
  expect(bytes).not.toBeNull();
  return bytes ?? Buffer.alloc(0);
}

const textLayers = (doc: EditorDocument) =>
  doc.panels.flatMap((p) => p.layers.map((l) => ({ panel: p.panel_id, layer: l }))).filter((e) => e.layer.kind === 'text');

async function documentOf(c: TestClient, projectId: string): Promise<EditorDocumentRecord> {
  const r = await c.get<EditorDocumentRecord>(editorCalls.documentGet.path, { project_id: projectId });
  expect(r.code, r.msg).toBe(0);
  return EditorDocumentRecordSchema.parse(r.data);
}

beforeAll(async () => {
  server = await startTestServer();
  [owner, other, business] = await Promise.all([registeredUser(server), registeredUser(server), registeredUser(server)]);
  await createUserRepo(server.built.database.db).update(business.id, { vipType: 'business_month', vipExpireTime: new Date(Date.now() + 86_400_000) });
}, 60_000);
afterAll(async () => server?.close());

describe('opening a design in the editor', () => {
  it('makes an ai_editor project under the design, using the free opening once', async () => {
    const design = await seededDesign(owner);
    const r = await owner.client.post<{ free_use: boolean; editor_used: boolean; editor_project_id: string }>(accessCalls.editorOpen.path, {
      project_id: design,
    });
    expect(r.code, r.msg).toBe(0);
    expect(r.data).toMatchObject({ free_use: true, editor_used: true });
    editorProject = r.data?.editor_project_id ?? '';
    const info = await owner.client.get<{ type: string; parent_id: string | null }>('/api/project/info', { project_id: editorProject });
    expect(info.data?.type).toBe('ai_editor');

    const record = await documentOf(owner.client, editorProject);
    expect(record).toMatchObject({ project_id: editorProject, parent_project_id: design, version: 1 });
    expect(record.document.box).toEqual({ id: 102, slug: 'straight-tuck-end' });
    // The design's words are real text layers, not a flattened picture.
    const words = textLayers(record.document).map((e) => (e.layer.kind === 'text' ? e.layer.text : ''));
    expect(words.join(' ').toLowerCase()).toContain('aura');

    // The same design again: the same editor project, and no second free use needed.
    const again = await owner.client.post<{ free_use: boolean; editor_project_id: string }>(accessCalls.editorOpen.path, {
      project_id: design,
      image_url: PACKSHOT,
    });
    expect(again.code, again.msg).toBe(0);
    expect(again.data).toMatchObject({ free_use: false, editor_project_id: editorProject });
    // Reopening the editor project itself.
    expect((await owner.client.post(accessCalls.editorOpen.path, { project_id: editorProject })).code).toBe(0);
  });

  it('a free user whose free opening is spent cannot open another design', async () => {
    const design = await seededDesign(owner, 99);
    const r = await owner.client.post(accessCalls.editorOpen.path, { project_id: design });
    expect(r).toMatchObject({ code: Code.FORBIDDEN, msg: GATE_MESSAGES.activate });
  });

  it('guests must sign in; a design of another user is 403; an unknown design URL is 404', async () => {
    const guest = await newGuest(server.url);
    expect((await guest.post(accessCalls.editorOpen.path, {})).code).toBe(Code.UNAUTHORIZED);
    const design = await seededDesign(owner, 7);
    expect((await other.client.post(accessCalls.editorOpen.path, { project_id: design })).code).toBe(Code.FORBIDDEN);
    expect((await business.client.post(accessCalls.editorOpen.path, { project_id: await seededDesign(business), image_url: '/files/nope.png' })).code).toBe(
      Code.NOT_FOUND,
    );
    // The refused attempt did not spend the other user's free opening.
    const own = await seededDesign(other, 8);
    expect((await other.client.post<{ free_use: boolean }>(accessCalls.editorOpen.path, { project_id: own })).data?.free_use).toBe(true);
  });

  it('opens a blank document of a box at given dimensions', async () => {
    const r = await business.client.post<{ editor_project_id: string }>(accessCalls.editorOpen.path, {
      box_id: 102,
      dimensions: { length: 60, width: 40, height: 100 },
    });
    expect(r.code, r.msg).toBe(0);
    const record = await documentOf(business.client, r.data?.editor_project_id ?? '');
    expect(record.parent_project_id).toBeNull();
    expect(record.document.dimensions).toMatchObject({ length: 60, width: 40, height: 100 });
    expect(record.document.panels.every((p) => p.layers.length === 0)).toBe(true);
  });
});

describe('saving', () => {
  it('saves an edited text, bumps the version, refuses a stale write and keeps named versions', async () => {
    const before = await documentOf(owner.client, editorProject);
    const [first] = textLayers(before.document);
    expect(first).toBeDefined();
    const edited: EditorDocument = {
      ...before.document,
      panels: before.document.panels.map((p) => ({
        ...p,
        layers: p.layers.map((l) => (l.id === first?.layer.id && l.kind === 'text' ? { ...l, text: 'Aura Matcha' } : l)),
      })),
    };
    const named = await owner.client.post<{ id: string; version: number }>(editorCalls.versionCreate.path, { project_id: editorProject, name: 'As designed' });
    expect(named.code, named.msg).toBe(0);
    expect(named.data?.version).toBe(1);

    const saved = await owner.client.put<{ version: number }>(editorCalls.documentSave.path, { project_id: editorProject, document: edited, version: 1 });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data?.version).toBe(2);
    const after = await documentOf(owner.client, editorProject);
    expect(after.version).toBe(2);
    expect(textLayers(after.document).find((e) => e.layer.id === first?.layer.id)?.layer).toMatchObject({ text: 'Aura Matcha' });

    // A second tab still on version 1.
    const stale = await owner.client.put(editorCalls.documentSave.path, { project_id: editorProject, document: before.document, version: 1 });
    expect(stale).toMatchObject({ code: Code.BAD_REQUEST, msg: EDITOR_STALE_MESSAGE });
    // Two saves from the same version at once: exactly one wins.
    const race = await Promise.all(
      [1, 2].map(() => owner.client.put(editorCalls.documentSave.path, { project_id: editorProject, document: edited, version: 2 })),
    );
    expect(race.map((r) => r.code).sort()).toEqual([0, Code.BAD_REQUEST]);

    const list = await owner.client.get<{ list: { id: string; name: string }[] }>(editorCalls.versionList.path, { project_id: editorProject });
    expect(list.data?.list.map((v) => v.name)).toEqual(['As designed']);
    const restored = await owner.client.post<EditorDocumentRecord>(editorCalls.versionRestore.path, { project_id: editorProject, version_id: named.data?.id });
    expect(restored.code, restored.msg).toBe(0);
    expect(restored.data?.version).toBe(4);
    expect(textLayers(restored.data?.document ?? before.document).find((e) => e.layer.id === first?.layer.id)?.layer).toEqual(first?.layer);
  });

  it('refuses an invalid document with the field named', async () => {
    const r = await owner.client.put(editorCalls.documentSave.path, { project_id: editorProject, document: { version: 2, box: {} }, version: 4 });
    expect(r.code).toBe(Code.BAD_REQUEST);
  });
});

describe('exports', () => {
  it('a print-ready PDF is Business: a free user gets 403 before any record, a watermarked preview otherwise', async () => {
    const refused = await owner.client.post(editorCalls.exportFile.path, { project_id: editorProject, format: 'pdf' });
    expect(refused).toMatchObject({ code: Code.FORBIDDEN, msg: 'Please upgrade to a business membership.' });
    const preview = await exported(owner.client, { project_id: editorProject, format: 'pdf', watermark: true });
    expect(preview).toMatchObject({ format: 'pdf', watermarked: true });
    const back = await readPrintPdf(new Uint8Array(await fileBytes(preview.imageUrls[0] ?? '')));
    expect(back.pageCount).toBe(1);
  });

  it('a Business member gets the print file: page in mm, CutContour and Crease separations, fonts embedded', async () => {
    const design = await seededDesign(business, 4321);
    // The brief's logo: the document's logo layer names the file (its bytes are inlined at export).
    const uploaded = await uploadFile(business.client, await makePng(1024, 1024));
    expect(uploaded.code, uploaded.msg).toBe(0);
    const logo = uploaded.data?.url ?? '';
    expect((await business.client.put('/api/project', { project_id: design, data: { logo } })).code).toBe(0);
    const opened = await business.client.post<{ editor_project_id: string; free_use: boolean }>(accessCalls.editorOpen.path, { project_id: design });
    expect(opened.data?.free_use).toBe(false);
    const id = opened.data?.editor_project_id ?? '';
    const record = await documentOf(business.client, id);
    const logos = record.document.panels.flatMap((p) => p.layers).filter((l) => l.kind === 'logo');
    expect(logos.length).toBeGreaterThan(0);
    expect(logos.every((l) => l.kind === 'logo' && l.source.type === 'image' && l.source.url === logo)).toBe(true);
    const result = await exported(business.client, { project_id: id, format: 'pdf' });
    expect(result.watermarked).toBe(false);
    const bytes = await fileBytes(result.imageUrls[0] ?? '');
    expect(result.bytes).toBe(bytes.length);
    const back = await readPrintPdf(new Uint8Array(bytes));
    const { width, height } = record.document.dieline.size;
    // Trim + 3 mm bleed + 12 mm slug on every side.
    expect(back.media[2] - back.media[0]).toBeCloseTo(width + 30, 1);
    expect(back.media[3] - back.media[1]).toBeCloseTo(height + 30, 1);
    expect(result.width_mm).toBeCloseTo(width + 30, 1);
    const inks = [...back.colourSpaces.values()].map((c) => c.ink).filter(Boolean);
    expect(inks).toEqual(expect.arrayContaining(['CutContour', 'Crease']));
    expect(back.fonts.length).toBeGreaterThan(0);
    expect(back.fonts.every((f) => f.embedded !== null)).toBe(true);
    // The cut and crease are strokes only in their own layers and spot inks.
    const spotStrokes = back.strokes.filter((s) => s.layers.includes('CutContour') || s.layers.includes('Crease'));
    expect(spotStrokes.length).toBeGreaterThan(0);
  }, 30_000);

  it('svg of the sheet with its dieline, png of the sheet and of one panel at 300 dpi', async () => {
    const svg = await exported(owner.client, { project_id: editorProject, format: 'svg' });
    const text = (await fileBytes(svg.imageUrls[0] ?? '')).toString('utf8');
    expect(text.startsWith('<svg')).toBe(true);
    expect(text).toContain('Aura');

    const record = await documentOf(owner.client, editorProject);
    const panel = record.document.dieline.panels.find((p) => p.role === 'front') ?? record.document.dieline.panels[0];
    const png = await exported(owner.client, { project_id: editorProject, format: 'png', panel_id: panel?.id });
    const bytes = await fileBytes(png.imageUrls[0] ?? '');
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    // 300 dpi over the panel plus its bleed.
    const widthPx = bytes.readUInt32BE(16);
    expect(widthPx).toBe(Math.round((((panel?.width ?? 0) + 2 * record.document.dieline.bleed_mm) / 25.4) * 300));
    expect(png.panel_id).toBe(panel?.id);
    const sheet = await exported(owner.client, { project_id: editorProject, format: 'png' });
    const sheetBytes = await fileBytes(sheet.imageUrls[0] ?? '');
    expect(sheetBytes.readUInt32BE(16)).toBe(Math.round(((record.document.dieline.size.width + 2 * record.document.dieline.bleed_mm) / 25.4) * 300));
    expect(sheet.panel_id).toBeUndefined();
    const bad = await owner.client.post(editorCalls.exportFile.path, { project_id: editorProject, format: 'png', panel_id: 'nope' });
    expect(bad.code).toBe(Code.BAD_REQUEST);
  }, 30_000);
});

describe('redesign one panel', () => {
  it("answers that panel's new layers on the document's dieline", async () => {
    const record = await documentOf(owner.client, editorProject);
    const panel = record.document.dieline.panels.find((p) => p.role === 'front') ?? record.document.dieline.panels[0];
    const r = await owner.client.post<{ panel_id: string; layers: { kind: string }[] }>(editorCalls.redesignPanel.path, {
      project_id: editorProject,
      panel_id: panel?.id,
      prompt: 'bolder, more playful',
    });
    expect(r.code, r.msg).toBe(0);
    expect(r.data?.panel_id).toBe(panel?.id);
    expect(r.data?.layers.length).toBeGreaterThan(0);
  });
});

describe('the plan, after the membership ends', () => {
  it('a document made while paid is refused once the membership ends, and project data cannot make it the free one', async () => {
    const lapsing = await registeredUser(server);
    const users = createUserRepo(server.built.database.db);
    await users.update(lapsing.id, { vipType: 'pro_month', vipExpireTime: new Date(Date.now() + 86_400_000) });
    const opened = await lapsing.client.post<{ editor_project_id: string; free_use: boolean }>(accessCalls.editorOpen.path, {
      project_id: await seededDesign(lapsing),
    });
    expect(opened.data?.free_use).toBe(false);
    const id = opened.data?.editor_project_id ?? '';
    expect((await lapsing.client.get(editorCalls.documentGet.path, { project_id: id })).code).toBe(0);
    await users.update(lapsing.id, { vipType: 'normal', vipExpireTime: null });
    expect(await lapsing.client.get(editorCalls.documentGet.path, { project_id: id })).toMatchObject({ code: Code.FORBIDDEN, msg: GATE_MESSAGES.activate });
    // The owner may write project data; the free document's mark is not there.
    expect((await lapsing.client.put('/api/project', { project_id: id, data: { data: { free_use: true } } })).code).toBe(0);
    expect((await lapsing.client.get(editorCalls.documentGet.path, { project_id: id })).code).toBe(Code.FORBIDDEN);
    expect((await lapsing.client.post(accessCalls.editorOpen.path, { project_id: id })).code).toBe(Code.FORBIDDEN);
  });
});

describe("another user's editor project", () => {
  it('is 403 for every call', async () => {
    const c = other.client;
    const doc = await documentOf(owner.client, editorProject);
    const calls = [
      c.get(editorCalls.documentGet.path, { project_id: editorProject }),
      c.put(editorCalls.documentSave.path, { project_id: editorProject, document: doc.document, version: doc.version }),
      c.get(editorCalls.versionList.path, { project_id: editorProject }),
      c.post(editorCalls.versionCreate.path, { project_id: editorProject, name: 'mine now' }),
      c.post(editorCalls.exportFile.path, { project_id: editorProject, format: 'svg' }),
      c.post(editorCalls.redesignPanel.path, { project_id: editorProject, panel_id: 'front' }),
      c.post(accessCalls.editorOpen.path, { project_id: editorProject }),
    ];
    for (const r of await Promise.all(calls)) expect(r.code).toBe(Code.FORBIDDEN);
    // And nothing changed.
    expect((await documentOf(owner.client, editorProject)).version).toBe(doc.version);
  });
});
