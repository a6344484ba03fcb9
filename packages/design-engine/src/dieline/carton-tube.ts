import { z } from 'zod';
import type { DielineBuilder } from './builder.js';
import { CALIPER_MESSAGE, caliperFits, clamp, lengthMm, thicknessMm } from './generator.js';
import { draw, line, mirrorPathY, type Path, polygon, pt, rectPath } from './geometry.js';
import type { PanelRole, Rotation } from './types.js';

/*
 * The glued four-panel tube shared by tuck-end cartons, auto-lock bottoms and sleeves.
 *
 * Sheet layout, printed side up, left to right: glue flap | front | right | back | left.
 * Folding away from the viewer puts the panel right of the front on the pack's right side.
 *
 * Board thickness rule (score-to-score, "centre-line" rule): dimensions given are inside
 * dimensions; a wall between two 90° folds measures inside + t (half a caliper at each fold),
 * so front/back = L + t, sides = W + t, and closure panels = W + t. The body is H + t for an
 * open tube (a sleeve) and H + 2t when both ends close: the closure lies on the flaps folded
 * under it (dust flaps, lock flaps), which take up height (the "+ 2 calipers" rule of
 * packmage's carton dimensions, ../shared/reference §1.3, and the slotted boxes' H + 2t). A
 * tuck slides between the side walls, so it is 2t narrower than the panel it hangs from.
 */

export const cartonParams = {
  /** Inside length: width of the front panel, mm. */
  length: lengthMm(),
  /** Inside width: depth of the pack (side panel width), mm. */
  width: lengthMm(),
  /** Inside height, mm. */
  height: lengthMm(),
  /** Board caliper, mm. */
  thickness: thicknessMm(),
  /** Glue flap width; default min(15, half the side panel). */
  glueFlap: lengthMm().optional(),
};
export type CartonParams = z.output<z.ZodObject<typeof cartonParams>>;

/** The open tube (sleeves), caliper checked against the panel sizes. */
export const CartonSchema = z.object(cartonParams).refine((p) => caliperFits(p, p.length, p.width, p.height), CALIPER_MESSAGE);

/** A tube with tuck closures; the tuck depth defaults to defaultTuckDepth(). */
export const TuckCartonSchema = z
  .object({ ...cartonParams, tuckDepth: lengthMm().optional() })
  .refine((p) => caliperFits(p, p.length, p.width, p.height), CALIPER_MESSAGE);

export interface TubeLayout {
  readonly t: number;
  readonly panelL: number;
  readonly panelW: number;
  readonly bodyH: number;
  readonly glue: number;
  /** x of the left edge of front, right, back, left and of the sheet's right edge. */
  readonly x: { front: number; right: number; back: number; left: number; end: number };
  /** Score lines of the body. */
  readonly yTop: number;
  readonly yBottom: number;
}

export type Side = 'front' | 'right' | 'back' | 'left';

export function columnOf(layout: TubeLayout, side: Side): { x0: number; x1: number } {
  const { x } = layout;
  const next: Record<Side, number> = { front: x.right, right: x.back, back: x.left, left: x.end };
  return { x0: x[side], x1: next[side] };
}

/**
 * Adds the glue flap, the four body panels and their vertical folds. `ends`: 'open' for
 * a sleeve, 'closed' when both ends carry closures (see the thickness rule above).
 */
