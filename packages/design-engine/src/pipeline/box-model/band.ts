/** Bands round a round body (wrap labels, tube sleeves), printed as one rectangle in three parts. */
import type { RectMm } from '../../dieline/types.js';
import { thirds } from './art.js';
import { layer } from './faces.js';
import type { Panels } from './panels.js';
import type { ArtSpec, FaceLayer, SheetRegion } from './types.js';

export interface Band {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The back-right | front | back-left panels of a band round a cylinder, as one rectangle. */
export function band(P: Panels, prefix = ''): Band {
  const ids = ['back-right', 'front', 'back-left'].map((n) => (prefix ? `${prefix}-${n}` : n));
  const ps = ids.map((i) => P.get(i));
  const x = Math.min(...ps.map((p) => p.bounds.x));
  const right = Math.max(...ps.map((p) => p.bounds.x + p.bounds.width));
  return { x, y: ps[1]!.bounds.y, width: right - x, height: ps[1]!.bounds.height };
}

/**
 * A band round a round body in three equal parts. A cylinder shows about its middle third,
 * so the front design takes exactly that third (its brand then faces the camera) and the
 * other two take a side design and the back copy. A band has no folds: its nominal
 * back/front panels only mark where the front half of the body is.
 */
export function bandThirds(b: Band): { arts: [ArtSpec, ArtSpec, ArtSpec]; regions: SheetRegion[] } {
  const w = b.width / 3;
  const arts = thirds(b.width, b.height);
  const regions = arts.map((a, i): SheetRegion => ({
    kind: 'rect',
    art: a,
    rect: { x: b.x + i * w, y: b.y, width: w, height: b.height } as RectMm,
    rotation: 0,
  }));
  return { arts, regions };
}

export function bandLayers(arts: readonly ArtSpec[], y: number, height: number, width: number): FaceLayer[] {
  const w = width / arts.length;
  return arts.map((a, i) => layer(a, i * w, y, w, height));
}
