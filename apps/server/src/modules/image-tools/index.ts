/** The image tools module's public face: what the composition root uses of it. */
export { createImageToolService, type ImageToolService } from './image-tools.service.js';
export { createImageToolJobs } from './image-tools.jobs.js';
export { createLocalImageToolEngines, createWorkerImageToolEngines, type ImageToolEngines } from './image-tools.engines.js';
