import { z } from 'zod';
import { DielineBuilder } from './builder.js';
import { CALIPER_MESSAGE, caliperFits, defineGenerator, lengthMm, thicknessMm } from './generator.js';
import { draw, line, polygon, pt } from './geometry.js';

/**
 * Pillow box: two faces joined by a glue flap, closed at each end by folding two lens-shaped
 * flaps along curved creases. Each curved crease and its cut edge are mirror arcs over the
 * same chord; the sagitta is half the pack depth, so the closed pack is `depth` thick in the
 * middle (a close approximation for board up to 0.6 mm).
 *
 * Thickness rule: each face is width + t wide (the two long edges are 180° folds, half a
 * caliper each); the length between the crease ends is the length given.
 */
export const pillow = defineGenerator({
  family: 'pillow',
  schema: z
    .object({
      /** Face width, mm. */
      width: lengthMm(),
      /** Depth of the closed pack at its middle, mm. */
      depth: lengthMm(),
      /** Length between the crease ends (where the curves meet the side folds), mm. */
      length: lengthMm(),
      thickness: thicknessMm(),
      glueFlap: lengthMm().optional(),
    })
    .refine((p) => caliperFits(p, p.width, p.depth, p.length), CALIPER_MESSAGE)
    .refine((p) => p.depth < p.width, { message: 'depth must be less than width.', path: ['depth'] })
    // The two end curves bow into the face by depth/2 each; keep a printable face between them.
    .refine((p) => p.depth <= 0.6 * p.length, { message: 'depth must be at most 60% of length.', path: ['depth'] }),
  render(params, boxId) {
    const b = new DielineBuilder();
    const face = params.width + params.thickness;
    const len = params.length;
    const sag = params.depth / 2;
    const radius = (face * face) / (8 * sag) + sag / 2;
    const glue = params.glueFlap ?? Math.min(15, face / 3);
    const chamfer = Math.min(glue, sag + 2, len / 4);

    b.panel('glue-flap', 'glue-flap', polygon([pt(0, chamfer), pt(glue, 0), pt(glue, len), pt(0, len - chamfer)]));
    b.crease(line(glue, 0, glue, len));
    const faces = [
      { id: 'front', role: 'front', x0: glue },
      { id: 'back', role: 'back', x0: glue + face },
    ] as const;
    for (const { id, role, x0 } of faces) {
      const x1 = x0 + face;
      // The face is bounded by the two curved creases, which bow into it.
      b.panel(id, role, draw(x0, 0).arc(x1, 0, radius, false).line(x1, len).arc(x0, len, radius, false).close(), {
        face: { width: face, height: len },
        safe: { x: x0 + 3, y: sag + 3, width: face - 6, height: len - 2 * sag - 6 },
      });
      b.panel(`${id}-top-end-flap`, 'end-flap', draw(x0, 0).arc(x1, 0, radius, true).arc(x0, 0, radius, true).close());
      b.panel(`${id}-bottom-end-flap`, 'end-flap', draw(x0, len).arc(x1, len, radius, false).arc(x0, len, radius, false).close());
      b.crease(draw(x0, 0).arc(x1, 0, radius, false).open());
      b.crease(draw(x0, len).arc(x1, len, radius, true).open());
    }
    b.crease(line(glue + face, 0, glue + face, len));
    return b.build({ boxId, family: 'pillow', params });
  },
});
