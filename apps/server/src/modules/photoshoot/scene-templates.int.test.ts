import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCENE_FAMILIES, type SceneCategory, type SceneFamily, type SceneTemplate } from '@packsmith/contracts';
import { sceneTemplates, files } from '../../db/schema.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { filesOnDisk } from '../../../test/uploads.js';
import { createRepositories } from '../../repositories.js';
import type { SceneEngine } from './scene-adapter.js';
import { createSceneTemplates } from './scene-templates.service.js';

/*
 * Seeding and listing of the scene gallery. The scenes come from a small stand-in generator (solid
 * colours, 256 px), because what is tested here is the seeding itself: idempotent, safe when
 * processes race, tolerant of a family that fails. photoshoot.int.test.ts seeds with the real engine.
 */

const COLOURS: Record<SceneFamily, [string, string, SceneCategory]> = {
  studio_sweep: ['#f4f4f2', 'white', 'studio'],
  podium: ['#e8d9c4', 'beige', 'studio'],
  gradient: ['#3355cc', 'blue', 'studio'],
  marble: ['#eeeeee', 'white', 'surface'],
  terrazzo: ['#d9d2c9', 'beige', 'surface'],
  wood: ['#8a5a33', 'brown', 'surface'],
  linen: ['#e9e2d6', 'beige', 'surface'],
  concrete: ['#9a9a9a', 'grey', 'surface'],
  botanical_shadow: ['#4f7f4a', 'green', 'nature'],
  water_ripple: ['#3aa0b0', 'teal', 'nature'],
  sand: ['#d8c08f', 'beige', 'nature'],
  seasonal: ['#b03030', 'red', 'seasonal'],
};

function standIn(opts: { delayMs?: number; failing?: Set<SceneFamily> } = {}): SceneEngine & { renders: number } {
  const engine = {
    renders: 0,
    async render({ family, size }: { family: SceneFamily; seed: number; size: number }) {
      engine.renders += 1;
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      if (opts.failing?.has(family)) throw new Error(`no ${family} today (on purpose)`);
      const [hex, tag, category] = COLOURS[family];
      const png = await sharp({ create: { width: size, height: Math.round(size * 0.75), channels: 3, background: hex } })
        .png()
        .toBuffer();
      const variant = family === 'marble' ? 'nero' : '';
      return {
        png,
        category,
        variant,
        width: size,
        height: Math.round(size * 0.75),
        light: { azimuth: 60, elevation: 45, hardness: 0.5 },
        floorY: 0.78,
        colors: [hex],
        colorTags: [tag],
      };
    },
    async scorer(productColors: readonly string[]) {
      const first = productColors[0] ?? '#000000';
      // Closer first colours score higher.
      const dist = (a: string, b: string) => [1, 3, 5].reduce((s, i) => s + Math.abs(parseInt(a.slice(i, i + 2), 16) - parseInt(b.slice(i, i + 2), 16)), 0);
      return (scene: { colors: readonly string[] }) => -dist(first, scene.colors[0] ?? '#000000');
    },
  };
  return engine;
}

type TemplateList = { list: SceneTemplate[]; total: number };
type PublicList = TemplateList & { categories: string[]; colors: string[] };

let server: TestServer;
const engine = standIn();

beforeAll(async () => {
  server = await startTestServer({ PHOTOSHOOT_TEMPLATES_PER_FAMILY: '1', PHOTOSHOOT_TEMPLATE_SIZE: '256' }, undefined, { sceneEngine: engine });
});
afterAll(async () => {
  await server?.close();
});

async function get<T>(path: string, query: Record<string, unknown> = {}): Promise<T> {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const r = (await (await fetch(`${server.url}${path}?${q}`)).json()) as { code: number; msg: string; data: T };
  expect(r.code, r.msg).toBe(0);
  return r.data;
}

const sceneFiles = () => filesOnDisk(server).filter((f) => f.startsWith('u/_scenes/'));

function seeder(perFamily: number, scenes: SceneEngine) {
  const { built } = server;
  const repos = createRepositories(built.database.db);
  return createSceneTemplates({
    repo: repos.sceneTemplates,
    fileRepo: repos.files,
    storage: built.services.storage,
    scenes,
    perFamily,
    size: 256,
    log: built.log,
  });
}

