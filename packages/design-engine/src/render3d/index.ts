/**
 * Software 3D renderer for packshots: textured meshes in perspective, Lambert +
 * Blinn-Phong shading with a studio reflection, multisampled edges and a soft
 * floor shadow. Pure TypeScript; sharp only encodes PNG and decodes textures.
 */
export {
  decodeTexture,
  defaultMaterial,
  defaultPitch,
  defaultYaw,
  DEFAULT_FOV,
  renderPackshot,
  renderPackshotPixels,
  type Packshot,
  type PackshotCamera,
  type PackshotOptions,
  type PackshotPixels,
  type PackshotTextures,
} from './packshot.js';
export { MATERIAL_TYPES, materialParams, type MaterialParams, type MaterialType } from './materials.js';
export {
  BOTTLE_STYLES,
  buildShape,
  textureLayout,
  type BottleStyle,
  type PouchSeals,
  type BottleShape,
  type BoxShape,
  type CupShape,
  type CylinderShape,
  type PouchShape,
  type ShapeSpec,
  type TubeShape,
} from './shapes.js';
export { rasterize, type Lighting, type RasterGBuffer, type RasterImage, type RasterOptions, type RasterScene, type SurfaceMaterial } from './rasterizer.js';
export {
  BLANK_PRINT_BYTE,
  daylightLighting,
  PRINTABLE_SURFACES,
  MAX_GROUP_ITEMS,
  renderGroupSurfaceMaps,
  renderSurfaceMaps,
  type GroupItem,
  type GroupSurfaceMapOptions,
  type GroupSurfaceMaps,
  type PrintableSurface,
  type SceneLight,
  type SurfaceMapOptions,
  type SurfaceMaps,
} from './surface-maps.js';
export { prepareTexture, type Texture } from './texture.js';
export { meshBounds, SLOTS, type Mesh, type Slot } from './mesh.js';
export { lookAt, perspective, multiply, type Mat4, type Vec3 } from './math.js';
