import type { PouchShape, ShapeSpec } from '../../render3d/shapes.js';
import { panelArt } from './art.js';
import { faceOf } from './faces.js';
import type { Panels } from './panels.js';
import { panelRegions } from './regions.js';
import type { Parts } from './types.js';

/** Pouches, sachets, flat bags and pillow boxes: two faces on a puffed body. */
export function flatPack(P: Panels, depth: number, details: Pick<PouchShape, 'profile' | 'seals'> = {}): Parts {
  const front = panelArt(P.front());
  const faces: Parts['faces'] = { front: faceOf(front) };
  const back = P.one('back');
  if (back) faces.back = faceOf(panelArt(back));
  const shape: ShapeSpec = { kind: 'pouch', width: front.widthMm, height: front.heightMm, depth: Math.max(2, depth), ...details };
  return { shape, regions: panelRegions(P), faces, front, extentMm: Math.max(front.widthMm, front.heightMm) };
}
