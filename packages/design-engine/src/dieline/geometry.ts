/*
 * Plain-number 2D geometry used while a dieline is being built (sheet coordinates: x to the
 * right, y down, millimetres). Generators work in numbers for readable arithmetic; the
 * builder brands everything as `Mm` when it hands the finished dieline out.
 */

export interface Pt {
  readonly x: number;
  readonly y: number;
}

/** A straight piece, or a circular arc (`cw` = clockwise on screen, i.e. SVG sweep-flag 1). */
export type Seg =
  { readonly kind: 'line'; readonly to: Pt } | { readonly kind: 'arc'; readonly to: Pt; readonly r: number; readonly cw: boolean; readonly large: boolean };

export interface Path {
  readonly start: Pt;
  readonly segs: readonly Seg[];
  readonly closed: boolean;
}

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export const pt = (x: number, y: number): Pt => ({ x, y });

/** A path drawn step by step: `draw(0, 0).line(10, 0).arc(20, 10, 10, true).close()`. */
export class PathDraft {
  private readonly segs: Seg[] = [];
  private cursor: Pt;

  constructor(private readonly start: Pt) {
    this.cursor = start;
  }

  line(x: number, y: number): this {
    this.segs.push({ kind: 'line', to: pt(x, y) });
    this.cursor = pt(x, y);
    return this;
  }

  /** Relative line. */
  by(dx: number, dy: number): this {
    return this.line(this.cursor.x + dx, this.cursor.y + dy);
  }

  arc(x: number, y: number, r: number, cw: boolean, large = false): this {
    this.segs.push({ kind: 'arc', to: pt(x, y), r, cw, large });
    this.cursor = pt(x, y);
    return this;
  }

  get at(): Pt {
    return this.cursor;
  }

  open(): Path {
    return { start: this.start, segs: [...this.segs], closed: false };
  }

  close(): Path {
    return { start: this.start, segs: [...this.segs], closed: true };
  }
}

export const draw = (x: number, y: number): PathDraft => new PathDraft(pt(x, y));

/** Closed path through the points, in order. */
export function polygon(points: readonly Pt[]): Path {
  const [first, ...rest] = points;
  if (!first) throw new Error('polygon needs points');
  return { start: first, segs: rest.map((to) => ({ kind: 'line', to })), closed: true };
}

/** Open polyline through the points. */
export function polyline(points: readonly Pt[]): Path {
  return { ...polygon(points), closed: false };
}

export function line(x1: number, y1: number, x2: number, y2: number): Path {
  return { start: pt(x1, y1), segs: [{ kind: 'line', to: pt(x2, y2) }], closed: false };
}

export function rectPath(x: number, y: number, width: number, height: number): Path {
  return polygon([pt(x, y), pt(x + width, y), pt(x + width, y + height), pt(x, y + height)]);
}

/** Circle of radius r around (cx, cy), as two half arcs. */
export function circlePath(cx: number, cy: number, r: number): Path {
  return draw(cx - r, cy)
    .arc(cx + r, cy, r, true)
    .arc(cx - r, cy, r, true)
    .close();
}

// ---- arcs -------------------------------------------------------------------------------

export interface ArcGeometry {
  readonly cx: number;
  readonly cy: number;
  readonly r: number;
  /** Start angle (radians, screen angles: 0 = +x, π/2 = +y). */
  readonly a0: number;
  /** Signed sweep: positive is clockwise on screen. */
  readonly sweep: number;
}

/** Centre and angles of an SVG-style circular arc (SVG 1.1 F.6.5 with rx = ry, φ = 0). */
export function arcGeometry(from: Pt, seg: Extract<Seg, { kind: 'arc' }>): ArcGeometry {
  const { to, cw, large } = seg;
  const hx = (from.x - to.x) / 2;
  const hy = (from.y - to.y) / 2;
  const h2 = hx * hx + hy * hy;
  // A radius too small for the chord is scaled up, as SVG renderers do.
  const r = Math.max(seg.r, Math.sqrt(h2));
  const k = h2 === 0 ? 0 : Math.sqrt(Math.max(0, (r * r - h2) / h2)) * (large !== cw ? 1 : -1);
  const cxp = k * hy;
  const cyp = -k * hx;
  const cx = cxp + (from.x + to.x) / 2;
  const cy = cyp + (from.y + to.y) / 2;
  const a0 = Math.atan2(from.y - cy, from.x - cx);
  const a1 = Math.atan2(to.y - cy, to.x - cx);
  let sweep = a1 - a0;
  if (cw && sweep <= 0) sweep += 2 * Math.PI;
  if (!cw && sweep >= 0) sweep -= 2 * Math.PI;
  return { cx, cy, r, a0, sweep };
}

export function pointOnArc(g: ArcGeometry, angle: number): Pt {
  return pt(g.cx + g.r * Math.cos(angle), g.cy + g.r * Math.sin(angle));
}

