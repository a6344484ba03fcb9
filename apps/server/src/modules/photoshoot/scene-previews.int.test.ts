import { eq } from 'drizzle-orm';
import sharp, { type Metadata } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, GenerateRecord, Project, SceneTemplate } from '@packsmith/contracts';
import { generateRecords } from '../../db/schema.js';
import type { TestClient } from '../../../test/client.js';
import { registeredUser } from '../../../test/accounts.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { TestSocket } from '../../../test/socket.js';
import { uploadFile } from '../../../test/uploads.js';
// The vision package's generated product photos (test-only import of its sources).
import { renderTestPhoto, testPhotoSpecs } from '../../../../../packages/vision/src/testset/index.js';
import { engineScenes, type SceneEngine, type SceneRenderRequest } from './scene-adapter.js';
import { createRepositories, createTransact } from '../../repositories.js';
import { createPhotoshootCommits } from './photoshoot.commits.js';
import { createPhotoshootChat } from './photoshoot.messages.js';
import { MIN_RECOMMENDED, createScenePreviews, previewsOf } from './scene-previews.js';
import { PREVIEW_SIZE } from './scene-templates.service.js';
import { createWorkerScenes } from './scene-worker.js';
import { createEngineVision, type PhotoshootVision } from './vision-adapter.js';

/*
 * The first photo of a fresh install (ISSUE 8 part 6): seeding is held at its first scene (a gate
 * around the real scene engine), so no curated scene exists when the photo is cut out. The cut-out
 * must still recommend MIN_RECOMMENDED scenes (quick previews rendered on demand in their own worker
 * thread), a preview must work as a background (with its family's light and floor line), and once
 * seeding has run, the previews are replaced by the curated scenes of the same families.
 * Real engines: ISNet cut-outs, the procedural scenes, the compositor.
 */

type Answer = { messages: ChatMessage[]; record: GenerateRecord };
type PublicList = { list: SceneTemplate[]; total: number };

/** The real scene engine (worker threads) with seeding held until `open()`; previews pass freely. */
function gatedScenes() {
  const inner = createWorkerScenes(engineScenes);
  let open = (): void => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const previews: SceneRenderRequest[] = [];
  const engine: SceneEngine = {
    scorer: (palette, product) => inner.scorer(palette, product),
    ...(inner.suggest ? { suggest: inner.suggest } : {}),
    async render(request) {
      // Curated scenes are rendered without a palette; the gate holds them (nothing curated yet).
      if (!request.palette) await gate;
      return inner.render(request);
    },
    warmUp: () => inner.warmUp(),
    close: () => inner.close(),
    fork() {
      const forked = inner.fork();
      return {
        ...forked,
        render(request) {
          previews.push(request);
          return forked.render(request);
        },
      };
    },
  };
  return { engine, open, previews };
}

/** The ISNet engine, noting when each model run ends (what follows it is the recommendation's latency). */
function timedVision(real: PhotoshootVision, ends: number[]): PhotoshootVision {
  return {
    ...real,
    async cutout(photo, options) {
      const result = await real.cutout(photo, options);
      ends.push(Date.now());
      return result;
    },
  };
}

const CUTOUT_MS = 180_000;
const scenes = gatedScenes();
const modelEnds: number[] = [];
let server: TestServer;
const figures: string[] = [];

beforeAll(async () => {
  server = await startTestServer({ PHOTOSHOOT_TEMPLATES_PER_FAMILY: '1', PHOTOSHOOT_TEMPLATE_SIZE: '256' }, undefined, {
    sceneEngine: scenes.engine,
    photoshootVision: timedVision(createEngineVision({ cutoutEngine: 'isnet' }), modelEnds),
  });
}, 90_000);
afterAll(async () => {
  console.log(`[scene previews] ${figures.join('; ')} (${server?.mode})`);
  // Seeding waits at the gate: let it finish so close() does not wait for ever.
  scenes.open();
  await server?.close();
});

async function fetchImage(url: string): Promise<Metadata> {
  const res = await fetch(server.url + url);
  expect(res.status, url).toBe(200);
  return sharp(Buffer.from(await res.arrayBuffer())).metadata();
}

async function projectOf(client: TestClient, projectId: string): Promise<Project> {
  const r = await client.get<Project>('/api/project/info', { project_id: projectId });
  if (!r.data) throw new Error(r.msg);
  return r.data;
}

