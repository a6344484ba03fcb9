/*
 * The little geometry the fold model needs: sheet polygons, triangulation, rigid transforms.
 *
 * Two spaces meet here. The sheet (dieline) space: x right, y down, millimetres, seen from the
 * printed side. The flat 3D space of a panel: X = x, Y = −y, Z = 0, the printed side facing +Z.
 * Matrices are column-major 4 × 4 arrays (three.js `Matrix4.fromArray`, OpenGL layout).
 */
import { fromMm } from '../dieline/builder.js';
import { flatten } from '../dieline/geometry.js';
import type { PathMm } from '../dieline/types.js';

export type Vec2 = readonly [number, number];
export type Vec3 = readonly [number, number, number];
export type Mat4 = readonly number[];

export const IDENTITY: Mat4 = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

export const sub3 = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const add3 = (a: Vec3, b: Vec3): Vec3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const scale3 = (a: Vec3, s: number): Vec3 => [a[0] * s, a[1] * s, a[2] * s];
export const dot3 = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross3 = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
export const len3 = (a: Vec3): number => Math.hypot(a[0], a[1], a[2]);
export function norm3(a: Vec3): Vec3 {
  const l = len3(a);
  return l > 0 ? [a[0] / l, a[1] / l, a[2] / l] : [0, 0, 0];
}

/** A sheet point in a panel's flat 3D space. */
export const flat3 = (p: Vec2): Vec3 => [p[0], -p[1], 0];

export function multiply(a: Mat4, b: Mat4): Mat4 {
  const out = new Array<number>(16);
  for (let c = 0; c < 4; c++) {
    for (let r = 0; r < 4; r++) {
      let s = 0;
      for (let k = 0; k < 4; k++) s += a[k * 4 + r]! * b[c * 4 + k]!;
      out[c * 4 + r] = s;
    }
  }
  return out;
}

export function translation(v: Vec3): Mat4 {
  return [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, v[0], v[1], v[2], 1];
}

/** Right-handed rotation by `angle` radians about the unit axis `u` through `point`. */
export function rotationAbout(point: Vec3, u: Vec3, angle: number): Mat4 {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const t = 1 - c;
  const [x, y, z] = u;
  const r: Mat4 = [
    t * x * x + c,
    t * x * y + s * z,
    t * x * z - s * y,
    0,
    t * x * y - s * z,
    t * y * y + c,
    t * y * z + s * x,
    0,
    t * x * z + s * y,
    t * y * z - s * x,
    t * z * z + c,
    0,
    0,
    0,
    0,
    1,
  ];
  return multiply(translation(point), multiply(r, translation(scale3(point, -1))));
}

/** A rotation whose rows are the given orthonormal axes: it maps `x` to +X, `y` to +Y, `z` to +Z. */
export function basisRows(x: Vec3, y: Vec3, z: Vec3): Mat4 {
  return [x[0], y[0], z[0], 0, x[1], y[1], z[1], 0, x[2], y[2], z[2], 0, 0, 0, 0, 1];
}

export function transformPoint(m: Mat4, p: Vec3): Vec3 {
  return [
    m[0]! * p[0] + m[4]! * p[1] + m[8]! * p[2] + m[12]!,
    m[1]! * p[0] + m[5]! * p[1] + m[9]! * p[2] + m[13]!,
    m[2]! * p[0] + m[6]! * p[1] + m[10]! * p[2] + m[14]!,
  ];
}

export function transformDirection(m: Mat4, d: Vec3): Vec3 {
  return [m[0]! * d[0] + m[4]! * d[1] + m[8]! * d[2], m[1]! * d[0] + m[5]! * d[1] + m[9]! * d[2], m[2]! * d[0] + m[6]! * d[1] + m[10]! * d[2]];
}

/**
 * A panel outline as points (sheet space), arcs split every 10°, the closing point not
 * repeated, tiny steps dropped.
 */
export function outlinePoints(path: PathMm): Vec2[] {
  const pts = flatten(fromMm(path), Math.PI / 18);
  const out: Vec2[] = [];
  for (const p of pts) {
    const last = out[out.length - 1];
    if (!last || Math.hypot(p.x - last[0], p.y - last[1]) > 1e-4) out.push([p.x, p.y]);
  }
  const first = out[0];
  const last = out[out.length - 1];
  if (first && last && out.length > 1 && Math.hypot(first[0] - last[0], first[1] - last[1]) <= 1e-4) out.pop();
  return out;
}

/** Signed area in sheet space; positive when the points run clockwise on screen (y down). */
export function sheetArea(points: readonly Vec2[]): number {
  let s = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    s += a[0] * b[1] - b[0] * a[1];
  }
  return s / 2;
}

export function centroid(points: readonly Vec2[]): Vec2 {
  let x = 0;
  let y = 0;
  for (const p of points) {
    x += p[0];
    y += p[1];
  }
  return [x / points.length, y / points.length];
}

