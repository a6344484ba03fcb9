import type { ShapeSpec } from '../../render3d/shapes.js';
import { panelArt } from './art.js';
import { boxExtent } from './extent.js';
import { canvas, faceOf, layer } from './faces.js';
import type { Panels } from './panels.js';
import { panelRegions } from './regions.js';
import type { Parts } from './types.js';

/**
 * Boxes whose display face is the lid (mailers, lid-and-base boxes) stand on their back edge
 * with the lid to the camera, as they are photographed: the lid reads upright, the back wall
 * becomes the top face and the side walls turn a quarter.
 */
export function lidBox(P: Panels, walls: { top: string; bottom: string; left: string; right: string }, lidDepth?: number): Parts {
  const front = panelArt(P.front());
  const top = panelArt(P.get(walls.top));
  const depth = top.heightMm;
  const faces: Parts['faces'] = {
    front: faceOf(front),
    top: canvas(front.widthMm, depth, [layer(top, 0, 0, front.widthMm, depth, 180)]),
    bottom: canvas(front.widthMm, depth, [layer(panelArt(P.get(walls.bottom)), 0, 0, front.widthMm, depth)]),
    left: canvas(depth, front.heightMm, [layer(panelArt(P.get(walls.left)), 0, 0, depth, front.heightMm, 90)]),
    right: canvas(depth, front.heightMm, [layer(panelArt(P.get(walls.right)), 0, 0, depth, front.heightMm, 270)]),
  };
  const shape: ShapeSpec = { kind: 'box', width: front.widthMm, height: front.heightMm, depth, ...(lidDepth ? { lidDepth } : {}) };
  return { shape, regions: panelRegions(P), faces, front, extentMm: boxExtent(front.widthMm, front.heightMm, depth) };
}
