import { DielineBuilder } from './builder.js';
import { addTube, CartonSchema } from './carton-tube.js';
import { defineGenerator } from './generator.js';

/**
 * Sleeve: the glued four-panel tube with both ends open; it slides over a tray or product.
 * `length` × `width` is the opening it wraps, `height` its extent along the slide direction.
 * Thickness rule: see carton-tube.ts (the inside must clear the product, so give the
 * product's outside size plus any clearance wanted).
 */
export const sleeve = defineGenerator({
  family: 'sleeve',
  schema: CartonSchema,
  render(params, boxId) {
    const b = new DielineBuilder();
    addTube(b, params, 'open');
    return b.build({ boxId, family: 'sleeve', params });
  },
});
