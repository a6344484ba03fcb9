export {
  libraryTemplate,
  libraryTemplatesIn,
  MOCKUP_TEMPLATES,
  TEMPLATE_ANGLES,
  TEMPLATE_BACKGROUNDS,
  type LibraryTemplateRender,
  type LibraryTemplateSpec,
  type TemplateAngle,
  type TemplateBackground,
} from './templates.js';
export { renderLibraryTemplate, SCENE_JPEG_QUALITY, THUMBNAIL_SIZE, type RenderedLibraryTemplate } from './render-library.js';
export { decodeTemplateMaps, encodeTemplateMaps, type EncodedTemplateMaps, type TemplateMapsMeta } from './maps-codec.js';
