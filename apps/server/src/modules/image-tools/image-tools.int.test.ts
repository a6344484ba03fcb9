import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_TOOL_COSTS, UploadMsg, type GenerateRecord, type ImageToolData, type ImageTool } from '@packsmith/contracts';
import { chatMessages, files as fileTable, generateRecords, projects, users } from '../../db/schema.js';
import { newFileKey } from '../../storage/storage.js';
import type { TestClient } from '../../../test/client.js';
import { newGuest } from '../../../test/client.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { PEER_COLOURS, colourShare, startComfyUiPeer, startOpenAiImagesPeer, type ComfyUiPeer, type OpenAiImagesPeer } from '../../../test/image-peers.js';
import { TestSocket } from '../../../test/socket.js';
import { uploadFile } from '../../../test/uploads.js';
import type { ImageToolEngines } from './image-tools.engines.js';
import { ImageToolMsg } from './image-tools.messages.js';

/*
 * The AI image tools over real HTTP: every call end to end (record, new file, messages, credits),
 * another user's files refused, bad inputs refused before anything is stored or charged, a failing
 * engine refunded, the remote engines (local OpenAI and ComfyUI peers) and their fallback.
 * The engines are the real local ones of @packsmith/vision.
 */

type Answer = { messages: { msg_id: string; content: { type: string }; data: Record<string, unknown> }[]; record: GenerateRecord };

const W = 320;
const H = 240;

// --- helpers -----------------------------------------------------------------------------------

let server: TestServer;
/** The real local engines: no engine is replaced except where a test says so. */
const engines: Partial<ImageToolEngines> = {};

beforeAll(async () => {
  server = await startTestServer({ MOCKUP_TEMPLATES_SEED: '1', MOCKUP_TEMPLATE_SIZE: '128' }, undefined, { imageToolEngines: engines });
  await server.built.services.mockupTemplates.startSeeding();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

const db = () => server.built.database.db;

async function userOf(client: TestClient): Promise<{ user_id: string; credit: number }> {
  const r = await client.get<{ user_id: string; credit: number }>('/api/user/me');
  if (!r.data) throw new Error(r.msg);
  return r.data;
}

async function newProject(client: TestClient, type = 'mockup'): Promise<string> {
  const r = await client.post<{ project_id: string }>('/api/project', { type });
  if (!r.data) throw new Error(r.msg);
  return r.data.project_id;
}

/** A file of the user's (registered like a result of ours: any size). */
async function stored(s: TestServer, userId: string, bytes: Buffer): Promise<string> {
  return (await s.built.services.files.saveGenerated(userId, bytes)).url;
}

/** A file row whose bytes are whatever is given (a text file stored as .png). */
async function rawFile(s: TestServer, userId: string, bytes: Buffer, mime = 'image/png'): Promise<string> {
  const key = newFileKey(userId, 'png', new Date());
  await s.built.services.storage.put(key, bytes, mime);
  await s.built.database.db.insert(fileTable).values({ key, userId, mime, width: 512, height: 512, size: bytes.length, isPublic: false });
  return s.built.services.storage.publicUrl(key);
}

/** Two halves: red on the left, blue on the right, with a white square in the middle. */
const twoColour = (w = W, h = H, format: 'png' | 'jpeg' = 'png') => {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w / 2}" height="${h}" fill="#dc1e1e"/><rect x="${w / 2}" width="${w / 2}" height="${h}" fill="#1e3cdc"/><rect x="${w / 2 - 30}" y="${h / 2 - 30}" width="60" height="60" fill="#ffffff"/></svg>`;
  const s = sharp(Buffer.from(svg));
  return format === 'png' ? s.png().toBuffer() : s.jpeg({ quality: 90 }).toBuffer();
};

/** A PNG mask, white in a rectangle. */
const maskPng = (w: number, h: number, rect: { x: number; y: number; width: number; height: number } | null) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#000"/>${rect ? `<rect x="${rect.x}" y="${rect.y}" width="${rect.width}" height="${rect.height}" fill="#fff"/>` : ''}</svg>`,
    ),
  )
    .png()
    .toBuffer();

