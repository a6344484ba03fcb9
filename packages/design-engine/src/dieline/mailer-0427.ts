import { z } from 'zod';
import { DielineBuilder } from './builder.js';
import { CALIPER_MESSAGE, caliperFits, defineGenerator, lengthMm, thicknessMm } from './generator.js';
import { draw, line, polygon, pt, rectPath } from './geometry.js';

/**
 * Mailer box, FEFCO 0427 (roll end, tuck front). Sheet, top to bottom in the middle column:
 * lid tuck, lid, back wall, base, front wall, inner front wall. Beside the base: the double
 * ("rolled") side walls whose inner layer locks into slots in the base; beside the back and
 * front walls: ears trapped inside the side walls. The lid tuck carries dust flaps that slide
 * inside the side walls.
 *
 * The tray forms upside down relative to the printed sheet (walls fold away from the viewer),
 * so the side wall left of the base on the sheet is the pack's right side.
 *
 * Thickness rule (corrugated, inside dimensions L × W × H):
 * - base = (L + 3t) × (W + 2t): along L each end has an outer wall (half a caliper to its
 *   centre-line) and an inner wall (one caliper); along W the rolled front takes 1.5t, the
 *   single back 0.5t;
 * - outer walls (back, front, outer sides) = H + t; inner walls = H;
 * - lid = (L + 3t) × (W + 3t): it spans the base and passes over the rolled front;
 * - the tuck and the inner front wall sit between the inner side walls: L − t wide.
 */
export const mailer0427 = defineGenerator({
  family: 'mailer-0427',
  schema: z
    .object({
      /** Inside length (left to right), mm. */
      length: lengthMm(),
      /** Inside width (front to back), mm. */
      width: lengthMm(),
      /** Inside height, mm. */
      height: lengthMm(),
      /** Board caliper (E flute ≈ 1.5 mm, B flute ≈ 3 mm). */
      thickness: thicknessMm(),
    })
    .refine((p) => caliperFits(p, p.length, p.width, p.height), CALIPER_MESSAGE),
  render(params, boxId) {
    const b = new DielineBuilder();
    const m = mailerSizes(params);
    middleColumn(b, m);
    lidTuck(b, m);
    ears(b, m);
    sideWalls(b, m);
    frontLockTabs(b, m);
    return b.build({ boxId, family: 'mailer-0427', params });
  },
});

/** The sheet's sizes from the inside dimensions, by the thickness rule above. */
interface MailerSizes {
  readonly t: number;
  /** Base length and width; outer and inner wall heights; lid width. */
  readonly Lb: number;
  readonly Wb: number;
  readonly Hw: number;
  readonly Hi: number;
  readonly Wl: number;
  /** Width of the tuck and the inner front wall, and their left edge. */
  readonly inner: number;
  readonly xi: number;
  /** Gap left between a flap and the fold beside it. */
  readonly relief: number;
  /** Depth of the locking tabs. */
  readonly tabD: number;
}

function mailerSizes(params: { length: number; width: number; height: number; thickness: number }): MailerSizes {
  const t = params.thickness;
  const H = params.height;
  const Lb = params.length + 3 * t;
  const Wb = params.width + 2 * t;
  const inner = params.length - t;
  return {
    t,
    Lb,
    Wb,
    Hw: H + t,
    Hi: H,
    Wl: Wb + t,
    inner,
    xi: (Lb - inner) / 2,
    relief: Math.max(2 * t, 2),
    tabD: 2 * t + 1,
  };
}

/** Base, back wall, lid, front wall and inner front wall, top to bottom. */
function middleColumn(b: DielineBuilder, m: MailerSizes): void {
  const { Lb, Wb, Hw, Hi, Wl, inner, xi } = m;
  b.rect('base', 'bottom', 0, 0, Lb, Wb);
  b.rect('back-wall', 'back', 0, -Hw, Lb, Hw);
  b.rect('lid', 'front', 0, -Hw - Wl, Lb, Wl, { rotation: 180 });
  b.rect('front-wall', 'wall', 0, Wb, Lb, Hw, { rotation: 180 });
  b.rect('inner-front-wall', 'inner-wall', xi, Wb + Hw, inner, Hi);
  b.crease(line(0, 0, Lb, 0));
  b.crease(line(0, -Hw, Lb, -Hw));
  b.crease(line(0, Wb, Lb, Wb));
  b.crease(line(xi, Wb + Hw, xi + inner, Wb + Hw));
}

