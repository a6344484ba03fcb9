/**
 * Test support for the template maps (not exported by the package): designs whose geometry is known
 * in each surface's own (u, v), and measurements of where their edges land in an applied mockup.
 *
 * - `checkerDesign` draws a checker with its edges exactly on the lines u = i / nu and v = j / nv of
 *   a surface, whatever the design area's proportions (each texel is placed through the inverse of
 *   `applyDesign`'s cover mapping). Edges are linear ramps a few template pixels wide, so the
 *   crossing of the mid level is found to a fraction of a pixel from two neighbouring pixels.
 * - `unlit` takes the template's light back out of an applied pixel, giving the design's linear value.
 * - `checkerEdges` finds, on one surface of an applied checker, every crossing of an edge of one family
 *   (constant u or constant v) away from the checker's corners, grouped by edge.
 * - `fitLine` is a total least-squares line through points, with its largest perpendicular residual.
 * - `planarSurfaces` says which surfaces of a template are flat in the 3D model itself (every
 *   triangle of their slots in one plane), independently of the maps.
 */
import { pipeline, render3d } from '@packsmith/design-engine';
import type { DesignImage } from '../apply.js';
import type { TemplateMaps } from '../types.js';

export const LIN = (() => {
  const t = new Float64Array(256);
  for (let i = 0; i < 256; i++) {
    const c = i / 255;
    t[i] = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  }
  return t;
})();

/** Linear values halfway (in sRGB) between neighbouring bytes: byte b + 1 starts above BYTE_EDGES[b]. */
const BYTE_EDGES = Float64Array.from({ length: 255 }, (_, b) => {
  const c = (b + 0.5) / 255;
  return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
});

/** Linear light → the nearest sRGB byte (a binary search, no pow per call). */
export const linearToByte = (v: number): number => {
  let lo = 0,
    hi = 255;
  while (lo < hi) {
    const m = (lo + hi) >> 1;
    if (v > BYTE_EDGES[m]!) lo = m + 1;
    else hi = m;
  }
  return lo;
};

/** Relative luminance (linear) of pixel i of sRGB RGB bytes. */
export const luminance = (rgb: Uint8Array, i: number): number => 0.2126 * LIN[rgb[i * 3]!]! + 0.7152 * LIN[rgb[i * 3 + 1]!]! + 0.0722 * LIN[rgb[i * 3 + 2]!]!;

/** Pearson correlation. */
export function correlation(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  let ma = 0,
    mb = 0;
  for (let i = 0; i < n; i++) {
    ma += a[i]!;
    mb += b[i]!;
  }
  ma /= n;
  mb /= n;
  let sab = 0,
    saa = 0,
    sbb = 0;
  for (let i = 0; i < n; i++) {
    const x = a[i]! - ma;
    const y = b[i]! - mb;
    sab += x * y;
    saa += x * x;
    sbb += y * y;
  }
  return sab / Math.sqrt(saa * sbb);
}

/** A design of `width` × `height` texels whose texel centres sit at the surface's (u, v) given by `at`. */
function surfaceDesign(area: { width: number; height: number }, longSide: number, f: (u: number, v: number) => number): DesignImage {
  const scale = Math.min(1, longSide / Math.max(area.width, area.height));
  const width = Math.max(2, Math.round(area.width * scale));
  const height = Math.max(2, Math.round(area.height * scale));
  // applyDesign covers the area: texel x lands at u = 0.5 + (x + 0.5 − width / 2) · k / area.width.
  const k = Math.max(area.width / width, area.height / height);
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const v = 0.5 + ((y + 0.5 - height / 2) * k) / area.height;
    for (let x = 0; x < width; x++) {
      const u = 0.5 + ((x + 0.5 - width / 2) * k) / area.width;
      const b = linearToByte(f(u, v));
      const o = (y * width + x) * 4;
      rgba[o] = b;
      rgba[o + 1] = b;
      rgba[o + 2] = b;
      rgba[o + 3] = 255;
    }
  }
  return { rgba, width, height };
}

export interface CheckerSpec {
  /** Cells across u and down v: edges at u = i / nu, v = j / nv. */
  readonly nu: number;
  readonly nv: number;
  /** Half-width of each edge's ramp, in u and v units. */
  readonly ru: number;
  readonly rv: number;
  /** Linear values of the dark and light cells. */
  readonly lo: number;
  readonly hi: number;
}

/**
 * Signed distance (in units of the coordinate) to the nearest edge inside the surface (t = i / n for
 * 0 < i < n), positive in even cells; the surface's own borders are not edges, so cells next to a fold
 * stay flat up to it. Infinite when there is no inside edge (n = 1).
 */
function signedEdgeDistance(t: number, n: number): number {
  if (n < 2) return Infinity;
  const x = t * n;
  const i = Math.min(n - 1, Math.max(0, Math.floor(x)));
  const f = x - i;
  const d = Math.min(i >= 1 ? f : Infinity, i + 1 <= n - 1 ? 1 - f : Infinity) / n;
  return (i & 1) === 0 ? d : -d;
}

const clamp1 = (x: number): number => (x < -1 ? -1 : x > 1 ? 1 : x);

