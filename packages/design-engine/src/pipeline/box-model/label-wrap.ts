import type { BoxType } from '@packsmith/contracts';
import { panelArt } from './art.js';
import { band, bandLayers, bandThirds } from './band.js';
import { roundExtent } from './extent.js';
import { canvas, layer } from './faces.js';
import type { Panels } from './panels.js';
import { panelRegions, rectRegion } from './regions.js';
import { roundShape, slotHeight } from './round.js';
import type { Parts } from './types.js';

/** Wrap-around labels on bottles, cans, jars and sticks. */
export function wrapLabel(box: BoxType, P: Panels): Parts {
  const b = band(P);
  const { arts, regions } = bandThirds(b);
  const lid = P.one('label');
  if (lid) regions.push(rectRegion(lid));
  const shape = roundShape(box, b.height);
  const slot = slotHeight(shape);
  const h = Math.max(slot, b.height);
  const faces = { wrap: canvas(b.width, h, bandLayers(arts, (h - b.height) / 2, b.height, b.width)) };
  return { shape, regions, faces, front: arts[1], extentMm: roundExtent(shape) };
}

/** Separate front and back labels (wine, beer, pump bottles): glass or plastic shows between them. */
export function frontBackLabels(box: BoxType, P: Panels): Parts {
  const front = panelArt(P.front());
  const back = panelArt(P.get('back'));
  const shape = roundShape(box);
  const circumference = Math.PI * Number(P.dieline.params.diameter);
  const slot = slotHeight(shape);
  const h = Math.max(slot, front.heightMm, back.heightMm);
  const r = Number(P.dieline.params.cornerRadius ?? 0);
  const y = (hh: number) => (h - hh) / 2;
  const faces = {
    wrap: canvas(circumference, h, [
      layer(front, circumference / 2 - front.widthMm / 2, y(front.heightMm), front.widthMm, front.heightMm, 0, r),
      // The back label is centred on the seam: half at each end of the texture.
      layer(back, -back.widthMm / 2, y(back.heightMm), back.widthMm, back.heightMm, 0, r),
      layer(back, circumference - back.widthMm / 2, y(back.heightMm), back.widthMm, back.heightMm, 0, r),
    ]),
  };
  return { shape, regions: panelRegions(P), faces, front, extentMm: roundExtent(shape) };
}
