/** Dieline family → the box family's model of it: shape, sheet regions, faces. */
import type { BoxType } from '@packsmith/contracts';
import type { Dieline } from '../../dieline/types.js';
import { bagByKind } from './bag.js';
import { cupWall } from './cup.js';
import { displayBox } from './display-box.js';
import { flatPack } from './flat-pack.js';
import { frontBackLabels, wrapLabel } from './label-wrap.js';
import { lidBox } from './lid-box.js';
import { Panels } from './panels.js';
import { pouchByKind } from './pouch.js';
import { paperTube, squeezeTube } from './tube.js';
import type { Parts } from './types.js';
import { uprightBox } from './upright.js';

export function modelParts(box: BoxType, d: Dieline): Parts {
  const P = new Panels(d);
  switch (d.family) {
    case 'reverse-tuck-end':
    case 'straight-tuck-end':
    case 'auto-lock-bottom':
      return uprightBox(P);
    case 'sleeve':
      // A band open at both ends: seen from above, its open top shows the inside.
      return uprightBox(P, { top: 'open' });
    case 'rsc-0201':
      // A half slotted container has no top flaps: it is shown open. A regular slotted one's
      // flaps meet in the middle under packing tape; a full overlap one's overlap without a seam.
      return uprightBox(P, d.params.style === '0200' ? { top: 'open' } : d.params.style === '0201' ? { tape: true } : {});
    case 'mailer-0427':
      return lidBox(P, { top: 'back-wall', bottom: 'front-wall', left: 'left-wall', right: 'right-wall' });
    case 'two-piece-rigid':
      return lidBox(P, { top: 'base-back-wall', bottom: 'base-front-wall', left: 'base-left-wall', right: 'base-right-wall' }, Number(d.params.lidHeight));
    case 'display-box':
      return displayBox(P);
    case 'pillow':
      return flatPack(P, Number(d.params.depth), { profile: 'pillow' });
    case 'pouch':
      return pouchByKind(P);
    case 'bag':
      return bagByKind(P);
    case 'label-wrap':
      return d.params.mode === 'wrap' ? wrapLabel(box, P) : frontBackLabels(box, P);
    case 'tube':
      return d.params.style === 'paper' ? paperTube(box, P) : squeezeTube(box, P);
    case 'cup':
      return cupWall(box, P);
    default:
      throw new Error(`no pipeline model for dieline family ${d.family}`);
  }
}
