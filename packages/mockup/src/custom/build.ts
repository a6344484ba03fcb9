/**
 * Custom mockups: a user's photo of a blank package becomes a private template — the maps a design is
 * applied through (see ../types.ts), measured from the photo itself.
 *
 * Shape rule, on the silhouette's convex hull (simplified to within 1 % of its diameter):
 *  1. at most 6 straight sides and a solid silhouette (mask ≥ 93 % of its hull) → a box (`quad`): one to
 *     three flat faces, whose outline is a quadrilateral or a hexagon;
 *  2. else, two long near-parallel opposite sides (within 10°: the sides of a can seen from 25–35° above at
 *     arm's length converge by 6–8°; each ≥ 20 % of the diameter) → try a bottle, can or jar (`cylinder`): it is one when at least one end of the straight-sided body is half an
 *     ellipse (fitted; tilt over ~2°) or the silhouette narrows into a neck beyond it (mask < 93 % of its
 *     hull); a straight-sided outline with flat ends is a box after all (so a can seen exactly from the side
 *     is mapped as a flat face);
 *  3. else, a hull that a hexagon encloses with at most 3 % more area (a box whose matte rounded its
 *     corners) and a solid silhouette (≥ 90 %) → `quad`;
 *  4. anything else (round, star-shaped, irregular) → no face.
 */
import type { PhotoContext } from './context.js';
import { fitCylinder } from './cylinder.js';
import type { Vec } from './geometry.js';
import { convexHull, dist, reduceConvexPolygon, signedArea, simplifyClosed } from './geometry.js';
import { boundaryPoints, boxBlur, encodedLuminance, growBox, labelComponents, linearLuminance, uncrop } from './image.js';
import { cylinderMaps, quadMaps } from './maps.js';
import { findQuadFace } from './quad.js';
import type { CustomPhoto, CustomTemplateFailure, CustomTemplateResult } from './types.js';

export const CUSTOM_TEMPLATE_MESSAGES: Record<CustomTemplateFailure, string> = {
  no_package: "We couldn't find a package in this photo. Try a photo with the whole package in view, on a plain background.",
  too_small: 'The package is too small in this photo to make a mockup from. Move closer, or crop the photo so the package fills more of it.',
  no_face:
    "We couldn't find a flat face or a round label on this package. Try a photo taken straight on, with the whole package in view and a plain background.",
};

/** Smallest package, as a share of the photo and in pixels, that a template can be made from. */
const MIN_AREA_FRACTION = 0.01;
const MIN_AREA_PIXELS = 400;

const fail = (reason: CustomTemplateFailure): CustomTemplateResult => ({ ok: false, reason, message: CUSTOM_TEMPLATE_MESSAGES[reason] });

export type ShapeDecision = { kind: 'quad' } | { kind: 'cylinder'; sideDirection: Vec; necked: boolean } | { kind: 'none' };

/** Turns a photo of a blank package and its matte into template maps for its printable face. */
export function buildCustomTemplate(photo: CustomPhoto): CustomTemplateResult {
  const { rgb, width, height, mask } = photo;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) throw new RangeError(`Bad photo size ${width}×${height}`);
  const n = width * height;
  if (rgb.length !== 3 * n && rgb.length !== 4 * n) throw new RangeError(`Photo buffer holds ${rgb.length} bytes, expected ${3 * n} (RGB) or ${4 * n} (RGBA)`);
  if (!mask) return fail('no_package');
  if (mask.length !== n) throw new RangeError(`Mask holds ${mask.length} values, expected ${n}`);

  const ctx = makeContext(photo, mask);
  if (!ctx) return fail('no_package');
  if (ctx.area < Math.max(MIN_AREA_PIXELS, MIN_AREA_FRACTION * n)) return fail('too_small');

  const decision = decideShape(ctx);
  if (decision.kind === 'cylinder') {
    const fit = fitCylinder(ctx, decision.sideDirection);
    // A straight-sided outline with neither a round end (tilt over ~2°) nor a neck is a box after all.
    if (fit && (fit.e >= 0.04 * fit.geometry.radius || decision.necked))
      return { ok: true, shape: 'cylinder', maps: cylinderMaps(ctx, fit), cylinder: fit.geometry };
  }
  if (decision.kind !== 'none') {
    const face = findQuadFace(ctx);
    if (face) {
      const maps = quadMaps(ctx, face.corners);
      if (maps) return { ok: true, shape: 'quad', maps, corners: face.corners.map((p): [number, number] => [p[0], p[1]]) };
    }
  }
  return fail('no_face');
}