/** The checker's linear value at (u, v). */
export function checkerValue(c: CheckerSpec, u: number, v: number): number {
  const g = clamp1(signedEdgeDistance(u, c.nu) / c.ru) * clamp1(signedEdgeDistance(v, c.nv) / c.rv);
  return c.lo + (c.hi - c.lo) * (0.5 + 0.5 * g);
}

/** A soft-edged checker on a surface (see the file's header); `longSide` caps its texels on the long side. */
export function checkerDesign(area: { width: number; height: number }, c: CheckerSpec, longSide: number): DesignImage {
  return surfaceDesign(area, longSide, (u, v) => checkerValue(c, u, v));
}

/** A design given by a function of the surface's (u, v), linear values 0..1, grey. */
export function uvDesign(area: { width: number; height: number }, longSide: number, f: (u: number, v: number) => number): DesignImage {
  return surfaceDesign(area, longSide, f);
}

/** The design's linear value at pixel i of an applied mockup, the template's light taken out. */
export function unlit(out: Uint8Array, maps: TemplateMaps, i: number, specularGain: number): number {
  return (LIN[out[i * 3 + 1]!]! - maps.specular[i]! * specularGain) / maps.shading[i]!;
}

/** Pixel i shows surface number `s` with full coverage, as do its neighbours up to `r` pixels away (4 directions). */
export function interior(maps: TemplateMaps, s: number, i: number, r = 2): boolean {
  const W = maps.width;
  const S = maps.surface;
  if (S[i] !== s || maps.coverage[i] !== 1) return false;
  for (let k = 1; k <= r; k++) if (S[i - k] !== s || S[i + k] !== s || S[i - k * W] !== s || S[i + k * W] !== s) return false;
  return true;
}

/** Pixel rectangle [x0, y0, x1, y1] (inclusive) of every surface number, cached per maps. */
const boxCache = new WeakMap<TemplateMaps, Int32Array>();
export function surfaceBox(maps: TemplateMaps, s: number): { x0: number; y0: number; x1: number; y1: number } {
  let boxes = boxCache.get(maps);
  if (!boxes) {
    const count = maps.surfaces.length + 1;
    boxes = new Int32Array(count * 4);
    for (let k = 0; k < count; k++) boxes.set([maps.width, maps.height, -1, -1], k * 4);
    const W = maps.width;
    for (let i = 0; i < maps.surface.length; i++) {
      const k = maps.surface[i]! * 4;
      const x = i % W;
      const y = (i - x) / W;
      if (x < boxes[k]!) boxes[k] = x;
      if (y < boxes[k + 1]!) boxes[k + 1] = y;
      if (x > boxes[k + 2]!) boxes[k + 2] = x;
      if (y > boxes[k + 3]!) boxes[k + 3] = y;
    }
    boxCache.set(maps, boxes);
  }
  return { x0: boxes[s * 4]!, y0: boxes[s * 4 + 1]!, x1: boxes[s * 4 + 2]!, y1: boxes[s * 4 + 3]! };
}

/**
 * Calls f with every pixel index of surface number s's rectangle, at least `margin` pixels inside the
 * image; with `stride` > 1, every stride-th pixel of every stride-th row.
 */
function forBox(maps: TemplateMaps, s: number, margin: number, f: (i: number) => void, stride = 1): void {
  const b = surfaceBox(maps, s);
  const W = maps.width;
  for (let y = Math.max(margin, b.y0); y <= Math.min(maps.height - 1 - margin, b.y1); y += stride)
    for (let x = Math.max(margin, b.x0); x <= Math.min(W - 1 - margin, b.x1); x += stride) f(y * W + x);
}

/** A stride that visits about `samples` pixels of surface number s's rectangle. */
function strideFor(maps: TemplateMaps, s: number, samples: number): number {
  const b = surfaceBox(maps, s);
  const area = Math.max(0, b.x1 - b.x0 + 1) * Math.max(0, b.y1 - b.y0 + 1);
  return Math.max(1, Math.floor(Math.sqrt(area / samples)));
}

/** Median over the surface's interior pixels of |∇u| and |∇v| (u, v units per pixel), and about how many interior pixels it has. */
export function uvGradients(maps: TemplateMaps, s: number): { gu: number; gv: number; pixels: number } {
  const W = maps.width;
  const gu: number[] = [];
  const gv: number[] = [];
  // About 40,000 pixels are plenty for a median (every pixel at 256 px).
  const stride = strideFor(maps, s, 40_000);
  let pixels = 0;
  forBox(
    maps,
    s,
    1,
    (i) => {
      if (!interior(maps, s, i, 1)) return;
      pixels++;
      gu.push(Math.hypot(maps.u[i + 1]! - maps.u[i - 1]!, maps.u[i + W]! - maps.u[i - W]!) / 2);
      gv.push(Math.hypot(maps.v[i + 1]! - maps.v[i - 1]!, maps.v[i + W]! - maps.v[i - W]!) / 2);
    },
    stride,
  );
  const med = (xs: number[]): number => (xs.length ? Float64Array.from(xs).sort()[xs.length >> 1]! : NaN);
  return { gu: med(gu), gv: med(gv), pixels: pixels * stride * stride };
}

export type Point2 = readonly [number, number];

