import { DielineBuilder } from './builder.js';
import { addDustFlap, addTube, addTuckClosure, TuckCartonSchema, defaultDustFlapDepth, defaultTuckDepth, siteOf } from './carton-tube.js';
import { defineGenerator } from './generator.js';

/**
 * Reverse tuck end (RTE): the top closure hinges on the back panel and tucks into the front;
 * the bottom closure hinges on the front panel and tucks into the back. Dust flaps on both
 * side panels at both ends. Thickness rule: see carton-tube.ts.
 */
export const reverseTuckEnd = defineGenerator({
  family: 'reverse-tuck-end',
  schema: TuckCartonSchema,
  render(params, boxId) {
    const b = new DielineBuilder();
    const tube = addTube(b, params, 'closed');
    const tuckDepth = params.tuckDepth ?? defaultTuckDepth(tube);
    const dust = defaultDustFlapDepth(tube, tuckDepth);
    // Top and bottom faces read with their top edge towards the back of the pack.
    addTuckClosure(b, tube, siteOf(tube, 'back', 'top'), { id: 'top', role: 'top', rotation: 180, tuckDepth });
    addTuckClosure(b, tube, siteOf(tube, 'front', 'bottom'), { id: 'bottom', role: 'bottom', rotation: 180, tuckDepth });
    for (const side of ['right', 'left'] as const) {
      addDustFlap(b, siteOf(tube, side, 'top'), { id: `${side}-top-dust-flap`, depth: dust });
      addDustFlap(b, siteOf(tube, side, 'bottom'), { id: `${side}-bottom-dust-flap`, depth: dust });
    }
    return b.build({ boxId, family: 'reverse-tuck-end', params });
  },
});
