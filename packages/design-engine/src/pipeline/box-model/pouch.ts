import { panelArt } from './art.js';
import { flatPack } from './flat-pack.js';
import type { Panels } from './panels.js';
import type { Parts } from './types.js';
import { uprightBox } from './upright.js';

/** Pouches by kind: a flat-bottom pouch stands like a box, the others are flat packs with their seals. */
export function pouchByKind(P: Panels): Parts {
  const d = P.dieline;
  const kind = String(d.params.kind);
  const seal = Number(d.params.topSeal);
  const side = Number(d.params.sideSeal);
  // The dieline's zipper zone starts 15 mm under the top seal and is 8 mm tall; notches are cut 5 mm (sachets 3 mm) under it.
  const zipper = d.params.zipper === true ? { zipperFromTop: seal + 15, zipperHeight: 8 } : {};
  if (kind === 'flat-bottom') return uprightBox(P, { top: 'sealed', seal: { height: seal, taper: Math.min(14, seal * 1.4), ...zipper } });
  const front = panelArt(P.front());
  const notchFromTop = seal + (kind === 'sachet' ? 3 : 5);
  const seals = { side, top: seal, ...(kind === 'sachet' ? { bottom: seal } : {}), notchFromTop, ...zipper };
  if (kind === 'stand-up') return flatPack(P, front.widthMm * 0.3, { seals });
  return flatPack(P, front.widthMm * (kind === 'sachet' ? 0.1 : 0.12), { profile: 'pillow', seals });
}
