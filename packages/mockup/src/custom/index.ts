export { buildCustomTemplate, CUSTOM_TEMPLATE_MESSAGES } from './build.js';
export type { CustomPhoto, CustomTemplateFailure, CustomTemplateResult, CylinderGeometry } from './types.js';