async function uploadMask(client: TestClient, bytes: Buffer): Promise<string> {
  const r = await uploadMaskRaw(client, bytes);
  expect(r.code, r.msg).toBe(0);
  return r.data?.url ?? '';
}

async function uploadMaskRaw(client: TestClient, bytes: Buffer, purpose = 'mask') {
  const token = (await client.get<{ uploadToken: string }>('/api/aws/token')).data.uploadToken;
  const form = new FormData();
  form.append('token', token);
  form.append('purpose', purpose);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'mask.png');
  const res = await fetch(`${client.baseUrl}/api/upload`, { method: 'POST', headers: { authorization: `Bearer ${client.token ?? ''}` }, body: form });
  return (await res.json()) as { code: number; msg: string; data: { url: string; width: number; height: number; resized: boolean } | null };
}

async function bytesOf(s: TestServer, url: string): Promise<Buffer> {
  const res = await fetch(s.url + url);
  expect(res.status, url).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

const rgbOfHex = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) || 0);
/** Sum of the channel differences of two hex colours (0–765). */
const hexDistance = (a: string, b: string) => rgbOfHex(a).reduce((s, v, i) => s + Math.abs(v - (rgbOfHex(b)[i] ?? 0)), 0);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function finished(client: TestClient, id: string, timeoutMs = 120_000): Promise<GenerateRecord> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const r = await client.get<GenerateRecord>('/api/generate/record', { id });
    if (r.data?.status === 'done' || r.data?.status === 'failed') return r.data;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`record ${id} did not finish`);
}

async function kindsOf(projectId: string, recordId: string): Promise<string[]> {
  const rows = await db().select().from(chatMessages).where(eq(chatMessages.projectId, projectId));
  return rows.filter((r) => r.data.record_id === recordId).map((r) => r.kind);
}

/** What a refused call must leave untouched. */
async function footprint(client: TestClient, projectId: string) {
  const records = await db().select().from(generateRecords).where(eq(generateRecords.projectId, projectId));
  const messages = await db().select().from(chatMessages).where(eq(chatMessages.projectId, projectId));
  return { credit: (await userOf(client)).credit, records: records.length, messages: messages.length, files: (await db().select().from(fileTable)).length };
}

/** A source image, a mask for it, and a product photo (a box on a plain ground, for remove background). */
interface Images {
  url: string;
  mask: string;
  product: string;
}

/** A product photo: a brown box with a darker band on a light grey ground. */
const productPhoto = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#e8e8e4"/><rect x="110" y="40" width="100" height="160" fill="#a0703c"/><rect x="110" y="90" width="100" height="30" fill="#603818"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

interface Case {
  tool: ImageTool;
  path: string;
  body: (img: Images) => Record<string, unknown>;
  kind: string;
  /** The result keeps alpha (PNG). */
  alpha?: boolean;
}

const CASES: Case[] = [
  { tool: 'erase', path: '/api/mockup/erase', body: (i) => ({ image_url: i.url, mask_url: i.mask }), kind: 'mockupErase' },
  { tool: 'fill', path: '/api/generate/fill', body: (i) => ({ image_url: i.url, mask_url: i.mask, prompt: 'sage green' }), kind: 'mockupInpaint' },
  { tool: 'removebg', path: '/api/generate/mockup/removebg', body: (i) => ({ image_url: i.product }), kind: 'mockupRemovebg', alpha: true },
  {
    tool: 'segment',
    path: '/api/segment/box',
    body: (i) => ({ image_url: i.url, box: { x: W / 2 - 50, y: H / 2 - 50, width: 100, height: 100 } }),
    kind: 'mockupHandle',
    alpha: true,
  },
  { tool: 'upscale', path: '/api/generate/upscale', body: (i) => ({ image_url: i.url, scale: 2 }), kind: 'mockupHandle' },
  { tool: 'edit', path: '/api/generate/edit/image', body: (i) => ({ image_url: i.url, prompt: 'make it sage green' }), kind: 'mockupHandle' },
  { tool: 'image2image', path: '/api/generate/image2image', body: (i) => ({ control_image: i.url, prompt: 'warmer, vintage' }), kind: 'mockupHandle' },
  {
    tool: 'text2image',
    path: '/api/generate/text2image',
    body: () => ({ prompt: 'a red apple on a table', aspect_ratio: '4:3', style: 'photo' }),
    kind: 'mockupHandle',
  },
  { tool: 'text', path: '/api/generate/text', body: (i) => ({ image: i.url, text: 'Nova Tea' }), kind: 'mockupHandle' },
  { tool: 'composite_text', path: '/api/generate/composite/text', body: (i) => ({ image_url: i.url, text: 'Nova Tea' }), kind: 'mockupHandle' },
];

