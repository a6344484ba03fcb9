import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Msg, type ChatMessage, type DesignResult, type GenerateRecord, type Project } from '@packsmith/contracts';
import { chatMessages, creditLedger, generateRecords, users } from '../../db/schema.js';
import { TestClient, newGuest } from '../../../test/client.js';
import { startTestServer, type TestServer } from '../../../test/harness.js';
import { makePng } from '../../../test/images.js';
import { TestSocket } from '../../../test/socket.js';
import { uploadFile } from '../../../test/uploads.js';
import { MAX_RECORD_ATTEMPTS, RecordMsg } from '../generate/generate.service.js';
import { createChatRepo } from './chat.repo.js';
import { engineDesignPipeline, type DesignPipeline } from './design-pipeline.js';

type Answer = { messages: ChatMessage[]; record: GenerateRecord | null };
type AnswerData = { imageUrls: string[]; designs: DesignResult[]; record_id: string; prompt_index: number };
type DesignMeta = { layout_id: string; palette: string[]; brand: string; product: string; seed: number; record_id: string };

/** Brands containing this make the injected pipeline fail: a deterministic failed job. */
const FAILING_BRAND = 'Failwhale';
/** Brands containing this make the injected pipeline hang until the test ends the run (`endStalled`). */
const STALLING_BRAND = 'Stallion';
const stalled: (() => void)[] = [];
function endStalled(): void {
  for (const end of stalled.splice(0)) end();
}
const failingOnPurpose: DesignPipeline = async (request) => {
  if (request.brief.brand.includes(FAILING_BRAND)) throw new Error('engine exploded (on purpose)');
  if (request.brief.brand.includes(STALLING_BRAND)) {
    await new Promise<void>((resolve) => stalled.push(resolve));
    throw new Error('the stalled run ended (on purpose)');
  }
  return engineDesignPipeline(request);
};

let server: TestServer;
const timings: number[] = [];

beforeAll(async () => {
  server = await startTestServer({}, undefined, { designPipeline: failingOnPurpose });
});
afterAll(async () => {
  endStalled();
  if (timings.length > 0) console.log(`[chat] design job wall time (ms): ${timings.join(', ')} (${server.mode})`);
  await server?.close();
});

async function guestWithProject(): Promise<{ client: TestClient; projectId: string; userId: string }> {
  const client = await newGuest(server.url);
  const project = await client.post<Project>('/api/project', { type: 'design' });
  if (project.code !== 0 || !project.data) throw new Error(project.msg);
  const me = await client.get<{ user_id: string }>('/api/user/me');
  return { client, projectId: project.data.project_id, userId: me.data?.user_id ?? '' };
}

async function credit(client: TestClient): Promise<number> {
  return (await client.get<{ credit: number }>('/api/user/me')).data?.credit ?? -1;
}

async function project(client: TestClient, projectId: string): Promise<Project> {
  const r = await client.get<Project>('/api/project/info', { project_id: projectId });
  if (!r.data) throw new Error(r.msg);
  return r.data;
}

async function history(client: TestClient, projectId: string, query: Record<string, unknown> = {}) {
  return client.get<{ list: ChatMessage[]; has_more: boolean }>('/api/chat/history', { project_id: projectId, ...query });
}

async function say(client: TestClient, projectId: string, content: string, extra: Record<string, unknown> = {}): Promise<Answer> {
  const r = await client.post<Answer>('/api/chat/message', { project_id: projectId, content, ...extra });
  expect(r, r.msg).toMatchObject({ code: 0, msg: 'SUCCESS' });
  return r.data;
}

async function setBrief(client: TestClient, projectId: string, brief: Record<string, unknown>): Promise<void> {
  const r = await client.put('/api/project', { project_id: projectId, data: brief });
  expect(r.code, r.msg).toBe(0);
}

/** Waits for the record's answer (or error) message in the room and its generate:done. */
async function outcome(socket: TestSocket, recordId: string): Promise<{ message: ChatMessage; record: GenerateRecord }> {
  const started = Date.now();
  const message = await socket.waitFor('chat:message', {
    timeoutMs: 120_000,
    filter: (m) => (m.content.type === 'answer' || m.content.type === 'error') && m.data.record_id === recordId,
  });
  const done = await socket.waitFor('generate:done', { timeoutMs: 30_000, filter: (p) => p.record_id === recordId });
  timings.push(Date.now() - started);
  return { message, record: done.record };
}

function answerOf(m: ChatMessage): AnswerData {
  expect(m.content.type).toBe('answer');
  return m.data as unknown as AnswerData;
}

