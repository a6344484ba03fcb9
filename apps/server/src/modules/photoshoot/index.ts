/** The photo shoot module's public face: what the composition root uses of it. */
export { createPhotoshootRepo, type PhotoshootRepo } from './photoshoot.repo.js';
export { createPhotoshootJobs } from './photoshoot.jobs.js';
export { createPhotoshootService, type PhotoshootService } from './photoshoot.service.js';
export { createSceneTemplatesRepo, type SceneTemplatesRepo } from './scene-templates.repo.js';
export { createSceneTemplates, type SceneTemplatesService } from './scene-templates.service.js';
export { createProviderScenes } from './provider-scenes.js';
export { engineScenes, type SceneEngine } from './scene-adapter.js';
export { createWorkerScenes } from './scene-worker.js';
export { createEngineVision, cutoutRejection, type PhotoshootVision } from './vision-adapter.js';
