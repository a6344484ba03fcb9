/**
 * The live 3D preview's model of a pack: cartons folded from their own dieline, other packs as
 * render3d meshes. Pure and browser-safe (see ../preview3d.ts, the package's `./preview3d` entry).
 */
export { previewModel, foldedBoxIds, UnknownPreviewBoxError } from './preview-model.js';
export { posePanels, posedPoint, stageProgress, panelJoins, artUp, type PoseOptions } from './build.js';
export {
  FACE_NAMES,
  type FaceName,
  type FoldedModel,
  type FoldPanel,
  type Hinge,
  type MeshModel,
  type PanelPrint,
  type Pose,
  type PreviewModel,
  type SlotLook,
} from './types.js';
export type { Mat4, Vec2, Vec3 } from './geometry.js';