async function fetchImage(url: string): Promise<{ type: string | null; width: number; height: number; format: string }> {
  const res = await fetch(server.url + url);
  expect(res.status, url).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const meta = await sharp(bytes).metadata();
  return { type: res.headers.get('content-type'), width: meta.width ?? 0, height: meta.height ?? 0, format: meta.format ?? '' };
}

/** A project with a finished first prompt, its socket joined. */
async function generatedProject(brief: Record<string, unknown> = { product: 'oat milk', brand: 'Nova', style: ['minimalist'], color: ['green', 'cream'] }) {
  const g = await guestWithProject();
  const socket = await TestSocket.connect(server.url, g.client.token ?? '');
  expect(await socket.join(g.projectId)).toMatchObject({ code: 0 });
  await setBrief(g.client, g.projectId, brief);
  const started = await g.client.post<Answer>('/api/paint/imagine', { project_id: g.projectId });
  expect(started.code, started.msg).toBe(0);
  const recordId = started.data?.record?.id ?? '';
  const { message, record } = await outcome(socket, recordId);
  expect(record.status).toBe('done');
  return { ...g, socket, answer: answerOf(message), answerMsg: message };
}

describe('design chat: conversation to designs', () => {
  it('hello → product, brand, box, style → generate → progress → an answer with 2 PNG packshots of 1024 px, charged once', async () => {
    const { client, projectId } = await guestWithProject();
    const socket = await TestSocket.connect(server.url, client.token ?? '');
    try {
      expect(await socket.join(projectId)).toMatchObject({ code: 0 });
      expect(await credit(client)).toBe(100);

      const hello = await client.post<Answer>('/api/chat/hello', { project_id: projectId, type: 'design' });
      expect(hello).toMatchObject({ code: 0, data: { record: null } });
      expect(hello.data?.messages.map((m) => [m.role, m.content.type])).toEqual([['assistant', 'hello']]);
      const pushed = await socket.waitFor('chat:message', { filter: (m) => m.msg_id === hello.data?.messages[0]?.msg_id });
      expect(pushed.content.type).toBe('hello');
      // A second hello greets nobody twice.
      const again = await client.post<Answer>('/api/chat/hello', { project_id: projectId, type: 'design' });
      expect(again.data?.messages.map((m) => m.msg_id)).toEqual(hello.data?.messages.map((m) => m.msg_id));

      const product = await say(client, projectId, 'oat milk');
      expect(product.messages[0]).toMatchObject({ role: 'user', content: { message: 'oat milk', type: 'text' } });
      expect(product.record).toBeNull();
      const brand = await say(client, projectId, 'Nova');
      const boxMsg = brand.messages.find((m) => m.content.type === 'box');
      expect(boxMsg, JSON.stringify(brand.messages)).toBeDefined();
      const options = (boxMsg?.data as { box_options: { box_id: number; slug: string }[] }).box_options;
      expect(options.length).toBeGreaterThan(0);
      await say(client, projectId, 'a mailer box please');
      const afterBox = await project(client, projectId);
      expect(afterBox).toMatchObject({ product: 'oat milk', brand: 'Nova' });
      expect(afterBox.box[0]).toBe('mailer-box');
      expect(afterBox.data.box_id).toBe(201);
      await say(client, projectId, 'minimalist, in green and cream');

      const go = await say(client, projectId, 'generate');
      expect(go.record).toMatchObject({ kind: 'design', status: 'queued', project_id: projectId });
      expect(go.messages.at(-1)?.content.type).toBe('chat_summary');
      const recordId = go.record?.id ?? '';
      const { message, record } = await outcome(socket, recordId);
      expect(record).toMatchObject({ status: 'done', progress: 100 });
      const progress = socket
        .all('generate:progress')
        .filter((p) => p.record_id === recordId)
        .map((p) => p.progress);
      expect(progress.some((p) => p > 0 && p < 100)).toBe(true);
      expect([...progress].sort((a, b) => a - b)).toEqual(progress);

      const answer = answerOf(message);
      expect(answer.imageUrls).toHaveLength(2);
      expect(answer.designs.map((d) => d.image_url)).toEqual(answer.imageUrls);
      expect(answer.prompt_index).toBe(0);
      for (const d of answer.designs) {
        const packshot = await fetchImage(d.image_url);
        expect(packshot).toMatchObject({ type: 'image/png', format: 'png' });
        expect(Math.max(packshot.width, packshot.height)).toBe(1024);
        expect((await fetchImage(d.front_url)).type).toBe('image/png');
        const dieline = await fetch(server.url + d.dieline_url);
        expect(dieline.headers.get('content-type')).toBe('image/svg+xml');
        expect(dieline.headers.get('content-security-policy')).toContain("default-src 'none'");
        expect(await dieline.text()).toContain('<svg');
        expect(d.layout_id).not.toBe('');
        expect(d.palette.length).toBeGreaterThan(0);
      }
      expect(await credit(client)).toBe(90);

      const after = await project(client, projectId);
      expect(after.result_list).toEqual([answer.imageUrls]);
      expect(after.data.imageUrls).toEqual(answer.imageUrls);
      const polled = await client.get<GenerateRecord>('/api/generate/record', { id: recordId });
      expect(polled.data).toMatchObject({ status: 'done', data: { imageUrls: answer.imageUrls, msg_id: message.msg_id } });

      const h = await history(client, projectId);
      const list = h.data?.list ?? [];
      expect(list.at(-1)?.msg_id).toBe(message.msg_id);
      expect(new Set(list.map((m) => m.msg_id)).size).toBe(list.length);
      expect(list.map((m) => m.create_at)).toEqual([...list.map((m) => m.create_at)].sort((a, b) => a - b));
      expect(list.filter((m) => m.content.type === 'hello')).toHaveLength(1);
      expect((await client.get<ChatMessage>('/api/chat/info', { msg_id: message.msg_id })).data).toEqual(message);
    } finally {
      socket.close();
    }
  }, 180_000);

  it('the box catalogue is public', async () => {
    const catalogue = await new TestClient(server.url).get<{ categories: { name: string; boxes: { box_id: number; slug: string; category: string }[] }[] }>(
      '/api/catalog/boxes',
    );
    expect(catalogue.code).toBe(0);
    expect(catalogue.data?.categories.map((c) => c.name)).toEqual([
      'Product Boxes',
      'Shipping Boxes',
      'Beverage Bottles',
      'Cosmetic Bottles',
      'Pouches',
      'Bags',
      'Cans & Jars',
      'Tubes',
      'Containers & Cups & Bowls',
    ]);
    expect(catalogue.data?.categories[1]?.boxes).toContainEqual({
      box_id: 201,
      name: 'Mailer Box (FEFCO 0427)',
      category: 'Shipping Boxes',
      slug: 'mailer-box',
    });
  });
});

