export { DEFAULT_TEMPLATE_SIZE, DESIGN_PX_PER_MM, renderTemplate, type RenderedTemplate, type TemplateLight, type TemplateSpec } from './render-template.js';