/** Crossings of one edge: sub-pixel points in image coordinates (pixel centres at integers + ½). */
export interface EdgeCrossings {
  readonly family: 'u' | 'v';
  /** The edge is the line family = index / n. */
  readonly index: number;
  readonly points: Point2[];
}

/**
 * Crossings of the mid level of an applied `checker` on surface number `s` by the edges of one family,
 * between neighbouring pixels (along rows where the edge runs more up than across, else down columns),
 * both inside the surface, where the other family's factor is flat (away from the checker's corners by
 * more than its ramp and `cornerPx` pixels) and the light is below the highlight roll-off.
 */
export function checkerEdges(
  out: Uint8Array,
  maps: TemplateMaps,
  s: number,
  c: CheckerSpec,
  family: 'u' | 'v',
  specularGain: number,
  cornerPx = 2,
): EdgeCrossings[] {
  const W = maps.width;
  const F = family === 'u' ? maps.u : maps.v;
  const O = family === 'u' ? maps.v : maps.u;
  const nF = family === 'u' ? c.nu : c.nv;
  const nO = family === 'u' ? c.nv : c.nu;
  const rO = family === 'u' ? c.rv : c.ru;
  const mid = (c.lo + c.hi) / 2;
  const byEdge = new Map<number, Point2[]>();
  forBox(maps, s, 3, (i) => {
    if (!interior(maps, s, i)) return;
    const gx = (F[i + 1]! - F[i - 1]!) / 2;
    const gy = (F[i + W]! - F[i - W]!) / 2;
    const horizontal = Math.abs(gx) >= Math.abs(gy);
    const j = horizontal ? i + 1 : i + W;
    if (!interior(maps, s, j)) return;
    // The other family's factor must be flat at both pixels: far from its edges.
    const ogx = (O[i + 1]! - O[i - 1]!) / 2;
    const ogy = (O[i + W]! - O[i - W]!) / 2;
    const margin = rO + cornerPx * Math.hypot(ogx, ogy);
    if (Math.abs(signedEdgeDistance(O[i]!, nO)) < margin || Math.abs(signedEdgeDistance(O[j]!, nO)) < margin) return;
    // Below the roll-off at the light end.
    if (c.hi * maps.shading[i]! + specularGain * maps.specular[i]! > 0.78 || c.hi * maps.shading[j]! + specularGain * maps.specular[j]! > 0.78) return;
    const a = unlit(out, maps, i, specularGain);
    const b = unlit(out, maps, j, specularGain);
    if ((a - mid) * (b - mid) >= 0) return;
    const t = (mid - a) / (b - a);
    const x = (i % W) + 0.5 + (horizontal ? t : 0);
    const y = Math.floor(i / W) + 0.5 + (horizontal ? 0 : t);
    const index = Math.round(((F[i]! + F[j]!) / 2) * nF);
    const list = byEdge.get(index) ?? [];
    list.push([x, y]);
    byEdge.set(index, list);
  });
  return [...byEdge.entries()].map(([index, points]) => ({ family, index, points }));
}

export interface LineFit {
  /** A point on the line (the centroid) and its unit direction. */
  readonly point: Point2;
  readonly dir: Point2;
  /** Largest and root-mean-square perpendicular distance of the points from the line, px. */
  readonly worst: number;
  readonly rms: number;
  /** Extent of the points along the line, px. */
  readonly length: number;
}

/** Total least-squares line through the points. */
export function fitLine(points: readonly Point2[]): LineFit {
  const n = points.length;
  let mx = 0,
    my = 0;
  for (const [x, y] of points) {
    mx += x;
    my += y;
  }
  mx /= n;
  my /= n;
  let sxx = 0,
    sxy = 0,
    syy = 0;
  for (const [x, y] of points) {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (y - my);
    syy += (y - my) ** 2;
  }
  const theta = 0.5 * Math.atan2(2 * sxy, sxx - syy);
  const dir: Point2 = [Math.cos(theta), Math.sin(theta)];
  let worst = 0,
    ss = 0,
    lo = Infinity,
    hi = -Infinity;
  for (const [x, y] of points) {
    const along = (x - mx) * dir[0] + (y - my) * dir[1];
    const across = Math.abs(-(x - mx) * dir[1] + (y - my) * dir[0]);
    worst = Math.max(worst, across);
    ss += across * across;
    lo = Math.min(lo, along);
    hi = Math.max(hi, along);
  }
  return { point: [mx, my], dir, worst, rms: Math.sqrt(ss / n), length: hi - lo };
}

/** Where two lines meet (null if parallel). */
export function intersect(a: Pick<LineFit, 'point' | 'dir'>, b: Pick<LineFit, 'point' | 'dir'>): Point2 | null {
  const det = a.dir[0] * -b.dir[1] - a.dir[1] * -b.dir[0];
  if (Math.abs(det) < 1e-9) return null;
  const dx = b.point[0] - a.point[0];
  const dy = b.point[1] - a.point[1];
  const t = (dx * -b.dir[1] - dy * -b.dir[0]) / det;
  return [a.point[0] + t * a.dir[0], a.point[1] + t * a.dir[1]];
}