describe('design chat: Generate means generate', () => {
  it('Generate with a brief missing its brand designs with a placeholder, says so, and keeps the brand open', async () => {
    const { client, projectId } = await guestWithProject();
    const socket = await TestSocket.connect(server.url, client.token ?? '');
    try {
      await socket.join(projectId);
      await setBrief(client, projectId, { product: 'oat milk', color: ['sky', 'white'] });
      const started = await client.post<Answer>('/api/paint/imagine', { project_id: projectId });
      expect(started.code, started.msg).toBe(0);
      expect(started.data?.messages.map((m) => m.content.message).join(' ')).toMatch(/“Your Brand” stands where your brand name goes.*Tell me your brand name/);
      const { message, record } = await outcome(socket, started.data?.record?.id ?? '');
      expect(record.status).toBe('done');
      expect(answerOf(message).imageUrls.length).toBeGreaterThanOrEqual(2);
      // The brief keeps its gap: the next answer fills it.
      expect((await project(client, projectId)).brand).toBe('');
      expect(await credit(client)).toBe(90);
      await say(client, projectId, 'The brand is Nova');
      expect((await project(client, projectId)).brand).toBe('Nova');
    } finally {
      socket.close();
    }
  }, 180_000);

  it('Generate on a message whose brief has no product designs for the product the pack suggests', async () => {
    const { client, projectId } = await guestWithProject();
    const socket = await TestSocket.connect(server.url, client.token ?? '');
    try {
      await socket.join(projectId);
      const r = await say(client, projectId, 'A dropper bottle for Aura, blush and gold', { is_generate: true });
      const kinds = r.messages.map((m) => m.content.type);
      // Never only a question: the turn ends with the summary and a record.
      expect(kinds.at(-1)).toBe('chat_summary');
      expect(kinds).not.toContain('product');
      expect(r.messages.map((m) => m.content.message).join(' ')).toContain('I designed for “serum”');
      const { message, record } = await outcome(socket, r.record?.id ?? '');
      expect(record.status).toBe('done');
      const answer = answerOf(message);
      expect(answer.imageUrls.length).toBeGreaterThanOrEqual(2);
      const stored = await project(client, projectId);
      expect(stored.brand).toBe('Aura');
      expect(stored.product).toBe('');
      const meta = (stored.data as { designs_meta?: Record<string, { product: string; brand: string }> }).designs_meta ?? {};
      expect(meta[answer.imageUrls[0] ?? '']).toMatchObject({ product: 'serum', brand: 'Aura' });
    } finally {
      socket.close();
    }
  }, 180_000);

  it('Generate with nothing said at all still designs, with placeholders it names', async () => {
    const { client, projectId } = await guestWithProject();
    const started = await client.post<Answer>('/api/paint/imagine', { project_id: projectId });
    expect(started.code, started.msg).toBe(0);
    expect(started.data?.record?.id).toBeTruthy();
    expect(started.data?.messages.at(-1)?.content.message).toMatch(/wasn't named.*Your Brand/);
  });
});

describe('design chat: the colours the brief names', () => {
  it('each named colour covers a real share of every design — light, deep and metallic', async () => {
    const briefs = [
      { product: 'face cream', brand: 'Bloom', box: ['cream-jar'], box_id: 705, style: ['minimalist'], color: ['blush', 'white'] },
      { product: 'cold brew coffee', brand: 'Nova', box: ['beverage-can'], box_id: 701, style: ['modern'], color: ['navy', 'cream'] },
      { product: 'perfume', brand: 'Nocturne Parfums', box: ['two-piece-rigid'], box_id: 104, style: ['art-deco'], color: ['black', 'gold'] },
    ];
    for (const brief of briefs) {
      const g = await generatedProject(brief);
      try {
        const meta = (await project(g.client, g.projectId)).data as { designs_meta?: Record<string, { colour_shares?: Record<string, number> }> };
        for (const url of g.answer.imageUrls) {
          const shares = meta.designs_meta?.[url]?.colour_shares ?? {};
          for (const colour of brief.color)
            expect(shares[colour] ?? 0, `${brief.brand} ${colour} on ${url}: ${JSON.stringify(shares)}`).toBeGreaterThanOrEqual(0.1);
        }
      } finally {
        g.socket.close();
      }
    }
  }, 180_000);
});

describe('design chat: designs per prompt follow the plan and the setting', () => {
  it('a business member gets up to 8 designs per prompt, as many as their setting asks', async () => {
    const { client, projectId, userId } = await guestWithProject();
    // An account (not a guest) on the business plan: what the admin CLI grants.
    await server.built.database.db.update(users).set({ type: 'user' }).where(eq(users.id, userId));
    await server.built.services.billing.planGrants.grantPlan({ userId: userId, vipType: 'business_month', days: null, source: 'admin', refId: randomUUID() });
    await setBrief(client, projectId, { product: 'hand cream', brand: 'Lumen', style: ['elegant'] });
    const socket = await TestSocket.connect(server.url, client.token ?? '');
    try {
      await socket.join(projectId);
      for (const wanted of [8, 4]) {
        const setting = await client.post('/api/user/setting/generate/num', { data: { design_generate_num: wanted } });
        expect(setting.code, setting.msg).toBe(0);
        const started = await client.post<Answer>('/api/paint/imagine', { project_id: projectId });
        expect(started.code, started.msg).toBe(0);
        const answer = answerOf((await outcome(socket, started.data?.record?.id ?? '')).message);
        expect(answer.imageUrls).toHaveLength(wanted);
        expect(new Set(answer.designs.map((d) => `${d.layout_id}|${d.palette.join()}`)).size).toBe(wanted);
      }
      // A free plan cannot ask for more than 2.
      const guest = await newGuest(server.url);
      expect((await guest.post('/api/user/setting/generate/num', { data: { design_generate_num: 4 } })).code).toBe(400);
    } finally {
      socket.close();
    }
  }, 180_000);
});

describe('design chat: input rules and credits', () => {
  it('whitespace-only content answers 400 and stores nothing', async () => {
    const { client, projectId } = await guestWithProject();
    for (const content of ['', '   ', '\n\t ']) {
      const r = await client.post('/api/chat/message', { project_id: projectId, content });
      expect(r.code).toBe(400);
      expect(r.msg).toBe('content: Please type a message.');
    }
    expect(await createChatRepo(server.built.database.db).count(projectId)).toBe(0);
    expect((await history(client, projectId)).data).toEqual({ list: [], has_more: false });
  });

  it('a reference image must be one of our files', async () => {
    const { client, projectId } = await guestWithProject();
    const r = await client.post('/api/chat/message', { project_id: projectId, content: 'like this', reference_img: 'https://example.com/x.png' });
    expect(r.code).toBe(400);
    expect(await createChatRepo(server.built.database.db).count(projectId)).toBe(0);
  });

  it('under 10 credits: 450 on a chat generate and on imagine, and nothing is stored or charged', async () => {
    const { client, projectId, userId } = await guestWithProject();
    await setBrief(client, projectId, { product: 'oat milk', brand: 'Nova', box: ['mailer-box'], style: ['minimalist'], color: ['green'] });
    await server.built.services.credits.charge(userId, 95, 'burn-for-test');
    expect(await credit(client)).toBe(5);
    const before = await project(client, projectId);

    const viaChat = await client.post('/api/chat/message', { project_id: projectId, content: 'generate' });
    expect(viaChat).toEqual({ code: 450, msg: Msg.notEnoughCredits, data: null });
    const viaButton = await client.post('/api/paint/imagine', { project_id: projectId });
    expect(viaButton).toEqual({ code: 450, msg: Msg.notEnoughCredits, data: null });

    expect(await createChatRepo(server.built.database.db).count(projectId)).toBe(0);
    expect(await credit(client)).toBe(5);
    const after = await project(client, projectId);
    expect(after.result_list).toEqual([]);
    expect(after.data).toEqual(before.data);
  });

  it('a failing job ends with an error message, a failed record and the 10 credits back (charged and refunded once)', async () => {
    const { client, projectId, userId } = await guestWithProject();
    const socket = await TestSocket.connect(server.url, client.token ?? '');
    try {
      await socket.join(projectId);
      await setBrief(client, projectId, { product: 'hot sauce', brand: `${FAILING_BRAND} Foods` });
      const started = await client.post<Answer>('/api/paint/imagine', { project_id: projectId });
      expect(started.code, started.msg).toBe(0);
      const recordId = started.data?.record?.id ?? '';
      const { message, record } = await outcome(socket, recordId);
      expect(message).toMatchObject({ role: 'assistant', content: { type: 'error' }, data: { record_id: recordId } });
      expect(message.content.message).toMatch(/credits were returned/);
      expect(message.content.message).not.toMatch(/exploded|Error|at .*\.ts/);
      expect(record).toMatchObject({ status: 'failed', error: message.content.message });
      expect(await credit(client)).toBe(100);
      const ledger = await server.built.database.db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, userId), eq(creditLedger.refId, recordId)));
      expect(ledger.map((e) => [e.reason, e.delta]).sort()).toEqual([
        ['charge', -10],
        ['refund', 10],
      ]);
      expect((await project(client, projectId)).result_list).toEqual([]);
    } finally {
      socket.close();
    }
  }, 60_000);
});

