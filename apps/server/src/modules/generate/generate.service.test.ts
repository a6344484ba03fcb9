import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerToClientEvents } from '@packsmith/contracts';
import { openDatabase, type Database } from '../../db/client.js';
import { generateRecords, projects } from '../../db/schema.js';
import type { UserRow } from '../../http/auth-context.js';
import { AppError } from '../../http/errors.js';
import { createInProcessQueue } from '../../jobs/in-process-queue.js';
import { createJobRegistry } from '../../jobs/job-registry.js';
import type { JobQueue } from '../../jobs/queue.js';
import { newId } from '../../lib/ids.js';
import type { ProjectEmitter } from '../../realtime/emitter.js';
import { createRepositories, createTransact } from '../../repositories.js';
import { createCreditRepo } from '../credits/credit.repo.js';
import { createCreditService, type CreditService } from '../credits/credit.service.js';
import { createProjectAccess } from '../project/project.access.js';
import { createUserRepo } from '../user/user.repo.js';
import { MAX_RECORD_ATTEMPTS, RecordMsg, createGenerateService } from './generate.service.js';
import { createGenerateRepo } from './generate.repo.js';
import { RECORD_JOBS } from './record-jobs.js';

const log = pino({ level: 'silent' });

interface Sent {
  projectId: string;
  event: keyof ServerToClientEvents;
  payload: unknown;
}

let database: Database;
let credits: CreditService;

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: null, pgliteDir: 'memory://' });
  credits = createCreditService({ repo: createCreditRepo(database.db) });
}, 60_000);

afterAll(async () => {
  await database?.close();
});

/** The service's repository, transactions and project access on the test database, wired as services.ts does. */
function wiring() {
  const repos = createRepositories(database.db);
  return { repo: repos.generate, transact: createTransact(database.db), access: createProjectAccess({ projects: repos.projects }) };
}

async function newUserWithProject(grant = true): Promise<{ user: UserRow; projectId: string }> {
  const users = createUserRepo(database.db);
  const created = await users.insert({ id: newId(), type: 'guest' });
  if (grant) await credits.grantSignupBonus(created.id);
  const projectId = newId();
  await database.db.insert(projects).values({ id: projectId, userId: created.id, type: 'design' });
  const user = await users.findById(created.id);
  if (!user) throw new Error('user vanished');
  return { user, projectId };
}

/** One "process": a queue, the service on it and its workers started, as buildApp does. */
async function startProcess(opts: { drainTimeoutMs?: number } = {}) {
  const sent: Sent[] = [];
  const realtime: ProjectEmitter = {
    emitToProject: (projectId, event, ...args) => void sent.push({ projectId, event, payload: args[0] }),
  };
  const queue: JobQueue = createInProcessQueue({ lanes: { default: 2, heavy: 1 }, drainTimeoutMs: opts.drainTimeoutMs ?? 5000, log });
  const generate = createGenerateService({ ...wiring(), credits, realtime, queue, jobs: RECORD_JOBS, log, progressThrottleMs: 0 });
  await queue.startWorkers({
    registry: createJobRegistry(
      generate.jobHandlers(),
      RECORD_JOBS.map((job) => job.kind),
    ),
    recover: generate.recoverUnfinished,
  });
  return { sent, queue, generate };
}

async function recordRow(id: string) {
  const row = await createGenerateRepo(database.db).find(id);
  if (!row) throw new Error(`record ${id} missing`);
  return row;
}

async function waitFor(id: string, check: (row: Awaited<ReturnType<typeof recordRow>>) => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  for (;;) {
    const row = await recordRow(id);
    if (check(row)) return row;
    if (Date.now() > end) throw new Error(`record ${id} stuck in ${row.status} at ${row.progress}%`);
    await sleep(20);
  }
}

async function balance(userId: string): Promise<number> {
  return (await createUserRepo(database.db).findById(userId))?.credit ?? -1;
}

