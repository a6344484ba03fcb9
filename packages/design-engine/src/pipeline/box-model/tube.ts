import type { BoxType } from '@packsmith/contracts';
import type { RectMm } from '../../dieline/types.js';
import type { ShapeSpec, TubeShape } from '../../render3d/shapes.js';
import { art, panelArt, round2 } from './art.js';
import { band, bandLayers, bandThirds } from './band.js';
import { roundExtent } from './extent.js';
import { canvas, faceOf, layer } from './faces.js';
import type { Panels } from './panels.js';
import { rectRegion } from './regions.js';
import { slotHeight } from './round.js';
import type { Parts } from './types.js';

/** Squeeze tube sleeve: the whole printed length maps onto the tube's body. */
export function squeezeTube(box: BoxType, P: Panels): Parts {
  const b = band(P);
  const { arts, regions } = bandThirds(b);
  const diameter = Number(P.dieline.params.diameter);
  // Cosmetic tubes close with a flip-top, toothpaste with a screw cap.
  const shape: ShapeSpec = { ...tubeFitting(diameter, b.height), cap: box.slug === 'cosmetic-tube' ? 'flip' : 'screw' };
  const faces = { wrap: canvas(b.width, b.height, bandLayers(arts, 0, b.height, b.width)) };
  return { shape, regions, faces, front: arts[1], extentMm: roundExtent(shape) };
}

/**
 * The tube length whose printable body equals the printed sleeve: the renderer's tube puts
 * its label between the shoulder and the crimp, so the sleeve is neither cropped nor squashed.
 */
function tubeFitting(diameter: number, printed: number): TubeShape {
  let lo = printed;
  let hi = printed * 2.5;
  for (let i = 0; i < 24; i++) {
    const mid = (lo + hi) / 2;
    if (slotHeight({ kind: 'tube', diameter, length: mid }) < printed) lo = mid;
    else hi = mid;
  }
  return { kind: 'tube', diameter, length: round2(hi) };
}

/** Paper tube: the lid band sits above the body band; the lid's disc is the top face. */
export function paperTube(box: BoxType, P: Panels): Parts {
  const body = band(P);
  const lid = band(P, 'lid');
  const { arts, regions } = bandThirds(body);
  const lidArt = art('top', lid.width, lid.height);
  regions.push({ kind: 'rect', art: lidArt, rect: lid as RectMm, rotation: 0 });
  const disc = P.one('top');
  const diameter = box.dimensions.shape === 'cylinder' ? box.dimensions.diameter : Number(P.dieline.params.diameter);
  const height = body.height + lid.height;
  const shape: ShapeSpec = { kind: 'cylinder', variant: 'paper-tube', diameter, height, lidHeight: lid.height };
  const faces: Parts['faces'] = {
    wrap: canvas(body.width, height, [layer(lidArt, 0, 0, body.width, lid.height), ...bandLayers(arts, lid.height, body.height, body.width)]),
  };
  if (disc) {
    const a = panelArt(disc);
    regions.push(rectRegion(disc, a));
    faces.top = faceOf(a);
  }
  return { shape, regions, faces, front: arts[1], extentMm: roundExtent(shape) };
}
