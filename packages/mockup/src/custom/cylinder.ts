/**
 * The label band of a bottle, can or jar. The body's sides are two near-parallel straight lines; the band
 * runs between them along the axis. Each end of the body is an ellipse (a circle seen at a tilt): where the
 * silhouette shows it, its bulge (the semi-minor axis e) is fitted as a(x) = A ± e·√(1 − (x/R)²). The band's
 * top and bottom then follow the front halves of those ellipses (camera above the equator, as in nearly
 * every product photo).
 */
import type { PhotoContext } from './context.js';
import type { Vec } from './geometry.js';
import { sample } from './image.js';
import type { CylinderGeometry } from './types.js';

/** The fitted band in the axis frame: a along the axis, b across it (both in pixels from `origin`). */
export interface CylinderFit {
  origin: Vec;
  /** Unit vector along the axis, pointing down the label. */
  d: Vec;
  /** Unit vector across the axis, pointing to the label's right. */
  n: Vec;
  /** Side lines: b = left0 + leftSlope·a and b = right0 + rightSlope·a. */
  left0: number;
  leftSlope: number;
  right0: number;
  rightSlope: number;
  /** Band ends along the axis, at the side lines. */
  aTop: number;
  aBottom: number;
  /** Semi-minor axes of the top and bottom ellipses, and their mean, pixels. */
  eTop: number;
  eBottom: number;
  e: number;
  geometry: CylinderGeometry;
}

interface Profile {
  a: number[];
  left: number[];
  right: number[];
}

/**
 * Fits the band given the direction of the body's sides (from the silhouette's hull); null when the
 * silhouette has no straight-sided body.
 */
export function fitCylinder(ctx: PhotoContext, sideDirection: Vec): CylinderFit | null {
  let d = normalise(sideDirection);
  if (d[1] < 0 || (Math.abs(d[1]) < 1e-9 && d[0] < 0)) d = [-d[0], -d[1]];
  let origin = centroid(ctx);
  let fit = fitSides(ctx, origin, d);
  if (!fit) return null;
  // Straighten the frame on the fitted sides once, so that "along the axis" means along the body.
  const slope = (fit.leftSlope + fit.rightSlope) / 2;
  const angle = Math.atan(slope);
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const n0: Vec = [d[1], -d[0]];
  d = normalise([c * d[0] + s * n0[0], c * d[1] + s * n0[1]]);
  origin = centroid(ctx);
  fit = fitSides(ctx, origin, d);
  if (!fit) return null;
  const n: Vec = [d[1], -d[0]];
  const { left0, leftSlope, right0, rightSlope, runStart, runEnd, aMin, aMax } = fit;
  const centreAt = (a: number): number => (left0 + leftSlope * a + right0 + rightSlope * a) / 2;
  const radiusAt = (a: number): number => (right0 + rightSlope * a - (left0 + leftSlope * a)) / 2;

  const mid = (runStart + runEnd) / 2;
  const bottom = fitEnd(ctx, origin, d, n, centreAt, radiusAt, mid, aMax + 2, runEnd);
  const top = fitEnd(ctx, origin, d, n, centreAt, radiusAt, mid, aMin - 2, runStart);
  // Under perspective the ellipse nearer the camera's height is flatter: keep each end's own.
  const eTop = top ? top.e : bottom ? bottom.e : 0;
  const eBottom = bottom ? bottom.e : eTop;
  const e = (eTop + eBottom) / 2;
  // An end that is no ellipse (a bottle's shoulder) starts where the silhouette leaves the side lines.
  const aTop = top ? top.a : departure(fit, -1);
  const aBottom = bottom ? bottom.a : departure(fit, 1);
  const length = aBottom - aTop;
  const radius = radiusAt((aTop + aBottom) / 2);
  if (!(length > 0.2 * radius) || !(radius > 4)) return null;
  const aMid = (aTop + aBottom) / 2;
  const bMid = centreAt(aMid);
  const at = (a: number, b: number): [number, number] => [origin[0] + a * d[0] + b * n[0], origin[1] + a * d[1] + b * n[1]];
  const geometry: CylinderGeometry = {
    axis: d,
    centre: at(aMid, bMid),
    radius,
    length,
    ellipse: e,
    tilt: Math.asin(Math.min(1, e / radius)),
    corners: [
      at(aTop, left0 + leftSlope * aTop),
      at(aTop, right0 + rightSlope * aTop),
      at(aBottom, right0 + rightSlope * aBottom),
      at(aBottom, left0 + leftSlope * aBottom),
    ],
  };
  return { origin, d, n, left0, leftSlope, right0, rightSlope, aTop, aBottom, eTop, eBottom, e, geometry };
}