/** Points between neighbouring pixels (4-neighbours) of surfaces number `a` and `b`: the fold between them. */
export function foldPoints(maps: TemplateMaps, a: number, b: number): Point2[] {
  const W = maps.width;
  const pts: Point2[] = [];
  for (let i = 0; i < maps.surface.length - W; i++) {
    const s = maps.surface[i]!;
    if (s !== a && s !== b) continue;
    const x = i % W;
    const y = Math.floor(i / W);
    const right = x + 1 < W ? maps.surface[i + 1]! : 0;
    const down = maps.surface[i + W]!;
    if ((s === a && right === b) || (s === b && right === a)) pts.push([x + 1, y + 0.5]);
    if ((s === a && down === b) || (s === b && down === a)) pts.push([x + 0.5, y + 1]);
  }
  return pts;
}

const PRINTABLE = render3d.PRINTABLE_SURFACES as Readonly<Record<string, readonly render3d.Slot[]>>;

/**
 * Per surface of a template: whether the 3D model's triangles of that surface (all its slots) lie in
 * one plane (normals within 0.01° and every vertex within 0.001 mm of the plane).
 */
export function planarSurfaces(boxIds: readonly number[], surfaces: TemplateMaps['surfaces']): boolean[] {
  const meshes = new Map<number, render3d.Mesh>();
  const mesh = (id: number): render3d.Mesh => {
    let m = meshes.get(id);
    if (!m) meshes.set(id, (m = render3d.buildShape(pipeline.boxModel(id).shape)));
    return m;
  };
  return surfaces.map((surface) => {
    const m = mesh(boxIds[surface.item ?? 0]!);
    const slots = new Set((PRINTABLE[surface.role] ?? []).map((slot) => render3d.SLOTS.indexOf(slot)));
    const P = m.positions;
    const I = m.indices;
    let normal: [number, number, number] | null = null;
    let d = 0;
    for (let t = 0; t < m.slots.length; t++) {
      if (!slots.has(m.slots[t]!)) continue;
      const p = [0, 1, 2].map((k) => {
        const v = I[t * 3 + k]! * 3;
        return [P[v]!, P[v + 1]!, P[v + 2]!] as const;
      });
      const e1 = [p[1]![0] - p[0]![0], p[1]![1] - p[0]![1], p[1]![2] - p[0]![2]];
      const e2 = [p[2]![0] - p[0]![0], p[2]![1] - p[0]![1], p[2]![2] - p[0]![2]];
      const c: [number, number, number] = [e1[1]! * e2[2]! - e1[2]! * e2[1]!, e1[2]! * e2[0]! - e1[0]! * e2[2]!, e1[0]! * e2[1]! - e1[1]! * e2[0]!];
      const len = Math.hypot(...c);
      if (len < 1e-9) continue;
      const nrm: [number, number, number] = [c[0] / len, c[1] / len, c[2] / len];
      if (!normal) {
        normal = nrm;
        d = nrm[0] * p[0]![0] + nrm[1] * p[0]![1] + nrm[2] * p[0]![2];
      }
      if (nrm[0] * normal[0] + nrm[1] * normal[1] + nrm[2] * normal[2] < Math.cos((0.01 * Math.PI) / 180)) return false;
      for (const q of p) if (Math.abs(normal[0] * q[0] + normal[1] * q[1] + normal[2] * q[2] - d) > 1e-3) return false;
    }
    return normal !== null;
  });
}

/**
 * The projective map from image pixels to a planar surface's (u, v), fitted by least squares over its
 * interior pixels: u = (a x + b y + c) / (g x + h y + 1), v = (d x + e y + f) / (g x + h y + 1), pixel
 * centres at integers + ½ (over about `samples` of them, evenly spread). `line(family, value)` is the image
 * line where u (or v) equals `value`.
 */
export interface SurfaceProjective {
  readonly coef: readonly number[];
  /** Largest |Δu| and |Δv| of the fit over the pixels used. */
  readonly worstU: number;
  readonly worstV: number;
  line(family: 'u' | 'v', value: number): Pick<LineFit, 'point' | 'dir'>;
}

export function fitProjective(maps: TemplateMaps, s: number, samples = 40_000): SurfaceProjective | null {
  const W = maps.width;
  // Normalise coordinates for conditioning.
  const cx = W / 2;
  const cy = maps.height / 2;
  const k = 2 / W;
  const A = new Float64Array(64);
  const rhs = new Float64Array(8);
  const rows: { x: number; y: number; u: number; v: number }[] = [];
  forBox(
    maps,
    s,
    1,
    (i) => {
      if (!interior(maps, s, i, 1)) return;
      rows.push({ x: ((i % W) + 0.5 - cx) * k, y: (Math.floor(i / W) + 0.5 - cy) * k, u: maps.u[i]!, v: maps.v[i]! });
    },
    strideFor(maps, s, samples),
  );
  if (rows.length < 20) return null;
  const add = (r: readonly number[], b: number): void => {
    for (let p = 0; p < 8; p++) {
      rhs[p] = rhs[p]! + r[p]! * b;
      for (let q = 0; q < 8; q++) A[p * 8 + q] = A[p * 8 + q]! + r[p]! * r[q]!;
    }
  };
  for (const { x, y, u, v } of rows) {
    add([x, y, 1, 0, 0, 0, -u * x, -u * y], u);
    add([0, 0, 0, x, y, 1, -v * x, -v * y], v);
  }
  const sol = solve(A, rhs, 8);
  if (!sol) return null;
  const [a, b, c, d, e, f, g, h] = sol as unknown as [number, number, number, number, number, number, number, number];
  let worstU = 0;
  let worstV = 0;
  for (const { x, y, u, v } of rows) {
    const w = g * x + h * y + 1;
    worstU = Math.max(worstU, Math.abs((a * x + b * y + c) / w - u));
    worstV = Math.max(worstV, Math.abs((d * x + e * y + f) / w - v));
  }
  return {
    coef: [a, b, c, d, e, f, g, h],
    worstU,
    worstV,
    line(family, value) {
      // (p − value g) x + (q − value h) y + (r − value) = 0 in normalised coordinates.
      const [p, q, r] = family === 'u' ? [a, b, c] : [d, e, f];
      const nx = p - value * g;
      const ny = q - value * h;
      const c0 = r - value;
      const n2 = nx * nx + ny * ny;
      const px = (-c0 * nx) / n2;
      const py = (-c0 * ny) / n2;
      const len = Math.sqrt(n2);
      return { point: [px / k + cx, py / k + cy], dir: [-ny / len, nx / len] };
    },
  };
}

