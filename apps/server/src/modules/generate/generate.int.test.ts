import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Msg, type GenerateRecord } from '@packsmith/contracts';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { creditLedger, generateRecords } from '../../db/schema.js';
import { TestClient, newGuest } from '../../../test/client.js';
import { freshDatabase, startTestServer, type TestServer } from '../../../test/harness.js';
import { TestSocket } from '../../../test/socket.js';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.close();
});

async function guestWithProject(baseUrl = server.url): Promise<{ client: TestClient; projectId: string }> {
  const client = await newGuest(baseUrl);
  const project = await client.post<{ project_id: string }>('/api/project', { type: 'design' });
  if (project.code !== 0 || !project.data) throw new Error(`project create failed: ${project.msg}`);
  return { client, projectId: project.data.project_id };
}

async function credit(client: TestClient): Promise<number> {
  const me = await client.get<{ credit: number }>('/api/user/me');
  if (!me.data) throw new Error(me.msg);
  return me.data.credit;
}

/** Polls like the web app does (every RECORD_POLL_MS in production; faster here). */
async function pollUntilFinished(client: TestClient, id: string, timeoutMs = 20_000): Promise<GenerateRecord[]> {
  const seen: GenerateRecord[] = [];
  const end = Date.now() + timeoutMs;
  for (;;) {
    const r = await client.get<GenerateRecord>('/api/generate/record', { id });
    expect(r.code).toBe(0);
    if (!r.data) throw new Error(r.msg);
    seen.push(r.data);
    if (r.data.status === 'done' || r.data.status === 'failed') return seen;
    if (Date.now() > end) throw new Error(`record ${id} still ${r.data.status} at ${r.data.progress}%`);
    await sleep(40);
  }
}

async function userIdOf(client: TestClient): Promise<string> {
  const me = await client.get<{ user_id: string }>('/api/user/me');
  if (!me.data) throw new Error(me.msg);
  return me.data.user_id;
}

describe('generate records over HTTP', () => {
  it('jobs go through BullMQ when Redis is configured, else the in-process queue', () => {
    expect(server.built.services.jobs.queue.driver).toBe(process.env.TEST_REDIS_URL ? 'bullmq' : 'in-process');
  });

  it('a selftest record answers at once, then polling shows it done with its data, for one credit', async () => {
    const { client, projectId } = await guestWithProject();
    expect(await credit(client)).toBe(100);
    const created = await client.post<GenerateRecord>('/api/generate/record', { project_id: projectId, kind: 'selftest', steps: 4, step_ms: 60, echo: 'ping' });
    expect(created).toMatchObject({
      code: 0,
      msg: 'SUCCESS',
      data: { kind: 'selftest', project_id: projectId, status: 'queued', progress: 0, data: null, error: null },
    });
    const id = created.data?.id ?? '';
    const seen = await pollUntilFinished(client, id);
    const last = seen.at(-1);
    expect(last).toMatchObject({ id, status: 'done', progress: 100, error: null, data: { steps: 4, echo: 'ping', finished_at: expect.any(Number) } });
    const progress = seen.map((r) => r.progress);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(await credit(client)).toBe(99);
  });

  it('a failing record ends failed with a readable message and the credit back, charged and refunded once', async () => {
    const { client, projectId } = await guestWithProject();
    const created = await client.post<GenerateRecord>('/api/generate/record', { project_id: projectId, kind: 'selftest', steps: 3, step_ms: 20, fail: true });
    expect(created.code).toBe(0);
    const last = (await pollUntilFinished(client, created.data?.id ?? '')).at(-1);
    expect(last).toMatchObject({ status: 'failed', data: null, error: 'The self-test failed on purpose after its first step.' });
    expect(last?.error).not.toMatch(/at .*\.ts|Error:/);
    expect(await credit(client)).toBe(100);
    const ledger = await server.built.database.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, await userIdOf(client)), eq(creditLedger.refId, created.data?.id ?? '')));
    expect(ledger.map((e) => [e.reason, e.delta]).sort()).toEqual([
      ['charge', -1],
      ['refund', 1],
    ]);
  });

  it('a socket in the project room sees increasing progress, then the finished record', async () => {
    const { client, projectId } = await guestWithProject();
    const socket = await TestSocket.connect(server.url, client.token ?? '');
    try {
      expect(await socket.join(projectId)).toMatchObject({ code: 0 });
      const created = await client.post<GenerateRecord>('/api/generate/record', { project_id: projectId, kind: 'selftest', steps: 6, step_ms: 150 });
      const id = created.data?.id ?? '';
      const done = await socket.waitFor('generate:done', { timeoutMs: 15_000, filter: (p) => p.record_id === id });
      expect(done.record).toMatchObject({ id, status: 'done', progress: 100, data: { steps: 6 } });
      const progress = socket.all('generate:progress').filter((p) => p.record_id === id);
      expect(progress.every((p) => p.status === 'running' && p.progress <= 99)).toBe(true);
      const values = progress.map((p) => p.progress);
      expect(values.filter((v) => v > 0).length).toBeGreaterThanOrEqual(2);
      for (let i = 1; i < values.length; i += 1) expect(values[i]).toBeGreaterThan(values[i - 1] ?? -1);
    } finally {
      socket.close();
    }
  });

  it('a record fails visibly on the socket too', async () => {
    const { client, projectId } = await guestWithProject();
    const socket = await TestSocket.connect(server.url, client.token ?? '');
    try {
      await socket.join(projectId);
      const created = await client.post<GenerateRecord>('/api/generate/record', { project_id: projectId, kind: 'selftest', steps: 2, step_ms: 10, fail: true });
      const done = await socket.waitFor('generate:done', { timeoutMs: 15_000, filter: (p) => p.record_id === created.data?.id });
      expect(done.record).toMatchObject({ status: 'failed', error: expect.stringContaining('failed on purpose') });
    } finally {
      socket.close();
    }
  });

  it("another user's record answers 403, an unknown one 404, and a foreign project cannot be charged", async () => {
    const owner = await guestWithProject();
    const other = await guestWithProject();
    const created = await owner.client.post<GenerateRecord>('/api/generate/record', { project_id: owner.projectId, kind: 'selftest', steps: 1, step_ms: 0 });
    const id = created.data?.id ?? '';
    expect(await other.client.get('/api/generate/record', { id })).toMatchObject({ code: 403, data: null });
    expect(await other.client.get('/api/generate/record', { id: 'no-such-record' })).toMatchObject({ code: 404, data: null });
    expect(await other.client.post('/api/generate/record', { project_id: owner.projectId, kind: 'selftest' })).toMatchObject({ code: 403, data: null });
    expect(await other.client.post('/api/generate/record', { project_id: 'no-such-project', kind: 'selftest' })).toMatchObject({ code: 404 });
    expect(await credit(other.client)).toBe(100);
    expect(await new TestClient(server.url).get('/api/generate/record', { id })).toMatchObject({ code: 401 });
  });

  it('invalid input answers 400 naming the field, before anything is charged', async () => {
    const { client, projectId } = await guestWithProject();
    const r = await client.post('/api/generate/record', { project_id: projectId, kind: 'selftest', steps: 0 });
    expect(r.code).toBe(400);
    expect(r.msg).toMatch(/steps/);
    expect((await client.post('/api/generate/record', { project_id: projectId, kind: 'paint-the-moon' })).code).toBe(400);
    expect(await credit(client)).toBe(100);
  });

  it('concurrent starts never overspend: exactly the balance succeeds, the rest answer 450 and write nothing', async () => {
    const { client, projectId } = await guestWithProject();
    const userId = await userIdOf(client);
    const answers = await Promise.all(
      Array.from({ length: 105 }, () => client.post<GenerateRecord>('/api/generate/record', { project_id: projectId, kind: 'selftest', steps: 1, step_ms: 0 })),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(100);
    const refused = answers.filter((a) => a.code !== 0);
    expect(refused).toHaveLength(5);
    for (const a of refused) expect(a).toEqual({ code: 450, msg: Msg.notEnoughCredits, data: null });
    expect(await credit(client)).toBe(0);
    expect(await client.post('/api/generate/record', { project_id: projectId, kind: 'selftest' })).toMatchObject({ code: 450 });

    const { db } = server.built.database;
    const rows = await db.select({ status: generateRecords.status }).from(generateRecords).where(eq(generateRecords.userId, userId));
    expect(rows).toHaveLength(100);
    const charges = await db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), eq(creditLedger.reason, 'charge')));
    expect(charges).toHaveLength(100);
    // Let them finish so the server closes with an empty queue.
    const end = Date.now() + 30_000;
    while (Date.now() < end) {
      const open = await db
        .select({ id: generateRecords.id })
        .from(generateRecords)
        .where(and(eq(generateRecords.userId, userId), eq(generateRecords.status, 'queued')));
      if (open.length === 0) break;
      await sleep(100);
    }
  }, 60_000);
});