const normalise = (v: Vec): Vec => {
  const l = Math.hypot(v[0], v[1]) || 1;
  return [v[0] / l, v[1] / l];
};

function centroid(ctx: PhotoContext): Vec {
  let sx = 0;
  let sy = 0;
  for (const p of ctx.boundary) {
    sx += p[0];
    sy += p[1];
  }
  return [sx / ctx.boundary.length, sy / ctx.boundary.length];
}

/** The silhouette's left and right edges (matte 0.5 crossings) for every pixel step along the axis. */
function profile(ctx: PhotoContext, origin: Vec, d: Vec): { p: Profile; aMin: number; aMax: number; bMin: number; bMax: number } {
  const n: Vec = [d[1], -d[0]];
  let aMin = Infinity;
  let aMax = -Infinity;
  let bMin = Infinity;
  let bMax = -Infinity;
  for (const q of ctx.boundary) {
    const a = (q[0] - origin[0]) * d[0] + (q[1] - origin[1]) * d[1];
    const b = (q[0] - origin[0]) * n[0] + (q[1] - origin[1]) * n[1];
    aMin = Math.min(aMin, a);
    aMax = Math.max(aMax, a);
    bMin = Math.min(bMin, b);
    bMax = Math.max(bMax, b);
  }
  const p: Profile = { a: [], left: [], right: [] };
  const b0 = Math.floor(bMin) - 2;
  const b1 = Math.ceil(bMax) + 2;
  for (let a = Math.ceil(aMin); a <= aMax; a++) {
    const bx = origin[0] + a * d[0];
    const by = origin[1] + a * d[1];
    let prev = 0;
    let left = NaN;
    let right = NaN;
    for (let b = b0; b <= b1; b++) {
      const cur = sample(ctx.alpha, ctx.width, ctx.height, bx + b * n[0], by + b * n[1], 0);
      if (prev < 0.5 && cur >= 0.5 && Number.isNaN(left)) left = b - 1 + (0.5 - prev) / (cur - prev);
      if (prev >= 0.5 && cur < 0.5) right = b - 1 + (prev - 0.5) / (prev - cur);
      prev = cur;
    }
    if (!Number.isNaN(left) && !Number.isNaN(right)) {
      p.a.push(a);
      p.left.push(left);
      p.right.push(right);
    }
  }
  return { p, aMin, aMax, bMin, bMax };
}

function lineFit(xs: readonly number[], ys: readonly number[]): { c0: number; slope: number } {
  const m = xs.length;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < m; i++) {
    sx += xs[i]!;
    sy += ys[i]!;
  }
  const mx = sx / m;
  const my = sy / m;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < m; i++) {
    sxx += (xs[i]! - mx) ** 2;
    sxy += (xs[i]! - mx) * (ys[i]! - my);
  }
  const slope = sxx > 0 ? sxy / sxx : 0;
  return { c0: my - slope * mx, slope };
}

/**
 * The straight-sided body: the longest run of axis positions whose width stays near the widest common
 * width, then lines fitted to its left and right edges and the run re-grown along them.
 */
function fitSides(ctx: PhotoContext, origin: Vec, d: Vec) {
  const { p, aMin, aMax } = profile(ctx, origin, d);
  const m = p.a.length;
  if (m < 8) return null;
  const widths = p.a.map((_, i) => p.right[i]! - p.left[i]!);
  const sortedW = [...widths].sort((x, y) => x - y);
  // The body is the widest part that holds its width: take the width the top quarter of rows share.
  const wRef = sortedW[Math.floor(0.75 * (m - 1))]!;
  const near = (i: number): boolean => Math.abs(widths[i]! - wRef) <= 0.03 * wRef + 1;
  let bestStart = -1;
  let bestLen = 0;
  for (let i = 0; i < m;) {
    if (!near(i)) {
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < m && near(j + 1)) j++;
    if (j - i + 1 > bestLen) {
      bestLen = j - i + 1;
      bestStart = i;
    }
    i = j + 1;
  }
  if (bestLen < 8) return null;
  // Fit on the run's middle 80 % (its ends may already bend into shoulders or end ellipses).
  const trim = Math.floor(bestLen * 0.1);
  const idx: number[] = [];
  for (let i = bestStart + trim; i < bestStart + bestLen - trim; i++) idx.push(i);
  const as = idx.map((i) => p.a[i]!);
  const l = lineFit(
    as,
    idx.map((i) => p.left[i]!),
  );
  const r = lineFit(
    as,
    idx.map((i) => p.right[i]!),
  );
  const tol = Math.max(0.75, 0.006 * wRef);
  const onLines = (i: number): boolean => {
    const a = p.a[i]!;
    return Math.abs(p.left[i]! - (l.c0 + l.slope * a)) <= tol && Math.abs(p.right[i]! - (r.c0 + r.slope * a)) <= tol;
  };
  let s = idx[Math.floor(idx.length / 2)]!;
  if (!onLines(s)) s = idx[0]!;
  let e = s;
  while (s - 1 >= 0 && onLines(s - 1) && p.a[s - 1] === p.a[s]! - 1) s--;
  while (e + 1 < m && onLines(e + 1) && p.a[e + 1] === p.a[e]! + 1) e++;
  if (e - s < 8) return null;
  return { left0: l.c0, leftSlope: l.slope, right0: r.c0, rightSlope: r.slope, runStart: p.a[s]!, runEnd: p.a[e]!, aMin, aMax, p, tol };
}

