/** Plane geometry for face finding: hulls, polygon simplification, line fits, the 4-point homography. */
import type { Point } from './types.js';

export type Vec = [number, number];

const cross = (o: Point, a: Point, b: Point): number => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);

/** Convex hull (Andrew's monotone chain), counter-clockwise in a y-up frame = clockwise on screen (y down). */
export function convexHull(points: readonly Point[]): Vec[] {
  const pts = points.map((p): Vec => [p[0], p[1]]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length < 3) return pts;
  const lower: Vec[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Vec[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  lower.pop();
  upper.pop();
  return lower.concat(upper);
}

/** Signed area (positive when the vertices turn clockwise on screen, y down). */
export function signedArea(poly: readonly Point[]): number {
  let a = 0;
  for (let i = 0; i < poly.length; i++) {
    const p = poly[i]!;
    const q = poly[(i + 1) % poly.length]!;
    a += p[0] * q[1] - q[0] * p[1];
  }
  return a / 2;
}

export function perimeter(poly: readonly Point[]): number {
  let s = 0;
  for (let i = 0; i < poly.length; i++) s += dist(poly[i]!, poly[(i + 1) % poly.length]!);
  return s;
}

export const dist = (a: Point, b: Point): number => Math.hypot(a[0] - b[0], a[1] - b[1]);

function pointLineDistance(p: Point, a: Point, b: Point): number {
  const len = dist(a, b);
  if (len < 1e-12) return dist(p, a);
  return Math.abs(cross(a, b, p)) / len;
}

function douglasPeucker(pts: readonly Vec[], tol: number): Vec[] {
  if (pts.length <= 2) return pts.slice();
  const a = pts[0]!;
  const b = pts[pts.length - 1]!;
  let worst = -1;
  let worstD = -1;
  for (let i = 1; i < pts.length - 1; i++) {
    const d = pointLineDistance(pts[i]!, a, b);
    if (d > worstD) {
      worstD = d;
      worst = i;
    }
  }
  if (worstD <= tol) return [a, b];
  const left = douglasPeucker(pts.slice(0, worst + 1), tol);
  const right = douglasPeucker(pts.slice(worst), tol);
  return left.slice(0, -1).concat(right);
}

/** Douglas–Peucker on a closed polygon: split at the two farthest-apart vertices, simplify both chains. */
export function simplifyClosed(poly: readonly Vec[], tol: number): Vec[] {
  if (poly.length <= 3) return poly.slice();
  let i0 = 0;
  let far = 0;
  let best = -1;
  for (let i = 0; i < poly.length; i++) {
    const d = dist(poly[i]!, poly[0]!);
    if (d > best) {
      best = d;
      far = i;
    }
  }
  best = -1;
  for (let i = 0; i < poly.length; i++) {
    const d = dist(poly[i]!, poly[far]!);
    if (d > best) {
      best = d;
      i0 = i;
    }
  }
  const rotated = poly.slice(i0).concat(poly.slice(0, i0));
  const j = (far - i0 + poly.length) % poly.length;
  const a = douglasPeucker(rotated.slice(0, j + 1), tol);
  const b = douglasPeucker(rotated.slice(j).concat([rotated[0]!]), tol);
  return a.slice(0, -1).concat(b.slice(0, -1));
}

/** Where the lines through (a, b) and (c, d) cross; null when (nearly) parallel. */
export function intersect(a: Point, b: Point, c: Point, d: Point): Vec | null {
  const r: Vec = [b[0] - a[0], b[1] - a[1]];
  const s: Vec = [d[0] - c[0], d[1] - c[1]];
  const den = r[0] * s[1] - r[1] * s[0];
  if (Math.abs(den) < 1e-9 * (Math.hypot(...r) * Math.hypot(...s) + 1e-12)) return null;
  const t = ((c[0] - a[0]) * s[1] - (c[1] - a[1]) * s[0]) / den;
  return [a[0] + t * r[0], a[1] + t * r[1]];
}

/**
 * Reduces a convex polygon to `k` vertices by repeatedly dropping the edge whose removal (extending its two
 * neighbouring edges until they meet) adds the least area: the sides of a face survive whole, and the
 * corners cut off by erosion or anti-aliasing are restored.
 */
export function reduceConvexPolygon(poly: readonly Vec[], k: number): Vec[] | null {
  let p = poly.slice();
  while (p.length > k) {
    const n = p.length;
    let best = -1;
    let bestArea = Infinity;
    let bestPoint: Vec | null = null;
    for (let i = 0; i < n; i++) {
      const a = p[(i - 1 + n) % n]!;
      const b = p[i]!;
      const c = p[(i + 1) % n]!;
      const d = p[(i + 2) % n]!;
      const x = intersect(a, b, d, c);
      if (!x) continue;
      // x must lie beyond b on a→b and beyond c on d→c, else the polygon would fold.
      if ((x[0] - b[0]) * (b[0] - a[0]) + (x[1] - b[1]) * (b[1] - a[1]) < -1e-9) continue;
      if ((x[0] - c[0]) * (c[0] - d[0]) + (x[1] - c[1]) * (c[1] - d[1]) < -1e-9) continue;
      const added = Math.abs(cross(b, x, c)) / 2;
      if (added < bestArea) {
        bestArea = added;
        best = i;
        bestPoint = x;
      }
    }
    if (best < 0 || !bestPoint) return null;
    const next: Vec[] = [];
    for (let i = 0; i < n; i++) {
      if (i === best) next.push(bestPoint);
      else if (i === (best + 1) % n) continue;
      else next.push(p[i]!);
    }
    p = next;
  }
  return p;
}

/** A line as a point on it and a unit direction. */
export interface Line {
  point: Vec;
  dir: Vec;
}

/** Total-least-squares line through points, with one round of trimming of the worst residuals. */
export function fitLine(points: readonly Point[]): Line | null {
  const fit = (pts: readonly Point[]): Line | null => {
    if (pts.length < 2) return null;
    let mx = 0;
    let my = 0;
    for (const p of pts) {
      mx += p[0];
      my += p[1];
    }
    mx /= pts.length;
    my /= pts.length;
    let sxx = 0;
    let sxy = 0;
    let syy = 0;
    for (const p of pts) {
      const dx = p[0] - mx;
      const dy = p[1] - my;
      sxx += dx * dx;
      sxy += dx * dy;
      syy += dy * dy;
    }
    const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy);
    return { point: [mx, my], dir: [Math.cos(theta), Math.sin(theta)] };
  };
  const first = fit(points);
  if (!first) return null;
  const residual = (p: Point, l: Line): number => Math.abs((p[0] - l.point[0]) * l.dir[1] - (p[1] - l.point[1]) * l.dir[0]);
  const res = points.map((p) => residual(p, first)).sort((a, b) => a - b);
  const med = res[Math.floor(res.length / 2)] ?? 0;
  const keep = points.filter((p) => residual(p, first) <= 2.5 * med + 0.5);
  return keep.length >= Math.max(2, points.length / 2) ? fit(keep) : first;
}

export function intersectLines(a: Line, b: Line): Vec | null {
  return intersect(a.point, [a.point[0] + a.dir[0], a.point[1] + a.dir[1]], b.point, [b.point[0] + b.dir[0], b.point[1] + b.dir[1]]);
}

/** Solves A x = b (n×n, row-major) by Gaussian elimination with partial pivoting; null when singular. */
export function solveLinear(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r]![c]!) > Math.abs(m[piv]![c]!)) piv = r;
    if (Math.abs(m[piv]![c]!) < 1e-12) return null;
    [m[c], m[piv]] = [m[piv]!, m[c]!];
    const rowC = m[c]!;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const row = m[r]!;
      const f = row[c]! / rowC[c]!;
      if (f === 0) continue;
      for (let k = c; k <= n; k++) row[k] = row[k]! - f * rowC[k]!;
    }
  }
  return m.map((row, i) => row[n]! / row[i]!);
}

