/**
 * Box id → everything the pipeline needs to dress that box: its dieline, which artwork goes
 * where on the flat sheet, and how the 3D shape's textures are cut from the same artwork.
 * One model per box id, built once and cached: it depends on the catalogue only. One file per
 * box family; `registry.ts` picks the family by the dieline's.
 */
export type { ArtRole, ArtSpec, BoxModel, FaceCanvas, FaceLayer, FaceName, SheetRegion } from './types.js';
export { backdropAspect, boxModel, DEFAULT_BOX_ID, UnknownBoxError } from './model.js';
