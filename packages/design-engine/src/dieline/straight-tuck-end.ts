import { DielineBuilder } from './builder.js';
import { addDustFlap, addTube, addTuckClosure, TuckCartonSchema, defaultDustFlapDepth, defaultTuckDepth, siteOf } from './carton-tube.js';
import { defineGenerator } from './generator.js';

/**
 * Straight tuck end (STE): both closures hinge on the back panel, so the front panel has no
 * fold at either end and both tucks enter from the front. Thickness rule: see carton-tube.ts.
 */
export const straightTuckEnd = defineGenerator({
  family: 'straight-tuck-end',
  schema: TuckCartonSchema,
  render(params, boxId) {
    const b = new DielineBuilder();
    const tube = addTube(b, params, 'closed');
    const tuckDepth = params.tuckDepth ?? defaultTuckDepth(tube);
    const dust = defaultDustFlapDepth(tube, tuckDepth);
    addTuckClosure(b, tube, siteOf(tube, 'back', 'top'), { id: 'top', role: 'top', rotation: 180, tuckDepth });
    // Hinged at the back, the bottom's far edge is the front, so its artwork is not turned.
    addTuckClosure(b, tube, siteOf(tube, 'back', 'bottom'), { id: 'bottom', role: 'bottom', rotation: 0, tuckDepth });
    for (const side of ['right', 'left'] as const) {
      addDustFlap(b, siteOf(tube, side, 'top'), { id: `${side}-top-dust-flap`, depth: dust });
      addDustFlap(b, siteOf(tube, side, 'bottom'), { id: `${side}-bottom-dust-flap`, depth: dust });
    }
    return b.build({ boxId, family: 'straight-tuck-end', params });
  },
});
