/**
 * @packsmith/mockup: the AI mockup studio's engine. Templates rendered by our own 3D renderer with
 * per-pixel maps (surface, UV, coverage, shading, specular, depth), and designs applied through them.
 */
export type { TemplateMaps, TemplateSurface } from './types.js';
export { DEFAULT_TEMPLATE_SIZE, DESIGN_PX_PER_MM, renderTemplate, type RenderedTemplate, type TemplateLight, type TemplateSpec } from './template/index.js';
export { applyDesign, applyDesignPng, encodeRgbPng, PRINT_MATERIALS, type ApplyInput, type DesignImage, type Placement, type PrintMaterial } from './apply.js';
export {
  buildCustomTemplate,
  CUSTOM_TEMPLATE_MESSAGES,
  type CustomPhoto,
  type CustomTemplateResult,
  type CustomTemplateFailure,
  type CylinderGeometry,
} from './custom/index.js';
export {
  decodeTemplateMaps,
  encodeTemplateMaps,
  libraryTemplate,
  libraryTemplatesIn,
  MOCKUP_TEMPLATES,
  renderLibraryTemplate,
  SCENE_JPEG_QUALITY,
  TEMPLATE_ANGLES,
  TEMPLATE_BACKGROUNDS,
  THUMBNAIL_SIZE,
  type EncodedTemplateMaps,
  type LibraryTemplateRender,
  type LibraryTemplateSpec,
  type RenderedLibraryTemplate,
  type TemplateAngle,
  type TemplateBackground,
  type TemplateMapsMeta,
} from './library/index.js';
export { applyOverlay, surfaceBackdrop, type OverlayImage, type OverlayInput } from './overlay.js';
export { textOnProduct, type TextOnProductInput, type TextOnProductResult } from './text-on-product.js';