describe('restart recovery', () => {
  it('a record interrupted by a shutdown is completed by the next server on the same database', async () => {
    const db = await freshDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'packsmith-restart-'));
    const env = {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      DATA_DIR: dataDir,
      JOB_DRAIN_MS: '0',
      MOCKUP_TEMPLATES_SEED: '0',
      ...(db.url ? { DATABASE_URL: db.url } : {}),
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL, QUEUE_PREFIX: `pst-${randomBytes(4).toString('hex')}` } : {}),
    };
    try {
      const first = await buildApp(loadConfig(env), { database: db.database });
      const firstUrl = await first.listen();
      const { client, projectId } = await guestWithProject(firstUrl);
      const created = await client.post<GenerateRecord>('/api/generate/record', {
        project_id: projectId,
        kind: 'selftest',
        // 12 s of work: long enough that a loaded machine cannot finish it between the first progress and the close.
        steps: 20,
        step_ms: 600,
        echo: 'survived',
      });
      const id = created.data?.id ?? '';
      const end = Date.now() + 10_000;
      let progress = 0;
      while (progress === 0 && Date.now() < end) {
        progress = (await client.get<GenerateRecord>('/api/generate/record', { id })).data?.progress ?? 0;
        await sleep(30);
      }
      expect(progress).toBeGreaterThan(0);
      await first.close();
      const [left] = await db.database.db.select().from(generateRecords).where(eq(generateRecords.id, id));
      expect(left).toMatchObject({ status: 'running', attempts: 1 });

      const second = await buildApp(loadConfig(env), { database: db.database });
      try {
        const secondUrl = await second.listen();
        const after = new TestClient(secondUrl, client.token);
        const last = (await pollUntilFinished(after, id, 60_000)).at(-1);
        expect(last).toMatchObject({ status: 'done', progress: 100, data: { steps: 20, echo: 'survived' } });
        const [resumed] = await db.database.db.select().from(generateRecords).where(eq(generateRecords.id, id));
        expect(resumed?.attempts).toBe(2);
        expect(await credit(after)).toBe(99);
      } finally {
        await second.close();
      }
    } finally {
      await db.database.close();
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
