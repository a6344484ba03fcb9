/** The project module's public face: what the composition root and other modules use of it. */
export { createProjectRepo, type ProjectPatch, type ProjectRepo, type ProjectRow } from './project.repo.js';
export { createProjectAccess, type ProjectAccess } from './project.access.js';
export { createProjectService, type ProjectGallery, type ProjectImages, type ProjectService } from './project.service.js';
export { applyImageLike } from './project.rules.js';