export function addTube(b: DielineBuilder, p: CartonParams, ends: 'open' | 'closed'): TubeLayout {
  const t = p.thickness;
  const panelL = p.length + t;
  const panelW = p.width + t;
  const bodyH = p.height + (ends === 'closed' ? 2 * t : t);
  const glue = p.glueFlap ?? Math.min(15, panelW / 2);
  const x = { front: glue, right: glue + panelL, back: glue + panelL + panelW, left: glue + 2 * panelL + panelW, end: glue + 2 * panelL + 2 * panelW };
  const layout: TubeLayout = { t, panelL, panelW, bodyH, glue, x, yTop: 0, yBottom: bodyH };

  // 45° ends keep the glue flap clear of the closure folds.
  const chamfer = Math.min(glue, bodyH / 4);
  b.panel('glue-flap', 'glue-flap', polygon([pt(0, chamfer), pt(glue, 0), pt(glue, bodyH), pt(0, bodyH - chamfer)]));
  b.rect('front', 'front', x.front, 0, panelL, bodyH);
  b.rect('right', 'right', x.right, 0, panelW, bodyH);
  b.rect('back', 'back', x.back, 0, panelL, bodyH);
  b.rect('left', 'left', x.left, 0, panelW, bodyH);
  for (const xv of [x.front, x.right, x.back, x.left]) b.crease(line(xv, 0, xv, bodyH));
  return layout;
}

/** Where a closure hangs: the column, the score line and which way is outward. */
export interface ClosureSite {
  readonly x0: number;
  readonly x1: number;
  readonly yScore: number;
  readonly end: 'top' | 'bottom';
}

/** Shapes are drawn for a top closure (outward = up) and mirrored for a bottom one. */
function orient(site: ClosureSite, path: Path): Path {
  return site.end === 'top' ? path : mirrorPathY(path, site.yScore);
}

export function siteOf(layout: TubeLayout, side: Side, end: 'top' | 'bottom'): ClosureSite {
  const { x0, x1 } = columnOf(layout, side);
  return { x0, x1, yScore: end === 'top' ? layout.yTop : layout.yBottom, end };
}

/** Default tuck depth: 40% of the closure depth, 10–25 mm. */
export function defaultTuckDepth(layout: TubeLayout): number {
  return clamp(0.4 * layout.panelW, 10, 25);
}

/**
 * A closure panel (W + t deep) with a tuck flap, hinged on one main panel. The tuck has
 * rounded corners and is narrower by one caliper each side so it slides past the side walls.
 */
export function addTuckClosure(
  b: DielineBuilder,
  layout: TubeLayout,
  site: ClosureSite,
  options: { id: string; role: PanelRole; rotation: Rotation; tuckDepth: number },
): void {
  const { x0, x1, yScore: y } = site;
  const depth = layout.panelW;
  const c = layout.t;
  const tuck = options.tuckDepth;
  const r = Math.min(tuck * 0.6, (x1 - x0 - 2 * c) * 0.25);
  const yHinge = y - depth;
  const yTip = yHinge - tuck;

  b.panel(options.id, options.role, orient(site, rectPath(x0, yHinge, x1 - x0, depth)), { rotation: options.rotation });
  const tuckPath = draw(x0 + c, yHinge)
    .line(x0 + c, yTip + r)
    .arc(x0 + c + r, yTip, r, true)
    .line(x1 - c - r, yTip)
    .arc(x1 - c, yTip + r, r, true)
    .line(x1 - c, yHinge)
    .close();
  b.panel(`${options.id}-tuck`, 'tuck', orient(site, tuckPath), { rotation: options.rotation });
  b.crease(orient(site, line(x0, y, x1, y)));
  b.crease(orient(site, line(x0 + c, yHinge, x1 - c, yHinge)));
}

/** Default dust flap depth: 45% of the panel it folds across, never past the tuck tip. */
export function defaultDustFlapDepth(layout: TubeLayout, tuckDepth: number): number {
  return Math.min(0.45 * layout.panelL, layout.panelW + tuckDepth);
}

/** A dust flap: a trapezoid hinged on a side panel, shoulders cut back so the tuck passes. */
export function addDustFlap(b: DielineBuilder, site: ClosureSite, options: { id: string; depth: number }): void {
  const { x0, x1, yScore: y } = site;
  const w = x1 - x0;
  const d = options.depth;
  const k = Math.min(d * 0.5, w * 0.3);
  b.panel(options.id, 'dust-flap', orient(site, polygon([pt(x0, y), pt(x0 + k, y - d), pt(x1 - k, y - d), pt(x1, y)])));
  b.crease(orient(site, line(x0, y, x1, y)));
}
