import { z } from 'zod';
import { defineCall } from '../call.js';
import { GenerateRecordSchema } from '../entities.js';

export const getRecord = defineCall({
  method: 'GET',
  path: '/api/generate/record',
  auth: 'session',
  summary: 'A generate record: status, progress, data',
  input: z.object({ id: z.string().min(1, 'id is required.').max(64) }),
  data: GenerateRecordSchema,
});

/** The built-in job that proves the pipeline (enqueue → progress on the room → done → polling). */
export const DEMO_JOB_KINDS = ['selftest'] as const;

/**
 * The selftest job's own input (its queued payload). Apart from the call's input because that one
 * carries defineCall's text check, and zod refuses to .pick() from a refined object.
 */
export const SelftestInputSchema = z.object({
  /** selftest: number of progress steps and their spacing; fail=true proves the refund path. */
  steps: z.number().int().min(1).max(20).optional().default(5),
  step_ms: z.number().int().min(0).max(2000).optional().default(50),
  fail: z.boolean().optional().default(false),
  /** Returned unchanged in the record's data: proves the input travelled through the queue. */
  echo: z.string().max(200).optional().default(''),
});

export const createRecord = defineCall({
  method: 'POST',
  path: '/api/generate/record',
  auth: 'session',
  summary: 'Start a job and answer its record at once',
  input: z.object({
    project_id: z.string().min(1).max(64),
    kind: z.enum(DEMO_JOB_KINDS),
    ...SelftestInputSchema.shape,
  }),
  data: GenerateRecordSchema,
});

/** SPEC §9: poll every second, give up after five minutes. */
export const RECORD_POLL_MS = 1000;
export const RECORD_GIVE_UP_MS = 5 * 60 * 1000;