describe('scene templates: seeding', () => {
  it('the server seeds one scene per family after it listens, in gallery order, with stored images and thumbnails', async () => {
    const report = await server.built.services.sceneTemplates.startSeeding();
    expect(report.failed).toBe(0);
    const all = await get<PublicList>('/api/photoshoot/public/list', { page_size: 100 });
    expect(all.total).toBe(SCENE_FAMILIES.length);
    expect(all.list.map((t) => t.family)).toEqual([...SCENE_FAMILIES]);
    expect(all.categories).toEqual(['studio', 'surface', 'nature', 'seasonal']);
    expect(all.colors[0]).toBe('beige'); // the most common tag first
    const first = all.list[0] as SceneTemplate;
    expect(first).toMatchObject({ name: 'Studio sweep 1', category: 'studio', width: 256, height: 192, floor_y: 0.78, color_tags: ['white'] });
    expect(all.list.find((t) => t.family === 'marble')?.name).toBe('Marble 1 · nero');
    const image = Buffer.from(await (await fetch(server.url + first.image_url)).arrayBuffer());
    expect(await sharp(image).metadata()).toMatchObject({ format: 'png', width: 256, height: 192 });
    const thumb = Buffer.from(await (await fetch(server.url + first.thumbnail_url)).arrayBuffer());
    expect(await sharp(thumb).metadata()).toMatchObject({ format: 'jpeg', width: 256 });
    // Public files with no owner: every user may use them.
    const rows = await server.built.database.db.select().from(files);
    const sceneRows = rows.filter((r) => r.key.startsWith('u/_scenes/'));
    expect(sceneRows).toHaveLength(2 * SCENE_FAMILIES.length);
    expect(sceneRows.every((r) => r.isPublic && r.userId === null)).toBe(true);
    expect(sceneFiles()).toHaveLength(2 * SCENE_FAMILIES.length);
  });

  it('two processes seeding at once store each scene once and leave no orphan file; a restart renders nothing', async () => {
    const slow = standIn({ delayMs: 20 });
    const [a, b] = await Promise.all([seeder(3, slow).startSeeding(), seeder(3, slow).startSeeding()]);
    const added = 2 * SCENE_FAMILIES.length;
    expect(a.created + b.created).toBe(added);
    expect(a.existing).toBe(SCENE_FAMILIES.length);
    expect(a.created + a.lostRaces + b.created + b.lostRaces).toBe(slow.renders);
    const rows = await server.built.database.db.select().from(sceneTemplates);
    expect(rows).toHaveLength(3 * SCENE_FAMILIES.length);
    expect(new Set(rows.map((r) => `${r.family}:${r.seed}`)).size).toBe(rows.length);
    expect(sceneFiles()).toHaveLength(2 * rows.length);

    const again = standIn();
    expect(await seeder(3, again).startSeeding()).toEqual({ created: 0, existing: 3 * SCENE_FAMILIES.length, lostRaces: 0, failed: 0 });
    expect(again.renders).toBe(0);
  });

  it('a family that fails is skipped without stopping the others, and the next start fills it in', async () => {
    const failing = standIn({ failing: new Set<SceneFamily>(['sand']) });
    const report = await seeder(4, failing).startSeeding();
    expect(report).toMatchObject({ created: SCENE_FAMILIES.length - 1, failed: 1 });
    expect((await get<PublicList>('/api/photoshoot/public/list', { family: 'sand' })).total).toBe(3);
    expect(await seeder(4, standIn()).startSeeding()).toMatchObject({ created: 1, failed: 0 });
    expect((await get<PublicList>('/api/photoshoot/public/list', { family: 'sand' })).total).toBe(4);
    expect(sceneFiles()).toHaveLength(2 * 4 * SCENE_FAMILIES.length);
  });
});

describe('scene templates: lists', () => {
  it('the landing shows the first scene of 8 families, without a session', async () => {
    const landing = await get<TemplateList>('/api/photoshoot/landing/template/list');
    expect(landing.total).toBe(8);
    expect(landing.list.map((t) => t.family)).toEqual(SCENE_FAMILIES.slice(0, 8));
    expect(landing.list.every((t) => / 1( · .+)?$/.test(t.name))).toBe(true);
  });

  it('public/list filters by category, colour and family and pages', async () => {
    const studio = await get<PublicList>('/api/photoshoot/public/list', { category: 'studio', page_size: 100 });
    expect(studio.total).toBe(3 * 4);
    expect(new Set(studio.list.map((t) => t.family))).toEqual(new Set(['studio_sweep', 'podium', 'gradient']));
    const beige = await get<PublicList>('/api/photoshoot/public/list', { color: 'Beige', page_size: 100 });
    expect(beige.total).toBe(4 * 4);
    expect(beige.list.every((t) => t.color_tags.includes('beige'))).toBe(true);
    const both = await get<PublicList>('/api/photoshoot/public/list', { category: 'surface', color: 'beige', page_size: 100 });
    expect(new Set(both.list.map((t) => t.family))).toEqual(new Set(['terrazzo', 'linen']));
    const page2 = await get<PublicList>('/api/photoshoot/public/list', { page_index: 2, page_size: 5 });
    const page1 = await get<PublicList>('/api/photoshoot/public/list', { page_index: 1, page_size: 10 });
    expect(page2.list.map((t) => t.id)).toEqual(page1.list.slice(5, 10).map((t) => t.id));
    expect(page2.total).toBe(4 * SCENE_FAMILIES.length);
    const none = await get<PublicList>('/api/photoshoot/public/list', { family: 'wood', color: 'blue' });
    expect(none).toMatchObject({ list: [], total: 0 });
  });

  it('refuses an unknown category or family with a message naming the field', async () => {
    const r = (await (await fetch(`${server.url}/api/photoshoot/public/list?category=space`)).json()) as { code: number; msg: string };
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(/category/);
  });
});