/** Uploads a product photo and cuts it out: the recommendation and how long it took after the model run. */
async function cutOut(client: TestClient, socket: TestSocket, projectId: string): Promise<{ recommend: ChatMessage; afterModelMs: number; totalMs: number }> {
  const spec = testPhotoSpecs().find((s) => s.kind === 'bottle' && s.background === 'plain' && s.products === 1);
  if (!spec) throw new Error('no bottle-on-plain photo in the test set');
  const up = await uploadFile(client, (await renderTestPhoto(spec)).photo);
  expect(up.code, up.msg).toBe(0);
  const started = Date.now();
  const r = await client.post<Answer>('/api/photoshoot/image/test', { project_id: projectId, image_url: up.data?.url ?? '' });
  expect(r.code, r.msg).toBe(0);
  const recordId = r.data?.record.id ?? '';
  const cut = await socket.waitFor('chat:message', {
    timeoutMs: CUTOUT_MS,
    filter: (m) => ['photoshootCutImage', 'photoshootCutImageError'].includes(m.content.type) && m.data.record_id === recordId,
  });
  const arrived = Date.now();
  expect(cut.content.type, cut.content.message).toBe('photoshootCutImage');
  const recommend = await socket.waitFor('chat:message', { filter: (m) => m.content.type === 'photoshootRecommend' && m.data.record_id === recordId });
  return { recommend, afterModelMs: arrived - (modelEnds.at(-1) ?? arrived), totalMs: arrived - started };
}