/** Gaussian elimination with partial pivoting on an n × n system (row-major); null if singular. */
function solve(A: Float64Array, b: Float64Array, n: number): Float64Array | null {
  const M = Float64Array.from(A);
  const x = Float64Array.from(b);
  for (let col = 0; col < n; col++) {
    let piv = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(M[r * n + col]!) > Math.abs(M[piv * n + col]!)) piv = r;
    if (Math.abs(M[piv * n + col]!) < 1e-14) return null;
    if (piv !== col) {
      for (let q = 0; q < n; q++) {
        const t = M[col * n + q]!;
        M[col * n + q] = M[piv * n + q]!;
        M[piv * n + q] = t;
      }
      const t = x[col]!;
      x[col] = x[piv]!;
      x[piv] = t;
    }
    for (let r = col + 1; r < n; r++) {
      const f = M[r * n + col]! / M[col * n + col]!;
      if (f === 0) continue;
      for (let q = col; q < n; q++) M[r * n + q] = M[r * n + q]! - f * M[col * n + q]!;
      x[r] = x[r]! - f * x[col]!;
    }
  }
  for (let r = n - 1; r >= 0; r--) {
    let s = x[r]!;
    for (let q = r + 1; q < n; q++) s -= M[r * n + q]! * x[q]!;
    x[r] = s / M[r * n + r]!;
  }
  return x;
}

export interface CodedDesign extends DesignImage {
  /** Texels per sawtooth period. */
  readonly period: number;
  readonly lo: number;
  readonly hi: number;
}

/**
 * A design that says where each of its texels is: red rises in a sawtooth along x (a period of
 * `period` texels, linear values lo..hi, texel centres at (k + ½) / period of the way up), green the same
 * along y. Read back between two texels of one period, the value gives the position to a fraction of a
 * texel; which period it is comes from the UV map (the error being measured is far below half a period).
 */
export function codedDesign(width: number, height: number, period: number, lo = 0.03, hi = 0.45): CodedDesign {
  const rgba = new Uint8Array(width * height * 4);
  const levels = Array.from({ length: period }, (_, k) => linearToByte(lo + ((hi - lo) * (k + 0.5)) / period));
  const blue = linearToByte((lo + hi) / 2);
  for (let y = 0; y < height; y++) {
    const g = levels[y % period]!;
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      rgba[o] = levels[x % period]!;
      rgba[o + 1] = g;
      rgba[o + 2] = blue;
      rgba[o + 3] = 255;
    }
  }
  return { rgba, width, height, period, lo, hi };
}

/** Where (u, v) of a surface with design area `area` falls in a design of w × h texels under applyDesign's default cover placement (texel centres at integers). */
export function designTexel(area: { width: number; height: number }, w: number, h: number, u: number, v: number): Point2 {
  const k = Math.max(area.width / w, area.height / h);
  return [((u - 0.5) * area.width) / k + w / 2 - 0.5, ((v - 0.5) * area.height) / k + h / 2 - 0.5];
}

/**
 * The texel position a coded design shows at a pixel, one axis: `value` is the design's linear value
 * read back, `predicted` the position the UV map gives. Returns the signed error in texels, or null
 * where the pixel's sample may straddle a period's jump (within `margin` texels of it).
 */
export function codedError(d: Pick<CodedDesign, 'period' | 'lo' | 'hi'>, value: number, predicted: number, margin = 1): number | null {
  const P = d.period;
  const phase = ((predicted % P) + P) % P;
  // A sample between a period's last texel (P − 1) and the next period's first mixes both ends of the ramp.
  if (phase > P - 1 - margin || phase < margin) return null;
  const measured = ((value - d.lo) / (d.hi - d.lo)) * P - 0.5;
  let e = measured - phase;
  if (e > P / 2) e -= P;
  if (e < -P / 2) e += P;
  return e;
}

export interface WrapLine {
  /** The line is u = index / count. */
  readonly index: number;
  /** Rows where the UV map has the line crossing resolved pixels, in runs of consecutive rows (a run ends only where the surface itself does). */
  readonly segments: readonly WrapSegment[];
}

