import { z } from 'zod';
import { DielineBuilder } from './builder.js';
import { CALIPER_MESSAGE, caliperFits, clamp, defineGenerator, lengthMm, thicknessMm } from './generator.js';
import { draw, line, polygon, pt } from './geometry.js';

/**
 * Counter display box: an open tray whose back wall rises into a header card. The header is
 * doubled: its front layer folds over the top so the printed side faces the shopper. Side
 * walls slope from the back height down to the front lip and are glued to the front and back
 * walls by corner flaps.
 *
 * The tray is formed upside down relative to the printed sheet (walls fold away from the
 * viewer), so the wall left of the base on the sheet is the pack's right side.
 *
 * Thickness rule: base = inside + t each way (centre-line of the walls); the folded-over
 * header layer is one caliper shorter than the layer it covers.
 */
export const displayBox = defineGenerator({
  family: 'display-box',
  schema: z
    .object({
      /** Inside length (front width), mm. */
      length: lengthMm(),
      /** Inside depth, mm. */
      width: lengthMm(),
      /** Back wall height (to the bottom of the header), mm. */
      height: lengthMm(),
      /** Front lip height; default half the back height, at least 15 mm. */
      frontHeight: lengthMm().optional(),
      /** Header height above the back wall; default 40% of the length, 40–150 mm. */
      headerHeight: lengthMm().optional(),
      thickness: thicknessMm(),
    })
    .refine((p) => caliperFits(p, p.length, p.width, p.height), CALIPER_MESSAGE)
    .refine((p) => p.frontHeight === undefined || p.frontHeight <= p.height, {
      message: 'frontHeight must not exceed height.',
      path: ['frontHeight'],
    }),
  render(params, boxId) {
    const b = new DielineBuilder();
    const t = params.thickness;
    const L = params.length + t;
    const W = params.width + t;
    const H = params.height;
    const hf = params.frontHeight ?? Math.min(H, Math.max(15, H / 2));
    const hh = params.headerHeight ?? clamp(0.4 * L, 40, 150);
    const hfront = hh - t;
    const corner = Math.min(10, hfront / 4, L / 8);
    const relief = Math.max(t, 1);
    const gf = Math.min(25, 0.25 * L, 0.45 * W);

    b.rect('base', 'bottom', 0, 0, L, W);
    b.rect('back', 'back', 0, -H - hh, L, H + hh);
    const yFold = -H - hh;
    b.panel(
      'header',
      'front',
      draw(0, yFold)
        .line(0, yFold - hfront + corner)
        .arc(corner, yFold - hfront, corner, true)
        .line(L - corner, yFold - hfront)
        .arc(L, yFold - hfront + corner, corner, true)
        .line(L, yFold)
        .close(),
      { rotation: 180 },
    );
    b.rect('front-lip', 'wall', 0, W, L, hf, { rotation: 180 });
    b.crease(line(0, 0, L, 0));
    b.crease(line(0, W, L, W));
    b.crease(line(0, yFold, L, yFold));

    // Side walls: flat-left becomes the pack's right side (see the note above).
    const sides = [
      { id: 'right', role: 'right', sign: -1, x: 0, rotation: 270 },
      { id: 'left', role: 'left', sign: 1, x: L, rotation: 90 },
    ] as const;
    for (const s of sides) {
      const out = (d: number) => s.x + s.sign * d;
      b.panel(s.id, s.role, polygon([pt(s.x, 0), pt(out(H), 0), pt(out(hf), W), pt(s.x, W)]), { rotation: s.rotation });
      b.crease(line(s.x, 0, s.x, W));
      const chB = Math.min(gf * 0.5, (H - relief) * 0.3);
      b.panel(`${s.id}-back-glue-flap`, 'glue-flap', polygon([pt(out(relief), 0), pt(out(relief + chB), -gf), pt(out(H - chB), -gf), pt(out(H), 0)]));
      b.crease(line(out(relief), 0, out(H), 0));
      const chF = Math.min(gf * 0.5, (hf - relief) * 0.3);
      b.panel(`${s.id}-front-glue-flap`, 'glue-flap', polygon([pt(out(relief), W), pt(out(hf), W), pt(out(hf - chF), W + gf), pt(out(relief + chF), W + gf)]));
      b.crease(line(out(relief), W, out(hf), W));
    }
    return b.build({ boxId, family: 'display-box', params });
  },
});
