/** The mockup module's public face: what the composition root uses of it. */
export { createMockupTemplatesRepo, type MockupTemplatesRepo } from './mockup-templates.repo.js';
export { createMockupTemplates, mockupSeedPlan, type MockupTemplatesService } from './mockup-templates.service.js';
export { localMockupRenderer, type MockupRenderer } from './mockup-render.js';
export { createWorkerMockupRenderer } from './mockup-worker.js';
