import { setTimeout as sleep } from 'node:timers/promises';
import type { z } from 'zod';
import { generateCalls } from '@packsmith/contracts';
import { JobFailure, type RecordJob } from './record-job.js';

const SelftestInputSchema = generateCalls.SelftestInputSchema;

/**
 * The built-in job that proves the pipeline end to end: `steps` pauses of `step_ms` with progress after
 * each, then data echoing the input. `fail` throws after the first step, which proves the refund.
 */
export const selftestJob: RecordJob<z.output<typeof SelftestInputSchema>> = {
  kind: 'selftest',
  cost: 1,
  input: SelftestInputSchema,
  async run({ input, reportProgress, signal }) {
    for (let step = 1; step <= input.steps; step += 1) {
      await sleep(input.step_ms, undefined, { signal });
      await reportProgress((step / input.steps) * 100);
      if (input.fail) throw new JobFailure('The self-test failed on purpose after its first step.');
    }
    return { steps: input.steps, finished_at: Date.now(), echo: input.echo };
  },
};