// --- the mask upload purpose -------------------------------------------------------------------

describe('upload purpose=mask', () => {
  it('takes a PNG of any size from 16 to 4096 px as it is; refuses JPEG, tiny masks and unknown purposes', async () => {
    const c = await newGuest(server.url);
    const png = await maskPng(W, H, { x: 10, y: 10, width: 50, height: 50 });
    const ok = await uploadMaskRaw(c, png);
    expect(ok).toMatchObject({ code: 0, data: { width: W, height: H, resized: false } });
    expect(sha(await bytesOf(server, ok.data?.url ?? ''))).toBe(sha(png));
    const jpeg = await sharp(png).jpeg().toBuffer();
    expect(await uploadMaskRaw(c, jpeg)).toMatchObject({ code: 400, msg: UploadMsg.maskNotPng });
    expect(await uploadMaskRaw(c, await maskPng(8, 8, null))).toMatchObject({ code: 400, msg: UploadMsg.maskSize(8, 8) });
    expect(await uploadMaskRaw(c, png, 'banner')).toMatchObject({ code: 400, msg: UploadMsg.badPurpose });
    // The photo rules still hold without the purpose (SPEC §5: at least 1024 px).
    expect((await uploadFile(c, png)).code).toBe(400);
  });
});

// --- each call end to end ----------------------------------------------------------------------

