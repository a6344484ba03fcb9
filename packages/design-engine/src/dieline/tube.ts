import { z } from 'zod';
import { DielineBuilder, SAFE_INSET_MM } from './builder.js';
import { CALIPER_MESSAGE, caliperFits, defineGenerator, lengthMm, thicknessMm } from './generator.js';
import { circlePath, line, rectPath } from './geometry.js';
import { addWrapBand } from './wrap.js';

/**
 * Tubes.
 * - `squeeze`: the printed sleeve of a plastic or laminate squeeze tube: π·d round (plus the
 *   side-seam overlap of laminate tubes; 0 for extruded tubes) by the body length. The crimp
 *   seal at the top end is a no-artwork seal zone.
 * - `paper`: a rigid paper tube with a telescoping lid: the wrap of the body (turned in over
 *   both ends), the wrap of the lid band and the lid's top disc.
 *
 * Thickness rule (paper): the lid fits over the body, so its outside diameter is the body's
 * outside + clearance + 2t; every turn-in first passes over the board edge (one caliper).
 */
const GAP = 10;

export const tube = defineGenerator({
  family: 'tube',
  schema: z
    .discriminatedUnion('style', [
      z.object({
        style: z.literal('squeeze'),
        /** Tube diameter, mm. */
        diameter: lengthMm(),
        /** Printed body length from shoulder to the end of the crimp, mm. */
        length: lengthMm(),
        /** Crimp seal width at the open end, mm. */
        seal: z.number().min(0).max(30).default(5),
        /** Side-seam overlap of laminate tubes, mm; 0 for extruded tubes. */
        overlap: z.number().min(0).max(20).default(0),
      }),
      z.object({
        style: z.literal('paper'),
        /** Outside diameter of the body tube, mm. */
        diameter: lengthMm(),
        /** Body height, mm. */
        height: lengthMm(),
        /** Lid height, mm. */
        lidHeight: lengthMm(),
        /** Board caliper of the tubes, mm. */
        thickness: thicknessMm(),
        /** Wrap turned in over the tube edges, mm. */
        turnIn: z.number().min(0).max(50).default(12),
        /** Wrap seam overlap, mm. */
        overlap: z.number().min(0).max(30).default(8),
        /** Play between body and lid, mm. */
        clearance: z.number().min(0).max(5).default(0.5),
      }),
    ])
    .refine((p) => p.style !== 'paper' || caliperFits(p, p.diameter, p.lidHeight), CALIPER_MESSAGE),
  render(params, boxId) {
    const b = new DielineBuilder();
    if (params.style === 'squeeze') {
      const band = addWrapBand(b, {
        x0: 0,
        y0: 0,
        diameter: params.diameter,
        height: params.length,
        overlap: params.overlap,
        safeTop: params.seal + SAFE_INSET_MM,
      });
      if (params.seal > 0) b.zone('seal', rectPath(0, 0, band.circumference + params.overlap, params.seal));
      return b.build({ boxId, family: 'tube', params });
    }

    const t = params.thickness;
    const fold = t + params.turnIn;
    const ov = params.overlap;

    // Body wrap: turn-in strip | body band | turn-in strip, the overlap running full height.
    const cBody = Math.PI * params.diameter;
    const bodyTotal = params.height + 2 * fold;
    b.rect('body-top-turn-in', 'turn-in', 0, 0, cBody, fold, { rotation: 180 });
    addWrapBand(b, { x0: 0, y0: fold, diameter: params.diameter, height: params.height, overlap: 0 });
    b.rect('body-bottom-turn-in', 'turn-in', 0, fold + params.height, cBody, fold);
    if (ov > 0) {
      b.rect('body-overlap', 'overlap', cBody, 0, ov, bodyTotal);
      b.zone('glue', rectPath(cBody, 0, ov, bodyTotal));
    }
    b.crease(line(0, fold, cBody + ov, fold));
    b.crease(line(0, fold + params.height, cBody + ov, fold + params.height));

    // Lid wrap: folded over onto the top, the visible band, turned in at the open edge.
    const lidDiameter = params.diameter + params.clearance + 2 * t;
    const cLid = Math.PI * lidDiameter;
    const y0 = bodyTotal + GAP;
    const topFold = t + Math.min(params.turnIn, lidDiameter / 4);
    b.rect('lid-top-fold', 'turn-in', 0, y0, cLid, topFold, { rotation: 180 });
    addWrapBand(b, {
      prefix: 'lid',
      x0: 0,
      y0: y0 + topFold,
      diameter: lidDiameter,
      height: params.lidHeight,
      overlap: 0,
      roles: { front: 'lid', back: 'lid' },
    });
    b.rect('lid-turn-in', 'turn-in', 0, y0 + topFold + params.lidHeight, cLid, fold);
    const lidTotal = topFold + params.lidHeight + fold;
    if (ov > 0) {
      b.rect('lid-overlap', 'overlap', cLid, y0, ov, lidTotal);
      b.zone('glue', rectPath(cLid, y0, ov, lidTotal));
    }
    b.crease(line(0, y0 + topFold, cLid + ov, y0 + topFold));
    b.crease(line(0, y0 + topFold + params.lidHeight, cLid + ov, y0 + topFold + params.lidHeight));

    // The top disc covers the folded-over edge of the lid wrap.
    const r = lidDiameter / 2;
    const inset = SAFE_INSET_MM + (lidDiameter * (1 - Math.SQRT1_2)) / 2;
    const cx = cLid + ov + GAP + r;
    b.panel('lid-top', 'top', circlePath(cx, y0 + r, r), {
      face: { width: lidDiameter, height: lidDiameter },
      safe: { x: cx - r + inset, y: y0 + inset, width: lidDiameter - 2 * inset, height: lidDiameter - 2 * inset },
    });
    return b.build({ boxId, family: 'tube', params });
  },
});
