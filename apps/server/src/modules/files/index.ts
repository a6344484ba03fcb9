/** The files module's public face: what the composition root and other modules use of it. */
export { createFileRepo, type FileRepo, type FileRow } from './file.repo.js';
export { createFileAccess, type FileAccess, type OwnedImage } from './file-access.js';
export { createFileService, type FileService } from './file.service.js';
export { createUploadTokens } from './upload-token.js';
export { sniffImageFormat, validateUploadImage } from './image-validation.js';