describe('scene previews: the first photo of a fresh install', () => {
  let alice: { id: string; client: TestClient };
  let socket: TestSocket;
  let projectId: string;
  let recommended: string[];
  let previews: SceneTemplate[];

  beforeAll(async () => {
    alice = await registeredUser(server);
    socket = await TestSocket.connect(server.url, alice.client.token ?? '');
    projectId = (await alice.client.post<Project>('/api/project', { type: 'photoshoot' })).data?.project_id ?? '';
    expect(await socket.join(projectId)).toMatchObject({ code: 0 });
  });
  afterAll(() => socket?.close());

  it(
    `with no curated scene yet, the cut-out recommends ${MIN_RECOMMENDED} previews: distinct families, downloadable, coloured for the product`,
    async () => {
      expect((await alice.client.get<PublicList>('/api/photoshoot/public/list', { page_size: 100 })).data?.total).toBe(0);
      const { recommend, afterModelMs, totalMs } = await cutOut(alice.client, socket, projectId);
      figures.push(`first cut-out (model loads) with ${MIN_RECOMMENDED} previews: ${totalMs} ms, of which ${afterModelMs} ms after the model run`);

      recommended = recommend.data.recommend_background as string[];
      previews = recommend.data.templates as SceneTemplate[];
      expect(new Set(recommended).size).toBe(recommended.length);
      expect(recommended.length).toBeGreaterThanOrEqual(MIN_RECOMMENDED);
      expect(previews.map((t) => t.image_url)).toEqual(recommended);
      expect(new Set(previews.map((t) => t.family)).size).toBe(previews.length);
      for (const t of previews) {
        expect(t.name).toMatch(/preview/);
        expect(await fetchImage(t.image_url)).toMatchObject({ format: 'png', width: PREVIEW_SIZE, height: PREVIEW_SIZE });
      }
      // Rendered on demand, from the product's palette, at the preview size.
      expect(scenes.previews).toHaveLength(recommended.length);
      expect(scenes.previews.every((r) => r.size === PREVIEW_SIZE && (r.palette?.length ?? 0) > 0)).toBe(true);

      const p = await projectOf(alice.client, projectId);
      expect(p.data.recommend_background).toEqual(recommended);
      expect(p.data.select_background).toBe(recommended[0]);
      expect(previewsOf(p.data).map((x) => [x.image_url, x.replaced_by])).toEqual(recommended.map((u) => [u, null]));
    },
    CUTOUT_MS,
  );

  it('a preview works as a background: composited at its resolution with its light and floor line', async () => {
    const scene = previews[1] as SceneTemplate;
    const r = await alice.client.post<Answer>('/api/photoshoot/background', {
      project_id: projectId,
      background_url: scene.image_url,
      extracted_coordinates: (await projectOf(alice.client, projectId)).extracted_coordinates,
    });
    expect(r.code, r.msg).toBe(0);
    const recordId = r.data?.record.id ?? '';
    const [row] = await server.built.database.db.select().from(generateRecords).where(eq(generateRecords.id, recordId));
    expect(row?.input).toMatchObject({ background_url: scene.image_url, template_id: null, scene: { light: scene.light, floor_y: scene.floor_y } });
    const answer = await socket.waitFor('chat:message', {
      timeoutMs: 120_000,
      filter: (m) => ['answer', 'error'].includes(m.content.type) && m.data.record_id === recordId,
    });
    expect(answer.content.type, answer.content.message).toBe('answer');
    const urls = answer.data.imageUrls ?? [];
    expect(urls).toHaveLength(2);
    for (const url of urls) expect(await fetchImage(url)).toMatchObject({ format: 'jpeg', width: scene.width, height: scene.height });
    expect((await projectOf(alice.client, projectId)).data.select_background).toBe(scene.image_url);
  }, 150_000);

  it('once seeding has run, the recommended previews give way to the curated scenes of their families; the chosen preview stays usable', async () => {
    const before = await projectOf(alice.client, projectId);
    const chosen = before.data.select_background as string;
    scenes.open();
    expect((await server.built.services.sceneTemplates.startSeeding()).failed).toBe(0);
    const gallery = (await alice.client.get<PublicList>('/api/photoshoot/public/list', { page_size: 100 })).data?.list ?? [];
    expect(gallery).toHaveLength(12);

    // A recommendation of its own (no record), sent when seeding ended its round.
    const swap = await socket.waitFor('chat:message', {
      timeoutMs: 10_000,
      filter: (m) => m.content.type === 'photoshootRecommend' && m.data.record_id === undefined,
    });
    const next = swap.data.recommend_background as string[];
    const curatedOf = new Map(gallery.map((t) => [t.family, t.image_url]));
    expect(next).toEqual(previews.map((t) => curatedOf.get(t.family)));
    expect((swap.data.templates as SceneTemplate[]).map((t) => t.image_url)).toEqual(next);
    await socket.waitFor('project:updated', { filter: (u) => u.project_id === projectId });

    const after = await projectOf(alice.client, projectId);
    expect(after.data.recommend_background).toEqual(next);
    expect(after.data.select_background).toBe(chosen);
    expect(previewsOf(after.data).map((x) => x.replaced_by)).toEqual(next);
    // Nothing deleted: every preview still downloads, and the chosen one still composites.
    for (const t of previews) expect((await fetchImage(t.image_url)).width).toBe(PREVIEW_SIZE);
    const r = await alice.client.post<Answer>('/api/photoshoot/background', {
      project_id: projectId,
      background_url: chosen,
      extracted_coordinates: after.extracted_coordinates,
    });
    expect(r.code, r.msg).toBe(0);
    const answer = await socket.waitFor('chat:message', {
      timeoutMs: 120_000,
      filter: (m) => ['answer', 'error'].includes(m.content.type) && m.data.record_id === r.data?.record.id,
    });
    expect(answer.content.type, answer.content.message).toBe('answer');

    // Replacing is idempotent: another round (here: another process's) finds nothing left to replace.
    const history = async () => (await alice.client.get<{ list: ChatMessage[] }>('/api/chat/history', { project_id: projectId })).data?.list.length;
    const messages = await history();
    const { database, services, log } = server.built;
    const repos = createRepositories(database.db);
    const again = createScenePreviews({
      repo: repos.photoshoot,
      commits: createPhotoshootCommits({ transact: createTransact(database.db) }),
      access: services.projectAccess,
      files: services.files,
      templates: services.sceneTemplates,
      chat: createPhotoshootChat({ chat: repos.chat, realtime: services.realtime, log }),
      realtime: services.realtime,
      log,
    });
    expect(await again.swapAll()).toBe(0);
    expect(await again.swapProject(projectId)).toBe(false);
    await socket.expectNone('chat:message', 300, (m) => m.content.type === 'photoshootRecommend');
    expect(await history()).toBe(messages);
  }, 150_000);

  it(
    'with the curated set ready, a new photo gets curated scenes only, and no previews are rendered',
    async () => {
      const rendered = scenes.previews.length;
      const { recommend, afterModelMs, totalMs } = await cutOut(alice.client, socket, projectId);
      figures.push(`cut-out with curated scenes only: ${totalMs} ms, of which ${afterModelMs} ms after the model run`);
      const gallery = new Set(
        ((await alice.client.get<PublicList>('/api/photoshoot/public/list', { page_size: 100 })).data?.list ?? []).map((t) => t.image_url),
      );
      const urls = recommend.data.recommend_background as string[];
      expect(urls.length).toBe(6);
      expect(urls.every((u) => gallery.has(u))).toBe(true);
      expect(scenes.previews.length).toBe(rendered);
    },
    CUTOUT_MS,
  );
});