/**
 * Where the silhouette leaves the fitted side lines beyond one end of the straight run (`dir` −1: the
 * top, +1: the bottom). The run ends where the edges stray more than a tolerance from the lines, which
 * is past the true end when they curve away gently: round a shoulder the outline leaves its sides as a
 * curve does its tangent, the gap growing with the square of the distance. So the gap (the mean of both
 * sides, inward) is read over the few pixels where it grows from a quarter pixel to 4 px, and
 * √gap ∝ distance is extrapolated back to zero. Falls back to the run's end where that is not possible.
 */
function departure(fit: NonNullable<ReturnType<typeof fitSides>>, dir: -1 | 1): number {
  const { p, left0, leftSlope, right0, rightSlope, runStart, runEnd } = fit;
  const end = dir < 0 ? runStart : runEnd;
  const as: number[] = [];
  const roots: number[] = [];
  for (let i = 0; i < p.a.length; i++) {
    const a = p.a[i]!;
    // From inside the run's last few pixels to a little beyond its end.
    if ((a - end) * dir < -3 || (a - end) * dir > 40) continue;
    const gap = (p.left[i]! - (left0 + leftSlope * a) + (right0 + rightSlope * a - p.right[i]!)) / 2;
    if (gap < 0.25 || gap > 4) continue;
    as.push(a);
    roots.push(Math.sqrt(gap));
  }
  if (as.length < 3) return end;
  const f = lineFit(roots, as);
  // a at √gap = 0, kept between the run's end and a few pixels inside it.
  const a0 = f.c0;
  if (!Number.isFinite(a0) || f.slope * dir <= 0) return end;
  return dir < 0 ? Math.min(Math.max(a0, end), end + 12) : Math.max(Math.min(a0, end), end - 12);
}

/**
 * Fits an end of the body as half an ellipse: for lateral positions across the middle 90 % of the width,
 * finds where the silhouette ends along the axis and fits a(x) = A + σ·e·√(1 − (x/R)²) (σ = +1 at the
 * bottom, −1 at the top). Null when the end is not elliptical (a bottle's shoulder and neck, a flat cut).
 */
function fitEnd(
  ctx: PhotoContext,
  origin: Vec,
  d: Vec,
  n: Vec,
  centreAt: (a: number) => number,
  radiusAt: (a: number) => number,
  from: number,
  to: number,
  runEdge: number,
): { a: number; e: number } | null {
  const sign = to > from ? 1 : -1;
  const c = centreAt(runEdge);
  const R = radiusAt(runEdge);
  const xs: number[] = [];
  const ends: number[] = [];
  const samples = 41;
  const step = 0.5;
  for (let j = 0; j < samples; j++) {
    const x = -0.9 * R + (1.8 * R * j) / (samples - 1);
    const b = c + x;
    let prev = 1;
    let last = NaN;
    for (let a = from; sign > 0 ? a <= to : a >= to; a += sign * step) {
      const cur = sample(ctx.alpha, ctx.width, ctx.height, origin[0] + a * d[0] + b * n[0], origin[1] + a * d[1] + b * n[1], 0);
      if (prev >= 0.5 && cur < 0.5) last = a - sign * step + (sign * step * (prev - 0.5)) / (prev - cur);
      prev = cur;
    }
    if (!Number.isNaN(last)) {
      xs.push(Math.sqrt(Math.max(0, 1 - (x / R) ** 2)));
      ends.push(last);
    }
  }
  if (xs.length < samples * 0.8) return null;
  const f = lineFit(xs, ends);
  const e = sign * f.slope;
  let ss = 0;
  for (let i = 0; i < xs.length; i++) ss += (ends[i]! - (f.c0 + f.slope * xs[i]!)) ** 2;
  const rms = Math.sqrt(ss / xs.length);
  if (e < 0.5 || rms > 0.6 + 0.04 * e) return null;
  return { a: f.c0, e };
}
