import { z } from 'zod';
import { DielineBuilder, SAFE_INSET_MM } from './builder.js';
import { defineGenerator, lengthMm } from './generator.js';
import { line, type Rect, rectPath } from './geometry.js';

/**
 * Flexible pouches, drawn as the printed film web.
 * - `stand-up` (doypack): front, the bottom gusset (folded in half, W-shaped when filled) and
 *   the back in one web, the back upside down; side seals run the full length.
 * - `flat` (three-side seal): front and back folded at the bottom.
 * - `sachet` (four-side seal): two separate webs sealed on all sides.
 * - `flat-bottom` (box pouch): left gusset | front | right gusset | back | seam overlap, with
 *   the bottom panel hanging from the front.
 * Film (≈ 0.1 mm) bends without taking up length, so no thickness allowance is made.
 */
const GAP = 10;
const NOTCH = 3;

export const pouchKinds = ['stand-up', 'flat', 'sachet', 'flat-bottom'] as const;

export const pouch = defineGenerator({
  family: 'pouch',
  schema: z
    .object({
      kind: z.enum(pouchKinds),
      /** Face width, mm. */
      width: lengthMm(),
      /** Face height, mm. */
      height: lengthMm(),
      /** Gusset depth when open (stand-up: bottom; flat-bottom: sides and bottom), mm. */
      gusset: z.number().min(0).max(1000).default(0),
      /** Side seal width, mm. */
      sideSeal: z.number().min(0).max(30).default(8),
      /** Top (and sachet bottom) seal width, mm. */
      topSeal: z.number().min(0).max(40).default(10),
      /** Press-to-close zipper below the top seal. */
      zipper: z.boolean().default(false),
    })
    .refine((p) => (p.kind !== 'stand-up' && p.kind !== 'flat-bottom') || p.gusset > 0, {
      message: 'gusset must be more than 0 for this kind.',
      path: ['gusset'],
    })
    .refine((p) => 2 * p.sideSeal < p.width && p.topSeal * 2 < p.height, { message: 'seals leave no face to print.', path: ['sideSeal'] }),
  render(params, boxId) {
    const b = new DielineBuilder();
    const { width: W, height: H, gusset: G, sideSeal: ss, topSeal: ts } = params;
    const zipperTop = ts + 15;
    const zipperH = 8;
    const topClear = params.zipper ? zipperTop + zipperH : ts;
    const faceSafe = (x: number, y: number, sides: number, top: number, bottom: number): Rect => ({
      x: x + sides + SAFE_INSET_MM,
      y: y + top + SAFE_INSET_MM,
      width: W - 2 * (sides + SAFE_INSET_MM),
      height: H - top - bottom - 2 * SAFE_INSET_MM,
    });
    // A tear notch: a short cut into the side seal, between the top seal and the zipper.
    const notch = (x: number, y: number, inward: 1 | -1) => b.cut(line(x, y, x + inward * NOTCH, y));

    if (params.kind === 'stand-up' || params.kind === 'flat') {
      const g = params.kind === 'stand-up' ? G : 0;
      const total = 2 * H + g;
      b.rect('front', 'front', 0, 0, W, H, { safe: faceSafe(0, 0, ss, topClear, 0) });
      if (g > 0) {
        b.rect('bottom-gusset', 'gusset', 0, H, W, g);
        b.crease(line(0, H + g / 2, W, H + g / 2));
        b.crease(line(0, H + g, W, H + g));
      }
      b.rect('back', 'back', 0, H + g, W, H, { rotation: 180, safe: faceSafe(0, H + g, ss, 0, topClear) });
      b.crease(line(0, H, W, H));
      b.zone('seal', rectPath(0, 0, ss, total));
      b.zone('seal', rectPath(W - ss, 0, ss, total));
      b.zone('seal', rectPath(0, 0, W, ts));
      b.zone('seal', rectPath(0, total - ts, W, ts));
      if (params.zipper) {
        b.zone('zipper', rectPath(0, zipperTop, W, zipperH));
        b.zone('zipper', rectPath(0, total - zipperTop - zipperH, W, zipperH));
      }
      const yn = ts + 5;
      notch(0, yn, 1);
      notch(W, yn, -1);
      notch(0, total - yn, 1);
      notch(W, total - yn, -1);
      return b.build({ boxId, family: 'pouch', params });
    }

    if (params.kind === 'sachet') {
      for (const [id, role, x] of [
        ['front', 'front', 0],
        ['back', 'back', W + GAP],
      ] as const) {
        b.rect(id, role, x, 0, W, H, { safe: faceSafe(x, 0, ss, ts, ts) });
        b.zone('seal', rectPath(x, 0, ss, H));
        b.zone('seal', rectPath(x + W - ss, 0, ss, H));
        b.zone('seal', rectPath(x, 0, W, ts));
        b.zone('seal', rectPath(x, H - ts, W, ts));
        notch(x, ts + 3, 1);
        notch(x + W, ts + 3, -1);
      }
      return b.build({ boxId, family: 'pouch', params });
    }

    // flat-bottom
    const seam = ss;
    const xs = { left: 0, front: G, right: G + W, back: 2 * G + W, seam: 2 * G + 2 * W };
    b.rect('left-gusset', 'left', xs.left, 0, G, H);
    b.rect('front', 'front', xs.front, 0, W, H, { safe: faceSafe(xs.front, 0, 0, topClear, 0) });
    b.rect('right-gusset', 'right', xs.right, 0, G, H);
    b.rect('back', 'back', xs.back, 0, W, H, { safe: faceSafe(xs.back, 0, 0, topClear, 0) });
    b.rect('seam', 'overlap', xs.seam, 0, seam, H);
    b.rect('bottom', 'bottom', xs.front, H, W, G);
    for (const x of [xs.front, xs.right, xs.back, xs.seam]) b.crease(line(x, 0, x, H));
    // Side gussets lie folded in half in the flat pouch.
    for (const x of [xs.left + G / 2, xs.right + G / 2]) b.crease(line(x, ts, x, H));
    b.crease(line(xs.front, H, xs.front + W, H));
    b.zone('seal', rectPath(0, 0, xs.seam + seam, ts));
    b.zone('glue', rectPath(xs.seam, 0, seam, H));
    if (params.zipper) b.zone('zipper', rectPath(0, zipperTop, xs.seam, zipperH));
    notch(0, ts + 5, 1);
    notch(xs.seam + seam, ts + 5, -1);
    return b.build({ boxId, family: 'pouch', params });
  },
});
