import { arcGeometry, type ArcGeometry, type Path, pointOnArc, pt, type Pt, reversePath, type Seg, signedArea } from './geometry.js';

/*
 * The cut outline of a blank is the boundary of the union of its panels: every edge piece
 * that belongs to exactly one panel. Panels touch along folds and along artwork boundaries
 * (a label's front and back), so shared pieces cancel. Generators therefore describe panels
 * only, and the outline can never disagree with them.
 */

const EPS = 1e-6;

type Edge = { kind: 'line'; a: Pt; b: Pt } | { kind: 'arc'; a: Pt; b: Pt; g: ArcGeometry };

const key = (p: Pt): string => `${Math.round(p.x * 1e4)},${Math.round(p.y * 1e4)}`;
const same = (p: Pt, q: Pt): boolean => Math.abs(p.x - q.x) < 1e-4 && Math.abs(p.y - q.y) < 1e-4;

function edgesOf(path: Path): Edge[] {
  const oriented = signedArea(path) < 0 ? reversePath(path) : path;
  const edges: Edge[] = [];
  let from = oriented.start;
  const segs: Seg[] = [...oriented.segs];
  if (!same(segs.length ? (segs[segs.length - 1] as Seg).to : from, oriented.start)) segs.push({ kind: 'line', to: oriented.start });
  for (const seg of segs) {
    if (!same(from, seg.to)) {
      edges.push(seg.kind === 'line' ? { kind: 'line', a: from, b: seg.to } : { kind: 'arc', a: from, b: seg.to, g: arcGeometry(from, seg) });
    }
    from = seg.to;
  }
  return edges;
}

/** Parameter of p along line a→b when p lies strictly inside it, else null. */
function onLine(a: Pt, b: Pt, p: Pt): number | null {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  if (len2 < EPS) return null;
  const t = ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2;
  if (t <= 1e-7 || t >= 1 - 1e-7) return null;
  const cross = Math.abs((p.x - a.x) * dy - (p.y - a.y) * dx) / Math.sqrt(len2);
  return cross < 1e-4 ? t : null;
}

/** Signed angular offset of p from the arc start, when p lies strictly inside the arc. */
function onArc(g: ArcGeometry, p: Pt): number | null {
  if (Math.abs(Math.hypot(p.x - g.cx, p.y - g.cy) - g.r) > 1e-4) return null;
  const twoPi = 2 * Math.PI;
  let d = (Math.atan2(p.y - g.cy, p.x - g.cx) - g.a0) * Math.sign(g.sweep);
  d = ((d % twoPi) + twoPi) % twoPi;
  const span = Math.abs(g.sweep);
  if (d <= 1e-7 || d >= span - 1e-7) return null;
  return d * Math.sign(g.sweep);
}

function split(edge: Edge, points: readonly Pt[]): Edge[] {
  if (edge.kind === 'line') {
    const ts = points.map((p) => onLine(edge.a, edge.b, p)).filter((t): t is number => t !== null);
    if (!ts.length) return [edge];
    const cuts = [...new Set(ts)].sort((x, y) => x - y);
    const at = (t: number) => pt(edge.a.x + (edge.b.x - edge.a.x) * t, edge.a.y + (edge.b.y - edge.a.y) * t);
    const stops = [edge.a, ...cuts.map(at), edge.b];
    return stops.slice(1).map((b, i) => ({ kind: 'line', a: stops[i] as Pt, b }));
  }
  const offsets = points.map((p) => onArc(edge.g, p)).filter((d): d is number => d !== null);
  if (!offsets.length) return [edge];
  const sorted = [...new Set(offsets)].sort((x, y) => Math.abs(x) - Math.abs(y));
  const bounds = [0, ...sorted, edge.g.sweep];
  const out: Edge[] = [];
  for (let i = 1; i < bounds.length; i++) {
    const s0 = bounds[i - 1] as number;
    const s1 = bounds[i] as number;
    const g: ArcGeometry = { ...edge.g, a0: edge.g.a0 + s0, sweep: s1 - s0 };
    out.push({
      kind: 'arc',
      a: i === 1 ? edge.a : pointOnArc(edge.g, edge.g.a0 + s0),
      b: i === bounds.length - 1 ? edge.b : pointOnArc(edge.g, edge.g.a0 + s1),
      g,
    });
  }
  return out;
}