describe('design chat: a record out of attempts', () => {
  it('after three interrupted runs the record fails with an error message in the chat (not "Generating…") and the credits back', async () => {
    const { client, projectId, userId } = await guestWithProject();
    const socket = await TestSocket.connect(server.url, client.token ?? '');
    const { db } = server.built.database;
    try {
      await socket.join(projectId);
      await setBrief(client, projectId, { product: 'hot sauce', brand: `${STALLING_BRAND} Foods` });
      const started = await client.post<Answer>('/api/paint/imagine', { project_id: projectId });
      expect(started.code, started.msg).toBe(0);
      const recordId = started.data?.record?.id ?? '';
      await expect.poll(() => stalled.length, { timeout: 30_000 }).toBe(1);
      // As if this run were the third one a restart interrupted: the next start finds it out of attempts.
      await db.update(generateRecords).set({ attempts: MAX_RECORD_ATTEMPTS }).where(eq(generateRecords.id, recordId));
      await server.built.services.generate.runRecord(recordId, new AbortController().signal);

      const { message, record } = await outcome(socket, recordId);
      expect(message).toMatchObject({ role: 'assistant', content: { type: 'error', message: RecordMsg.tooManyAttempts }, data: { record_id: recordId } });
      expect(record).toMatchObject({ status: 'failed', error: RecordMsg.tooManyAttempts });
      expect((await history(client, projectId)).data?.list.at(-1)).toMatchObject({ msg_id: message.msg_id, content: { type: 'error' } });
      expect(await credit(client)).toBe(100);

      // The interrupted run ending late changes nothing: one error message, charged and refunded once.
      endStalled();
      await new Promise((r) => setTimeout(r, 500));
      const errors = (await history(client, projectId)).data?.list.filter((m) => m.content.type === 'error') ?? [];
      expect(errors.map((m) => m.content.message)).toEqual([RecordMsg.tooManyAttempts]);
      const ledger = await db
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, userId), eq(creditLedger.refId, recordId)));
      expect(ledger.map((e) => [e.reason, e.delta]).sort()).toEqual([
        ['charge', -10],
        ['refund', 10],
      ]);
      expect(await credit(client)).toBe(100);
    } finally {
      endStalled();
      socket.close();
    }
  }, 60_000);
});

