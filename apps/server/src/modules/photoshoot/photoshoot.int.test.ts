import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Msg,
  UploadMsg,
  type BackgroundPlacement,
  type ChatMessage,
  type ExtractedCoordinates,
  type GenerateRecord,
  type Project,
  type SceneTemplate,
} from '@packsmith/contracts';
import { chatMessages, creditLedger, generateRecords, projects } from '../../db/schema.js';
import type { TestClient } from '../../../test/client.js';
import { newGuest } from '../../../test/client.js';
import { registeredUser } from '../../../test/accounts.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { makePng, makeSvg, makeTruncatedPng } from '../../../test/images.js';
import { TestSocket } from '../../../test/socket.js';
import { fileRows, filesOnDisk, uploadFile } from '../../../test/uploads.js';
// The vision package's generated product photos with known masks (test-only import of its sources).
import { decodeMask, maskIoU, renderTestPhoto, testPhotoSpecs } from '../../../../../packages/vision/src/testset/index.js';
import { PhotoshootMsg } from './photoshoot.messages.js';
import { createEngineVision, type PhotoshootVision } from './vision-adapter.js';

/*
 * The photo shoot over real HTTP and socket.io with the real engines: ISNet cut-outs (2 in this
 * file, ~3–8 s each here), the real compositor and procedural scenes (12 templates at 1024 px).
 */

type Answer = { messages: ChatMessage[]; record: GenerateRecord };
type PublicList = { list: SceneTemplate[]; total: number; categories: string[]; colors: string[] };
type Likes = { like_list: string[]; like_best: string | null };

/** A run placed with this rotation fails inside the compositor: a deterministic failed job. */
const FAILING_ROTATION = 13;
function failingOnPurpose(real: PhotoshootVision): PhotoshootVision {
  return {
    ...real,
    compositeRun: async (request, variants, onEach) => {
      if (request.placement?.rotation === FAILING_ROTATION) throw new Error('compositor exploded (on purpose)');
      return real.compositeRun(request, variants, onEach);
    },
  };
}

const CUTOUT_MS = 180_000;
let server: TestServer;
/** Figures printed at the end (wall times of records, cut-out accuracy). */
const figures: string[] = [];
const time = (label: string, ms: number) => figures.push(`${label}: ${ms} ms`);

beforeAll(async () => {
  server = await startTestServer({ PHOTOSHOOT_TEMPLATES_PER_FAMILY: '1', PHOTOSHOOT_TEMPLATE_SIZE: '1024' }, undefined, {
    photoshootVision: failingOnPurpose(createEngineVision({ cutoutEngine: 'isnet' })),
  });
  const started = Date.now();
  const seeded = await server.built.services.sceneTemplates.startSeeding();
  time('seed 12 scenes', Date.now() - started);
  expect(seeded.failed).toBe(0);
}, 300_000);
afterAll(async () => {
  console.log(`[photoshoot] ${figures.join('; ')} (${server?.mode})`);
  await server?.close();
});

// --- helpers -------------------------------------------------------------------------------

async function userId(client: TestClient): Promise<string> {
  return (await client.get<{ user_id: string }>('/api/user/me')).data?.user_id ?? '';
}

async function newProject(client: TestClient, type = 'photoshoot'): Promise<string> {
  const r = await client.post<Project>('/api/project', { type });
  if (r.code !== 0 || !r.data) throw new Error(r.msg);
  return r.data.project_id;
}

async function project(client: TestClient, projectId: string): Promise<Project> {
  const r = await client.get<Project>('/api/project/info', { project_id: projectId });
  if (!r.data) throw new Error(r.msg);
  return r.data;
}

async function credit(client: TestClient): Promise<number> {
  return (await client.get<{ credit: number }>('/api/user/me')).data?.credit ?? -1;
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

async function ledgerOf(uid: string, recordId: string) {
  const rows = await server.built.database.db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, uid), eq(creditLedger.refId, recordId)));
  return rows.map((r) => [r.reason, r.delta]);
}

