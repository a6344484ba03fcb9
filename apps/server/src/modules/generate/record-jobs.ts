import type { RecordJob } from './record-job.js';
import { selftestJob } from './selftest.job.js';

/** Every kind of generate record this build can run; each needs its name in JOB_DEFINITIONS. */
export const RECORD_JOBS: readonly RecordJob[] = [selftestJob];
