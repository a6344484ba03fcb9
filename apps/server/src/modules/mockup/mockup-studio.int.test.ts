import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MOCKUP_FREE_SNAPSHOTS_PER_DAY,
  MOCKUP_RESULT_COST,
  Msg,
  type ChatMessage,
  type CompositeMaterial,
  type DesignFaces,
  type GenerateRecord,
  type MockupMaterial,
  type MockupTemplate,
  type MockupTemplateInfo,
  type Project,
} from '@packsmith/contracts';
import { CUSTOM_TEMPLATE_MESSAGES, MOCKUP_TEMPLATES, applyDesign, decodeTemplateMaps } from '@packsmith/mockup';
import { chatMessages, creditLedger, generateRecords, mockupTemplates, projects } from '../../db/schema.js';
import { TestClient, newGuest } from '../../../test/client.js';
import { registeredUser } from '../../../test/accounts.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { makeJpeg, makePng } from '../../../test/images.js';
import { TestSocket } from '../../../test/socket.js';
import { fileRows, filesOnDisk, uploadFile } from '../../../test/uploads.js';
// The mockup package's synthetic photos of blank packs in known perspective (test-only import of its sources).
import { boxPhoto, cylinderPhoto, paint } from '../../../../../packages/mockup/src/custom/test-photos.js';
import { MockupMsg } from './mockup.messages.js';
import { mockupSeedPlan } from './mockup-templates.service.js';

/*
 * The mockup studio over real HTTP and socket.io with the real engines: two library templates (a
 * tuck-end box, a wine bottle) seeded at 128 px, designs applied through their maps, custom templates
 * cut out by ISNet from generated photos, materials, compositions, 3D snapshots and the link calls.
 */

const SIZE = 128;
const [BOX, BOTTLE] = mockupSeedPlan(MOCKUP_TEMPLATES, 2);
const JOB_MS = 180_000;

type Answer = { messages: ChatMessage[]; record: GenerateRecord };
type TemplateList = { list: MockupTemplate[]; total: number };
type Snapshot = { image_url: string; result_list: string[][]; snapshots_left: number | null };

let server: TestServer;
const figures: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ MOCKUP_TEMPLATES_SEED: '2', MOCKUP_TEMPLATE_SIZE: String(SIZE) });
  const report = await server.built.services.mockupTemplates.startSeeding();
  expect(report.created).toBe(2);
}, 120_000);
afterAll(async () => {
  console.log(`[mockup studio] ${figures.join('; ')} (${server?.mode})`);
  await server?.close();
});

// --- helpers -------------------------------------------------------------------------------

async function me(client: TestClient): Promise<{ user_id: string; credit: number; mockup_service: { user_id: string | null } }> {
  const r = await client.get<{ user_id: string; credit: number; mockup_service: { user_id: string | null } }>('/api/user/me');
  if (!r.data) throw new Error(r.msg);
  return r.data;
}

async function newProject(client: TestClient, type = 'mockup'): Promise<string> {
  const r = await client.post<Project>('/api/project', { type });
  if (r.code !== 0 || !r.data) throw new Error(r.msg);
  return r.data.project_id;
}

async function project(client: TestClient, projectId: string): Promise<Project> {
  const r = await client.get<Project>('/api/project/info', { project_id: projectId });
  if (!r.data) throw new Error(r.msg);
  return r.data;
}

async function upload(client: TestClient, bytes: Buffer): Promise<string> {
  const r = await uploadFile(client, bytes);
  expect(r.code, r.msg).toBe(0);
  return r.data?.url ?? '';
}

async function fetchBytes(url: string): Promise<Buffer> {
  const res = await fetch(server.url + url);
  expect(res.status, url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function rgbOf(url: string): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(await fetchBytes(url))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function ledgerOf(uid: string, recordId: string) {
  const rows = await server.built.database.db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, uid), eq(creditLedger.refId, recordId)));
  return rows.map((r) => [r.reason, r.delta]);
}

/** What a refused call must leave untouched. */
async function stored(projectId: string) {
  const db = server.built.database.db;
  const [row] = await db.select().from(projects).where(eq(projects.id, projectId));
  return {
    disk: filesOnDisk(server).length,
    files: (await fileRows(server)).length,
    records: (await db.select().from(generateRecords).where(eq(generateRecords.projectId, projectId))).length,
    messages: (await db.select().from(chatMessages).where(eq(chatMessages.projectId, projectId))).length,
    templates: (await db.select().from(mockupTemplates)).length,
    resultList: row?.resultList,
  };
}

/** The outcome message of a record (one of `kinds`) and its generate:done. */
async function outcome(socket: TestSocket, recordId: string, kinds: string[], timeoutMs = JOB_MS) {
  const message = await socket.waitFor('chat:message', { timeoutMs, filter: (m) => kinds.includes(m.content.type) && m.data.record_id === recordId });
  const done = await socket.waitFor('generate:done', { timeoutMs: 30_000, filter: (p) => p.record_id === recordId });
  return { message, record: done.record };
}

/** A user with a mockup project whose room a socket has joined. */
async function studio(client?: TestClient): Promise<{ client: TestClient; projectId: string; socket: TestSocket; userId: string }> {
  const c = client ?? (await newGuest(server.url));
  const projectId = await newProject(c);
  const socket = await TestSocket.connect(server.url, c.token ?? '');
  expect(await socket.join(projectId)).toMatchObject({ code: 0 });
  return { client: c, projectId, socket, userId: (await me(c)).user_id };
}

