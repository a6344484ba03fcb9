/** The mockup module's public face: what the composition root uses of it. */
export { createMockupTemplatesRepo, type MockupTemplateRow, type MockupTemplatesRepo } from './mockup-templates.repo.js';
export { createMockupTemplates, mockupSeedPlan, type MockupTemplatesService } from './mockup-templates.service.js';
export { localMockupRenderer, type MockupRenderer } from './mockup-render.js';
export { createWorkerMockupRenderer } from './mockup-worker.js';
export { createMockupRepo, type MockupRepo } from './mockup.repo.js';
export { createMockupMaterialsRepo, type MockupMaterialsRepo } from './mockup-materials.repo.js';
export { createMockupMaterials, type MockupMaterialsService } from './mockup-materials.service.js';
export { createMockupService, type MockupService } from './mockup.service.js';
export { createMockupJobs } from './mockup.jobs.js';
export { createDesignFacesSource, type DesignFacesSource, type FaceRenderer } from './design-faces.js';
export { createMockupCommits } from './mockup.commits.js';
export { createTemplateCache, loadTemplate, type DecodedTemplate, type TemplateCache } from './template-cache.js';
