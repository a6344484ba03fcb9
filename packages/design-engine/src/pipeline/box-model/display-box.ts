import type { Panel } from '../../dieline/types.js';
import type { ShapeSpec } from '../../render3d/shapes.js';
import { panelArt, uprightSize } from './art.js';
import { boxExtent } from './extent.js';
import { canvas, faceOf, layer } from './faces.js';
import type { Panels } from './panels.js';
import { panelRegions } from './regions.js';
import type { FaceCanvas, Parts } from './types.js';

/** Counter display: the header card above an open tray with a low front lip. */
export function displayBox(P: Panels): Parts {
  const front = panelArt(P.front());
  const back = panelArt(P.get('back'));
  const lip = P.one('wall');
  const base = P.one('bottom');
  const height = back.heightMm;
  const depth = base ? uprightSize(base).h : front.widthMm * 0.6;
  const frontLayers = [layer('inside', 0, 0, front.widthMm, height), layer(front, 0, 0, front.widthMm, front.heightMm)];
  if (lip) {
    const l = panelArt(lip);
    frontLayers.push(layer(l, 0, height - l.heightMm, front.widthMm, l.heightMm));
  }
  const sideFace = (p: Panel | undefined): FaceCanvas | undefined => {
    if (!p) return undefined;
    const a = panelArt(p);
    return canvas(depth, height, [layer('fill', 0, 0, depth, height), layer(a, 0, height - a.heightMm, depth, a.heightMm)]);
  };
  const faces: Parts['faces'] = {
    front: canvas(front.widthMm, height, frontLayers),
    back: faceOf(back),
    top: canvas(front.widthMm, depth, [layer('fill', 0, 0, front.widthMm, depth)]),
  };
  const left = sideFace(P.one('left'));
  const right = sideFace(P.one('right'));
  if (left) faces.left = left;
  if (right) faces.right = right;
  const shape: ShapeSpec = { kind: 'box', width: front.widthMm, height, depth };
  return { shape, regions: panelRegions(P), faces, front, extentMm: boxExtent(front.widthMm, height, depth) };
}