function makeContext(photo: CustomPhoto, mask: Uint8Array | Uint8ClampedArray): PhotoContext | null {
  const { rgb, width, height } = photo;
  const n = width * height;
  const on = new Uint8Array(n);
  for (let i = 0; i < n; i++) on[i] = mask[i]! >= 128 ? 1 : 0;
  const { labels, sizes, boxes } = labelComponents(on, width, height);
  let best = 0;
  for (let l = 1; l < sizes.length; l++) if (sizes[l]! > (sizes[best] ?? 0)) best = l;
  if (best === 0) return null;
  const inside = new Uint8Array(n);
  const { x0, y0, x1, y1 } = boxes[best]!;
  for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) if (labels[y * width + x] === best) inside[y * width + x] = 1;
  // The matte of the largest part, with its anti-aliased fringe (up to 2 px out) and nothing else.
  const alpha = new Float32Array(n);
  const fx0 = Math.max(0, x0 - 2);
  const fx1 = Math.min(width, x1 + 2);
  const fy0 = Math.max(0, y0 - 2);
  const fy1 = Math.min(height, y1 + 2);
  for (let y = fy0; y < fy1; y++) {
    for (let x = fx0; x < fx1; x++) {
      const i = y * width + x;
      if (inside[i]) {
        alpha[i] = mask[i]! / 255;
        continue;
      }
      if (on[i]) continue;
      let near = false;
      for (let dy = -2; dy <= 2 && !near; dy++) {
        for (let dx = -2; dx <= 2 && !near; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx >= 0 && yy >= 0 && xx < width && yy < height && inside[yy * width + xx]) near = true;
        }
      }
      if (near) alpha[i] = mask[i]! / 255;
    }
  }
  const blur = Math.max(1, Math.round(Math.min(width, height) / 500));
  const region = growBox({ x0, y0, x1, y1 }, 4 * blur + 4, width, height);
  const rw = region.x1 - region.x0;
  const rh = region.y1 - region.y0;
  const lum = uncrop(boxBlur(boxBlur(encodedLuminance(rgb, width, height, region), rw, rh, blur), rw, rh, blur), width, height, region);
  return {
    width,
    height,
    alpha,
    inside,
    area: sizes[best]!,
    box: { x0, y0, x1, y1 },
    boundary: boundaryPoints(labels, best, width, height, boxes[best]),
    lum,
    linear: linearLuminance(rgb, width, height, region),
    blur,
  };
}

/** The shape rule documented at the top of this file. */
export function decideShape(ctx: PhotoContext): ShapeDecision {
  const hull = convexHull(ctx.boundary);
  if (hull.length < 3) return { kind: 'none' };
  let diameter = 0;
  for (let i = 0; i < hull.length; i++) for (let j = i + 1; j < hull.length; j++) diameter = Math.max(diameter, dist(hull[i]!, hull[j]!));
  const tol = Math.max(1.5, 0.01 * diameter);
  const poly = simplifyClosed(hull, tol);
  const hullArea = Math.abs(signedArea(hull)) + 0.5 * perimeterOf(hull);
  const solidity = ctx.area / hullArea;
  if (poly.length >= 4 && poly.length <= 6 && solidity >= 0.93) return { kind: 'quad' };

  const sides = parallelSides(poly, diameter);
  if (sides) return { kind: 'cylinder', sideDirection: sides, necked: solidity < 0.93 };
  // Softened corners add hull vertices but hardly any area: the outline is still a hexagon at most.
  const hexagon = reduceConvexPolygon(simplifyClosed(hull, 0.5), 6);
  if (hexagon && solidity >= 0.9 && Math.abs(signedArea(hexagon)) <= 1.03 * Math.abs(signedArea(hull))) return { kind: 'quad' };
  return { kind: 'none' };
}

function perimeterOf(poly: readonly Vec[]): number {
  let s = 0;
  for (let i = 0; i < poly.length; i++) s += dist(poly[i]!, poly[(i + 1) % poly.length]!);
  return s;
}

/** The longest pair of near-parallel, opposite hull sides, as the direction they share; null if none. */
function parallelSides(poly: readonly Vec[], diameter: number): Vec | null {
  const edges = poly.map((a, i) => {
    const b = poly[(i + 1) % poly.length]!;
    const len = dist(a, b);
    return { a, b, len, dir: [(b[0] - a[0]) / len, (b[1] - a[1]) / len] as Vec };
  });
  let best: Vec | null = null;
  let bestLen = 0.2 * diameter;
  for (let i = 0; i < edges.length; i++) {
    for (let j = i + 1; j < edges.length; j++) {
      const p = edges[i]!;
      const q = edges[j]!;
      const minLen = Math.min(p.len, q.len);
      if (minLen < bestLen) continue;
      // Opposite sides of a convex outline run in opposite directions.
      const cos = p.dir[0] * q.dir[0] + p.dir[1] * q.dir[1];
      if (cos > -Math.cos((10 * Math.PI) / 180)) continue;
      bestLen = minLen;
      best = [(p.dir[0] - q.dir[0]) / 2, (p.dir[1] - q.dir[1]) / 2];
    }
  }
  return best;
}
