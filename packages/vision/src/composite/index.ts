/** The compositor: a cut-out placed on a scene with shadows and a ΔE-capped light match. */
export { compositeProduct, compositeVariants, contentBottom, CompositeInputError, DELTA_E_GUARD } from './composite.js';
export {
  canvasBackground,
  defaultPlacement,
  isOffCanvas,
  placementToScene,
  rotatedSize,
  rotatePoint,
  type DefaultPlacementOptions,
  type Point,
  type SceneRect,
} from './placement.js';
export { ciede2000, deltaE2000Rgb, srgbToLab, type Lab } from '@packsmith/design-engine/delta-e';
export { estimateLight } from './light.js';
export { castVector } from './shadow.js';
export { VARIANT_LOOKS, variantLook, type VariantLook } from './variants.js';