export interface WrapSegment {
  readonly rows: number;
  /** Rows of the segment where the image shows no dark run near the line. */
  readonly missing: number;
  /** Largest number of separate dark runs near the line in one row (1 = a single curve). */
  readonly maxRuns: number;
  /** Neighbouring rows whose runs do not touch (8-neighbours): breaks in the curve. */
  readonly breaks: number;
  /** Largest shift of the run's centre from one row to the next, px, and the fitted |dx/dy|. */
  readonly maxStep: number;
  readonly slope: number;
}

export interface WrapReport {
  readonly lines: readonly WrapLine[];
  /** Pairs of neighbouring interior pixels along rows, and how many of them had u not increasing left to right. */
  readonly pairs: number;
  readonly notIncreasing: number;
}

/**
 * Vertical lines of a wrap design (u = k / count, dark, `halfWidth` in u either side) read back from an
 * applied mockup on surface number `s`. For each line, the rows where the UV map has it crossing pixels
 * at which it is at least `minWidthPx` wide (and below the highlight roll-off) are the rows where the
 * image must show it; in each, the dark pixels within a few pixels of that crossing are collected, and
 * the report says whether they form one curve down the band: one run per row, touching from row to row.
 */
export function wrapLines(
  out: Uint8Array,
  maps: TemplateMaps,
  s: number,
  design: { readonly count: number; readonly halfWidth: number; readonly lo: number; readonly hi: number },
  specularGain: number,
  minWidthPx = 2,
): WrapReport {
  const W = maps.width;
  const H = maps.height;
  const mid = (design.lo + design.hi) / 2;
  let pairs = 0;
  let notIncreasing = 0;
  // Per line: row → predicted x of the crossing.
  const predicted = new Map<number, Map<number, number>>();
  const usable = (i: number): boolean =>
    interior(maps, s, i, 1) && maps.shading[i]! >= 0.05 && design.hi * maps.shading[i]! + specularGain * maps.specular[i]! <= 0.78;
  for (let y = 1; y < H - 1; y++) {
    for (let x = 1; x < W - 2; x++) {
      const i = y * W + x;
      if (!interior(maps, s, i, 1) || !interior(maps, s, i + 1, 1)) continue;
      pairs++;
      const a = maps.u[i]!;
      const b = maps.u[i + 1]!;
      if (!(b > a)) {
        notIncreasing++;
        continue;
      }
      const k = Math.floor(b * design.count);
      if (k / design.count <= a || !usable(i) || !usable(i + 1)) continue;
      // Wide enough here to be seen as a line.
      if ((2 * design.halfWidth) / (b - a) < minWidthPx) continue;
      const rows = predicted.get(k) ?? new Map<number, number>();
      rows.set(y, x + (k / design.count - a) / (b - a));
      predicted.set(k, rows);
    }
  }
  const lines: WrapLine[] = [];
  for (const [index, rows] of [...predicted.entries()].sort((p, q) => p[0] - q[0])) {
    const ys = [...rows.keys()].sort((p, q) => p - q);
    const segments: WrapSegment[] = [];
    let start = 0;
    for (let k = 1; k <= ys.length; k++) {
      if (k < ys.length && ys[k] === ys[k - 1]! + 1) continue;
      const seg = ys.slice(start, k);
      start = k;
      let missing = 0,
        maxRuns = 0,
        breaks = 0,
        maxStep = 0;
      let prev: { x0: number; x1: number; c: number } | null = null;
      const centres: Point2[] = [];
      for (const y of seg) {
        const px = rows.get(y)!;
        // The line's pixels: dark ones whose u is within its half-width and 1.5 px of it.
        const i0 = y * W + Math.floor(px);
        const du = Math.max(1e-9, Math.abs(maps.u[i0 + 1]! - maps.u[i0]!));
        const near = Math.min(design.halfWidth + 1.5 * du, 0.5 / design.count);
        const u0 = index / design.count;
        const runs: { x0: number; x1: number }[] = [];
        const reach = Math.ceil(near / du) + 2;
        for (let x = Math.max(0, Math.floor(px) - reach); x <= Math.min(W - 1, Math.ceil(px) + reach); x++) {
          const i = y * W + x;
          if (maps.surface[i] !== s || Math.abs(maps.u[i]! - u0) > near) continue;
          // Partly covered pixels (the silhouette) and highlights in the roll-off are not read.
          const isDark = maps.coverage[i] === 1 && maps.shading[i]! >= 0.05 && LIN[out[i * 3 + 1]!]! < 0.78 && unlit(out, maps, i, specularGain) < mid;
          if (!isDark) continue;
          const last = runs.at(-1);
          if (last && last.x1 === x - 1) last.x1 = x;
          else runs.push({ x0: x, x1: x });
        }
        maxRuns = Math.max(maxRuns, runs.length);
        if (runs.length === 0) {
          missing++;
          prev = null;
          continue;
        }
        const run = runs.reduce((p, q) => (q.x1 - q.x0 > p.x1 - p.x0 ? q : p));
        const c = (run.x0 + run.x1) / 2;
        centres.push([c, y]);
        if (prev) {
          if (run.x0 > prev.x1 + 1 || run.x1 < prev.x0 - 1) breaks++;
          maxStep = Math.max(maxStep, Math.abs(c - prev.c));
        }
        prev = { ...run, c };
      }
      const fit = centres.length >= 2 ? fitLine(centres) : null;
      const slope = fit ? Math.abs(fit.dir[0] / (Math.abs(fit.dir[1]) || 1e-9)) : 0;
      segments.push({ rows: seg.length, missing, maxRuns, breaks, maxStep, slope });
    }
    lines.push({ index, segments });
  }
  return { lines, pairs, notIncreasing };
}