describe('design chat: history', () => {
  it('pages by last_timestamp, oldest first, unique ids, strictly increasing create_at within one millisecond; count over 100 → 400', async () => {
    const { client, projectId } = await guestWithProject();
    const repo = createChatRepo(server.built.database.db);
    const now = Date.now();
    // 130 messages stamped in the same millisecond, in two batches.
    const batch = (from: number, n: number) =>
      Array.from({ length: n }, (_, i) => ({
        id: `m${String(from + i).padStart(3, '0')}-${projectId}`.slice(0, 60),
        role: 'user' as const,
        kind: 'text',
        message: `message ${from + i}`,
      }));
    await repo.append(projectId, batch(0, 70), { now });
    await repo.append(projectId, batch(70, 60), { now });

    const first = await history(client, projectId);
    expect(first.data?.list).toHaveLength(100);
    expect(first.data?.has_more).toBe(true);
    const stamps = (first.data?.list ?? []).map((m) => m.create_at);
    for (let i = 1; i < stamps.length; i++) expect(stamps[i]).toBeGreaterThan(stamps[i - 1] ?? Infinity);
    expect(first.data?.list[0]?.content.message).toBe('message 30');
    expect(first.data?.list.at(-1)?.content.message).toBe('message 129');

    const older = await history(client, projectId, { last_timestamp: first.data?.list[0]?.create_at ?? 0, count: 100 });
    expect(older.data?.list.map((m) => m.content.message)).toEqual(Array.from({ length: 30 }, (_, i) => `message ${i}`));
    expect(older.data?.has_more).toBe(false);
    const ids = [...(older.data?.list ?? []), ...(first.data?.list ?? [])].map((m) => m.msg_id);
    expect(new Set(ids).size).toBe(130);

    const small = await history(client, projectId, { count: 5 });
    expect(small.data?.list.map((m) => m.content.message)).toEqual(['message 125', 'message 126', 'message 127', 'message 128', 'message 129']);
    const tooMany = await history(client, projectId, { count: 101 });
    expect(tooMany.code).toBe(400);
    expect(tooMany.msg).toContain('count');
  });
});