/** A synthetic photo (RGB and its true mask) as an upload-ready PNG, with the mask as alpha when asked. */
async function photoPng(photo: { rgb: Uint8Array; mask: Uint8Array; width: number; height: number }, withAlpha = false): Promise<Buffer> {
  const { width, height } = photo;
  if (!withAlpha)
    return sharp(Buffer.from(photo.rgb), { raw: { width, height, channels: 3 } })
      .png()
      .toBuffer();
  const rgba = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    rgba[i * 4] = photo.rgb[i * 3] ?? 0;
    rgba[i * 4 + 1] = photo.rgb[i * 3 + 1] ?? 0;
    rgba[i * 4 + 2] = photo.rgb[i * 3 + 2] ?? 0;
    rgba[i * 4 + 3] = photo.mask[i] ?? 0;
  }
  return sharp(rgba, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
}

const boxShot = () => boxPhoto({ width: 1024, height: 1024, size: [160, 200, 90], distance: 700, focal: 1900, yaw: 0.5, pitch: 0.35, supersample: 2 }).photo;
const bottleShot = () => cylinderPhoto({ width: 1024, height: 1024, radius: 190, length: 400, tilt: 0.25, neck: true, centre: [512, 600] }).photo;

async function templateInfo(client: TestClient, id: string): Promise<MockupTemplateInfo> {
  const r = await client.get<MockupTemplateInfo>('/api/mockup/template/info', { id });
  expect(r.code, r.msg).toBe(0);
  return r.data;
}

/** Pixels of the render that differ from the empty scene, inside and outside the template's printable surfaces. */
async function changedPixels(resultUrl: string, info: MockupTemplateInfo): Promise<{ inside: number; outside: number; onSurface: number[] }> {
  const [out, scene, surf] = await Promise.all([
    rgbOf(resultUrl),
    rgbOf(info.scene_url),
    sharp(await fetchBytes(info.surface_url))
      .extractChannel(0)
      .raw()
      .toBuffer(),
  ]);
  let inside = 0;
  let outside = 0;
  const onSurface = info.uv_data.surfaces.map(() => 0);
  for (let i = 0; i < surf.length; i++) {
    const d =
      Math.abs((out.data[i * 3] ?? 0) - (scene.data[i * 3] ?? 0)) +
      Math.abs((out.data[i * 3 + 1] ?? 0) - (scene.data[i * 3 + 1] ?? 0)) +
      Math.abs((out.data[i * 3 + 2] ?? 0) - (scene.data[i * 3 + 2] ?? 0));
    const s = surf[i] ?? 0;
    if (d <= 24) continue;
    if (s === 0) outside++;
    else {
      inside++;
      onSurface[s - 1] = (onSurface[s - 1] ?? 0) + 1;
    }
  }
  return { inside, outside, onSurface };
}

// --- renders -----------------------------------------------------------------------------------