/** A checker per planar surface of a template, and the designs that draw them. */
export interface CheckerPlan {
  readonly specs: ReadonlyMap<number, CheckerSpec>;
  readonly designs: Record<number, DesignImage>;
}

/** Linear values of a checker's cells: dark enough and light enough to read, below the highlight roll-off once lit. */
export const CHECKER_LO = 0.04;
export const CHECKER_HI = 0.4;

/**
 * Checkers for the planar surfaces (indices into `maps.surfaces`) of a template. Cells have one size in
 * millimetres across a pack (a sixth of its largest planar side), so an edge on one face meets the
 * same edge on the next one at their fold; a direction in which a face is under 14 px per cell on
 * screen gets no edges. Ramps are `rampPx` pixels either side of each edge.
 */
export function checkerPlan(maps: TemplateMaps, planar: readonly boolean[], longSide: number, rampPx = 2.5): CheckerPlan {
  const specs = new Map<number, CheckerSpec>();
  const designs: Record<number, DesignImage> = {};
  maps.surfaces.forEach((sf, k) => {
    if (!planar[k]) return;
    const item = sf.item ?? 0;
    const sides = maps.surfaces.filter((o, j) => planar[j] && (o.item ?? 0) === item).flatMap((o) => [o.designArea.width, o.designArea.height]);
    const cell = Math.max(...sides) / 6;
    const g = uvGradients(maps, k + 1);
    if (g.pixels < 20) return;
    const cells = (n: number, grad: number): number => (1 / (n * grad) < 14 ? 1 : n);
    const nu = cells(Math.max(1, Math.round(sf.designArea.width / cell)), g.gu);
    const nv = cells(Math.max(1, Math.round(sf.designArea.height / cell)), g.gv);
    const spec: CheckerSpec = { nu, nv, ru: rampPx * g.gu, rv: rampPx * g.gv, lo: CHECKER_LO, hi: CHECKER_HI };
    specs.set(k, spec);
    designs[k] = checkerDesign(sf.designArea, spec, longSide);
  });
  return { specs, designs };
}

export interface StraightLine {
  readonly surface: number;
  readonly family: 'u' | 'v';
  readonly index: number;
  readonly fit: LineFit;
  readonly points: number;
}

/** Every checker edge with at least `minPoints` crossings spanning `minLength` px, fitted as a line. */
export function straightLines(out: Uint8Array, maps: TemplateMaps, plan: CheckerPlan, specularGain: number, minPoints = 8, minLength = 8): StraightLine[] {
  const lines: StraightLine[] = [];
  for (const [k, spec] of plan.specs) {
    for (const family of ['u', 'v'] as const) {
      for (const e of checkerEdges(out, maps, k + 1, spec, family, specularGain)) {
        if (e.points.length < minPoints) continue;
        const fit = fitLine(e.points);
        if (fit.length < minLength) continue;
        lines.push({ surface: k, family, index: e.index, fit, points: e.points.length });
      }
    }
  }
  return lines;
}

export interface FoldReport {
  readonly a: number;
  readonly b: number;
  /** Pixel pairs along the fold. */
  readonly foldPixels: number;
  /** Distance between face a's edge line and face b's (from each face's projective map) at the fold's two ends, px. */
  readonly edgeGap: number;
  /** Per checker edge meeting the fold from both faces: how far apart the two faces' lines reach the fold, px. */
  readonly gaps: readonly { index: number; gap: number }[];
}

/**
 * For every pair of planar surfaces of one pack that touch (a fold): the edge family that runs into
 * the fold on each face, the image line of each face's own border there (its projective map's u or v
 * = 0 or 1), and for each checker edge seen on both faces, the points where the two faces' fitted
 * lines reach their border; they should be one point.
 */
