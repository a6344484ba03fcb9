/** Box id → its model, built once per id from the catalogue and the box's dieline. */
import { boxById, NO_BOX_ID, type BoxId } from '@packsmith/contracts';
import { renderDieline } from '../../dieline/registry.js';
import { cameraFor } from './camera.js';
import { panelsUnder } from './regions.js';
import { modelParts } from './registry.js';
import type { ArtSpec, BoxModel } from './types.js';

/** Raised for a box id that is not in the catalogue. */
export class UnknownBoxError extends Error {}

/** The box used when none is chosen: the reverse tuck end carton. */
export const DEFAULT_BOX_ID: BoxId = 101;

/** Catalogue id → the box model (0 = the default box). Throws UnknownBoxError otherwise. */
export function boxModel(boxId: number): BoxModel {
  const id = boxId === NO_BOX_ID ? DEFAULT_BOX_ID : boxId;
  const cached = cache.get(id);
  if (cached) return cached;
  const box = boxById(id);
  if (!box) {
    throw new UnknownBoxError(
      `Unknown box type ${boxId}: use a box id from the catalogue (for example 101, the reverse tuck end box), or 0 for the default box.`,
    );
  }
  const dieline = renderDieline(box.id);
  const parts = modelParts(box, dieline);
  const covered = new Set<string>();
  for (const r of parts.regions) for (const p of panelsUnder(dieline, r)) covered.add(p.id);
  const plainPanels = dieline.panels.filter((p) => !covered.has(p.id));
  const arts = new Map<string, ArtSpec>();
  for (const r of parts.regions) arts.set(r.art.key, r.art);
  for (const f of Object.values(parts.faces)) for (const l of f.layers) if (typeof l.source !== 'string') arts.set(l.source.key, l.source);
  arts.set(parts.front.key, parts.front);
  const model: BoxModel = {
    box,
    dieline,
    shape: parts.shape,
    material: box.material,
    camera: cameraFor(parts.shape),
    arts: [...arts.values()],
    front: parts.front,
    regions: parts.regions,
    plainPanels,
    faces: parts.faces,
    extentMm: parts.extentMm,
  };
  cache.set(id, model);
  return model;
}

const cache = new Map<number, BoxModel>();

/**
 * Width ÷ height a backdrop image for this box should have: a band round a body takes the whole
 * band (the image runs on round it), any other box its front panel.
 */
export function backdropAspect(boxId: number): number {
  const front = boxModel(boxId).front;
  return (front.strip?.widthMm ?? front.widthMm) / front.heightMm;
}
