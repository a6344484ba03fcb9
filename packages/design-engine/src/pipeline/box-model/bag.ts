import { panelArt } from './art.js';
import { flatPack } from './flat-pack.js';
import type { Panels } from './panels.js';
import type { Parts } from './types.js';
import { uprightBox } from './upright.js';

/** Bags by kind: a flat bag is a flat pack, the others stand open (or sealed, for film coffee bags). */
export function bagByKind(P: Panels): Parts {
  const d = P.dieline;
  const kind = String(d.params.kind);
  if (kind === 'flat') return flatPack(P, panelArt(P.front()).widthMm * 0.08, { profile: 'pillow' });
  // Film coffee bag: its top narrows to a 10 mm seal; the valve sits where the dieline keeps the front clear (35 mm under the seal).
  if (kind === 'side-gusset') return uprightBox(P, { top: 'sealed', seal: { height: 10, taper: Number(d.params.gusset) * 0.5, valveFromTop: 45 } });
  return uprightBox(P, { top: 'open', ...(kind === 'shopping' ? { handles: true } : {}) });
}
