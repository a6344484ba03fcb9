import { z } from 'zod';
import { DielineBuilder } from './builder.js';
import { defineGenerator, lengthMm } from './generator.js';
import { circlePath } from './geometry.js';
import { addWrapBand, roundedRect } from './wrap.js';

/**
 * Labels for bottles, cans and jars.
 * - `wrap`: one band round the body: width = π·d + overlap (the overlap is glued over the
 *   start), height = label height. Label stock (≈ 0.08 mm) is ignored: it lengthens the band
 *   by π·t ≈ 0.25 mm, which the overlap absorbs.
 * - `front-back`: two separate labels with rounded corners, as on wine, beer and spirits.
 * An optional round lid label is added for jars.
 */
const common = {
  /** Body diameter where the label sits, mm. */
  diameter: lengthMm(),
  /** Label height, mm. */
  labelHeight: lengthMm(),
  /** Diameter of a round lid label; 0 for none. */
  lidLabelDiameter: z.number().min(0).max(3000).default(0),
};

const GAP = 10;

export const labelWrap = defineGenerator({
  family: 'label-wrap',
  schema: z
    .discriminatedUnion('mode', [
      z.object({ mode: z.literal('wrap'), ...common, overlap: z.number().min(0).max(100) }),
      z.object({
        mode: z.literal('front-back'),
        ...common,
        frontWidth: lengthMm(),
        backWidth: lengthMm(),
        cornerRadius: z.number().min(0).max(50).default(3),
      }),
    ])
    .refine((p) => p.mode !== 'front-back' || p.frontWidth + p.backWidth <= Math.PI * p.diameter - 10, {
      message: 'frontWidth + backWidth must leave 10 mm of the circumference free.',
      path: ['frontWidth'],
    }),
  render(params, boxId) {
    const b = new DielineBuilder();
    let right: number;
    if (params.mode === 'wrap') {
      const band = addWrapBand(b, { x0: 0, y0: 0, diameter: params.diameter, height: params.labelHeight, overlap: params.overlap });
      right = band.circumference + params.overlap;
    } else {
      const { frontWidth: fw, backWidth: bw, labelHeight: h, cornerRadius: r } = params;
      b.panel('front', 'front', roundedRect(0, 0, fw, h, r));
      b.panel('back', 'back', roundedRect(fw + GAP, 0, bw, h, r));
      right = fw + GAP + bw;
    }
    if (params.lidLabelDiameter > 0) {
      const d = params.lidLabelDiameter;
      const inset = 3 + (d * (1 - Math.SQRT1_2)) / 2;
      b.panel('lid-label', 'label', circlePath(right + GAP + d / 2, d / 2, d / 2), {
        face: { width: d, height: d },
        // The largest square inside the circle, less the inset.
        safe: { x: right + GAP + inset, y: inset, width: d - 2 * inset, height: d - 2 * inset },
      });
    }
    return b.build({ boxId, family: 'label-wrap', params });
  },
});
