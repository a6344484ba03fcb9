import type { Panel } from '../../dieline/types.js';
import type { BoxShape, ShapeSpec } from '../../render3d/shapes.js';
import { art, panelArt, uprightSize } from './art.js';
import { boxExtent } from './extent.js';
import { canvas, faceOf, layer } from './faces.js';
import type { Panels } from './panels.js';
import { panelRegions, rectRegion } from './regions.js';
import type { FaceCanvas, Parts } from './types.js';

/** The top (or bottom) face from one panel, or two flaps meeting in the middle (slotted cartons). */
function capFace(panels: Panel[], w: number, depth: number): FaceCanvas | undefined {
  if (panels.length === 0) return undefined;
  if (panels.length === 1) {
    const a = panelArt(panels[0]!);
    return canvas(w, depth, [layer(a, 0, 0, w, depth)]);
  }
  // The face reads with its top edge towards the back: the back flap's half is on top.
  const back = panels.find((p) => p.id.includes('back')) ?? panels[1]!;
  const front = panels.find((p) => p !== back) ?? panels[0]!;
  return canvas(w, depth, [layer(panelArt(back), 0, 0, w, depth / 2), layer(panelArt(front), 0, depth / 2, w, depth / 2)]);
}

/** How an upright box's shape differs from a closed carton: an open top, a sealed film top, handles. */
export type BoxDetails = Pick<BoxShape, 'top' | 'seal' | 'handles' | 'tape'>;

/** Cartons, slotted boxes, gusseted bags, box pouches: standing, front to the camera. */
export function uprightBox(P: Panels, details: BoxDetails = {}): Parts {
  const front = panelArt(P.front());
  const left = P.one('left');
  const right = P.one('right');
  const side = left ?? right;
  const depth = side ? uprightSize(side).w : front.widthMm * 0.4;
  const backs = P.withRole('back');
  const faces: Parts['faces'] = { front: faceOf(front) };
  const regions = panelRegions(P, new Set(backs.map((b) => b.id)));
  if (backs.length === 1) {
    const back = panelArt(backs[0]!);
    faces.back = faceOf(back);
    regions.push(rectRegion(backs[0]!, back));
  } else if (backs.length === 2) {
    // A back split by the seam: the first half on the sheet carries a side design, the last
    // the back copy; seen from behind the last comes first.
    const [first, last] = backs as [Panel, Panel];
    const a = art('side', uprightSize(first).w, uprightSize(first).h);
    const b = panelArt(last);
    regions.push(rectRegion(first, a), rectRegion(last, b));
    faces.back = canvas(b.widthMm + a.widthMm, front.heightMm, [layer(b, 0, 0, b.widthMm, front.heightMm), layer(a, b.widthMm, 0, a.widthMm, front.heightMm)]);
  }
  if (left) faces.left = faceOf(panelArt(left));
  if (right) faces.right = faceOf(panelArt(right));
  const top = capFace(P.withRole('top'), front.widthMm, depth);
  if (top) faces.top = top;
  const bottom = capFace(P.withRole('bottom'), front.widthMm, depth);
  if (bottom) faces.bottom = bottom;
  const shape: ShapeSpec = { kind: 'box', width: front.widthMm, height: front.heightMm, depth, ...details };
  return { shape, regions, faces, front, extentMm: boxExtent(front.widthMm, front.heightMm, depth) };
}
