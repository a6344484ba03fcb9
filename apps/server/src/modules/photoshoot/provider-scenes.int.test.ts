import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, GenerateRecord, Project } from '@packsmith/contracts';
import { newGuest, type TestClient } from '../../../test/client.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { PEER_COLOURS, colourShare, startOpenAiImagesPeer, type OpenAiImagesPeer } from '../../../test/image-peers.js';
import { TestSocket } from '../../../test/socket.js';
import { uploadFile } from '../../../test/uploads.js';
import { renderTestPhoto, testPhotoSpecs } from '../../../../../packages/vision/src/testset/index.js';
import { PROVIDER_SCENE_COUNT } from './provider-scenes.js';

/*
 * IMAGE_PROVIDER=openai on a photo shoot: after the cut-out, the image engine's empty backdrops
 * (from a local OpenAI images peer) are recommended first, before the curated scenes, and a run on
 * one of them composites our cut-out onto it; with the engine failing, the curated scenes alone.
 */

type Answer = { messages: ChatMessage[]; record: GenerateRecord };

let peer: OpenAiImagesPeer;
let server: TestServer;

beforeAll(async () => {
  peer = await startOpenAiImagesPeer();
  server = await startTestServer({
    IMAGE_PROVIDER: 'openai',
    IMAGE_BASE_URL: peer.url,
    IMAGE_API_KEY: 'sk-test',
    IMAGE_TIMEOUT_MS: '20000',
    PHOTOSHOOT_TEMPLATES_PER_FAMILY: '1',
    PHOTOSHOOT_TEMPLATE_SIZE: '1024',
  });
  expect((await server.built.services.sceneTemplates.startSeeding()).failed).toBe(0);
}, 300_000);
afterAll(async () => {
  await server?.close();
  await peer?.close();
});

async function cutOut(client: TestClient, socket: TestSocket, projectId: string): Promise<{ recommend: ChatMessage; cut: ChatMessage }> {
  const spec = testPhotoSpecs().find((s) => s.kind === 'box' && s.background === 'plain' && s.products === 1) ?? testPhotoSpecs()[0];
  if (!spec) throw new Error('empty test set');
  const shot = await renderTestPhoto(spec);
  const up = await uploadFile(client, shot.photo);
  expect(up.code, up.msg).toBe(0);
  const started = await client.post<Answer>('/api/photoshoot/image/test', { project_id: projectId, image_url: up.data?.url ?? '' });
  expect(started.code, started.msg).toBe(0);
  const recordId = started.data?.record.id ?? '';
  const cut = await socket.waitFor('chat:message', {
    timeoutMs: 180_000,
    filter: (m) => m.content.type === 'photoshootCutImage' && m.data.record_id === recordId,
  });
  const recommend = await socket.waitFor('chat:message', {
    timeoutMs: 30_000,
    filter: (m) => m.content.type === 'photoshootRecommend' && m.data.record_id === recordId,
  });
  return { recommend, cut };
}

async function shootProject(): Promise<{ client: TestClient; socket: TestSocket; projectId: string }> {
  const client = await newGuest(server.url);
  const created = await client.post<Project>('/api/project', { type: 'photoshoot' });
  const projectId = created.data?.project_id ?? '';
  const socket = await TestSocket.connect(server.url, client.token ?? '');
  expect(await socket.join(projectId)).toMatchObject({ code: 0 });
  return { client, socket, projectId };
}

describe('photo shoot with a remote image engine', () => {
  it("recommends the engine's backdrops first (prompted without text or product) and composites the cut-out onto one", async () => {
    const { client, socket, projectId } = await shootProject();
    const before = peer.requests.length;
    const { recommend } = await cutOut(client, socket, projectId);
    const asked = peer.requests.slice(before).filter((r) => r.path === '/v1/images/generations');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.json?.n).toBe(PROVIDER_SCENE_COUNT);
    expect(asked[0]?.json?.prompt).toMatch(/backdrop/i);
    expect(asked[0]?.json?.prompt).toMatch(/no text|text, letters/i);

    const urls = recommend.data.recommend_background as string[];
    const templates = recommend.data.templates as { image_url: string }[];
    expect(urls.length).toBe(PROVIDER_SCENE_COUNT + templates.length);
    expect(templates.length).toBeGreaterThan(0);
    // The generated ones come first and are this user's files (not scene templates).
    const generated = urls.slice(0, PROVIDER_SCENE_COUNT);
    for (const url of generated) expect(templates.some((t) => t.image_url === url)).toBe(false);
    const info = await client.get<Project>('/api/project/info', { project_id: projectId });
    expect(info.data?.data.select_background).toBe(generated[0]);

    // A run on the engine's backdrop: the peer's pattern fills the scene around our product.
    const cutMsg = (await client.get<{ list: ChatMessage[] }>('/api/chat/history', { project_id: projectId })).data?.list.find(
      (m) => m.content.type === 'photoshootCutImage',
    );
    const run = await client.post<Answer>('/api/photoshoot/background', {
      project_id: projectId,
      background_url: generated[0],
      extracted_coordinates: cutMsg?.data.extracted_coordinates,
    });
    expect(run.code, run.msg).toBe(0);
    const answer = await socket.waitFor('chat:message', {
      timeoutMs: 60_000,
      filter: (m) => m.content.type === 'answer' && m.data.record_id === run.data?.record.id,
    });
    const [first] = answer.data.imageUrls ?? [];
    const res = await fetch(server.url + (first ?? ''));
    expect(res.status).toBe(200);
    const photo = Buffer.from(await res.arrayBuffer());
    expect(await colourShare(photo, PEER_COLOURS.generated.rgb)).toBeGreaterThan(0.1);
    socket.close();
  }, 240_000);

  it('with the engine failing, the curated scenes are recommended alone and the cut-out still arrives', async () => {
    const { client, socket, projectId } = await shootProject();
    peer.script = () => ({ status: 400, body: { error: { message: 'Your request was rejected by the safety system.' } } });
    try {
      const { recommend, cut } = await cutOut(client, socket, projectId);
      expect(cut.data.transparentUrl).toBeTruthy();
      const urls = recommend.data.recommend_background as string[];
      const templates = recommend.data.templates as { image_url: string }[];
      expect(urls).toEqual(templates.map((t) => t.image_url));
      expect(urls.length).toBeGreaterThan(0);
    } finally {
      peer.script = null;
      socket.close();
    }
  }, 240_000);
});