describe('each tool end to end: record done, a new file, messages, credits', () => {
  let client: TestClient;
  let projectId: string;
  let img: Images;
  let sourceHash: string;
  let socket: TestSocket;
  afterAll(() => socket?.close());
  beforeAll(async () => {
    client = await newGuest(server.url);
    projectId = await newProject(client);
    socket = await TestSocket.connect(server.url, client.token ?? '');
    expect(await socket.join(projectId)).toMatchObject({ code: 0 });
    const uid = (await userOf(client)).user_id;
    const src = await twoColour();
    img = {
      url: await stored(server, uid, src),
      mask: await uploadMask(client, await maskPng(W, H, { x: 100, y: 80, width: 120, height: 80 })),
      product: await stored(server, uid, await productPhoto()),
    };
    sourceHash = sha(src);
  });

  it.each(CASES.map((c) => [c.tool, c] as const))('%s', { timeout: 180_000 }, async (_tool, c) => {
    const before = (await userOf(client)).credit;
    const r = await client.post<Answer>(c.path, { project_id: projectId, ...c.body(img) });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.messages[0]).toMatchObject({ content: { type: 'mockupHandle' }, data: { tool: c.tool, record_id: r.data.record.id } });
    const record = await finished(client, r.data.record.id);
    expect(record.status, record.error ?? '').toBe('done');
    const data = record.data as unknown as ImageToolData;
    expect(data.tool).toBe(c.tool);
    expect(data.imageUrls).toHaveLength(1);
    const out = data.imageUrls[0] ?? '';
    expect(out).not.toBe(img.url);
    const bytes = await bytesOf(server, out);
    const meta = await sharp(bytes).metadata();
    expect(meta.width).toBe(data.width);
    if (c.alpha) expect(meta).toMatchObject({ format: 'png', hasAlpha: true });
    if (c.tool === 'upscale') expect(data.width).toBe(W * 2);
    if (c.tool === 'text2image') expect(data.width / data.height).toBeCloseTo(4 / 3, 1);
    if (c.tool === 'segment') expect(data.mask_url).toBeTruthy();
    expect(data.engine).toBeTruthy();
    if (c.tool === 'removebg') {
      // The ground is transparent, the product opaque.
      const alpha = await sharp(bytes).extractChannel(3).raw().toBuffer();
      expect(alpha[5 * W + 5]).toBeLessThan(128);
      expect(alpha[120 * W + 160]).toBeGreaterThan(128);
    } else if (c.tool !== 'text2image' && c.tool !== 'segment') {
      const a = await sharp(bytes).resize(W, H, { fit: 'fill' }).removeAlpha().raw().toBuffer();
      const b = await sharp(await bytesOf(server, img.url))
        .removeAlpha()
        .raw()
        .toBuffer();
      expect(a.equals(b), 'the result differs from the source').toBe(false);
    }
    // The source is never overwritten.
    expect(sha(await bytesOf(server, img.url))).toBe(sourceHash);
    expect(await kindsOf(projectId, record.id)).toEqual(['mockupHandle', c.kind]);
    // Over the socket: progress, the result message and the finished record.
    const result = await socket.waitFor('chat:message', {
      timeoutMs: 10_000,
      filter: (m) => m.data.record_id === record.id && m.content.type === c.kind && 'imageUrls' in m.data,
    });
    expect(result.data.imageUrls).toEqual(data.imageUrls);
    expect(socket.all('generate:progress').some((p) => p.record_id === record.id && p.progress > 0)).toBe(true);
    await socket.waitFor('generate:done', { timeoutMs: 10_000, filter: (p) => p.record_id === record.id });
    expect((await userOf(client)).credit).toBe(before - IMAGE_TOOL_COSTS[c.tool]);
  });

  it('composite/text on a product: the text goes on the template front', { timeout: 120_000 }, async () => {
    const templates = await client.get<{ list: { id: string }[] }>('/api/mockup/template/list', {});
    const id = templates.data?.list[0]?.id ?? '';
    expect(id).toBeTruthy();
    const r = await client.post<Answer>('/api/generate/composite/text/v2', {
      project_id: projectId,
      product: id,
      text: 'Nova Tea',
      style: { color: '#102030' },
    });
    expect(r.code, r.msg).toBe(0);
    const record = await finished(client, r.data.record.id);
    expect(record.status, record.error ?? '').toBe('done');
    const data = record.data as unknown as ImageToolData;
    expect(data.imageUrls).toHaveLength(1);
    expect(data.note).toMatch(/follows the pack/);
    // The text changed pixels of the printable surfaces only (the scene elsewhere is as it was).
    const info = await client.get<{ scene_url: string; surface_url: string }>('/api/mockup/template/info', { id });
    const out = await sharp(await bytesOf(server, data.imageUrls[0] ?? ''))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const scene = await sharp(await bytesOf(server, info.data.scene_url))
      .removeAlpha()
      .resize(out.info.width, out.info.height, { fit: 'fill' })
      .raw()
      .toBuffer();
    const surface = await sharp(await bytesOf(server, info.data.surface_url))
      .extractChannel(0)
      .resize(out.info.width, out.info.height, { kernel: 'nearest', fit: 'fill' })
      .raw()
      .toBuffer();
    let inside = 0;
    let outside = 0;
    for (let i = 0; i < surface.length; i++) {
      const d = [0, 1, 2].reduce((sum, ch) => sum + Math.abs((out.data[i * 3 + ch] ?? 0) - (scene[i * 3 + ch] ?? 0)), 0);
      if (d <= 40) continue;
      if ((surface[i] ?? 0) === 0) outside++;
      else inside++;
    }
    expect(inside).toBeGreaterThan(20);
    expect(outside).toBeLessThan(inside / 10);
  });

  it('composite/text without image or product: the project’s latest image result', { timeout: 120_000 }, async () => {
    const r = await client.post<Answer>('/api/generate/composite/text', { project_id: projectId, text: 'Latest' });
    expect(r.code, r.msg).toBe(0);
    const record = await finished(client, r.data.record.id);
    expect(record.status, record.error ?? '').toBe('done');
    expect((record.data as unknown as ImageToolData).source_url).toBeTruthy();
  });

  it('segment/box on a blank area: done, no image, nothing charged', { timeout: 60_000 }, async () => {
    const before = (await userOf(client)).credit;
    const r = await client.post<Answer>('/api/segment/box', { project_id: projectId, image_url: img.url, box: { x: 5, y: 5, width: 40, height: 40 } });
    expect(r.code, r.msg).toBe(0);
    const record = await finished(client, r.data.record.id);
    expect(record.status).toBe('done');
    expect((record.data as unknown as ImageToolData).imageUrls).toEqual([]);
    expect((await userOf(client)).credit).toBe(before);
    const rows = await db()
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.projectId, projectId), eq(chatMessages.kind, 'mockupHandle')));
    expect(rows.some((m) => m.message === ImageToolMsg.segmentEmpty)).toBe(true);
  });

  it('keywords: colour names of a two-colour image, synchronously', async () => {
    const r = await client.get<{ keywords: string[]; colors: { name: string; hex: string; share: number }[]; brief: string | null }>(
      '/api/vector/search/keyword',
      {
        project_id: projectId,
        image_url: img.url,
      },
    );
    expect(r.code, r.msg).toBe(0);
    // The two halves are found as named colours near their own (the engine's names: "red", "cobalt"…).
    const near = (hex: string) => r.data.colors.find((c) => hexDistance(c.hex, hex) <= 90);
    const red = near('#dc1e1e');
    const blue = near('#1e3cdc');
    expect(red?.name, JSON.stringify(r.data.colors)).toBeTruthy();
    expect(blue?.name, JSON.stringify(r.data.colors)).toBeTruthy();
    expect(red?.name).not.toBe(blue?.name);
    expect(r.data.keywords).toEqual(expect.arrayContaining([red?.name, blue?.name]));
    expect(r.data.brief).toBeNull();
  });

  it('keywords of one of the caller’s designs carry the brief it came from', async () => {
    const design = await newProject(client, 'design');
    const front = await stored(server, (await userOf(client)).user_id, await twoColour());
    await db()
      .update(projects)
      .set({ data: { designs_meta: { [img.url]: { front_url: front, box_id: 1, brand: 'Nova', product: 'green tea', style: ['minimal', 'botanical'] } } } })
      .where(eq(projects.id, design));
    const r = await client.get<{ keywords: string[]; brief: string | null }>('/api/vector/search/keyword', { project_id: projectId, image_url: front });
    expect(r.code, r.msg).toBe(0);
    expect(r.data.brief).toBe('Nova — green tea; minimal, botanical');
    expect(r.data.keywords).toEqual(expect.arrayContaining(['Nova', 'green tea', 'minimal', 'botanical']));
  });
});