/** What a refused call must leave untouched: files, records, messages and the project row. */
async function snapshot(projectId: string) {
  const db = server.built.database.db;
  const [row] = await db.select().from(projects).where(eq(projects.id, projectId));
  return {
    disk: filesOnDisk(server).length,
    files: (await fileRows(server)).length,
    records: (await db.select().from(generateRecords).where(eq(generateRecords.projectId, projectId))).length,
    messages: (await db.select().from(chatMessages).where(eq(chatMessages.projectId, projectId))).length,
    data: row?.data,
    resultList: row?.resultList,
  };
}

/** The next message of `kind` for a record, and its generate:done. */
async function outcome(
  socket: TestSocket,
  recordId: string,
  kinds: string[],
  timeoutMs = CUTOUT_MS,
): Promise<{ message: ChatMessage; record: GenerateRecord }> {
  const message = await socket.waitFor('chat:message', { timeoutMs, filter: (m) => kinds.includes(m.content.type) && m.data.record_id === recordId });
  const done = await socket.waitFor('generate:done', { timeoutMs: 30_000, filter: (p) => p.record_id === recordId });
  return { message, record: done.record };
}

/** A product photo of the vision test set (a bottle on a plain table) and its true mask. */
async function productPhoto(): Promise<{ photo: Buffer; mask: Buffer; width: number; height: number }> {
  const spec = testPhotoSpecs().find((s) => s.kind === 'bottle' && s.background === 'plain' && s.products === 1);
  if (!spec) throw new Error('no bottle-on-plain photo in the test set');
  const shot = await renderTestPhoto(spec);
  return { photo: shot.photo, mask: shot.maskPng, width: shot.width, height: shot.height };
}

// --- the whole flow ---------------------------------------------------------------------------