function geomKey(e: Edge, reversed: boolean): string {
  const [a, b] = reversed ? [e.b, e.a] : [e.a, e.b];
  if (e.kind === 'line') return `L${key(a)}>${key(b)}`;
  const cw = reversed ? e.g.sweep < 0 : e.g.sweep > 0;
  return `A${key(a)}>${key(b)}@${key(pt(e.g.cx, e.g.cy))}:${cw ? 1 : 0}`;
}

function toSeg(e: Edge): Seg {
  if (e.kind === 'line') return { kind: 'line', to: e.b };
  return { kind: 'arc', to: e.b, r: e.g.r, cw: e.g.sweep > 0, large: Math.abs(e.g.sweep) > Math.PI };
}

function mergeable(prev: Edge, next: Edge): boolean {
  if (prev.kind === 'line' && next.kind === 'line') {
    const ux = prev.b.x - prev.a.x;
    const uy = prev.b.y - prev.a.y;
    const vx = next.b.x - next.a.x;
    const vy = next.b.y - next.a.y;
    const cross = Math.abs(ux * vy - uy * vx) / (Math.hypot(ux, uy) * Math.hypot(vx, vy));
    return cross < 1e-9 && ux * vx + uy * vy > 0;
  }
  if (prev.kind === 'arc' && next.kind === 'arc') {
    // Arcs stay under half a turn: an SVG arc cannot describe a full circle, and endpoints
    // recomputed from a near-full sweep are ill-conditioned.
    return (
      same(pt(prev.g.cx, prev.g.cy), pt(next.g.cx, next.g.cy)) &&
      Math.abs(prev.g.r - next.g.r) < 1e-4 &&
      Math.sign(prev.g.sweep) === Math.sign(next.g.sweep) &&
      Math.abs(prev.g.sweep + next.g.sweep) < Math.PI * 0.999
    );
  }
  return false;
}

function merge(prev: Edge, next: Edge): Edge {
  if (prev.kind === 'arc' && next.kind === 'arc') return { kind: 'arc', a: prev.a, b: next.b, g: { ...prev.g, sweep: prev.g.sweep + next.g.sweep } };
  return { kind: 'line', a: prev.a, b: next.b };
}

/** Thrown when two panels cover the same piece of board: a generator bug. */
export class OverlappingPanelsError extends Error {}

/** Closed outlines (one per separate piece) of the union of the given closed panel paths. */
export function unionOutline(panels: readonly Path[]): Path[] {
  const raw = panels.flatMap(edgesOf);
  const vertices = raw.flatMap((e) => [e.a, e.b]);
  const pieces = raw.flatMap((e) => split(e, vertices));

  const count = new Map<string, number>();
  for (const e of pieces) count.set(geomKey(e, false), (count.get(geomKey(e, false)) ?? 0) + 1);
  for (const [k, n] of count) if (n > 1) throw new OverlappingPanelsError(`Two panels share the edge ${k} in the same direction`);

  const boundary = pieces.filter((e) => !count.has(geomKey(e, true)));
  const byStart = new Map<string, Edge[]>();
  for (const e of boundary) byStart.set(key(e.a), [...(byStart.get(key(e.a)) ?? []), e]);

  const used = new Set<Edge>();
  const loops: Path[] = [];
  for (const first of boundary) {
    if (used.has(first)) continue;
    const loop: Edge[] = [];
    let current: Edge | undefined = first;
    while (current && !used.has(current)) {
      used.add(current);
      const last = loop[loop.length - 1];
      if (last && mergeable(last, current)) loop[loop.length - 1] = merge(last, current);
      else loop.push(current);
      current = (byStart.get(key(current.b)) ?? []).find((e) => !used.has(e));
    }
    const head = loop[0];
    const tail = loop[loop.length - 1];
    if (head && tail && loop.length > 1 && mergeable(tail, head)) {
      loop[0] = merge(tail, head);
      loop.pop();
    }
    const start = loop[0];
    if (!start) continue;
    loops.push({ start: start.a, segs: loop.map(toSeg), closed: true });
  }
  return loops;
}