// --- refusals ----------------------------------------------------------------------------------

describe("another user's files: 403 on every call, nothing charged", () => {
  it.each(CASES.filter((c) => c.tool !== 'text2image').map((c) => [c.tool, c] as const))('%s', async (_tool, c) => {
    const a = await newGuest(server.url);
    const aid = (await userOf(a)).user_id;
    const theirs = {
      url: await stored(server, aid, await twoColour()),
      mask: await uploadMask(a, await maskPng(W, H, { x: 0, y: 0, width: 50, height: 50 })),
      product: await stored(server, aid, await productPhoto()),
    };
    const b = await newGuest(server.url);
    const project = await newProject(b);
    const before = await footprint(b, project);
    const r = await b.post(c.path, { project_id: project, ...c.body(theirs) });
    expect(r.code, r.msg).toBe(403);
    expect(await footprint(b, project)).toEqual(before);
  });
});

describe('bad inputs: a clear 400, no record, no charge', () => {
  let client: TestClient;
  let projectId: string;
  let uid: string;
  let url: string;
  beforeAll(async () => {
    client = await newGuest(server.url);
    projectId = await newProject(client);
    uid = (await userOf(client)).user_id;
    url = await stored(server, uid, await twoColour());
  });

  const refused = async (path: string, body: Record<string, unknown>, message: string | RegExp) => {
    const before = await footprint(client, projectId);
    const r = await client.post(path, { project_id: projectId, ...body });
    expect(r.code, r.msg).toBe(400);
    if (typeof message === 'string') expect(r.msg).toBe(message);
    else expect(r.msg).toMatch(message);
    expect(await footprint(client, projectId)).toEqual(before);
  };

  it('a mask the wrong size', async () => {
    const mask = await uploadMask(client, await maskPng(64, 48, { x: 0, y: 0, width: 10, height: 10 }));
    await refused('/api/mockup/erase', { image_url: url, mask_url: mask }, ImageToolMsg.maskSize(64, 48, W, H));
  });
  it('an empty mask', async () => {
    const mask = await uploadMask(client, await maskPng(W, H, null));
    await refused('/api/generate/fill', { image_url: url, mask_url: mask, prompt: 'gold' }, ImageToolMsg.maskEmpty);
  });
  it('a box outside the image', async () => {
    await refused('/api/segment/box', { image_url: url, box: { x: W + 10, y: 0, width: 50, height: 50 } }, ImageToolMsg.boxOutside(W, H));
  });
  it('a 1 px image', async () => {
    const tiny = await stored(
      server,
      uid,
      await sharp({ create: { width: 1, height: 1, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer(),
    );
    await refused('/api/generate/mockup/removebg', { image_url: tiny }, ImageToolMsg.tooSmall('image_url', 1, 1));
  });
  it('a non-image stored as .png', async () => {
    const text = await rawFile(server, uid, Buffer.from('just some text, not an image'));
    await refused('/api/generate/upscale', { image_url: text, scale: 2 }, ImageToolMsg.notImage('image_url'));
  });
  it('scale 3', async () => {
    await refused('/api/generate/upscale', { image_url: url, scale: 3 }, /scale/);
  });
  it('a foreign URL', async () => {
    await refused('/api/generate/edit/image', { image_url: 'https://example.com/a.png', prompt: 'x' }, /^image_url: /);
  });
  it('linked_project_id of someone else: 403', async () => {
    const other = await newGuest(server.url);
    const theirProject = await newProject(other);
    const before = await footprint(client, projectId);
    const r = await client.post('/api/generate/edit/image', { project_id: projectId, linked_project_id: theirProject, image_url: url, prompt: 'x' });
    expect(r.code).toBe(403);
    expect(await footprint(client, projectId)).toEqual(before);
  });
  it('450 when credits are short, nothing stored', async () => {
    const poor = await newGuest(server.url);
    const project = await newProject(poor);
    const pid = (await userOf(poor)).user_id;
    const src = await stored(server, pid, await twoColour());
    await db().update(users).set({ credit: 1 }).where(eq(users.id, pid));
    const before = await footprint(poor, project);
    const r = await poor.post('/api/generate/upscale', { project_id: project, image_url: src, scale: 2 });
    expect(r.code).toBe(450);
    expect(await footprint(poor, project)).toEqual(before);
  });
});

// --- a failing engine, and the remote engines --------------------------------------------------

const failing = async () => {
  throw new Error('engine exploded');
};

describe('IMAGE_PROVIDER=comfyui (text to image) and a failing local engine (erase)', () => {
  let peer: ComfyUiPeer;
  let s: TestServer;
  beforeAll(async () => {
    peer = await startComfyUiPeer();
    s = await startTestServer({ IMAGE_PROVIDER: 'comfyui', COMFYUI_URL: peer.url, IMAGE_TIMEOUT_MS: '20000' }, undefined, {
      imageToolEngines: { ...engines, inpaint: failing },
    });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await peer?.close();
  });

  it('text to image comes from ComfyUI at the aspect ratio', { timeout: 120_000 }, async () => {
    const c = await newGuest(s.url);
    const project = await newProject(c);
    const before = (await userOf(c)).credit;
    const r = await c.post<Answer>('/api/generate/text2image', { project_id: project, prompt: 'a meadow', aspect_ratio: '16:9' });
    expect(r.code, r.msg).toBe(0);
    const record = await finished(c, r.data.record.id);
    expect(record.status, record.error ?? '').toBe('done');
    const data = record.data as unknown as ImageToolData;
    expect(data.engine).toBe('comfyui');
    expect(data.width / data.height).toBeCloseTo(16 / 9, 1);
    expect(await colourShare(await bytesOf(s, data.imageUrls[0] ?? ''), PEER_COLOURS.generated.rgb)).toBeGreaterThan(0.2);
    expect((await userOf(c)).credit).toBe(before - IMAGE_TOOL_COSTS.text2image);
  });

  it('a failing engine: record failed, credits refunded, the error in the chat', { timeout: 60_000 }, async () => {
    const c = await newGuest(s.url);
    const project = await newProject(c);
    const uid = (await userOf(c)).user_id;
    const src = await stored(s, uid, await twoColour());
    const mask = await uploadMask(c, await maskPng(W, H, { x: 10, y: 10, width: 40, height: 40 }));
    const before = (await userOf(c)).credit;
    const r = await c.post<Answer>('/api/mockup/erase', { project_id: project, image_url: src, mask_url: mask });
    expect(r.code, r.msg).toBe(0);
    const record = await finished(c, r.data.record.id);
    expect(record.status).toBe('failed');
    expect(record.error).toBe(ImageToolMsg.failed);
    expect((await userOf(c)).credit).toBe(before);
    const rows = await s.built.database.db.select().from(chatMessages).where(eq(chatMessages.projectId, project));
    expect(rows.filter((m) => m.kind === 'error').map((m) => m.message)).toEqual([ImageToolMsg.failed]);
  });
});

describe('IMAGE_PROVIDER=openai: fill through the images edit API, and a failing peer → the local engine', () => {
  let peer: OpenAiImagesPeer;
  let s: TestServer;
  beforeAll(async () => {
    peer = await startOpenAiImagesPeer({ apiKey: 'sk-int' });
    s = await startTestServer({ IMAGE_PROVIDER: 'openai', IMAGE_BASE_URL: peer.url, IMAGE_API_KEY: 'sk-int', IMAGE_TIMEOUT_MS: '20000' }, undefined, {
      imageToolEngines: engines,
    });
  }, 120_000);
  afterAll(async () => {
    await s?.close();
    await peer?.close();
  });

  it('fill: the peer repaints the masked area (transparent in the mask it receives)', { timeout: 120_000 }, async () => {
    const c = await newGuest(s.url);
    const project = await newProject(c);
    const uid = (await userOf(c)).user_id;
    const src = await stored(s, uid, await twoColour());
    const mask = await uploadMask(c, await maskPng(W, H, { x: 0, y: 0, width: 100, height: 60 }));
    const before = (await userOf(c)).credit;
    const r = await c.post<Answer>('/api/generate/fill', { project_id: project, image_url: src, mask_url: mask, prompt: 'a lemon' });
    expect(r.code, r.msg).toBe(0);
    const record = await finished(c, r.data.record.id);
    expect(record.status, record.error ?? '').toBe('done');
    const data = record.data as unknown as ImageToolData;
    expect(data.engine).toBe('openai');
    expect(data).toMatchObject({ width: W, height: H });
    const edit = peer.requests.find((q) => q.path === '/v1/images/edits');
    const sent = edit?.form?.files.mask?.bytes;
    expect(sent).toBeTruthy();
    const alpha = await sharp(sent).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => alpha.data[Math.floor((y * alpha.info.height) / H) * alpha.info.width + Math.floor((x * alpha.info.width) / W)];
    expect(at(20, 20)).toBe(0);
    expect(at(W - 20, H - 20)).toBe(255);
    expect(await colourShare(await bytesOf(s, data.imageUrls[0] ?? ''), PEER_COLOURS.edited.rgb)).toBeGreaterThan(0.2);
    expect((await userOf(c)).credit).toBe(before - IMAGE_TOOL_COSTS.fill);
  });

  it('the peer failing: the local engine makes it in the same job, charged once', { timeout: 120_000 }, async () => {
    peer.script = () => ({ status: 500, body: { error: { message: 'overloaded' } } });
    try {
      const c = await newGuest(s.url);
      const project = await newProject(c);
      const before = (await userOf(c)).credit;
      const r = await c.post<Answer>('/api/generate/text2image', { project_id: project, prompt: 'a red apple', aspect_ratio: '1:1' });
      expect(r.code, r.msg).toBe(0);
      const record = await finished(c, r.data.record.id);
      expect(record.status, record.error ?? '').toBe('done');
      expect((record.data as unknown as ImageToolData).engine).toBe('local');
      expect((await userOf(c)).credit).toBe(before - IMAGE_TOOL_COSTS.text2image);
      const charges = await s.built.database.db.select().from(generateRecords).where(eq(generateRecords.projectId, project));
      expect(charges).toHaveLength(1);
    } finally {
      peer.script = null;
    }
  });
});
