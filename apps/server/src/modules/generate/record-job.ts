import type { z } from 'zod';
import type { GenerateRecord } from '@packsmith/contracts';
import type { JobName } from '../../jobs/job-registry.js';

export interface RecordJobContext<I> {
  record: GenerateRecord;
  /** The record's owner: whose files the results become and whose plan applies. */
  userId: string;
  /** The record's stored input, re-validated with the job's schema. */
  input: I;
  /** 0–100; stored and emitted to the project room, throttled, never going backwards. */
  reportProgress(progress: number): Promise<void>;
  /** Aborted at shutdown: stop promptly; the record resumes on the next start. */
  signal: AbortSignal;
}

/**
 * What a kind of generate record does in the worker. `run` answers the record's data; it throws a
 * JobFailure for anything the user should read, any other error is reported generically.
 */
export interface RecordJob<I extends Record<string, unknown> = Record<string, unknown>> {
  kind: JobName;
  /** Credits reserved when a record of this kind starts, refunded if it fails. */
  cost: number;
  input: z.ZodType<I>;
  run(ctx: RecordJobContext<I>): Promise<Record<string, unknown>>;
  /**
   * Shows a failure where the user is looking (the project's chat) with the text stored on the
   * record. The generate service calls it for every failure of a record of this kind — the job's
   * own, a crash, a record out of attempts after interrupted runs — just before marking it failed.
   * Must be idempotent (a fixed message id): the job may already have posted the same failure.
   */
  announceFailure?(record: GenerateRecord, message: string): Promise<void>;
}

/** A failure whose message is written for the user and stored on the record as is. */
export class JobFailure extends Error {
  override name = 'JobFailure';
}