describe('mockup result: design → template → mockupGenerate', () => {
  let s: Awaited<ReturnType<typeof studio>>;
  let design: string;
  afterAll(() => s?.socket.close());
  beforeAll(async () => {
    s = await studio();
    design = await upload(s.client, await makePng(1024, 1024));
  });

  it('greets a mockup project as a mockup chat, even when the client sends no type', async () => {
    const hello = await s.client.post<{ messages: ChatMessage[] }>('/api/chat/hello', { project_id: s.projectId });
    expect(hello.code, hello.msg).toBe(0);
    expect(hello.data?.messages).toHaveLength(1);
    expect(hello.data?.messages[0]?.content.message).toMatch(/template/);
    expect(hello.data?.messages[0]?.content.message).toContain(`${MOCKUP_RESULT_COST} credits`);
  });

  it(
    'answers at once with the task message and the record; the render arrives on the socket, in result_list and data.imageUrls, for 2 credits',
    async () => {
      const started = Date.now();
      const r = await s.client.post<Answer>('/api/mockup/result', { project_id: s.projectId, mockup_template_id: BOX?.id, image_url: design });
      expect(r.code, r.msg).toBe(0);
      expect(Date.now() - started).toBeLessThan(3000);
      const record = r.data?.record;
      expect(record).toMatchObject({ kind: 'mockup_render', project_id: s.projectId, status: 'queued' });
      expect(r.data?.messages.map((m) => [m.content.type, m.data.record_id, m.data.task])).toEqual([['mockupHandle', record.id, 'render']]);
      expect(r.data?.messages[0]?.msg_id).toBe(`mtask_${record.id}`);

      const { message, record: done } = await outcome(s.socket, record.id, ['mockupGenerate', 'error']);
      figures.push(`render at ${SIZE} px (record wall time): ${Date.now() - started} ms`);
      expect(message.content.type, message.content.message).toBe('mockupGenerate');
      expect(message.data).toMatchObject({ record_id: record.id, template_id: BOX?.id });
      const urls = message.data.imageUrls ?? [];
      expect(urls).toHaveLength(1);
      expect(done).toMatchObject({ status: 'done', data: { imageUrls: urls, template_id: BOX?.id, msg_id: message.msg_id } });
      const polled = await s.client.get<GenerateRecord>('/api/generate/record', { id: record.id });
      expect(polled.data?.data).toEqual(done.data);

      const url = urls[0] ?? '';
      expect(await sharp(await fetchBytes(url)).metadata()).toMatchObject({ format: 'jpeg', width: SIZE, height: SIZE });
      const p = await project(s.client, s.projectId);
      expect(p.result_list).toEqual([[url]]);
      expect(p.data.imageUrls).toEqual([url]);
      expect((await me(s.client)).credit).toBe(100 - MOCKUP_RESULT_COST);
      expect(await ledgerOf(s.userId, record.id)).toEqual([['charge', -MOCKUP_RESULT_COST]]);

      // The design shows on the front surface only (an uploaded image goes on surface 0); the scene around is untouched.
      const info = await templateInfo(s.client, BOX?.id ?? '');
      const changed = await changedPixels(url, info);
      expect(info.uv_data.surfaces[0]?.role).toBe('front');
      expect(changed.onSurface[0]).toBeGreaterThan(50);
      expect(changed.inside - (changed.onSurface[0] ?? 0)).toBeLessThan(changed.inside * 0.1);
      expect(changed.outside).toBeLessThan(changed.inside * 0.1);
    },
    JOB_MS,
  );

  it(
    'takes a crop, a placement, a material and images for other surfaces; the next render is a list of its own',
    async () => {
      const second = await upload(s.client, await makeJpeg(1600, 1200));
      const info = await templateInfo(s.client, BOX?.id ?? '');
      const right = info.uv_data.surfaces.findIndex((x) => x.role === 'right');
      const r = await s.client.post<Answer>('/api/mockup/result', {
        project_id: s.projectId,
        mockup_template_id: BOX?.id,
        image_url: design,
        default_design_area: { x: 100, y: 100, width: 600, height: 800 },
        placement: { scale: 0.7, offset_x: 0.1, rotation: 10 },
        material: 'KRAFT',
        item_list: [{ surface: right, image_url: second, default_design_area: { x: 0, y: 0, width: 1600, height: 1200 }, placement: { scale: 1.2 } }],
      });
      expect(r.code, r.msg).toBe(0);
      const { message } = await outcome(s.socket, r.data?.record.id ?? '', ['mockupGenerate', 'error']);
      expect(message.content.type, message.content.message).toBe('mockupGenerate');
      const url = message.data.imageUrls?.[0] ?? '';
      const changed = await changedPixels(url, info);
      expect(changed.onSurface[0]).toBeGreaterThan(50);
      expect(changed.onSurface[right]).toBeGreaterThan(10);
      const p = await project(s.client, s.projectId);
      expect(p.result_list).toHaveLength(2);
      expect(p.result_list[1]).toEqual([url]);
      expect((await me(s.client)).credit).toBe(100 - 2 * MOCKUP_RESULT_COST);
    },
    JOB_MS,
  );

  it('refuses bad inputs in words, naming the field, and stores nothing', async () => {
    const svg = await server.built.services.files.saveGeneratedAsset(
      s.userId,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200"><rect width="100%" height="100%" fill="red"/></svg>'),
      'svg',
    );
    const before = await stored(s.projectId);
    const credit = (await me(s.client)).credit;
    const base = { project_id: s.projectId, mockup_template_id: BOX?.id, image_url: design };
    const cases: [Record<string, unknown>, number, RegExp][] = [
      [{ ...base, image_url: svg.url }, 400, /^image_url: Please upload an image file\.$/],
      [{ ...base, image_url: 'https://example.com/design.png' }, 400, /^image_url: /],
      [{ ...base, mockup_template_id: 'no-such-template' }, 404, /no-such-template/],
      [{ ...base, default_design_area: { x: 500, y: 0, width: 600, height: 100 } }, 400, /^default_design_area .*1024×1024 px/],
      [
        { ...base, item_list: [{ surface: 0, image_url: design, default_design_area: { x: 0, y: 1000, width: 10, height: 30 } }] },
        400,
        /^item_list\[0\]\.default_design_area .*1024×1024/,
      ],
      [{ ...base, item_list: [{ surface: 40, image_url: design }] }, 400, /^item_list\[0\]\.surface: this template has 6 surfaces/],
      [{ ...base, item_list: [{ surface: 1, image_url: svg.url }] }, 400, /^item_list\[0\]\.image_url: Please upload an image file/],
      [{ ...base, origin_image: 'javascript:alert(1)' }, 400, /^origin_image: /],
      [{ ...base, project_id: 'no-such-project' }, 404, /Project not found/],
    ];
    for (const [input, code, msg] of cases) {
      const r = await s.client.post('/api/mockup/result', input);
      expect(r.code, JSON.stringify(input)).toBe(code);
      expect(r.msg).toMatch(msg);
      expect(r.data).toBeNull();
    }
    const designProject = await newProject(s.client, 'design');
    const wrongType = await s.client.post('/api/mockup/result', { ...base, project_id: designProject });
    expect(wrongType).toMatchObject({ code: 400, msg: MockupMsg.notMockup });
    expect(await stored(s.projectId)).toEqual(before);
    expect((await me(s.client)).credit).toBe(credit);
  });

  it('out of credits: 450 before anything is stored', async () => {
    const poor = await studio();
    try {
      const img = await upload(poor.client, await makePng(1024, 1024));
      await server.built.services.credits.charge(poor.userId, 99, `drain-${poor.userId}`);
      const before = await stored(poor.projectId);
      const r = await poor.client.post('/api/mockup/result', { project_id: poor.projectId, mockup_template_id: BOX?.id, image_url: img });
      expect(r).toMatchObject({ code: 450, msg: Msg.notEnoughCredits, data: null });
      expect(await stored(poor.projectId)).toEqual(before);
      expect((await me(poor.client)).credit).toBe(1);
    } finally {
      poor.socket.close();
    }
  });

  it(
    'a render that fails posts an error message and returns the credits',
    async () => {
      // A custom template whose stored maps are gone: the job cannot decode it.
      await server.built.database.db.insert(mockupTemplates).values({
        id: `custom-broken-${s.userId}`,
        name: 'Broken',
        category: 'Boxes',
        material: 'WHITE_BOARD',
        sceneKey: `u/${s.userId}/2026/11/missing-scene-aaaaaaaaaaaa.jpg`,
        thumbnailKey: `u/${s.userId}/2026/11/missing-thumb-aaaaaaaaaaaa.jpg`,
        surfaceKey: `u/${s.userId}/2026/11/missing-surface-aaaaaaaaaa.png`,
        uvKey: `u/${s.userId}/2026/11/missing-uv-aaaaaaaaaaaaaaaa.png`,
        lightKey: `u/${s.userId}/2026/11/missing-light-aaaaaaaaaaaaa.png`,
        surfaces: [{ role: 'front', designArea: { width: 100, height: 100 } }],
        width: SIZE,
        height: SIZE,
        ownerUserId: s.userId,
      });
      const credit = (await me(s.client)).credit;
      const r = await s.client.post<Answer>('/api/mockup/result', {
        project_id: s.projectId,
        mockup_template_id: `custom-broken-${s.userId}`,
        image_url: design,
      });
      expect(r.code, r.msg).toBe(0);
      const id = r.data?.record.id ?? '';
      const { message, record } = await outcome(s.socket, id, ['mockupGenerate', 'error']);
      expect(message).toMatchObject({ msg_id: `merr_${id}`, content: { type: 'error', message: MockupMsg.templateGone } });
      expect(record).toMatchObject({ status: 'failed', error: MockupMsg.templateGone });
      expect((await me(s.client)).credit).toBe(credit);
      expect(await ledgerOf(s.userId, id)).toEqual([
        ['charge', -MOCKUP_RESULT_COST],
        ['refund', MOCKUP_RESULT_COST],
      ]);
    },
    JOB_MS,
  );

  it('another user gets 403 on the project, the record and the template made by this user, and 404 on unknown ones', async () => {
    const other = await newGuest(server.url);
    const theirDesign = await upload(other, await makePng(1024, 1024));
    const theirProject = await newProject(other);
    const onMine = await other.post('/api/mockup/result', { project_id: s.projectId, mockup_template_id: BOX?.id, image_url: theirDesign });
    expect(onMine).toMatchObject({ code: 403, data: null });
    const myImage = await other.post('/api/mockup/result', { project_id: theirProject, mockup_template_id: BOX?.id, image_url: design });
    expect(myImage).toMatchObject({ code: 403, data: null });
    expect(myImage.msg).toMatch(/^image_url: /);
    const myTemplate = await other.post('/api/mockup/result', {
      project_id: theirProject,
      mockup_template_id: `custom-broken-${s.userId}`,
      image_url: theirDesign,
    });
    expect(myTemplate).toMatchObject({ code: 403, msg: MockupMsg.templateNotYours, data: null });
    const [record] = await server.built.database.db.select().from(generateRecords).where(eq(generateRecords.projectId, s.projectId)).limit(1);
    expect(await other.get('/api/generate/record', { id: record?.id ?? '' })).toMatchObject({ code: 403, data: null });
    expect(await other.get('/api/project/info', { project_id: s.projectId })).toMatchObject({ code: 403, data: null });
    expect(await other.get('/api/mockup/template/info', { id: `custom-broken-${s.userId}` })).toMatchObject({ code: 403, data: null });
  });
});