/**
 * Ear-clipping triangulation of a simple polygon (sheet space). Triangles wind
 * counter-clockwise in flat 3D space, i.e. they face the printed side (+Z).
 */
export function triangulate(points: readonly Vec2[]): number[] {
  const n = points.length;
  if (n < 3) return [];
  // Seen from +Z, flat 3D shows the sheet as the screen does: counter-clockwise there is
  // counter-clockwise on screen, a negative sheetArea.
  const idx = Array.from({ length: n }, (_, i) => i);
  if (sheetArea(points) > 0) idx.reverse();
  const P = (i: number): Vec2 => points[i]!;
  // Orientation in flat 3D space (y flipped): > 0 for a left turn, i.e. a convex corner.
  const turn = (a: Vec2, b: Vec2, c: Vec2) => -((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0]));
  const inside = (p: Vec2, a: Vec2, b: Vec2, c: Vec2) => turn(a, b, p) >= -1e-9 && turn(b, c, p) >= -1e-9 && turn(c, a, p) >= -1e-9;
  const out: number[] = [];
  let guard = 0;
  while (idx.length > 3 && guard++ < 10 * n * n) {
    let clipped = false;
    for (let k = 0; k < idx.length; k++) {
      const ia = idx[(k + idx.length - 1) % idx.length]!;
      const ib = idx[k]!;
      const ic = idx[(k + 1) % idx.length]!;
      const a = P(ia);
      const b = P(ib);
      const c = P(ic);
      if (turn(a, b, c) <= 1e-12) continue;
      let blocked = false;
      for (const j of idx) {
        if (j === ia || j === ib || j === ic) continue;
        const q = P(j);
        // Points on the ear's corners (repeated vertices) do not block it.
        if ((q[0] === a[0] && q[1] === a[1]) || (q[0] === c[0] && q[1] === c[1])) continue;
        if (inside(q, a, b, c)) {
          blocked = true;
          break;
        }
      }
      if (blocked) continue;
      out.push(ia, ib, ic);
      idx.splice(k, 1);
      clipped = true;
      break;
    }
    // A degenerate remainder (collinear points): drop the flattest corner and go on.
    if (!clipped) {
      let flattest = 0;
      let best = Infinity;
      for (let k = 0; k < idx.length; k++) {
        const t = Math.abs(turn(P(idx[(k + idx.length - 1) % idx.length]!), P(idx[k]!), P(idx[(k + 1) % idx.length]!)));
        if (t < best) {
          best = t;
          flattest = k;
        }
      }
      idx.splice(flattest, 1);
    }
  }
  if (idx.length === 3 && turn(P(idx[0]!), P(idx[1]!), P(idx[2]!)) > 1e-12) out.push(idx[0]!, idx[1]!, idx[2]!);
  return out;
}

/** A straight piece of a line, sheet space. */
export interface Segment {
  readonly a: Vec2;
  readonly b: Vec2;
}

/**
 * The stretch two segments share when they lie on one line (within `tol` mm), or undefined
 * when they are not collinear or overlap by less than `minLength`.
 */
export function sharedStretch(s: Segment, t: Segment, tol = 0.01, minLength = 0.05): Segment | undefined {
  const dx = s.b[0] - s.a[0];
  const dy = s.b[1] - s.a[1];
  const len = Math.hypot(dx, dy);
  if (len < minLength) return undefined;
  const ux = dx / len;
  const uy = dy / len;
  const off = (p: Vec2) => Math.abs((p[0] - s.a[0]) * uy - (p[1] - s.a[1]) * ux);
  if (off(t.a) > tol || off(t.b) > tol) return undefined;
  const along = (p: Vec2) => (p[0] - s.a[0]) * ux + (p[1] - s.a[1]) * uy;
  const t0 = Math.min(along(t.a), along(t.b));
  const t1 = Math.max(along(t.a), along(t.b));
  const lo = Math.max(0, t0);
  const hi = Math.min(len, t1);
  if (hi - lo < minLength) return undefined;
  return { a: [s.a[0] + ux * lo, s.a[1] + uy * lo], b: [s.a[0] + ux * hi, s.a[1] + uy * hi] };
}

/** The edges of a closed polygon. */
export function edges(points: readonly Vec2[]): Segment[] {
  return points.map((a, i) => ({ a, b: points[(i + 1) % points.length]! }));
}

/** The straight pieces of an open or closed path (arcs split every 10°). */
export function pathSegments(path: PathMm): Segment[] {
  const pts = flatten(fromMm(path), Math.PI / 18).map((p): Vec2 => [p.x, p.y]);
  const out: Segment[] = [];
  for (let i = 0; i + 1 < pts.length; i++) out.push({ a: pts[i]!, b: pts[i + 1]! });
  if (path.closed && pts.length > 2) out.push({ a: pts[pts.length - 1]!, b: pts[0]! });
  return out;
}