const selftest = (input: { steps?: number; step_ms?: number; fail?: boolean; echo?: string } = {}) => ({
  kind: 'selftest' as const,
  input: { steps: 3, step_ms: 10, fail: false, echo: 'hello', ...input },
  cost: 1,
  priority: 0,
});

describe('generate records (in-process queue, PGlite)', () => {
  it('runs a record to done with increasing progress, charging one credit', async () => {
    const p = await startProcess();
    const { user, projectId } = await newUserWithProject();
    const started = await p.generate.startRecord({ user, projectId, ...selftest({ steps: 4 }) });
    expect(started).toMatchObject({ status: 'queued', progress: 0, data: null, error: null, project_id: projectId });
    const done = await waitFor(started.id, (r) => r.status === 'done');
    expect(done).toMatchObject({ progress: 100, error: null, attempts: 1 });
    expect(done.data).toMatchObject({ steps: 4, echo: 'hello', finished_at: expect.any(Number) });
    expect(await balance(user.id)).toBe(99);
    const progress = p.sent.filter((s) => s.event === 'generate:progress').map((s) => (s.payload as { progress: number }).progress);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(p.sent.at(-1)).toMatchObject({ projectId, event: 'generate:done', payload: { record_id: started.id, record: { status: 'done', progress: 100 } } });
    await p.queue.close();
  });

  it('a failing job stores a readable error and refunds exactly once, even when run again', async () => {
    const p = await startProcess();
    const { user, projectId } = await newUserWithProject();
    const started = await p.generate.startRecord({ user, projectId, ...selftest({ fail: true }) });
    const failed = await waitFor(started.id, (r) => r.status === 'failed');
    expect(failed.error).toBe('The self-test failed on purpose after its first step.');
    expect(await balance(user.id)).toBe(100);
    await p.generate.runRecord(started.id, new AbortController().signal);
    const ledger = await credits.entries(user.id);
    expect(ledger.map((e) => [e.reason, e.delta])).toEqual([
      ['signup_bonus', 100],
      ['charge', -1],
      ['refund', 1],
    ]);
    expect(p.sent.filter((s) => s.event === 'generate:done')).toHaveLength(1);
    await p.queue.close();
  });

  it('running a finished record again changes nothing', async () => {
    const p = await startProcess();
    const { user, projectId } = await newUserWithProject();
    const started = await p.generate.startRecord({ user, projectId, ...selftest() });
    const done = await waitFor(started.id, (r) => r.status === 'done');
    const eventsBefore = p.sent.length;
    await p.generate.runRecord(started.id, new AbortController().signal);
    expect(await recordRow(started.id)).toEqual(done);
    expect(p.sent.length).toBe(eventsBefore);
    await p.queue.close();
  });

  it('out of credits: 450 and nothing written', async () => {
    const p = await startProcess();
    const { user, projectId } = await newUserWithProject(false);
    const err = await p.generate.startRecord({ user, projectId, ...selftest() }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe(450);
    expect(await database.db.select().from(generateRecords).where(eq(generateRecords.userId, user.id))).toEqual([]);
    expect(await credits.entries(user.id)).toEqual([]);
    await p.queue.close();
  });

  it('a record interrupted by shutdown is resumed by the next process and charged once', async () => {
    const first = await startProcess({ drainTimeoutMs: 0 });
    const { user, projectId } = await newUserWithProject();
    const started = await first.generate.startRecord({ user, projectId, ...selftest({ steps: 20, step_ms: 50 }) });
    await waitFor(started.id, (r) => r.progress > 0);
    await first.queue.close();
    const interrupted = await recordRow(started.id);
    expect(interrupted).toMatchObject({ status: 'running', attempts: 1 });
    expect(interrupted.progress).toBeLessThan(100);

    const second = await startProcess();
    const done = await waitFor(started.id, (r) => r.status === 'done');
    expect(done).toMatchObject({ progress: 100, attempts: 2 });
    expect(await balance(user.id)).toBe(99);
    expect((await credits.entries(user.id)).filter((e) => e.reason !== 'signup_bonus').map((e) => e.reason)).toEqual(['charge']);
    await second.queue.close();
  });

  it(`a record started ${MAX_RECORD_ATTEMPTS} times without finishing is failed and refunded at the next start`, async () => {
    const { user, projectId } = await newUserWithProject();
    const id = newId();
    await database.db.transaction(async (tx) => {
      await credits.charge(user.id, 1, id, createRepositories(tx));
      await createGenerateRepo(tx).insert({
        id,
        userId: user.id,
        projectId,
        kind: 'selftest',
        status: 'running',
        progress: 30,
        cost: 1,
        attempts: MAX_RECORD_ATTEMPTS,
        input: { steps: 2, step_ms: 10, fail: false, echo: '' },
      });
    });
    expect(await balance(user.id)).toBe(99);
    const p = await startProcess();
    const failed = await waitFor(id, (r) => r.status === 'failed');
    expect(failed.error).toBe(RecordMsg.tooManyAttempts);
    expect(await balance(user.id)).toBe(100);
    expect(p.sent.at(-1)).toMatchObject({ event: 'generate:done', payload: { record_id: id, record: { status: 'failed' } } });
    await p.queue.close();
  });

  it('a record out of attempts is announced by its job (before it turns failed), like any failure', async () => {
    const { user, projectId } = await newUserWithProject();
    const id = newId();
    await database.db.transaction(async (tx) => {
      await credits.charge(user.id, 1, id, createRepositories(tx));
      await createGenerateRepo(tx).insert({
        id,
        userId: user.id,
        projectId,
        kind: 'selftest',
        status: 'running',
        progress: 30,
        cost: 1,
        attempts: MAX_RECORD_ATTEMPTS,
        input: { steps: 2, step_ms: 10, fail: false, echo: '' },
      });
    });
    const announced: { recordId: string; message: string; status: string }[] = [];
    const announcing = RECORD_JOBS.map((job) => ({
      ...job,
      announceFailure: async (record: { id: string }, message: string) => {
        announced.push({ recordId: record.id, message, status: (await recordRow(record.id)).status });
      },
    }));
    const generate = createGenerateService({
      ...wiring(),
      credits,
      log,
      jobs: announcing,
      realtime: { emitToProject: () => {} },
      queue: { enqueue: async () => {} },
    });
    await generate.runRecord(id, new AbortController().signal);
    await generate.runRecord(id, new AbortController().signal);
    expect(announced).toEqual([{ recordId: id, message: RecordMsg.tooManyAttempts, status: 'running' }]);
    expect((await recordRow(id)).status).toBe('failed');
    expect(await balance(user.id)).toBe(100);
  });

  it('when the queue refuses the job, the record answers failed and the credit is back', async () => {
    const { user, projectId } = await newUserWithProject();
    const generate = createGenerateService({
      ...wiring(),
      credits,
      log,
      jobs: RECORD_JOBS,
      realtime: { emitToProject: () => {} },
      queue: {
        enqueue: async () => {
          throw new Error('redis is down');
        },
      },
    });
    const answered = await generate.startRecord({ user, projectId, ...selftest() });
    expect(answered).toMatchObject({ status: 'failed', error: RecordMsg.notStarted });
    expect(await balance(user.id)).toBe(100);
  });

  it('records of a kind this build no longer runs are failed and refunded at start', async () => {
    const { user, projectId } = await newUserWithProject();
    const id = newId();
    await database.db.transaction(async (tx) => {
      await credits.charge(user.id, 1, id, createRepositories(tx));
      await createGenerateRepo(tx).insert({ id, userId: user.id, projectId, kind: 'retired-kind', status: 'queued', cost: 1 });
    });
    const p = await startProcess();
    const failed = await waitFor(id, (r) => r.status === 'failed');
    expect(failed.error).toBe(RecordMsg.unknownKind);
    expect(await balance(user.id)).toBe(100);
    await p.queue.close();
  });
});
