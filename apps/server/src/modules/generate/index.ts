/** The generate module's public face: what the composition root and other modules use of it. */
export { createGenerateRepo, type GenerateRepo } from './generate.repo.js';
export { createGenerateService, recordPriority, type GenerateService } from './generate.service.js';
export { JobFailure, type RecordJob, type RecordJobContext } from './record-job.js';
export { RECORD_JOBS } from './record-jobs.js';
