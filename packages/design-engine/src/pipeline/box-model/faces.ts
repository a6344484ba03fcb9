/** Building the 3D shape's face canvases from pieces of artwork. */
import type { Rotation } from '../../dieline/types.js';
import { quarter } from './art.js';
import type { ArtSpec, FaceCanvas, FaceLayer } from './types.js';

export const layer = (source: FaceLayer['source'], x: number, y: number, w: number, h: number, rotation: Rotation = 0, cornerRadius?: number): FaceLayer => ({
  source,
  x,
  y,
  w,
  h,
  rotation,
  cornerRadius,
});

export const canvas = (widthMm: number, heightMm: number, layers: FaceLayer[]): FaceCanvas => ({ widthMm, heightMm, layers });

/** A face filled by one piece of artwork, turned by `rotation` first. */
export function faceOf(a: ArtSpec, rotation: Rotation = 0): FaceCanvas {
  const w = quarter(rotation) ? a.heightMm : a.widthMm;
  const h = quarter(rotation) ? a.widthMm : a.heightMm;
  return canvas(w, h, [layer(a, 0, 0, w, h, rotation)]);
}