describe('design chat: privacy', () => {
  it('another user gets 403 on every chat call for a private project, and cannot join its room', async () => {
    const owner = await generatedProject();
    try {
      const other = await newGuest(server.url);
      const { projectId, answer, answerMsg } = owner;
      const image = answer.imageUrls[0] ?? '';
      const calls: [string, string, Record<string, unknown>][] = [
        ['POST', '/api/chat/hello', { project_id: projectId, type: 'design' }],
        ['POST', '/api/chat/message', { project_id: projectId, content: 'hello' }],
        ['GET', '/api/chat/history', { project_id: projectId }],
        ['GET', '/api/chat/info', { msg_id: answerMsg.msg_id }],
        ['POST', '/api/paint/imagine', { project_id: projectId }],
        ['POST', '/api/paint/retry', { msg_id: answerMsg.msg_id, retry_num: 1 }],
        ['POST', '/api/generate/edit/retry', { msg_id: answerMsg.msg_id, retry_num: 1 }],
        ['POST', '/api/generate/project/edit', { project_id: projectId, image_url: image, content: 'make it red' }],
        ['POST', '/api/chat/analyze', { project_id: projectId, image_url: image }],
        ['DELETE', '/api/project/analyze', { project_id: projectId, analyze_id: 'x' }],
        ['POST', '/api/generate/prompt', { image_url: image }],
      ];
      for (const [method, path, body] of calls) {
        const r = await other.call(method, path, body);
        expect([path, r.code, r.data]).toEqual([path, 403, null]);
      }
      const socket = await TestSocket.connect(server.url, other.token ?? '');
      try {
        expect((await socket.join(projectId)).code).toBe(403);
      } finally {
        socket.close();
      }
      expect(await credit(other)).toBe(100);
      expect((await project(owner.client, projectId)).result_list).toHaveLength(1);
      const anonymous = await new TestClient(server.url).get('/api/chat/history', { project_id: projectId });
      expect(anonymous.code).toBe(401);
    } finally {
      owner.socket.close();
    }
  }, 120_000);
});

