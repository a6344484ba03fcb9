import type { Logger } from 'pino';
import { Msg, isBusiness, type CallParsedInput, type GenerateRecord, type ServerToClientEvents, type generateCalls } from '@packsmith/contracts';
import type { Transact } from '../../db/transact.js';
import type { UserRow } from '../../http/auth-context.js';
import { badRequest, forbidden, notFound } from '../../http/errors.js';
import type { JobHandler, JobName } from '../../jobs/job-registry.js';
import type { JobQueue, JobRequest } from '../../jobs/queue.js';
import { newId } from '../../lib/ids.js';
import type { ProjectEmitter } from '../../realtime/emitter.js';
import type { CreditService, CreditTx } from '../credits/index.js';
import type { ProjectAccess } from '../project/index.js';
import { membershipSubject } from '../user/index.js';
import { toRecordDto } from './generate.dto.js';
import type { GenerateRecordRow, GenerateRepo } from './generate.repo.js';
import { createProgressReporter } from './progress-reporter.js';
import { JobFailure, type RecordJob } from './record-job.js';
import { selftestJob } from './selftest.job.js';

/** A record started this many times without finishing is failed and refunded instead of retried again. */
export const MAX_RECORD_ATTEMPTS = 3;
export const PRIORITY_NORMAL = 0;
export const PRIORITY_BUSINESS = 10;

export const RecordMsg = {
  tooManyAttempts: 'This job was interrupted too many times. Please try again.',
  unknownKind: 'This kind of job is no longer available.',
  invalidInput: 'The settings of this job are no longer valid. Please start it again.',
  notStarted: 'The job could not be started. Please try again.',
} as const;

/** Thrown by runRecord when shutdown interrupted the job: the record stays running and is resumed later. */
export class RecordInterrupted extends Error {
  override name = 'RecordInterrupted';
}

/** Business members' jobs overtake everyone else's (SPEC: business first). */
export function recordPriority(user: UserRow): number {
  return isBusiness(membershipSubject(user)) ? PRIORITY_BUSINESS : PRIORITY_NORMAL;
}

export interface StartRecordArgs {
  user: UserRow;
  projectId: string | null;
  kind: JobName;
  input: Record<string, unknown>;
  cost: number;
  priority: number;
}

export interface GenerateServiceDeps {
  repo: GenerateRepo;
  /** A record is written with its charge, and failed with its refund. */
  transact: Transact<{ generate: GenerateRepo } & CreditTx>;
  access: Pick<ProjectAccess, 'assertOwner'>;
  credits: CreditService;
  realtime: ProjectEmitter;
  queue: Pick<JobQueue, 'enqueue'>;
  jobs: readonly RecordJob[];
  log: Logger;
  progressThrottleMs?: number;
  maxAttempts?: number;
}

/**
 * Generate records (ARCHITECTURE §5): credits are reserved with the row in one transaction, the job
 * runs in a worker, and the record ends done (data, progress 100) or failed (a readable error, the
 * credits refunded once). Every state change is emitted to the project's room.
 */
