import { boxById, BOX_TYPES, NO_BOX_ID, type BoxId } from '@packsmith/contracts';
import { boxModel, DEFAULT_BOX_ID } from '../pipeline/box-model/model.js';
import { foldDieline } from './build.js';
import { meshModel } from './mesh-model.js';
import type { PreviewModel } from './types.js';

/** Raised for a box id that is not in the catalogue. */
export class UnknownPreviewBoxError extends Error {}

const cache = new Map<number, PreviewModel>();

/**
 * What the 3D preview shows for a catalogue box (0 = the default box): folding cartons and
 * corrugated boxes folded from their own dieline (`kind: 'folded'`), every other pack as the
 * render3d mesh of its box model (`kind: 'mesh'`). Built once per id; pure and deterministic.
 */
export function previewModel(boxId: number): PreviewModel {
  const id = boxId === NO_BOX_ID ? DEFAULT_BOX_ID : boxId;
  const cached = cache.get(id);
  if (cached) return cached;
  if (!boxById(id)) throw new UnknownPreviewBoxError(`Unknown box type ${boxId}: use a box id from the catalogue, or 0 for the default box.`);
  const model = boxModel(id);
  const built = foldDieline(model.dieline, model.material) ?? meshModel(model);
  cache.set(id, built);
  return built;
}

/** Every catalogue box id whose preview is folded from its dieline. */
export function foldedBoxIds(): BoxId[] {
  return BOX_TYPES.map((b) => b.id).filter((id) => previewModel(id).kind === 'folded');
}