// --- custom templates ------------------------------------------------------------------------------

describe('custom templates from a photo of a blank pack', () => {
  let s: Awaited<ReturnType<typeof studio>>;
  afterAll(() => s?.socket.close());
  beforeAll(async () => {
    s = await studio(await registeredUser(server).then((u) => u.client));
  });

  async function makeTemplate(png: Buffer): Promise<{ message: ChatMessage; record: GenerateRecord; started: Answer }> {
    const url = await upload(s.client, png);
    const r = await s.client.post<Answer>('/api/mockup/custom', { project_id: s.projectId, thumbnail_url: url });
    expect(r.code, r.msg).toBe(0);
    const started = r.data;
    expect(started.record).toMatchObject({ kind: 'mockup_custom', status: 'queued' });
    expect(started.messages.map((m) => [m.content.type, m.data.task])).toEqual([['mockupHandle', 'custom']]);
    const t0 = Date.now();
    const out = await outcome(s.socket, started.record.id, ['mockupCustom']);
    figures.push(`custom template (record wall time): ${Date.now() - t0} ms`);
    return { ...out, started };
  }

  it(
    'a box photo becomes a private Boxes template: listed to its owner, usable, free of credits',
    async () => {
      const credit = (await me(s.client)).credit;
      const { message, record } = await makeTemplate(await photoPng(boxShot()));
      expect(message.content.type).toBe('mockupCustom');
      expect(record.status, message.content.message).toBe('done');
      const id = message.data.template_id as string;
      expect(record.data).toEqual({ template_id: id, msg_id: `mcus_${record.id}` });
      expect((await me(s.client)).credit).toBe(credit);

      const mine = await s.client.get<TemplateList>('/api/mockup/template/list', { mine: 1 });
      expect(mine.data?.list.map((t) => [t.id, t.category, t.custom, t.box_ids])).toEqual([[id, 'Boxes', true, []]]);
      const all = await s.client.get<TemplateList>('/api/mockup/template/list', { page_size: 100 });
      const library = (await (await fetch(`${server.url}/api/mockup/template/list?page_size=100`)).json()) as { data: TemplateList };
      expect(library.data.list.map((t) => t.id).sort()).toEqual([BOX?.id, BOTTLE?.id].sort());
      // The library first, then the caller's own.
      expect(all.data?.list.map((t) => t.id)).toEqual([...library.data.list.map((t) => t.id), id]);
      const cates = await s.client.get<{ name: string; count: number }[]>('/api/mockup/template/cate/list');
      expect(cates.data?.find((c) => c.name === 'Boxes')?.count).toBe(2);

      const info = await templateInfo(s.client, id);
      expect(info).toMatchObject({ id, custom: true, category: 'Boxes', material: 'WHITE_BOARD', width: 1024, height: 1024 });
      expect(info.uv_data.surfaces).toHaveLength(1);
      expect(await sharp(await fetchBytes(info.scene_url)).metadata()).toMatchObject({ format: 'jpeg', width: 1024, height: 1024 });
      expect(await sharp(await fetchBytes(info.uv_data.url)).metadata()).toMatchObject({ format: 'png', depth: 'ushort' });
      // Its files are the owner's private files.
      const keys = [info.scene_url, info.thumbnail_url, info.surface_url, info.uv_data.url, info.lumin_url].map((u) => u.replace(/^\/files\//, ''));
      const rows = (await fileRows(server)).filter((f) => keys.includes(f.key));
      expect(rows).toHaveLength(5);
      expect(rows.every((f) => f.userId === s.userId && !f.isPublic)).toBe(true);

      // A design on it.
      const design = await upload(s.client, await makePng(1024, 1024));
      const r = await s.client.post<Answer>('/api/mockup/result', { project_id: s.projectId, mockup_template_id: id, image_url: design });
      expect(r.code, r.msg).toBe(0);
      const render = await outcome(s.socket, r.data?.record.id ?? '', ['mockupGenerate', 'error']);
      expect(render.message.content.type, render.message.content.message).toBe('mockupGenerate');
      const changed = await changedPixels(render.message.data.imageUrls?.[0] ?? '', info);
      expect(changed.inside).toBeGreaterThan(10_000);
      expect(changed.outside).toBeLessThan(changed.inside * 0.05);

      // Nobody else sees or uses it.
      const other = await newGuest(server.url);
      expect(await other.get('/api/mockup/template/info', { id })).toMatchObject({ code: 403, data: null });
      expect((await other.get<TemplateList>('/api/mockup/template/list', { page_size: 100 })).data?.list.map((t) => t.id)).not.toContain(id);
      expect(await other.get<TemplateList>('/api/mockup/template/list', { mine: 1 })).toMatchObject({ code: 0, data: { list: [], total: 0 } });
      const anonymous = await fetch(`${server.url}/api/mockup/template/list?mine=1`).then((x) => x.json());
      expect(anonymous).toMatchObject({ code: 0, data: { list: [], total: 0 } });
      const otherCates = await other.get<{ name: string; count: number }[]>('/api/mockup/template/cate/list');
      expect(otherCates.data?.find((c) => c.name === 'Boxes')?.count).toBe(1);
    },
    JOB_MS,
  );

  it(
    'a bottle photo becomes a Bottles & Jugs template with a label surface',
    async () => {
      const { message, record } = await makeTemplate(await photoPng(bottleShot()));
      expect(record.status, message.content.message).toBe('done');
      const info = await templateInfo(s.client, message.data.template_id as string);
      expect(info).toMatchObject({ category: 'Bottles & Jugs', custom: true });
      expect(info.uv_data.surfaces.map((x) => x.role)).toEqual(['label']);
    },
    JOB_MS,
  );

  it(
    'a cut-out PNG (transparent around the pack) is its own matte: no model run',
    async () => {
      const { message, record } = await makeTemplate(await photoPng(boxShot(), true));
      expect(record.status, message.content.message).toBe('done');
      expect((await templateInfo(s.client, message.data.template_id as string)).category).toBe('Boxes');
    },
    JOB_MS,
  );

  it(
    'a photo with no package gets a message a person understands, and no template',
    async () => {
      const before = (await server.built.database.db.select().from(mockupTemplates)).length;
      const empty = paint(1024, 1024, [], { background: [228, 226, 220], noise: 4 });
      const { message, record } = await makeTemplate(await photoPng(empty));
      expect(message.content.type).toBe('mockupCustom');
      expect(Object.values(CUSTOM_TEMPLATE_MESSAGES)).toContain(message.content.message);
      expect(message.data.template_id).toBeUndefined();
      expect(record).toMatchObject({ status: 'failed', error: message.content.message });
      expect((await server.built.database.db.select().from(mockupTemplates)).length).toBe(before);
    },
    JOB_MS,
  );

  it('refuses a photo under the upload rules, a foreign URL and someone else’s photo, storing nothing', async () => {
    const before = await stored(s.projectId);
    const small = await server.built.services.files.saveGenerated(s.userId, await makePng(600, 600));
    const after = await stored(s.projectId);
    const tooSmall = await s.client.post('/api/mockup/custom', { project_id: s.projectId, thumbnail_url: small.url });
    expect(tooSmall).toMatchObject({ code: 400, msg: `thumbnail_url: ${Msg.uploadMinSide}`, data: null });
    expect(await s.client.post('/api/mockup/custom', { project_id: s.projectId, thumbnail_url: 'https://example.com/x.jpg' })).toMatchObject({ code: 400 });
    const other = await newGuest(server.url);
    const theirs = await upload(other, await makePng(1024, 1024));
    expect(await s.client.post('/api/mockup/custom', { project_id: s.projectId, thumbnail_url: theirs })).toMatchObject({ code: 403, data: null });
    expect(await other.post('/api/mockup/custom', { project_id: s.projectId, thumbnail_url: theirs })).toMatchObject({ code: 403, data: null });
    expect(await stored(s.projectId)).toEqual({ ...after, files: after.files + 1, disk: after.disk + 1 });
    expect(after.records).toBe(before.records);
  });
});

// --- materials and compositions ------------------------------------------------------------------

describe('materials and saved compositions', () => {
  it('add (once per image), list newest first, delete; owner only', async () => {
    const a = await newGuest(server.url);
    const b = await newGuest(server.url);
    const logo = await upload(a, await makePng(1024, 1024));
    const art = await upload(a, await makeJpeg(1024, 1280));
    const first = await a.post<MockupMaterial>('/api/material', { material_url: logo });
    expect(first).toMatchObject({ code: 0, data: { material_url: logo } });
    const again = await a.post<MockupMaterial>('/api/material', { material_url: logo });
    expect(again.data?.id).toBe(first.data?.id);
    const second = await a.post<MockupMaterial>('/api/material', { material_url: art });
    const list = await a.get<MockupMaterial[]>('/api/material/list');
    expect(list.data?.map((m) => m.id)).toEqual([second.data?.id, first.data?.id]);
    expect(list.data?.[0]?.create_at).toBeGreaterThanOrEqual(list.data?.[1]?.create_at ?? 0);

    expect(await b.get<MockupMaterial[]>('/api/material/list')).toMatchObject({ code: 0, data: [] });
    expect(await b.post('/api/material', { material_url: logo })).toMatchObject({ code: 403, data: null });
    expect(await b.del('/api/material', { id: first.data?.id ?? '' })).toMatchObject({ code: 403, data: null });
    expect(await b.del('/api/material', { id: 'no-such-material' })).toMatchObject({ code: 404, data: null });
    expect(await a.post('/api/material', { material_url: 'https://example.com/logo.png' })).toMatchObject({ code: 400 });

    expect(await a.del('/api/material', { id: first.data?.id ?? '' })).toMatchObject({ code: 0, data: { id: first.data?.id } });
    expect((await a.get<MockupMaterial[]>('/api/material/list')).data?.map((m) => m.id)).toEqual([second.data?.id]);
    expect(await a.del('/api/material', { id: first.data?.id ?? '' })).toMatchObject({ code: 404 });
    // The image itself stays: results may show it.
    expect((await fetch(server.url + logo)).status).toBe(200);
  });

  it('compositions keep a preview and their settings, newest first, owner only', async () => {
    const a = await newGuest(server.url);
    const b = await newGuest(server.url);
    const preview = await upload(a, await makePng(1024, 1024));
    const one = await a.post<CompositeMaterial>('/api/composite/material', { preview_url: preview, data: { template: BOX?.id, layers: [{ x: 1 }] } });
    expect(one).toMatchObject({ code: 0, data: { preview_url: preview, data: { template: BOX?.id, layers: [{ x: 1 }] } } });
    const two = await a.post<CompositeMaterial>('/api/composite/material', { preview_url: preview, data: {} });
    expect((await a.get<CompositeMaterial[]>('/api/composite/material/list')).data?.map((c) => c.id)).toEqual([two.data?.id, one.data?.id]);
    expect(await b.get('/api/composite/material/list')).toMatchObject({ code: 0, data: [] });
    expect(await b.post('/api/composite/material', { preview_url: preview, data: {} })).toMatchObject({ code: 403, data: null });
  });
});

// --- 3D preview snapshots ------------------------------------------------------------------------

describe('3D preview snapshots', () => {
  it('a Free account stores 5 a day, then 450 saying the limit and that paid plans are unlimited; nothing stored past it', async () => {
    const s = await studio();
    s.socket.close();
    const shots = await Promise.all(Array.from({ length: MOCKUP_FREE_SNAPSHOTS_PER_DAY + 3 }, () => makePng(1280, 1024).then((b) => upload(s.client, b))));
    // All at once: the count is taken under a row lock, so exactly the limit pass.
    const answers = await Promise.all(shots.map((image_url) => s.client.post<Snapshot>('/api/mockup/snapshot', { project_id: s.projectId, image_url })));
    const ok = answers.filter((a) => a.code === 0);
    const refused = answers.filter((a) => a.code !== 0);
    expect(ok).toHaveLength(MOCKUP_FREE_SNAPSHOTS_PER_DAY);
    expect(ok.map((a) => a.data?.snapshots_left).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(refused.every((a) => a.code === 450 && a.data === null)).toBe(true);
    expect(refused[0]?.msg).toBe(MockupMsg.snapshotLimit);
    expect(refused[0]?.msg).toMatch(/5 .*a day.*Pro and Business.*unlimited/);
    const p = await project(s.client, s.projectId);
    expect(p.result_list).toHaveLength(MOCKUP_FREE_SNAPSHOTS_PER_DAY);
    expect(p.result_list.every((run) => run.length === 1 && shots.includes(run[0] ?? ''))).toBe(true);
  });

  it('Pro is unlimited (snapshots_left null); refusals name the field', async () => {
    const u = await registeredUser(server);
    await server.built.services.billing.planGrants.grantPlan({ userId: u.id, vipType: 'pro_month', days: null, source: 'admin', refId: randomUUID() });
    const projectId = await newProject(u.client);
    for (let i = 0; i < MOCKUP_FREE_SNAPSHOTS_PER_DAY + 2; i++) {
      const image_url = await upload(u.client, await makePng(1024, 1024));
      const r = await u.client.post<Snapshot>('/api/mockup/snapshot', { project_id: projectId, image_url });
      expect(r.code, r.msg).toBe(0);
      expect(r.data).toMatchObject({ image_url, snapshots_left: null });
      expect(r.data?.result_list).toHaveLength(i + 1);
    }
    const big = await server.built.services.files.saveGenerated(u.id, await makePng(2100, 1000));
    expect(await u.client.post('/api/mockup/snapshot', { project_id: projectId, image_url: big.url })).toMatchObject({
      code: 400,
      msg: MockupMsg.snapshotTooLarge(2100, 1000),
    });
    const library = (await u.client.get<TemplateList>('/api/mockup/template/list')).data?.list[0]?.thumbnail_url ?? '';
    expect(await u.client.post('/api/mockup/snapshot', { project_id: projectId, image_url: library })).toMatchObject({
      code: 400,
      msg: MockupMsg.snapshotNotYours,
    });
    const other = await newGuest(server.url);
    const theirs = await upload(other, await makePng(1024, 1024));
    expect(await u.client.post('/api/mockup/snapshot', { project_id: projectId, image_url: theirs })).toMatchObject({ code: 403, data: null });
    expect(await other.post('/api/mockup/snapshot', { project_id: projectId, image_url: theirs })).toMatchObject({ code: 403, data: null });
  });
});

// --- design faces and the mockup-service link ------------------------------------------------------

describe('a design-chat design on a template', () => {
  let s: Awaited<ReturnType<typeof studio>>;
  let packshot: string;
  let frontUrl: string;
  let designProject: string;
  afterAll(() => s?.socket.close());
  beforeAll(async () => {
    s = await studio();
    // A design of the template's own pack (box 101, a reverse tuck end) from the design chat.
    designProject = await newProject(s.client, 'design');
    expect(await s.socket.join(designProject)).toMatchObject({ code: 0 });
    const brief = { product: 'green tea', brand: 'Aura', box: ['reverse-tuck-end'], box_id: 101, style: ['minimalist'], color: ['green', 'cream'] };
    expect((await s.client.put('/api/project', { project_id: designProject, data: brief })).code).toBe(0);
    const started = await s.client.post<Answer>('/api/paint/imagine', { project_id: designProject });
    expect(started.code, started.msg).toBe(0);
    const t0 = Date.now();
    const { message, record } = await outcome(s.socket, started.data?.record?.id ?? '', ['answer', 'error']);
    figures.push(`design for the faces test: ${Date.now() - t0} ms`);
    expect(record.status, message.content.message).toBe('done');
    packshot = message.data.imageUrls?.[0] ?? '';
    const metas = (await project(s.client, designProject)).data.designs_meta as Record<
      string,
      { front_url: string; faces?: { rects: Record<string, unknown> } }
    >;
    frontUrl = metas[packshot]?.front_url ?? '';
    expect(Object.keys(metas[packshot]?.faces?.rects ?? {}).sort()).toEqual(['back', 'bottom', 'front', 'left', 'right', 'top']);
  }, JOB_MS);

  it('design/faces draws every face once, stores them, and answers the same files after', async () => {
    const t0 = Date.now();
    const first = await s.client.get<DesignFaces>('/api/mockup/design/faces', { image_url: packshot });
    figures.push(`6 faces drawn on first request: ${Date.now() - t0} ms`);
    expect(first.code, first.msg).toBe(0);
    expect(first.data?.box_id).toBe(101);
    expect(first.data?.background).toMatch(/^#[0-9a-f]{6}$/i);
    expect(Object.keys(first.data?.faces ?? {}).sort()).toEqual(['back', 'bottom', 'front', 'left', 'right', 'top']);
    for (const url of Object.values(first.data?.faces ?? {})) expect(await sharp(await fetchBytes(url)).metadata()).toMatchObject({ format: 'png' });
    // Remembered with the design, in its atlas.
    const metas = (await project(s.client, designProject)).data.designs_meta as Record<string, { faces?: { face_urls?: Record<string, string> } }>;
    expect(metas[packshot]?.faces?.face_urls).toEqual(first.data?.faces);
    const diskAfterFirst = filesOnDisk(server).length;
    // By the flat front too; the same files, nothing drawn again.
    const again = await s.client.get<DesignFaces>('/api/mockup/design/faces', { image_url: frontUrl });
    expect(again.data).toEqual(first.data);
    expect(filesOnDisk(server).length).toBe(diskAfterFirst);
    // Nobody else gets them.
    const other = await newGuest(server.url);
    expect(await other.get('/api/mockup/design/faces', { image_url: packshot })).toMatchObject({ code: 403, data: null });
  });

  it(
    'each surface of the template shows its own face of the design',
    async () => {
      const faces = (await s.client.get<DesignFaces>('/api/mockup/design/faces', { image_url: packshot })).data?.faces ?? {};
      const r = await s.client.post<Answer>('/api/mockup/result', { project_id: s.projectId, mockup_template_id: BOX?.id, image_url: packshot });
      expect(r.code, r.msg).toBe(0);
      const { message } = await outcome(s.socket, r.data?.record.id ?? '', ['mockupGenerate', 'error']);
      expect(message.content.type, message.content.message).toBe('mockupGenerate');
      const render = await rgbOf(message.data.imageUrls?.[0] ?? '');

      // The same template through the engine, each face on its role by hand: the render must match it.
      const info = await templateInfo(s.client, BOX?.id ?? '');
      const maps = await decodeTemplateMaps({
        surfacePng: await fetchBytes(info.surface_url),
        uvPng: await fetchBytes(info.uv_data.url),
        lightPng: await fetchBytes(info.lumin_url),
        meta: { width: SIZE, height: SIZE, surfaces: info.uv_data.surfaces.map((x) => ({ role: x.role, designArea: x.design_area })) },
      });
      const scene = await rgbOf(info.scene_url);
      const decode = async (url: string) => {
        const { data, info: i } = await sharp(await fetchBytes(url))
          .ensureAlpha()
          .raw()
          .toBuffer({ resolveWithObject: true });
        return { rgba: data, width: i.width, height: i.height };
      };
      const expected = async (faceOf: (role: string) => string) => {
        const designs = Object.fromEntries(await Promise.all(info.uv_data.surfaces.map(async (x, i) => [i, await decode(faceOf(x.role))] as const)));
        return applyDesign({ sceneRgb: scene.data, maps, designs, material: 'paper' });
      };
      const error = (a: Buffer, b: Buffer) => {
        let sum = 0;
        let n = 0;
        for (let i = 0; i < maps.width * maps.height; i++) {
          if (maps.surface[i] === 0) continue;
          for (let c = 0; c < 3; c++) sum += Math.abs((a[i * 3 + c] ?? 0) - (b[i * 3 + c] ?? 0));
          n += 3;
        }
        return sum / n;
      };
      const byRoleImage = await expected((role) => faces[role] ?? '');
      const frontImage = await expected(() => faces.front ?? '');
      const byRole = error(render.data, byRoleImage);
      expect(byRole).toBeLessThan(4);
      // Where the two hypotheses disagree (a side face unlike the front), the render follows the faces by role.
      const diff = (a: Buffer, b: Buffer, i: number) => [0, 1, 2].reduce((sum, c) => sum + Math.abs((a[i * 3 + c] ?? 0) - (b[i * 3 + c] ?? 0)), 0);
      let disagree = 0;
      let followsRole = 0;
      for (let i = 0; i < maps.width * maps.height; i++) {
        if (maps.surface[i] === 0 || diff(byRoleImage, frontImage, i) <= 60) continue;
        disagree++;
        if (diff(render.data, byRoleImage, i) < diff(render.data, frontImage, i)) followsRole++;
      }
      figures.push(
        `faces by role: mean error ${byRole.toFixed(2)}; ${followsRole}/${disagree} pixels where a side face differs from the front follow the side face`,
      );
      expect(disagree).toBeGreaterThan(15);
      expect(followsRole / disagree).toBeGreaterThan(0.9);
    },
    JOB_MS,
  );
});

describe('design faces', () => {
  it('an uploaded image is its own front; someone else’s is refused', async () => {
    const a = await newGuest(server.url);
    const img = await upload(a, await makePng(1024, 1024));
    expect(await a.get<DesignFaces>('/api/mockup/design/faces', { image_url: img })).toMatchObject({
      code: 0,
      data: { box_id: 0, background: '#ffffff', faces: { front: img } },
    });
    const b = await newGuest(server.url);
    expect(await b.get('/api/mockup/design/faces', { image_url: img })).toMatchObject({ code: 403, data: null });
  });
});

describe('mockup-service link calls', () => {
  it('link records the caller as their own mockup-service user and answers their mockup projects', async () => {
    const a = await newGuest(server.url);
    const b = await newGuest(server.url);
    expect((await me(a)).mockup_service.user_id).toBeNull();
    const m1 = await newProject(a);
    const m2 = await newProject(a);
    const d = await newProject(a, 'design');
    const theirs = await newProject(b);
    const all = await a.post<{ user_id: string; project_ids: string[] }>('/api/mockup-service/link', {});
    const uid = (await me(a)).user_id;
    expect(all).toMatchObject({ code: 0, data: { user_id: uid } });
    expect(all.data?.project_ids.sort()).toEqual([m1, m2].sort());
    expect((await me(a)).mockup_service.user_id).toBe(uid);
    const some = await a.post<{ user_id: string; project_ids: string[] }>('/api/mockup-service/link', { project_ids: [m1, d, theirs, 'nope'] });
    expect(some.data).toEqual({ user_id: uid, project_ids: [m1] });
  });

  it('link/image opens an image in a new mockup project, or in the linked one; owner checks on every id', async () => {
    const a = await newGuest(server.url);
    const b = await newGuest(server.url);
    const img = await upload(a, await makePng(1024, 1024));
    const source = await newProject(a, 'design');
    const created = await a.post<{ project_id: string; mockup_origin_image: string }>('/api/mockup-service/link/image', {
      orgin_image: img,
      project_id: source,
    });
    expect(created).toMatchObject({ code: 0, data: { mockup_origin_image: img } });
    const p = await project(a, created.data?.project_id ?? '');
    expect(p).toMatchObject({ type: 'mockup', data: { mockup_origin_image: img } });

    const img2 = await upload(a, await makeJpeg(1024, 1024));
    const linked = await a.post('/api/mockup-service/link/image', { orgin_image: img2, linked_project_id: p.project_id });
    expect(linked).toMatchObject({ code: 0, data: { project_id: p.project_id, mockup_origin_image: img2 } });
    expect((await project(a, p.project_id)).data.mockup_origin_image).toBe(img2);

    expect(await a.post('/api/mockup-service/link/image', { orgin_image: img, linked_project_id: source })).toMatchObject({
      code: 400,
      msg: MockupMsg.linkedNotMockup,
    });
    const theirProject = await newProject(b);
    const theirImage = await upload(b, await makePng(1024, 1024));
    expect(await a.post('/api/mockup-service/link/image', { orgin_image: img, linked_project_id: theirProject })).toMatchObject({ code: 403, data: null });
    expect(await a.post('/api/mockup-service/link/image', { orgin_image: img, project_id: theirProject })).toMatchObject({ code: 403, data: null });
    expect(await a.post('/api/mockup-service/link/image', { orgin_image: theirImage })).toMatchObject({ code: 403, data: null });
    expect(await a.post('/api/mockup-service/link/image', { orgin_image: img, linked_project_id: 'nope' })).toMatchObject({ code: 404, data: null });
  });
});

describe('a guest becoming an account', () => {
  it(
    'keeps its custom templates, materials and compositions',
    async () => {
      const g = await studio();
      try {
        const photo = await upload(g.client, await photoPng(boxShot(), true));
        const material = await g.client.post<MockupMaterial>('/api/material', { material_url: photo });
        const composite = await g.client.post<CompositeMaterial>('/api/composite/material', { preview_url: photo, data: { a: 1 } });
        const started = await g.client.post<Answer>('/api/mockup/custom', { project_id: g.projectId, thumbnail_url: photo });
        const { record } = await outcome(g.socket, started.data?.record.id ?? '', ['mockupCustom']);
        const templateId = record.data?.template_id as string;
        expect(templateId).toBeTruthy();

        const email = `m${Math.random().toString(36).slice(2, 12)}@example.test`;
        const account = new TestClient(server.url);
        expect((await account.post('/api/user/verfiryEmail', { email })).code).toBe(0);
        const [mail] = await server.built.services.mail.latestFor(email, 1);
        const code = /verification code is (\d{6})/.exec(mail?.text ?? '')?.[1] ?? '';
        const signedUp = await account.post<{ token: string }>('/api/user/accountRegisterWithVerify', {
          email,
          password: 'long enough pw',
          code,
          tourist: g.client.token,
        });
        expect(signedUp.code, signedUp.msg).toBe(0);
        account.token = signedUp.data?.token ?? null;

        expect((await account.get<MockupMaterial[]>('/api/material/list')).data?.map((m) => m.id)).toEqual([material.data?.id]);
        expect((await account.get<CompositeMaterial[]>('/api/composite/material/list')).data?.map((c) => c.id)).toEqual([composite.data?.id]);
        expect((await account.get<TemplateList>('/api/mockup/template/list', { mine: 1 })).data?.list.map((t) => t.id)).toEqual([templateId]);
        expect((await account.get<MockupTemplateInfo>('/api/mockup/template/info', { id: templateId })).code).toBe(0);
      } finally {
        g.socket.close();
      }
    },
    JOB_MS,
  );
});