export function foldContinuity(
  out: Uint8Array,
  maps: TemplateMaps,
  plan: CheckerPlan,
  specularGain: number,
  options: { readonly minFoldPixels?: number; readonly lines?: readonly StraightLine[] } = {},
): FoldReport[] {
  const minFoldPixels = options.minFoldPixels ?? 8;
  const W = maps.width;
  const reports: FoldReport[] = [];
  const keys = [...plan.specs.keys()];
  const lineCache = new Map<string, Map<number, LineFit>>();
  const linesOf = (k: number, family: 'u' | 'v'): Map<number, LineFit> => {
    const key = `${k}${family}`;
    let m = lineCache.get(key);
    if (!m && options.lines) {
      m = new Map(options.lines.filter((l) => l.surface === k && l.family === family).map((l) => [l.index, l.fit] as const));
      lineCache.set(key, m);
    }
    if (!m) {
      m = new Map(
        checkerEdges(out, maps, k + 1, plan.specs.get(k)!, family, specularGain)
          .filter((e) => e.points.length >= 6)
          .map((e) => [e.index, fitLine(e.points)] as const),
      );
      lineCache.set(key, m);
    }
    return m;
  };
  const fits = new Map<number, SurfaceProjective | null>();
  const projective = (s: number): SurfaceProjective | null => {
    if (!fits.has(s)) fits.set(s, fitProjective(maps, s));
    return fits.get(s)!;
  };
  // The family running along the fold on face s (next to face o), and the border value there.
  const side = (s: number, o: number): { along: 'u' | 'v'; across: 'u' | 'v'; border: number } => {
    let uLo = Infinity,
      uHi = -Infinity,
      vLo = Infinity,
      vHi = -Infinity,
      uSum = 0,
      vSum = 0,
      n = 0;
    forBox(maps, s, 1, (i) => {
      if (maps.surface[i] !== s) return;
      if (maps.surface[i + 1] !== o && maps.surface[i - 1] !== o && maps.surface[i + W] !== o && maps.surface[i - W] !== o) return;
      const u = maps.u[i]!;
      const v = maps.v[i]!;
      uLo = Math.min(uLo, u);
      uHi = Math.max(uHi, u);
      vLo = Math.min(vLo, v);
      vHi = Math.max(vHi, v);
      uSum += u;
      vSum += v;
      n++;
    });
    return uHi - uLo > vHi - vLo ? { along: 'u', across: 'v', border: Math.round(vSum / n) } : { along: 'v', across: 'u', border: Math.round(uSum / n) };
  };
  for (const a of keys) {
    for (const b of keys) {
      if (b <= a || (maps.surfaces[a]!.item ?? 0) !== (maps.surfaces[b]!.item ?? 0)) continue;
      const fold = foldPoints(maps, a + 1, b + 1);
      if (fold.length < minFoldPixels) continue;
      const sa = side(a + 1, b + 1);
      const sb = side(b + 1, a + 1);
      const pa = projective(a + 1);
      const pb = projective(b + 1);
      if (!pa || !pb) continue;
      const ea = pa.line(sa.across, sa.border);
      const eb = pb.line(sb.across, sb.border);
      const foldLine = fitLine(fold);
      const dist = (l: Pick<LineFit, 'point' | 'dir'>, p: Point2): number => Math.abs(-(p[0] - l.point[0]) * l.dir[1] + (p[1] - l.point[1]) * l.dir[0]);
      let edgeGap = 0;
      for (const t of [-0.5, 0.5]) {
        const p: Point2 = [foldLine.point[0] + t * foldLine.length * foldLine.dir[0], foldLine.point[1] + t * foldLine.length * foldLine.dir[1]];
        const q = intersect(ea, { point: p, dir: [-foldLine.dir[1], foldLine.dir[0]] });
        if (q) edgeGap = Math.max(edgeGap, dist(eb, q));
      }
      const na = sa.along === 'u' ? plan.specs.get(a)!.nu : plan.specs.get(a)!.nv;
      const nb = sb.along === 'u' ? plan.specs.get(b)!.nu : plan.specs.get(b)!.nv;
      const gaps: { index: number; gap: number }[] = [];
      if (na === nb && na > 1) {
        const la = linesOf(a, sa.along);
        const lb = linesOf(b, sb.along);
        // The along coordinate runs the same way on both faces, or opposite ways: edge i meets edge i or n − i.
        const match = (reversed: boolean): { index: number; gap: number }[] => {
          const out: { index: number; gap: number }[] = [];
          for (const [i, fa] of la) {
            const fb = lb.get(reversed ? na - i : i);
            const qa = fb && intersect(fa, ea);
            const qb = fb && intersect(fb, eb);
            if (qa && qb) out.push({ index: i, gap: Math.hypot(qa[0] - qb[0], qa[1] - qb[1]) });
          }
          return out;
        };
        // Which way round: the borders' along coordinate at the fold's ends.
        const mid = fold[0]!;
        const far = fold.reduce((best, p) => (Math.hypot(p[0] - mid[0], p[1] - mid[1]) > Math.hypot(best[0] - mid[0], best[1] - mid[1]) ? p : best), mid);
        const coord = (s: number, along: 'u' | 'v', p: Point2): number => {
          // The nearest pixel of surface s to p.
          let best = -1,
            bd = Infinity;
          const x0 = Math.floor(p[0]);
          const y0 = Math.floor(p[1]);
          for (let dy = -2; dy <= 2; dy++) {
            for (let dx = -2; dx <= 2; dx++) {
              const x = x0 + dx;
              const y = y0 + dy;
              if (x < 0 || y < 0 || x >= W || y >= maps.height || maps.surface[y * W + x] !== s) continue;
              const d = Math.hypot(x + 0.5 - p[0], y + 0.5 - p[1]);
              if (d < bd) {
                bd = d;
                best = y * W + x;
              }
            }
          }
          return best < 0 ? NaN : (along === 'u' ? maps.u : maps.v)[best]!;
        };
        const da = coord(a + 1, sa.along, far) - coord(a + 1, sa.along, mid);
        const db = coord(b + 1, sb.along, far) - coord(b + 1, sb.along, mid);
        gaps.push(...match(da * db < 0));
      }
      reports.push({ a, b, foldPixels: fold.length, edgeGap, gaps });
    }
  }
  return reports;
}
