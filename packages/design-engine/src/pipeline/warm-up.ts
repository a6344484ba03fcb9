/**
 * Warm-up of one thread: fonts parsed and handed to resvg, the artwork engine's tables
 * built, and the rasteriser run once so V8 has optimised it before the first real packshot
 * (the first frame of a process is otherwise 2–3× slower).
 */
import { parseBrief } from '../artwork/brief.js';
import { allFaces } from '../artwork/fonts.js';
import { planDesign } from '../artwork/panel-art.js';
import { resvgFontOptions } from '../artwork/render.js';
import { renderDesign } from './render-design.js';

let warm: Promise<void> | null = null;

export function warmUpThread(): Promise<void> {
  warm ??= (async () => {
    allFaces();
    resvgFontOptions();
    // A box and a round product exercise both texture paths of the renderer; named colours
    // (one a metal) the colour-share probe and the foil.
    for (const boxId of [101, 701]) {
      const brief = parseBrief({ brand: 'Packsmith', product: 'Warm-up', box: String(boxId), color: ['navy', 'gold'], seed: 1 });
      await renderDesign({ boxId, brief, seed: 1, plan: planDesign(brief, 1), size: 256 });
    }
  })();
  return warm;
}