/** Arc segment from `from` around centre (cx, cy) by a signed sweep (positive = clockwise on screen). */
export function arcAround(from: Pt, cx: number, cy: number, sweep: number): Seg {
  const r = Math.hypot(from.x - cx, from.y - cy);
  const a0 = Math.atan2(from.y - cy, from.x - cx);
  const to = pt(cx + r * Math.cos(a0 + sweep), cy + r * Math.sin(a0 + sweep));
  return { kind: 'arc', to, r, cw: sweep > 0, large: Math.abs(sweep) > Math.PI };
}

// ---- measuring --------------------------------------------------------------------------

/** The path as points, arcs split finely enough for areas and hit tests (≤ 1° per step). */
export function flatten(path: Path, maxStepRad = Math.PI / 180): Pt[] {
  const out: Pt[] = [path.start];
  let from = path.start;
  for (const seg of path.segs) {
    if (seg.kind === 'line') {
      out.push(seg.to);
    } else {
      const g = arcGeometry(from, seg);
      const n = Math.max(2, Math.ceil(Math.abs(g.sweep) / maxStepRad));
      for (let i = 1; i < n; i++) out.push(pointOnArc(g, g.a0 + (g.sweep * i) / n));
      out.push(seg.to);
    }
    from = seg.to;
  }
  return out;
}

/** Signed area (shoelace); positive when the path runs clockwise on screen (y down). */
export function signedArea(path: Path): number {
  const p = flatten(path);
  let s = 0;
  for (let i = 0; i < p.length; i++) {
    const a = p[i] as Pt;
    const b = p[(i + 1) % p.length] as Pt;
    s += a.x * b.y - b.x * a.y;
  }
  return s / 2;
}

function angleInSweep(g: ArcGeometry, angle: number): boolean {
  const twoPi = 2 * Math.PI;
  let d = (angle - g.a0) * Math.sign(g.sweep);
  d = ((d % twoPi) + twoPi) % twoPi;
  return d <= Math.abs(g.sweep) + 1e-12;
}

/** Exact bounding box (arcs contribute their extreme points). */
export function pathBounds(path: Path): Rect {
  let minX = path.start.x;
  let minY = path.start.y;
  let maxX = minX;
  let maxY = minY;
  const add = (p: Pt) => {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  };
  let from = path.start;
  for (const seg of path.segs) {
    add(seg.to);
    if (seg.kind === 'arc') {
      const g = arcGeometry(from, seg);
      for (const a of [0, Math.PI / 2, Math.PI, -Math.PI / 2]) if (angleInSweep(g, a)) add(pointOnArc(g, a));
    }
    from = seg.to;
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

export function unionBounds(rects: readonly Rect[]): Rect {
  if (rects.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
  const minX = Math.min(...rects.map((r) => r.x));
  const minY = Math.min(...rects.map((r) => r.y));
  const maxX = Math.max(...rects.map((r) => r.x + r.width));
  const maxY = Math.max(...rects.map((r) => r.y + r.height));
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** Even-odd point-in-polygon on the flattened path. */
export function containsPoint(polygonPoints: readonly Pt[], p: Pt): boolean {
  let inside = false;
  for (let i = 0, j = polygonPoints.length - 1; i < polygonPoints.length; j = i++) {
    const a = polygonPoints[i] as Pt;
    const b = polygonPoints[j] as Pt;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

// ---- transforms -------------------------------------------------------------------------

export function mapPath(path: Path, f: (p: Pt) => Pt, mirror: boolean): Path {
  return {
    start: f(path.start),
    segs: path.segs.map((s) => (s.kind === 'line' ? { kind: 'line', to: f(s.to) } : { ...s, to: f(s.to), cw: mirror ? !s.cw : s.cw })),
    closed: path.closed,
  };
}

export const translatePath = (path: Path, dx: number, dy: number): Path => mapPath(path, (p) => pt(p.x + dx, p.y + dy), false);

/** Mirror across the horizontal line y = axis (arcs change direction). */
export const mirrorPathY = (path: Path, axis: number): Path => mapPath(path, (p) => pt(p.x, 2 * axis - p.y), true);

/** Mirror across the vertical line x = axis. */
export const mirrorPathX = (path: Path, axis: number): Path => mapPath(path, (p) => pt(2 * axis - p.x, p.y), true);

/** The same path walked backwards. */
export function reversePath(path: Path): Path {
  const points = [path.start, ...path.segs.map((s) => s.to)];
  const segs: Seg[] = [];
  for (let i = path.segs.length - 1; i >= 0; i--) {
    const seg = path.segs[i] as Seg;
    const to = points[i] as Pt;
    segs.push(seg.kind === 'line' ? { kind: 'line', to } : { ...seg, to, cw: !seg.cw });
  }
  return { start: points[points.length - 1] as Pt, segs, closed: path.closed };
}

export function insetRect(r: Rect, inset: number): Rect {
  const dx = Math.min(inset, r.width / 2);
  const dy = Math.min(inset, r.height / 2);
  return { x: r.x + dx, y: r.y + dy, width: r.width - 2 * dx, height: r.height - 2 * dy };
}
