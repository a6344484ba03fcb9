import { z } from 'zod';
import { DielineBuilder, SAFE_INSET_MM } from './builder.js';
import { CALIPER_MESSAGE, caliperFits, defineGenerator, lengthMm, thicknessMm } from './generator.js';
import { type Path, pt, type Pt, type Rect } from './geometry.js';

/**
 * Cups, bowls and tubs: the side wall of a cone frustum develops into an annular sector.
 * With rim radius r2, base radius r1 and height h, the slant is s = √(h² + (r2 − r1)²), the
 * sector's outer radius R2 = r2·s/(r2 − r1), its inner radius R1 = R2 − s and its angle
 * θ = 2π·r2/R2. The apex sits below the fan so the rim is at the top and artwork is upright.
 *
 * The wall grows at the rim by `rimCurl` (rolled into the lip) and at the base by
 * `bottomFold` (folded under the bottom disc); `overlap` extends the angle for the side seam.
 * The front is the half of the wall facing the viewer, centred on the fan.
 *
 * Thickness rule: diameters given are outside; the fan is developed on the board's mid-plane,
 * one caliper less in diameter.
 */
export const cup = defineGenerator({
  family: 'cup',
  schema: z
    .object({
      /** Outside diameter at the rim, mm. */
      topDiameter: lengthMm(),
      /** Outside diameter at the base, mm. */
      bottomDiameter: lengthMm(),
      /** Wall height, mm. */
      height: lengthMm(),
      thickness: thicknessMm(),
      /** Side seam overlap along the outer arc, mm; 0 for in-mould labels. */
      overlap: z.number().min(0).max(40).default(8),
      /** Extra wall rolled into the rim, mm. */
      rimCurl: z.number().min(0).max(20).default(5),
      /** Extra wall folded under the bottom disc, mm. */
      bottomFold: z.number().min(0).max(30).default(8),
    })
    .refine((p) => caliperFits(p, p.bottomDiameter, p.height), CALIPER_MESSAGE)
    // Past ~48° from vertical the fan closes on itself: that is a plate, not a cup.
    .refine((p) => (p.topDiameter - p.bottomDiameter) / 2 <= 0.75 * Math.hypot(p.height, (p.topDiameter - p.bottomDiameter) / 2), {
      message: 'the wall flares too much: keep it within 48° of vertical.',
      path: ['topDiameter'],
    })
    .refine((p) => p.topDiameter - p.bottomDiameter >= 2, {
      message: 'topDiameter must exceed bottomDiameter by at least 2 mm (a straight wall is a wrap label).',
      path: ['topDiameter'],
    }),
  render(params, boxId) {
    const b = new DielineBuilder();
    const t = params.thickness;
    const r2 = (params.topDiameter - t) / 2;
    const r1 = (params.bottomDiameter - t) / 2;
    const slant = Math.hypot(params.height, r2 - r1);
    const R2 = (r2 * slant) / (r2 - r1);
    const R1 = R2 - slant;
    const theta = (2 * Math.PI * r2) / R2;
    const Rout = R2 + params.rimCurl;
    const Rin = Math.max(0.5, R1 - params.bottomFold);
    const seam = params.overlap / R2;

    // Angle φ is measured from straight up around the apex at the origin, clockwise positive.
    const at = (r: number, phi: number): Pt => pt(r * Math.sin(phi), -r * Math.cos(phi));
    const sector = (ra: number, rb: number, p0: number, p1: number): Path => {
      const span = p1 - p0;
      const a = at(rb, p0);
      const c = at(ra, p1);
      return {
        start: a,
        segs: [
          { kind: 'arc', to: at(rb, p1), r: rb, cw: true, large: span > Math.PI },
          { kind: 'line', to: c },
          { kind: 'arc', to: at(ra, p0), r: ra, cw: false, large: span > Math.PI },
        ],
        closed: true,
      };
    };
    const arc = (r: number, p0: number, p1: number): Path => ({
      start: at(r, p0),
      segs: [{ kind: 'arc', to: at(r, p1), r, cw: true, large: p1 - p0 > Math.PI }],
      closed: false,
    });

    const q = theta / 4;
    const p0 = -theta / 2;
    const face = (w: number) => ({ width: w, height: slant });
    const frontSafe = (): Rect => {
      const inset = SAFE_INSET_MM;
      const yBottom = -(R1 + inset);
      const half = Math.max(0, (R1 + inset) * Math.tan(q) - inset);
      const yTop = -Math.sqrt(Math.max(0, R2 * R2 - half * half)) + inset;
      return { x: -half, y: yTop, width: 2 * half, height: Math.max(0, yBottom - yTop) };
    };

    b.panel('back-right', 'back', sector(R1, R2, p0, p0 + q), { face: face(q * R2) });
    b.panel('front', 'front', sector(R1, R2, p0 + q, p0 + 3 * q), { face: face(2 * q * R2), safe: frontSafe() });
    b.panel('back-left', 'back', sector(R1, R2, p0 + 3 * q, p0 + theta), { face: face(q * R2) });
    if (params.rimCurl > 0) {
      b.panel('rim-curl', 'turn-in', sector(R2, Rout, p0, p0 + theta));
      b.crease(arc(R2, p0, p0 + theta));
    }
    if (params.bottomFold > 0) {
      b.panel('bottom-fold', 'turn-in', sector(Rin, R1, p0, p0 + theta));
      b.crease(arc(R1, p0, p0 + theta));
    }
    if (seam > 0) {
      b.panel('overlap', 'overlap', sector(Rin, Rout, p0 + theta, p0 + theta + seam));
      b.zone('glue', sector(Rin, Rout, p0 + theta, p0 + theta + seam));
    }
    return b.build({ boxId, family: 'cup', params });
  },
});
