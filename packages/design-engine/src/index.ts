/** @packsmith/design-engine: pure packaging design engines (no HTTP, no DB). */
export * as artwork from './artwork/index.js';
export * from './units.js';
export * as dieline from './dieline/index.js';
export * as render3d from './render3d/index.js';
export { renderPackshot } from './render3d/index.js';
export * as pipeline from './pipeline/index.js';
export {
  backdropAspect,
  renderDesignSet,
  warmUp,
  DesignRequestError,
  UnknownBoxError,
  renderAtlasFace,
  type AtlasRect,
  type FaceAtlas,
  type DesignImagery,
  type DesignSetRequest,
  type RenderedDesign,
} from './pipeline/index.js';
export type { ImageZone } from './artwork/imagery.js';
export * as scenes from './scenes/index.js';
export {
  renderScene,
  recommendScenes,
  rankScenes,
  sceneMatchScore,
  SCENE_FAMILY_INFO,
  type RenderedScene,
  type SceneMeta,
  type SceneRequest,
} from './scenes/index.js';