describe('photo shoot: photo → cut-out → scenes → composites → likes', () => {
  let alice: { id: string; client: TestClient };
  let socket: TestSocket;
  let projectId: string;
  let cut: { transparentUrl: string; origin_image: string; extracted_coordinates: ExtractedCoordinates };
  let recommended: string[];
  let templates: SceneTemplate[];
  let firstRun: string[];

  beforeAll(async () => {
    alice = await registeredUser(server);
    projectId = await newProject(alice.client);
    socket = await TestSocket.connect(server.url, alice.client.token ?? '');
    expect(await socket.join(projectId)).toMatchObject({ code: 0 });
    templates = (await alice.client.get<PublicList>('/api/photoshoot/public/list', { page_size: 100 })).data?.list ?? [];
    expect(templates).toHaveLength(12);
  });
  afterAll(() => socket?.close());

  it('greets a photo shoot chat with photoshootHello', async () => {
    const hello = await alice.client.post<{ messages: ChatMessage[] }>('/api/chat/hello', { project_id: projectId, type: 'photoshoot' });
    expect(hello.code, hello.msg).toBe(0);
    expect(hello.data?.messages.map((m) => m.content.type)).toEqual(['photoshootHello']);
    await socket.waitFor('chat:message', { filter: (m) => m.content.type === 'photoshootHello' });
  });

  it(
    'a 20 MB photo is downscaled to 2048 on upload; image/test answers at once, then the cut-out (real alpha, sane coordinates) and recommendations arrive, free of credits',
    async () => {
      const shot = await productPhoto();
      // The same photo at 2700 px, stored with no compression: a 20+ MB upload (SPEC §5: over 2048 → downscaled).
      const big = await sharp(shot.photo).resize(2700, 2700).png({ compressionLevel: 0 }).toBuffer();
      expect(big.length).toBeGreaterThan(20 * 1024 * 1024);
      const up = await uploadFile(alice.client, big);
      expect(up).toMatchObject({ code: 0, data: { width: 2048, height: 2048, resized: true } });
      const photoUrl = up.data?.url ?? '';

      const started = Date.now();
      const r = await alice.client.post<Answer>('/api/photoshoot/image/test', { project_id: projectId, image_url: photoUrl });
      expect(r.code, r.msg).toBe(0);
      expect(Date.now() - started).toBeLessThan(3000);
      const record = r.data?.record;
      expect(record).toMatchObject({ kind: 'photoshoot_cutout', project_id: projectId });
      expect(r.data?.messages).toHaveLength(1);
      expect(r.data?.messages[0]).toMatchObject({
        role: 'assistant',
        content: { type: 'photoshootTaskStart' },
        data: { record_id: record.id, task: 'cutout' },
        reference_img: photoUrl,
      });
      expect((await project(alice.client, projectId)).data.origin_image).toBe(photoUrl);

      const { message, record: done } = await outcome(socket, record.id, ['photoshootCutImage', 'photoshootCutImageError']);
      time('cut-out (record wall time)', Date.now() - started);
      expect(message.content.type, message.content.message).toBe('photoshootCutImage');
      expect(done.status).toBe('done');
      cut = message.data as unknown as typeof cut;
      expect(cut.origin_image).toBe(photoUrl);
      expect(done.data).toMatchObject({ transparentUrl: cut.transparentUrl, extracted_coordinates: cut.extracted_coordinates });

      // The transparent PNG really is transparent around the product and opaque on it.
      const png = await fetchBytes(cut.transparentUrl);
      const meta = await sharp(png).metadata();
      expect(meta).toMatchObject({ format: 'png', hasAlpha: true });
      const alpha = await sharp(png).extractChannel(3).raw().toBuffer({ resolveWithObject: true });
      const stats = await sharp(png).stats();
      expect(stats.channels[3]?.min).toBe(0);
      expect(stats.channels[3]?.max).toBe(255);

      // Coordinates: inside the 2048 photo, and the cut-out put back in place matches the true mask.
      const c = cut.extracted_coordinates;
      expect(c).toMatchObject({ totalWidth: 2048, totalHeight: 2048 });
      expect(c.x).toBeGreaterThanOrEqual(0);
      expect(c.y).toBeGreaterThanOrEqual(0);
      expect(c.x + c.width).toBeLessThanOrEqual(c.totalWidth);
      expect(c.y + c.height).toBeLessThanOrEqual(c.totalHeight);
      expect([meta.width, meta.height]).toEqual([c.width, c.height]);
      const placed = await sharp(alpha.data, { raw: { width: alpha.info.width, height: alpha.info.height, channels: 1 } })
        .extend({ left: c.x, top: c.y, right: c.totalWidth - c.x - c.width, bottom: c.totalHeight - c.y - c.height, background: { r: 0, g: 0, b: 0 } })
        .png()
        .toBuffer();
      const truth = await decodeMask(await sharp(shot.mask).resize(2048, 2048).png().toBuffer());
      const iou = maskIoU(await decodeMask(placed), truth);
      figures.push(`cut-out IoU ${iou.toFixed(3)}`);
      expect(iou).toBeGreaterThan(0.9);

      // Recommendations: scene templates ranked for the product, the first one chosen.
      const rec = await socket.waitFor('chat:message', { filter: (m) => m.content.type === 'photoshootRecommend' && m.data.record_id === record.id });
      recommended = rec.data.recommend_background as string[];
      expect(recommended).toHaveLength(6);
      const templateUrls = new Set(templates.map((t) => t.image_url));
      expect(recommended.every((u) => templateUrls.has(u))).toBe(true);
      expect((rec.data.templates as SceneTemplate[]).map((t) => t.image_url)).toEqual(recommended);
      const ranked = await alice.client.get<PublicList>('/api/photoshoot/template/list', { project_id: projectId, page_size: 6 });
      expect(ranked.data?.list.map((t) => t.image_url)).toEqual(recommended);

      const p = await project(alice.client, projectId);
      expect(p.data).toMatchObject({ origin_image: photoUrl, cutout_image: cut.transparentUrl, select_background: recommended[0] });
      expect(p.extracted_coordinates).toEqual(c);
      // The cut-out is free: no credit moved.
      expect(await credit(alice.client)).toBe(100);
      expect(await ledgerOf(alice.id, record.id)).toEqual([]);
      // In the chat history, in order.
      const history = await alice.client.get<{ list: ChatMessage[] }>('/api/chat/history', { project_id: projectId });
      expect(history.data?.list.map((m) => m.content.type)).toEqual(['photoshootHello', 'photoshootTaskStart', 'photoshootCutImage', 'photoshootRecommend']);
    },
    CUTOUT_MS,
  );

  it('background with a placement: 2 variants at the scene resolution (Free), 5 credits charged once, results stored', async () => {
    const scene = templates.find((t) => t.image_url === recommended[1]) as SceneTemplate;
    const backW = 1024 * (scene.width / Math.max(scene.width, scene.height));
    const backH = 1024 * (scene.height / Math.max(scene.width, scene.height));
    const c = cut.extracted_coordinates;
    const placement: BackgroundPlacement = {
      imgW: 300,
      imgH: (300 * c.height) / c.width,
      left: 600,
      top: 300,
      originW: c.width,
      originH: c.height,
      backW,
      backH,
      rotation: -8,
    };
    const started = Date.now();
    const r = await alice.client.post<Answer>('/api/photoshoot/background', {
      project_id: projectId,
      background_url: scene.image_url,
      extracted_coordinates: c,
      placement,
    });
    expect(r.code, r.msg).toBe(0);
    const record = r.data?.record;
    expect(record).toMatchObject({ kind: 'photoshoot_composite', status: 'queued' });
    expect(r.data?.messages[0]).toMatchObject({
      content: { type: 'photoshootTaskStart' },
      data: { record_id: record.id, task: 'composite' },
      reference_img: scene.image_url,
    });

    const { message, record: done } = await outcome(socket, record.id, ['answer', 'error'], 120_000);
    time('composite run ×2 (record wall time)', Date.now() - started);
    expect(message.content.type, message.content.message).toBe('answer');
    expect(message.data).toMatchObject({ record_id: record.id, background_url: scene.image_url, run_index: 0 });
    firstRun = message.data.imageUrls ?? [];
    expect(firstRun).toHaveLength(2);
    expect(done).toMatchObject({ status: 'done', progress: 100, data: { imageUrls: firstRun } });
    for (const url of firstRun) {
      expect(await sharp(await fetchBytes(url)).metadata()).toMatchObject({ format: 'jpeg', width: scene.width, height: scene.height });
    }
    // Two variants of one run differ (light grade and shadow), and neither is the bare scene.
    const [a, b] = await Promise.all(
      firstRun.map(async (u) =>
        sharp(await fetchBytes(u))
          .raw()
          .toBuffer(),
      ),
    );
    expect(a?.equals(b as Buffer)).toBe(false);

    expect(await credit(alice.client)).toBe(95);
    expect(await ledgerOf(alice.id, record.id)).toEqual([['charge', -5]]);
    const p = await project(alice.client, projectId);
    expect(p.result_list).toEqual([firstRun]);
    expect(p.data).toMatchObject({ imageUrls: firstRun, select_background: scene.image_url });
  }, 150_000);

  it('a record run again after a crash answers once: same data, no new message, file or charge', async () => {
    const db = server.built.database.db;
    const records = await db.select().from(generateRecords).where(eq(generateRecords.projectId, projectId));
    expect(records.map((r) => [r.kind, r.status]).sort()).toEqual([
      ['photoshoot_composite', 'done'],
      ['photoshoot_cutout', 'done'],
    ]);
    const before = await snapshot(projectId);
    const ledger = (await server.built.services.credits.entries(alice.id)).length;
    for (const record of records) {
      // As if the worker died right after committing its results: the record is running again.
      await db.update(generateRecords).set({ status: 'running', attempts: 1 }).where(eq(generateRecords.id, record.id));
      await server.built.services.generate.runRecord(record.id, new AbortController().signal);
      const [again] = await db.select().from(generateRecords).where(eq(generateRecords.id, record.id));
      expect(again).toMatchObject({ status: 'done', progress: 100, data: record.data });
    }
    expect(await snapshot(projectId)).toEqual(before);
    expect((await server.built.services.credits.entries(alice.id)).length).toBe(ledger);
    expect(records.find((r) => r.kind === 'photoshoot_cutout')?.data).toMatchObject({ recommend_background: recommended, transparentUrl: cut.transparentUrl });
  });

  it('Pro gets 4 variants on its own uploaded background, Business 8 on a scene picked by thumbnail; runs are appended in order', async () => {
    await server.built.services.billing.planGrants.grantPlan({ userId: alice.id, vipType: 'pro_month', days: null, source: 'admin', refId: randomUUID() });
    const own = await upload(alice.client, await makePng(1600, 1200));
    const c = cut.extracted_coordinates;
    const pro = await alice.client.post<Answer>('/api/photoshoot/background', { project_id: projectId, background_url: own, extracted_coordinates: c });
    expect(pro.code, pro.msg).toBe(0);
    const proOut = await outcome(socket, pro.data?.record.id ?? '', ['answer', 'error'], 120_000);
    expect(proOut.message.content.type, proOut.message.content.message).toBe('answer');
    expect(proOut.message.data).toMatchObject({ run_index: 1, background_url: own });
    expect(proOut.message.data.imageUrls).toHaveLength(4);
    expect(await sharp(await fetchBytes(proOut.message.data.imageUrls?.[0] ?? '')).metadata()).toMatchObject({ width: 1600, height: 1200 });

    await server.built.services.billing.planGrants.grantPlan({ userId: alice.id, vipType: 'business_month', days: null, source: 'admin', refId: randomUUID() });
    const scene = templates[5] as SceneTemplate;
    const started = Date.now();
    const biz = await alice.client.post<Answer>('/api/photoshoot/background', {
      project_id: projectId,
      background_url: scene.thumbnail_url,
      extracted_coordinates: c,
    });
    expect(biz.code, biz.msg).toBe(0);
    const bizOut = await outcome(socket, biz.data?.record.id ?? '', ['answer', 'error'], 150_000);
    time('composite run ×8 (record wall time)', Date.now() - started);
    expect(bizOut.message.content.type, bizOut.message.content.message).toBe('answer');
    // The thumbnail picked the scene; the run used its full image.
    expect(bizOut.message.data).toMatchObject({ run_index: 2, background_url: scene.image_url });
    expect(bizOut.message.data.imageUrls).toHaveLength(8);
    expect(new Set(bizOut.message.data.imageUrls).size).toBe(8);

    const p = await project(alice.client, projectId);
    expect(p.result_list.map((run) => run.length)).toEqual([2, 4, 8]);
    expect(p.data.imageUrls).toHaveLength(14);
    expect(p.data.select_background).toBe(scene.image_url);
  }, 300_000);

  it('like and best toggle (again = undo), only on this project’s own results', async () => {
    const [one, two] = firstRun as [string, string];
    const like = (image_url: string, type: 'like' | 'best') =>
      alice.client.post<Likes>('/api/project/photoshoot/image/like', { project_id: projectId, image_url, type });
    expect((await like(one, 'like')).data).toEqual({ like_list: [one], like_best: null });
    expect((await like(two, 'like')).data).toEqual({ like_list: [one, two], like_best: null });
    expect((await like(one, 'like')).data).toEqual({ like_list: [two], like_best: null });
    expect((await like(two, 'best')).data).toEqual({ like_list: [two], like_best: two });
    expect((await like(one, 'best')).data).toEqual({ like_list: [two], like_best: one });
    expect((await like(one, 'best')).data).toEqual({ like_list: [two], like_best: null });
    // The type defaults to like.
    expect((await alice.client.post<Likes>('/api/project/photoshoot/image/like', { project_id: projectId, image_url: one })).data?.like_list).toEqual([
      two,
      one,
    ]);
    const p = await project(alice.client, projectId);
    expect([p.like_list, p.like_best]).toEqual([[two, one], null]);
    // Not a result of this project: the cut-out, a scene, an upload.
    for (const url of [cut.transparentUrl, recommended[0] ?? '', cut.origin_image]) {
      expect(await like(url, 'like')).toEqual({ code: 400, msg: PhotoshootMsg.notAResult, data: null });
    }
  });

  it('a composite that fails ends with an error message (no stack trace), a failed record and the 5 credits back', async () => {
    const before = await credit(alice.client);
    const scene = templates[0] as SceneTemplate;
    const c = cut.extracted_coordinates;
    const placement: BackgroundPlacement = {
      imgW: 300,
      imgH: 500,
      left: 100,
      top: 100,
      originW: c.width,
      originH: c.height,
      backW: 1024,
      backH: (1024 * scene.height) / scene.width,
      rotation: FAILING_ROTATION,
    };
    const r = await alice.client.post<Answer>('/api/photoshoot/background', {
      project_id: projectId,
      background_url: scene.image_url,
      extracted_coordinates: c,
      placement,
    });
    expect(r.code, r.msg).toBe(0);
    const recordId = r.data?.record.id ?? '';
    const { message, record } = await outcome(socket, recordId, ['answer', 'error'], 60_000);
    expect(message).toMatchObject({
      msg_id: `err_${recordId}`,
      content: { type: 'error', message: PhotoshootMsg.compositeFailed },
      data: { record_id: recordId },
    });
    expect(record).toMatchObject({ status: 'failed', error: PhotoshootMsg.compositeFailed });
    expect(JSON.stringify(message)).not.toMatch(/exploded|at .*\.ts/);
    expect(await credit(alice.client)).toBe(before);
    expect((await ledgerOf(alice.id, recordId)).sort()).toEqual([
      ['charge', -5],
      ['refund', 5],
    ]);
    expect((await project(alice.client, projectId)).result_list).toHaveLength(3);
  }, 90_000);

  it('with fewer than 5 credits: 450 and nothing is stored or charged', async () => {
    const balance = await credit(alice.client);
    await server.built.services.credits.charge(alice.id, balance - 3, `drain-${projectId}`);
    expect(await credit(alice.client)).toBe(3);
    const before = await snapshot(projectId);
    const ledgerBefore = (await server.built.services.credits.entries(alice.id)).length;
    const r = await alice.client.post('/api/photoshoot/background', {
      project_id: projectId,
      background_url: templates[0]?.image_url,
      extracted_coordinates: cut.extracted_coordinates,
    });
    expect(r).toEqual({ code: 450, msg: Msg.notEnoughCredits, data: null });
    expect(await snapshot(projectId)).toEqual(before);
    expect((await server.built.services.credits.entries(alice.id)).length).toBe(ledgerBefore);
    expect(await credit(alice.client)).toBe(3);
  });

  it('another user gets 403 on every photo shoot call and cannot use Alice’s files or results', async () => {
    const bob = await newGuest(server.url);
    const aliceResult = firstRun[0] ?? '';
    const c = cut.extracted_coordinates;
    const forbidden = { code: 403 };
    expect(await bob.post('/api/photoshoot/image/test', { project_id: projectId, image_url: cut.origin_image })).toMatchObject(forbidden);
    expect(
      await bob.post('/api/photoshoot/background', { project_id: projectId, background_url: templates[0]?.image_url, extracted_coordinates: c }),
    ).toMatchObject(forbidden);
    expect(await bob.post('/api/project/photoshoot/image/like', { project_id: projectId, image_url: aliceResult })).toMatchObject(forbidden);
    expect(await bob.get('/api/photoshoot/template/list', { project_id: projectId })).toMatchObject(forbidden);
    const bobSocket = await TestSocket.connect(server.url, bob.token ?? '');
    expect(await bobSocket.join(projectId)).toMatchObject({ code: 403 });
    bobSocket.close();

    // On his own project, Alice's photo, cut-out and results are refused too.
    const bobProject = await newProject(bob);
    expect(await bob.post('/api/photoshoot/image/test', { project_id: bobProject, image_url: cut.origin_image })).toEqual({
      code: 403,
      msg: UploadMsg.notYourFile,
      data: null,
    });
    const bobId = await userId(bob);
    const bobCutout = await server.built.services.files.saveGenerated(
      bobId,
      await sharp({ create: { width: 200, height: 400, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } })
        .png()
        .toBuffer(),
    );
    await server.built.database.db
      .update(projects)
      .set({ data: { cutout_image: bobCutout.url } })
      .where(eq(projects.id, bobProject));
    const before = await snapshot(bobProject);
    expect(await bob.post('/api/photoshoot/background', { project_id: bobProject, background_url: aliceResult, extracted_coordinates: c })).toEqual({
      code: 403,
      msg: UploadMsg.notYourFile,
      data: null,
    });
    expect(await bob.post('/api/photoshoot/background', { project_id: bobProject, background_url: cut.transparentUrl, extracted_coordinates: c })).toEqual({
      code: 403,
      msg: UploadMsg.notYourFile,
      data: null,
    });
    expect(await bob.post('/api/project/photoshoot/image/like', { project_id: bobProject, image_url: aliceResult })).toEqual({
      code: 400,
      msg: PhotoshootMsg.notAResult,
      data: null,
    });
    expect(await snapshot(bobProject)).toEqual(before);
    expect(await credit(bob)).toBe(100);
  });
});

