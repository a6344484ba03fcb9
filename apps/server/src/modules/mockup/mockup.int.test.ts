import sharp, { type Metadata } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOCKUP_CATEGORIES, type MockupTemplate, type MockupTemplateInfo } from '@packsmith/contracts';
import { MOCKUP_TEMPLATES } from '@packsmith/mockup';
import { files, mockupTemplates } from '../../db/schema.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { filesOnDisk } from '../../../test/uploads.js';
import { createRepositories } from '../../repositories.js';
import { createMockupTemplates, mockupSeedPlan } from './mockup-templates.service.js';
import { localMockupRenderer, type MockupRenderer } from './mockup-render.js';

/*
 * The mockup template library as served: the server seeds three templates (the first of three
 * categories) at 128 px with the real engine in its worker thread, then the three calls read them.
 */

const SIZE = 128;
const SEEDED = mockupSeedPlan(MOCKUP_TEMPLATES, 3);

type Envelope<T> = { code: number; msg: string; data: T };
type TemplateList = { list: MockupTemplate[]; total: number };

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ MOCKUP_TEMPLATES_SEED: '3', MOCKUP_TEMPLATE_SIZE: String(SIZE) });
  // The same promise the server started after listening.
  const report = await server.built.services.mockupTemplates.startSeeding();
  expect(report).toEqual({ created: 3, existing: 0, lostRaces: 0, failed: 0 });
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function call<T>(path: string, query: Record<string, unknown> = {}): Promise<Envelope<T>> {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return (await (await fetch(`${server.url}${path}?${q}`)).json()) as Envelope<T>;
}

async function get<T>(path: string, query: Record<string, unknown> = {}): Promise<T> {
  const r = await call<T>(path, query);
  expect(r.code, r.msg).toBe(0);
  return r.data;
}

async function image(url: string): Promise<Metadata> {
  const res = await fetch(server.url + url);
  expect(res.status, url).toBe(200);
  return sharp(Buffer.from(await res.arrayBuffer())).metadata();
}

describe('mockup templates: seeding', () => {
  it('seeds the first template of each category first, storing five public files each', async () => {
    expect(SEEDED.map((t) => t.category)).toEqual(['Boxes', 'Bottles & Jugs', 'Food Packaging']);
    const rows = await server.built.database.db.select().from(mockupTemplates);
    expect(rows.map((r) => r.id).sort()).toEqual(SEEDED.map((t) => t.id).sort());
    const fileRows = (await server.built.database.db.select().from(files)).filter((r) => r.key.startsWith('u/_mockups/'));
    expect(fileRows).toHaveLength(5 * 3);
    expect(fileRows.every((r) => r.isPublic && r.userId === null)).toBe(true);
    expect(filesOnDisk(server).filter((f) => f.startsWith('u/_mockups/'))).toHaveLength(5 * 3);
  });

  it('a restart renders nothing already stored; two processes racing store a template once and leave no orphan file', async () => {
    const repos = createRepositories(server.built.database.db);
    const seeder = (renderer: MockupRenderer, seedCount: number) =>
      createMockupTemplates({
        repo: repos.mockupTemplates,
        fileRepo: repos.files,
        storage: server.built.services.storage,
        renderer,
        seedCount,
        size: SIZE,
        log: server.built.log,
      });
    let renders = 0;
    const slow: MockupRenderer = {
      async render(id, size) {
        renders += 1;
        const rendered = await localMockupRenderer.render(id, size);
        await new Promise((r) => setTimeout(r, 20));
        return rendered;
      },
    };
    expect(await seeder(slow, 3).startSeeding()).toEqual({ created: 0, existing: 3, lostRaces: 0, failed: 0 });
    expect(renders).toBe(0);

    // The fourth of the plan (Pouches) is new: both render it, one stores it.
    const [a, b] = await Promise.all([seeder(slow, 4).startSeeding(), seeder(slow, 4).startSeeding()]);
    expect(a.created + b.created).toBe(1);
    expect(a.created + a.lostRaces + b.created + b.lostRaces).toBe(renders);
    expect(await server.built.database.db.select().from(mockupTemplates)).toHaveLength(4);
    expect(filesOnDisk(server).filter((f) => f.startsWith('u/_mockups/'))).toHaveLength(5 * 4);
    const fileRows = (await server.built.database.db.select().from(files)).filter((r) => r.key.startsWith('u/_mockups/'));
    expect(fileRows).toHaveLength(5 * 4);
  });
});

