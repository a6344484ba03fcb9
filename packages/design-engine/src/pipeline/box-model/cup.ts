import type { BoxType } from '@packsmith/contracts';
import type { PointMm } from '../../dieline/types.js';
import type { CupShape, ShapeSpec } from '../../render3d/shapes.js';
import { thirds } from './art.js';
import { bandLayers } from './band.js';
import { canvas } from './faces.js';
import type { Panels } from './panels.js';
import type { Parts, SheetRegion } from './types.js';

/** Lids by cup type: a hot cup's sip lid, a cold cup's dome and straw, paper lids, a tub's snap lid; bowls stay open. */
const CUP_LIDS: Readonly<Partial<Record<string, Pick<CupShape, 'lid' | 'straw'>>>> = {
  'paper-cup': { lid: 'hot' },
  'cold-cup': { lid: 'dome', straw: true },
  'ice-cream-cup': { lid: 'flat' },
  'food-container': { lid: 'snap' },
};

/** Cups, bowls and tubs: the wall is a fan round an apex; thirds by angle. */
export function cupWall(box: BoxType, P: Panels): Parts {
  const front = P.get('front');
  const first = P.get('back-right');
  const last = P.get('back-left');
  const outer = front.shape.segments[0];
  const inner = front.shape.segments[2];
  if (!outer || outer.kind !== 'arc' || !inner || inner.kind !== 'arc') throw new Error('cup front panel is not a sector');
  const rOuter = outer.radius;
  const rInner = inner.radius;
  // The front sector is symmetric about the vertical through the apex.
  const s = front.shape.start;
  const halfChord = (outer.to.x - s.x) / 2;
  const apex = { x: s.x + halfChord, y: s.y + Math.sqrt(rOuter * rOuter - halfChord * halfChord) } as PointMm;
  const angle = (p: PointMm) => Math.atan2(p.x - apex.x, -(p.y - apex.y));
  const phiStart = angle(first.shape.start);
  const lastOuter = last.shape.segments[0];
  if (!lastOuter) throw new Error('cup back panel has no outline');
  const phiEnd = angle(lastOuter.to);
  const span = (phiEnd - phiStart) / 3;
  const width = (phiEnd - phiStart) * rOuter;
  const slant = rOuter - rInner;
  const arts = thirds(width, slant);
  const regions: SheetRegion[] = arts.map((a, i) => ({
    kind: 'fan',
    art: a,
    apex,
    rOuter,
    rInner,
    phiStart: phiStart + i * span,
    phiEnd: phiStart + (i + 1) * span,
    bleedStart: i === 0,
    bleedEnd: i === 2,
  }));
  const dims = box.dimensions;
  if (dims.shape !== 'frustum') throw new Error(`box ${box.id} is not a frustum`);
  const shape: ShapeSpec = { kind: 'cup', topDiameter: dims.topDiameter, bottomDiameter: dims.bottomDiameter, height: dims.height, ...CUP_LIDS[box.slug] };
  const faces = { wrap: canvas(width, slant, bandLayers(arts, 0, slant, width)) };
  return { shape, regions, faces, front: arts[1], extentMm: Math.max(dims.topDiameter, dims.height) };
}