// --- refusals ----------------------------------------------------------------------------------

describe('photo shoot: refusals leave nothing behind', () => {
  let guest: TestClient;
  let guestId: string;
  let projectId: string;

  beforeAll(async () => {
    guest = await newGuest(server.url);
    guestId = await userId(guest);
    projectId = await newProject(guest);
  });

  const cases: [string, () => Promise<Buffer>, string][] = [
    ['a text file renamed .png', async () => Buffer.from('just some text, honestly'), Msg.uploadImageFile],
    ['an 800 px image', () => makePng(800, 1600), Msg.uploadMinSide],
    ['a truncated PNG', () => makeTruncatedPng(1200, 1600), Msg.imageLoadError],
    ['an SVG', async () => makeSvg(1200, 1600), Msg.uploadImageFile],
  ];

  for (const [name, make, msg] of cases) {
    it(`the upload refuses ${name} with "${msg}"`, async () => {
      const before = await snapshot(projectId);
      expect(await uploadFile(guest, await make(), { filename: 'photo.png' })).toEqual({ code: 400, msg, data: null });
      expect(await snapshot(projectId)).toEqual(before);
    });
  }

  /** A file registered to the guest whose stored bytes break the rules (written past the upload checks). */
  async function storedAs(bytes: Buffer): Promise<string> {
    const ok = await server.built.services.files.saveGenerated(guestId, await makePng(1200, 1200));
    fs.writeFileSync(path.join(server.dataDir, 'files', ok.key), bytes);
    return ok.url;
  }

  it('image/test checks the stored photo again: text, 800 px, truncated, SVG — each the SPEC message, no record, no message', async () => {
    const small = (await server.built.services.files.saveGenerated(guestId, await makePng(800, 1200))).url;
    const svg = (await server.built.services.files.saveGeneratedAsset(guestId, makeSvg(1200, 1600), 'svg')).url;
    const text = await storedAs(Buffer.from('just some text, honestly'));
    const truncated = await storedAs(await makeTruncatedPng(1200, 1600));
    const before = await snapshot(projectId);
    for (const [url, msg] of [
      [text, Msg.uploadImageFile],
      [small, Msg.uploadMinSide],
      [truncated, Msg.imageLoadError],
      [svg, Msg.uploadImageFile],
    ] as const) {
      expect(await guest.post('/api/photoshoot/image/test', { project_id: projectId, image_url: url })).toEqual({ code: 400, msg, data: null });
    }
    expect(await guest.post('/api/photoshoot/image/test', { project_id: projectId, image_url: 'https://example.com/p.png' })).toEqual({
      code: 400,
      msg: UploadMsg.foreignUrl,
      data: null,
    });
    expect(
      (await guest.post('/api/photoshoot/image/test', { project_id: projectId, image_url: '/files/u/nobody/2025/01/abcdefghijklmnopqrstuv.png' })).code,
    ).toBe(404);
    expect(await snapshot(projectId)).toEqual(before);
  });

  it('image/test and background refuse a project that is not a photo shoot; background needs a cut-out first', async () => {
    const design = await newProject(guest, 'design');
    const photo = await upload(guest, await makePng(1200, 1200));
    expect(await guest.post('/api/photoshoot/image/test', { project_id: design, image_url: photo })).toEqual({
      code: 400,
      msg: PhotoshootMsg.notPhotoshoot,
      data: null,
    });
    const coords = { x: 0, y: 0, width: 10, height: 10, totalWidth: 10, totalHeight: 10, cropWidth: 10, cropHeight: 10, rotation: 0 };
    const before = await snapshot(projectId);
    expect(await guest.post('/api/photoshoot/background', { project_id: projectId, background_url: photo, extracted_coordinates: coords })).toEqual({
      code: 400,
      msg: PhotoshootMsg.uploadFirst,
      data: null,
    });
    expect(await snapshot(projectId)).toEqual(before);
    expect(await credit(guest)).toBe(100);
  });

  it(
    'a photo with no product ends with photoshootCutImageError (no_product) and no cut-out is kept',
    async () => {
      const socket = await TestSocket.connect(server.url, guest.token ?? '');
      try {
        expect(await socket.join(projectId)).toMatchObject({ code: 0 });
        // An empty table top: a soft grey-beige gradient with sensor-like noise, nothing standing on it.
        const empty = await sharp({ create: { width: 1400, height: 1100, channels: 3, background: '#d8d2c8', noise: { type: 'gaussian', mean: 0, sigma: 4 } } })
          .composite([
            {
              input: Buffer.from(
                '<svg xmlns="http://www.w3.org/2000/svg" width="1400" height="1100"><defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.25"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>',
              ),
            },
          ])
          .jpeg({ quality: 90 })
          .toBuffer();
        const url = await upload(guest, empty);
        const filesBefore = (await fileRows(server)).length;
        const started = Date.now();
        const r = await guest.post<Answer>('/api/photoshoot/image/test', { project_id: projectId, image_url: url });
        expect(r.code, r.msg).toBe(0);
        const recordId = r.data?.record.id ?? '';
        const { message, record } = await outcome(socket, recordId, ['photoshootCutImage', 'photoshootCutImageError']);
        time('cut-out rejected (record wall time)', Date.now() - started);
        expect(message).toMatchObject({
          msg_id: `err_${recordId}`,
          content: { type: 'photoshootCutImageError', message: PhotoshootMsg.noProduct },
          data: { record_id: recordId, reason: 'no_product' },
        });
        expect(record).toMatchObject({ status: 'failed', error: PhotoshootMsg.noProduct });
        const p = await project(guest, projectId);
        expect(p.data.origin_image).toBe(url);
        expect(p.data.cutout_image).toBeUndefined();
        expect(p.extracted_coordinates).toBeNull();
        expect(await credit(guest)).toBe(100);
        // No cut-out image was stored.
        expect((await fileRows(server)).length).toBe(filesBefore);
      } finally {
        socket.close();
      }
    },
    CUTOUT_MS,
  );
});