describe('mockup templates: calls', () => {
  it('cate/list names the eight categories in order, counting what is stored', async () => {
    const cates = await get<{ name: string; count: number }[]>('/api/mockup/template/cate/list');
    expect(cates.map((c) => c.name)).toEqual(MOCKUP_CATEGORIES.map((c) => c.name));
    expect(cates.map((c) => c.count)).toEqual([1, 1, 1, 1, 0, 0, 0, 0]);
  });

  it('list pages, filters by category and searches name and keywords in any case', async () => {
    const all = await get<TemplateList>('/api/mockup/template/list', { page_size: 100 });
    expect(all.total).toBe(4);
    // Library order (the seeding test stored the first Pouches template as well).
    const stored = mockupSeedPlan(MOCKUP_TEMPLATES, 4);
    const order = MOCKUP_TEMPLATES.map((t) => t.id).filter((id) => stored.some((s) => s.id === id));
    expect(all.list.map((t) => t.id)).toEqual(order);
    for (const t of all.list) {
      const spec = stored.find((s) => s.id === t.id);
      expect(t).toMatchObject({ name: spec?.name, category: spec?.category, material: spec?.material, width: SIZE, height: SIZE });
      expect(t.thumbnail_url).toMatch(/^\/files\/u\/_mockups\//);
    }
    const page2 = await get<TemplateList>('/api/mockup/template/list', { page_index: 2, page_size: 3 });
    expect(page2).toEqual({ list: [all.list[3]], total: 4 });

    const bottles = await get<TemplateList>('/api/mockup/template/list', { category: 'Bottles & Jugs' });
    expect(bottles.list.map((t) => t.id)).toEqual([SEEDED[1]?.id]);
    expect((await get<TemplateList>('/api/mockup/template/list', { category: 'Tubes' })).total).toBe(0);

    const food = SEEDED[2];
    const keyword = (food?.keywords[0] ?? '').toUpperCase();
    const byKeyword = await get<TemplateList>('/api/mockup/template/list', { keyword });
    expect(byKeyword.list.map((t) => t.id)).toContain(food?.id);
    const nameWord = (SEEDED[0]?.name.split(/[\s,]+/)[0] ?? '').toLowerCase();
    const byName = await get<TemplateList>('/api/mockup/template/list', { keyword: ` ${nameWord} `, category: 'Boxes' });
    expect(byName.list.map((t) => t.id)).toEqual([SEEDED[0]?.id]);
    expect(await get<TemplateList>('/api/mockup/template/list', { keyword: 'no such pack zzz' })).toEqual({ list: [], total: 0 });
  });

  it('info answers the scene, maps and design area, every url a decodable image of the right size', async () => {
    const id = SEEDED[1]?.id ?? '';
    const info = await get<MockupTemplateInfo>('/api/mockup/template/info', { id });
    expect(info).toMatchObject({ id, category: 'Bottles & Jugs', material: SEEDED[1]?.material, width: SIZE, height: SIZE });
    expect(info.uv_data.surfaces.length).toBeGreaterThan(0);
    expect(info.default_design_area).toEqual(info.uv_data.surfaces[0]?.design_area);
    expect(info.default_design_area.width).toBeGreaterThan(0);
    expect(info.uv_data).toMatchObject({ width: SIZE, height: SIZE, surface_url: info.surface_url });

    expect(await image(info.scene_url)).toMatchObject({ format: 'jpeg', width: SIZE, height: SIZE });
    expect(await image(info.thumbnail_url)).toMatchObject({ format: 'jpeg' });
    expect(await image(info.surface_url)).toMatchObject({ format: 'png', width: SIZE, height: SIZE, channels: 1 });
    expect(await image(info.uv_data.url)).toMatchObject({ format: 'png', width: SIZE, height: SIZE, depth: 'ushort' });
    expect(await image(info.lumin_url)).toMatchObject({ format: 'png', width: SIZE, height: SIZE, depth: 'ushort' });
  });

  it('an unknown id, or one not rendered yet, answers the not-found code with a clear message', async () => {
    const unknown = await call('/api/mockup/template/info', { id: 'no-such-template' });
    expect(unknown).toMatchObject({ code: 404, data: null });
    expect(unknown.msg).toMatch(/no-such-template/);
    const later = mockupSeedPlan(MOCKUP_TEMPLATES, 5)[4];
    const pending = await call('/api/mockup/template/info', { id: later?.id ?? '' });
    expect(pending.code).toBe(404);
    expect(pending.msg).toMatch(/still being prepared/);
  });

  it('refuses bad paging, an unknown category and a missing id with a message naming the field', async () => {
    for (const [query, field] of [
      [{ page_size: 0 }, 'page_size'],
      [{ page_size: 101 }, 'page_size'],
      [{ page_index: 'abc' }, 'page_index'],
      [{ page_index: 0 }, 'page_index'],
      [{ category: 'Spaceships' }, 'category'],
    ] as const) {
      const r = await call('/api/mockup/template/list', query);
      expect(r.code, JSON.stringify(query)).toBe(400);
      expect(r.msg).toMatch(new RegExp(field));
    }
    const noId = await call('/api/mockup/template/info');
    expect(noId.code).toBe(400);
    expect(noId.msg).toMatch(/id/);
  });
});