describe('design chat: likes, retry, edit, analysis', () => {
  it('likes persist and the next prompt leans towards the liked layout and palette', async () => {
    const g = await generatedProject({ product: 'green tea', brand: 'Kumo', style: ['japanese'], color: ['sage', 'cream'] });
    try {
      const liked = g.answer.designs[1] ?? g.answer.designs[0];
      if (!liked) throw new Error('no design');
      const like = await g.client.post('/api/project/like/image', { project_id: g.projectId, image_url: liked.image_url, type: 'best' });
      expect(like).toMatchObject({ code: 0, data: { like_best: liked.image_url } });
      expect((await project(g.client, g.projectId)).like_best).toBe(liked.image_url);

      const next = await g.client.post<Answer>('/api/paint/imagine', { project_id: g.projectId });
      const { message } = await outcome(g.socket, next.data?.record?.id ?? '');
      const second = answerOf(message);
      expect(second.prompt_index).toBe(1);
      expect(second.designs.map((d) => d.layout_id)).toContain(liked.layout_id);
      const after = await project(g.client, g.projectId);
      expect(after.result_list).toEqual([g.answer.imageUrls, second.imageUrls]);
      const metas = after.data.designs_meta as Record<string, DesignMeta>;
      expect(second.imageUrls.map((u) => metas[u]?.layout_id)).toContain(liked.layout_id);
      expect(Object.keys(metas)).toHaveLength(4);
      // Each design keeps every face of its pack (the mockup studio and the 3D preview draw them later).
      const faces = (url: string) => (metas[url] as DesignMeta & { faces?: { url: string; rects: Record<string, unknown> } }).faces;
      for (const url of second.imageUrls) {
        expect(faces(url)?.url).toMatch(/\.svg$/);
        expect(Object.keys(faces(url)?.rects ?? {})).toContain('front');
      }
    } finally {
      g.socket.close();
    }
  }, 180_000);

  it('retry runs the answer again with a new seed, for 10 more credits', async () => {
    const g = await generatedProject();
    try {
      const r = await g.client.post<Answer>('/api/paint/retry', { msg_id: g.answerMsg.msg_id, retry_num: 1 });
      expect(r.code, r.msg).toBe(0);
      expect(r.data?.record).toMatchObject({ kind: 'design', status: 'queued' });
      const { message } = await outcome(g.socket, r.data?.record?.id ?? '');
      const again = answerOf(message);
      expect(again.imageUrls).toHaveLength(2);
      expect(again.imageUrls).not.toEqual(g.answer.imageUrls);
      const metas = (await project(g.client, g.projectId)).data.designs_meta as Record<string, DesignMeta>;
      expect(metas[again.imageUrls[0] ?? '']?.seed).not.toBe(metas[g.answer.imageUrls[0] ?? '']?.seed);
      expect(await credit(g.client)).toBe(80);
      // Retry needs a generated answer, and edit retry an edit.
      const thanks = await say(g.client, g.projectId, 'thanks');
      expect((await g.client.post('/api/paint/retry', { msg_id: thanks.messages[0]?.msg_id ?? '' })).code).toBe(400);
      expect((await g.client.post('/api/generate/edit/retry', { msg_id: g.answerMsg.msg_id })).code).toBe(400);
      expect((await g.client.post('/api/paint/retry', { msg_id: 'nope' })).code).toBe(404);
    } finally {
      g.socket.close();
    }
  }, 180_000);

  it('an edit renames the brand on a chosen design and keeps its layout; edit retry runs it again', async () => {
    const g = await generatedProject();
    try {
      const chosen = g.answer.designs[0];
      if (!chosen) throw new Error('no design');
      const r = await g.client.post<Answer>('/api/generate/project/edit', {
        project_id: g.projectId,
        image_url: chosen.image_url,
        content: 'change the brand name to Orbit',
      });
      expect(r.code, r.msg).toBe(0);
      expect(r.data?.record).toMatchObject({ kind: 'design_edit' });
      expect(r.data?.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
      expect(r.data?.messages[0]).toMatchObject({ content: { message: 'change the brand name to Orbit' }, reference_img: chosen.image_url });
      const { message } = await outcome(g.socket, r.data?.record?.id ?? '');
      const edited = answerOf(message);
      const metas = (await project(g.client, g.projectId)).data.designs_meta as Record<string, DesignMeta>;
      for (const url of edited.imageUrls) expect(metas[url]).toMatchObject({ brand: 'Orbit', product: 'oat milk' });
      expect(edited.designs[0]?.layout_id).toBe(chosen.layout_id);
      expect(metas[g.answer.imageUrls[0] ?? '']?.brand).toBe('Nova');

      const again = await g.client.post<Answer>('/api/generate/edit/retry', { msg_id: message.msg_id, retry_num: 1 });
      expect(again.data?.record, again.msg).toMatchObject({ kind: 'design_edit' });
      const retried = answerOf((await outcome(g.socket, again.data?.record?.id ?? '')).message);
      const metas2 = (await project(g.client, g.projectId)).data.designs_meta as Record<string, DesignMeta>;
      expect(metas2[retried.imageUrls[0] ?? '']?.brand).toBe('Orbit');

      expect((await g.client.post('/api/generate/project/edit', { project_id: g.projectId, image_url: chosen.image_url })).msg).toBe(
        'Tell me what to change in this design.',
      );
      const upload = await uploadFile(g.client, await makePng(1024, 1024));
      const notOurs = await g.client.post('/api/generate/project/edit', { project_id: g.projectId, image_url: upload.data?.url ?? '', content: 'make it red' });
      expect(notOurs).toMatchObject({ code: 400, msg: "Pick one of this project's designs to edit." });
      expect(await credit(g.client)).toBe(70);

      // Out of credits: 450 and the user's words are not stored either.
      await server.built.services.credits.charge(g.userId, 65, 'burn-for-edit-test');
      const stored = await createChatRepo(server.built.database.db).count(g.projectId);
      const broke = await g.client.post('/api/generate/project/edit', { project_id: g.projectId, image_url: chosen.image_url, content: 'make it blue' });
      expect(broke).toEqual({ code: 450, msg: Msg.notEnoughCredits, data: null });
      expect(await createChatRepo(server.built.database.db).count(g.projectId)).toBe(stored);
    } finally {
      g.socket.close();
    }
  }, 180_000);

  it('analyze reads palette, style and text into analyze_list; delete removes it; prompt describes the design', async () => {
    const g = await generatedProject();
    try {
      const design = g.answer.designs[0];
      if (!design) throw new Error('no design');
      const r = await g.client.post<{ analyze_id: string; palette: string[]; style: string[]; text: string[]; image_url: string }>('/api/chat/analyze', {
        project_id: g.projectId,
        image_url: design.image_url,
      });
      expect(r.code, r.msg).toBe(0);
      const item = r.data;
      expect(item?.image_url).toBe(design.image_url);
      expect(item?.palette.length).toBeGreaterThanOrEqual(2);
      for (const hex of item?.palette ?? []) expect(hex).toMatch(/^#[0-9a-f]{6}$/);
      expect(item?.style[0]).toBe('minimalist');
      expect(item?.text).toEqual(['Nova', 'oat milk']);
      expect((await project(g.client, g.projectId)).analyze_list).toEqual([item]);

      const upload = await uploadFile(g.client, await makePng(1024, 1024));
      const plain = await g.client.post<{ palette: string[]; style: string[]; text: string[] }>('/api/chat/analyze', {
        project_id: g.projectId,
        image_url: upload.data?.url ?? '',
      });
      expect(plain.code, plain.msg).toBe(0);
      expect(plain.data?.text).toEqual([]);
      expect(plain.data?.style.length).toBeGreaterThan(0);

      const removed = await g.client.del<{ analyze_list: unknown[] }>('/api/project/analyze', { project_id: g.projectId, analyze_id: item?.analyze_id ?? '' });
      expect(removed).toMatchObject({ code: 0, data: { analyze_list: [plain.data] } });
      expect((await g.client.del('/api/project/analyze', { project_id: g.projectId, analyze_id: item?.analyze_id ?? '' })).code).toBe(404);

      const prompt = await g.client.post<{ prompt: string }>('/api/generate/prompt', { image_url: design.image_url });
      expect(prompt.code, prompt.msg).toBe(0);
      expect(prompt.data?.prompt).toMatch(/^An? .*packaging design for Nova oat milk on a .+\.$/);
      expect((await g.client.post('/api/generate/prompt', { image_url: 'https://example.com/a.png' })).code).toBe(400);
    } finally {
      g.socket.close();
    }
  }, 180_000);
});

describe('chat messages table', () => {
  it('stores every message of a project once', async () => {
    const { client, projectId } = await guestWithProject();
    await client.post('/api/chat/hello', { project_id: projectId });
    await Promise.all([client.post('/api/chat/hello', { project_id: projectId }), client.post('/api/chat/hello', { project_id: projectId })]);
    const rows = await server.built.database.db.select().from(chatMessages).where(eq(chatMessages.projectId, projectId));
    expect(rows.map((r) => r.kind)).toEqual(['hello']);
  });
});