export function createGenerateService(deps: GenerateServiceDeps) {
  const { repo, transact, credits, realtime, queue, log } = deps;
  const jobsByKind = new Map<string, RecordJob>(deps.jobs.map((job) => [job.kind, job]));
  const throttleMs = deps.progressThrottleMs ?? 250;
  const maxAttempts = deps.maxAttempts ?? MAX_RECORD_ATTEMPTS;

  function emit<E extends 'generate:progress' | 'generate:done'>(row: GenerateRecordRow, event: E, ...args: Parameters<ServerToClientEvents[E]>): void {
    if (!row.projectId) return;
    try {
      realtime.emitToProject(row.projectId, event, ...args);
    } catch (err) {
      // Clients also poll, so a lost event only delays what they see.
      log.warn({ err, recordId: row.id, event }, 'generate: emit failed');
    }
  }

  function emitDone(row: GenerateRecordRow): void {
    emit(row, 'generate:done', { record_id: row.id, record: toRecordDto(row) });
  }

  /**
   * Fails an unfinished record and refunds it in the same transaction; a finished record is left
   * alone. Every failure path comes here, so every failure is announced the way its job shows one
   * (before the record turns failed: a client that sees it failed finds the message in the history).
   */
  async function fail(row: GenerateRecordRow, error: string): Promise<void> {
    const announce = jobsByKind.get(row.kind)?.announceFailure;
    if (announce) {
      try {
        await announce(toRecordDto(row), error);
      } catch (err) {
        // The refund matters more than the message; the record still says why it failed.
        log.warn({ err, recordId: row.id }, 'generate: announcing the failure failed');
      }
    }
    const failed = await transact(async (tx) => {
      const finished = await tx.generate.finish(row.id, { status: 'failed', error });
      if (finished) await credits.refund(finished.userId, finished.id, tx);
      return finished;
    });
    if (failed) emitDone(failed);
  }

  async function runRecord(recordId: string, signal: AbortSignal): Promise<void> {
    const claimed = await repo.claim(recordId, maxAttempts);
    if (!claimed) {
      const row = await repo.find(recordId);
      // Done, failed or deleted: running it again must change nothing.
      if (!row || row.status === 'done' || row.status === 'failed') return;
      await fail(row, RecordMsg.tooManyAttempts);
      return;
    }
    const job = jobsByKind.get(claimed.kind);
    if (!job) return fail(claimed, RecordMsg.unknownKind);
    const input = job.input.safeParse(claimed.input);
    if (!input.success) return fail(claimed, RecordMsg.invalidInput);

    emit(claimed, 'generate:progress', { record_id: claimed.id, progress: claimed.progress, status: 'running' });
    const progress = createProgressReporter({
      initial: claimed.progress,
      throttleMs,
      write: async (value) => {
        if (await repo.setProgress(claimed.id, value)) emit(claimed, 'generate:progress', { record_id: claimed.id, progress: value, status: 'running' });
      },
      onError: (err) => log.warn({ err, recordId }, 'generate: progress write failed'),
    });

    let data: Record<string, unknown>;
    try {
      data = await job.run({ record: toRecordDto(claimed), userId: claimed.userId, input: input.data, reportProgress: progress.report, signal });
    } catch (err) {
      await progress.settle();
      if (signal.aborted) throw new RecordInterrupted(`record ${recordId} interrupted by shutdown`);
      if (err instanceof JobFailure) {
        log.info({ recordId, kind: claimed.kind, reason: err.message }, 'generate: job failed');
        return fail(claimed, err.message);
      }
      log.error({ err, recordId, kind: claimed.kind }, 'generate: job crashed');
      return fail(claimed, Msg.internal);
    }
    await progress.settle();
    const done = await repo.finish(claimed.id, { status: 'done', data });
    if (done) emitDone(done);
  }

  /**
   * Reserves the credits and writes the queued record in one transaction (450 when short, nothing
   * written), then enqueues. Answers the record at once; the caller polls or listens on the room.
   */
  async function startRecord(args: StartRecordArgs): Promise<GenerateRecord> {
    const job = jobsByKind.get(args.kind);
    if (!job) throw badRequest(`Unknown job kind "${args.kind}".`);
    const parsed = job.input.safeParse(args.input);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'The job input is invalid.');
    const id = newId();
    const row = await transact(async (tx) => {
      await credits.charge(args.user.id, args.cost, id, tx);
      return tx.generate.insert({
        id,
        userId: args.user.id,
        projectId: args.projectId,
        kind: args.kind,
        status: 'queued',
        progress: 0,
        input: parsed.data,
        cost: args.cost,
        priority: args.priority,
      });
    });
    try {
      await queue.enqueue(job.kind, { recordId: id }, { priority: args.priority });
    } catch (err) {
      log.error({ err, recordId: id }, 'generate: enqueue failed; failing the record and refunding');
      await fail(row, RecordMsg.notStarted);
      return toRecordDto((await repo.find(id)) ?? row);
    }
    return toRecordDto(row);
  }

  return {
    startRecord,

    /**
     * POST /api/generate/record: the built-in self-test job on one of the caller's projects (404/403
     * otherwise), charged and queued like any record.
     */
    async createRecord(user: UserRow, input: CallParsedInput<typeof generateCalls.createRecord>): Promise<GenerateRecord> {
      await deps.access.assertOwner(user.id, input.project_id);
      return startRecord({
        user,
        projectId: input.project_id,
        kind: input.kind,
        input: { steps: input.steps, step_ms: input.step_ms, fail: input.fail, echo: input.echo },
        cost: selftestJob.cost,
        priority: recordPriority(user),
      });
    },

    /** The caller's own record: 404 when unknown, 403 when it belongs to someone else. */
    async getRecord(userId: string, id: string): Promise<GenerateRecord> {
      const row = await repo.find(id);
      if (!row) throw notFound('Record not found.');
      if (row.userId !== userId) throw forbidden('This record belongs to someone else.');
      return toRecordDto(row);
    },

    runRecord,

    /**
     * Unfinished records to queue again at worker start. `exclusive` (single in-process worker):
     * running records belong to a process that is gone, so they go back to queued, and records of a
     * kind this build no longer knows are failed and refunded. With shared workers neither is safe.
     */
    async recoverUnfinished({ exclusive }: { exclusive: boolean }): Promise<JobRequest[]> {
      if (exclusive) await repo.requeueRunning();
      const requests: JobRequest[] = [];
      for (const row of await repo.unfinished()) {
        const job = jobsByKind.get(row.kind);
        if (job) requests.push({ name: job.kind, payload: { recordId: row.id }, priority: row.priority });
        else if (exclusive) await fail(row, RecordMsg.unknownKind);
      }
      return requests;
    },

    /** One queue handler per record kind; the boot check in createJobRegistry sees every kind. */
    jobHandlers(): JobHandler[] {
      return deps.jobs.map((job) => ({ name: job.kind, handle: (payload, { signal }) => runRecord(payload.recordId, signal) }));
    },
  };
}
export type GenerateService = ReturnType<typeof createGenerateService>;