/** 3×3 homography, row-major, h[8] = 1. */
export type Homography = readonly number[];

/** The homography (direct linear transform, 4 correspondences) taking each `from[i]` to `to[i]`. */
export function homographyFrom4(from: readonly Point[], to: readonly Point[]): Homography | null {
  const a: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [X, Y] = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -x * X, -y * X]);
    b.push(X);
    a.push([0, 0, 0, x, y, 1, -x * Y, -y * Y]);
    b.push(Y);
  }
  const h = solveLinear(a, b);
  return h ? [...h, 1] : null;
}

/** Applies a homography; returns [x, y, w] with x, y already divided by w. */
export function applyHomography(h: Homography, x: number, y: number): [number, number, number] {
  const w = h[6]! * x + h[7]! * y + h[8]!;
  return [(h[0]! * x + h[1]! * y + h[2]!) / w, (h[3]! * x + h[4]! * y + h[5]!) / w, w];
}

/**
 * Orders four corners for the design: clockwise on screen, starting with the corner whose next edge (the
 * design's top edge) points most nearly to the right.
 */
export function orderCorners(corners: readonly Point[]): Vec[] {
  const cx = corners.reduce((s, p) => s + p[0], 0) / corners.length;
  const cy = corners.reduce((s, p) => s + p[1], 0) / corners.length;
  // y down: increasing atan2 turns clockwise on screen.
  const sorted = corners.map((p): Vec => [p[0], p[1]]).sort((a, b) => Math.atan2(a[1] - cy, a[0] - cx) - Math.atan2(b[1] - cy, b[0] - cx));
  let start = 0;
  let bestAngle = Infinity;
  for (let i = 0; i < 4; i++) {
    const a = sorted[i]!;
    const b = sorted[(i + 1) % 4]!;
    const ang = Math.abs(Math.atan2(b[1] - a[1], b[0] - a[0]));
    if (ang < bestAngle - 1e-9) {
      bestAngle = ang;
      start = i;
    }
  }
  return [0, 1, 2, 3].map((k) => sorted[(start + k) % 4]!);
}