/** Lid tuck: slides behind the inner front wall, so one caliper shorter than it; with its dust flaps. */
function lidTuck(b: DielineBuilder, m: MailerSizes): void {
  const { t, Wb, Hw, Hi, Wl, inner, xi, relief } = m;
  const yHinge = -Hw - Wl;
  const tuck = Hi - t;
  const r = Math.min(tuck * 0.3, 15, inner / 4);
  const yTip = yHinge - tuck;
  b.panel(
    'lid-tuck',
    'tuck',
    draw(xi, yHinge)
      .line(xi, yTip + r)
      .arc(xi + r, yTip, r, true)
      .line(xi + inner - r, yTip)
      .arc(xi + inner, yTip + r, r, true)
      .line(xi + inner, yHinge)
      .close(),
    { rotation: 180 },
  );
  b.crease(line(xi, yHinge, xi + inner, yHinge));
  const dustDepth = Math.min(0.4 * Wb, 60);
  const dustTop = yTip + r + 2;
  const dustBottom = yHinge - relief;
  const dustCh = Math.min(dustDepth * 0.3, (dustBottom - dustTop) / 4);
  // Named by pack side: the closed lid is turned with the tray, so sheet left is pack right.
  for (const [side, x, s] of [
    ['right', xi, -1],
    ['left', xi + inner, 1],
  ] as const) {
    b.panel(
      `lid-${side}-dust-flap`,
      'dust-flap',
      polygon([pt(x, dustBottom), pt(x + s * dustDepth, dustBottom - dustCh), pt(x + s * dustDepth, dustTop + dustCh), pt(x, dustTop)]),
    );
    b.crease(line(x, dustTop, x, dustBottom));
  }
}

/** Ears on the back and front walls, trapped between the layers of the side walls. */
function ears(b: DielineBuilder, m: MailerSizes): void {
  const { Lb, Wb, Hw, relief } = m;
  const ear = Math.min(0.45 * Wb, 80);
  const earCh = Math.min(ear * 0.3, (Hw - 2 * relief) / 4);
  for (const [wall, y0, y1] of [
    ['back', -Hw + relief, -relief],
    ['front', Wb + relief, Wb + Hw - relief],
  ] as const) {
    for (const [side, x, s] of [
      ['right', 0, -1],
      ['left', Lb, 1],
    ] as const) {
      b.panel(`${wall}-${side}-ear`, 'ear', polygon([pt(x, y0), pt(x + s * ear, y0 + earCh), pt(x + s * ear, y1 - earCh), pt(x, y1)]));
      b.crease(line(x, y0, x, y1));
    }
  }
}

/** Rolled side walls with locking tabs; flat-left is the pack's right side. */
function sideWalls(b: DielineBuilder, m: MailerSizes): void {
  const { t, Lb, Wb, Hw, Hi, tabD } = m;
  const tabW = Math.min(25, (Wb - 3 * t) * 0.2);
  const yi0 = t;
  const yi1 = Wb - 2 * t;
  for (const [id, role, x, s, rotation] of [
    ['right', 'right', 0, -1, 270],
    ['left', 'left', Lb, 1, 90],
  ] as const) {
    const outer = s < 0 ? rectPath(-Hw, 0, Hw, Wb) : rectPath(Lb, 0, Hw, Wb);
    b.panel(`${id}-wall`, role, outer, { rotation });
    const xo = x + s * Hw;
    b.panel(`${id}-inner-wall`, 'inner-wall', s < 0 ? rectPath(xo - Hi, yi0, Hi, yi1 - yi0) : rectPath(xo, yi0, Hi, yi1 - yi0));
    b.crease(line(x, 0, x, Wb));
    b.crease(line(xo, yi0, xo, yi1));
    const xe = xo + s * Hi;
    for (const [n, f] of [
      [1, 0.3],
      [2, 0.7],
    ] as const) {
      const yc = yi0 + (yi1 - yi0) * f;
      b.panel(
        `${id}-lock-tab-${n}`,
        'lock-flap',
        polygon([pt(xe, yc - tabW / 2), pt(xe + s * tabD, yc - tabW / 2 + 1), pt(xe + s * tabD, yc + tabW / 2 - 1), pt(xe, yc + tabW / 2)]),
      );
      // The inner wall stands one caliper inside the outer wall: its tabs enter the base there.
      const xs = x - s * (1.5 * t);
      b.cut(rectPath(Math.min(xs, xs - s * t), yc - tabW / 2 - 0.5, t, tabW + 1));
    }
  }
}

/** The inner front wall's locking tabs and their slots in the base. */
function frontLockTabs(b: DielineBuilder, m: MailerSizes): void {
  const { t, Wb, Hw, Hi, inner, xi, tabD } = m;
  const frontTabW = Math.min(25, inner * 0.2);
  const yEnd = Wb + Hw + Hi;
  for (const [n, f] of [
    [1, 0.25],
    [2, 0.75],
  ] as const) {
    const xc = xi + inner * f;
    const w = frontTabW;
    b.panel(
      `front-lock-tab-${n}`,
      'lock-flap',
      polygon([pt(xc - w / 2, yEnd), pt(xc + w / 2, yEnd), pt(xc + w / 2 - 1, yEnd + tabD), pt(xc - w / 2 + 1, yEnd + tabD)]),
    );
    b.cut(rectPath(xc - w / 2 - 0.5, Wb - 2 * t, w + 1, t));
  }
}
