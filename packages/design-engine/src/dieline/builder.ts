import type { BoxId } from '@packsmith/contracts';
import { mm } from '../units.js';
import {
  arcGeometry,
  containsPoint,
  flatten,
  insetRect,
  type Path,
  pathBounds,
  pointOnArc,
  type Pt,
  rectPath,
  type Rect,
  type Seg,
  signedArea,
  translatePath,
  unionBounds,
} from './geometry.js';
import { unionOutline } from './outline.js';
import type { Dieline, PanelRole, PathMm, PointMm, RectMm, Rotation, ZoneKind } from './types.js';

/** Artwork bleed beyond every cut edge, in mm. */
export const BLEED_MM = 3;
/** Default distance from folds and cuts to keep text inside, in mm. */
export const SAFE_INSET_MM = 3;

interface PanelDraft {
  id: string;
  role: PanelRole;
  path: Path;
  rotation: Rotation;
  face?: { width: number; height: number };
  safe?: Rect;
}

export interface PanelOptions {
  /** See Panel.artworkRotation; 0 when omitted. */
  rotation?: Rotation;
  /** Face size on the pack; the panel's bounding box when omitted. */
  face?: { width: number; height: number };
  /** Safe area; the bounds inset by the safe inset when omitted. */
  safe?: Rect;
}

/**
 * Collects panels, folds and extra cut lines in plain millimetre numbers, then produces a
 * Dieline: outline derived from the panels, sheet moved to the origin, values branded as Mm.
 */
export class DielineBuilder {
  private readonly panels: PanelDraft[] = [];
  private readonly creases: Path[] = [];
  private readonly cuts: Path[] = [];
  private readonly perforations: Path[] = [];
  private readonly zones: { kind: ZoneKind; path: Path }[] = [];

  panel(id: string, role: PanelRole, path: Path, options: PanelOptions = {}): this {
    if (this.panels.some((p) => p.id === id)) throw new Error(`Duplicate panel id ${id}`);
    if (!path.closed) throw new Error(`Panel ${id} must be a closed path`);
    this.panels.push({ id, role, path, rotation: options.rotation ?? 0, face: options.face, safe: options.safe });
    return this;
  }

  rect(id: string, role: PanelRole, x: number, y: number, width: number, height: number, options: PanelOptions = {}): this {
    return this.panel(id, role, rectPath(x, y, width, height), options);
  }

  crease(path: Path): this {
    this.creases.push(path);
    return this;
  }

  cut(path: Path): this {
    this.cuts.push(path);
    return this;
  }

  perforation(path: Path): this {
    this.perforations.push(path);
    return this;
  }

  zone(kind: ZoneKind, path: Path): this {
    this.zones.push({ kind, path });
    return this;
  }

  build(meta: { boxId: BoxId; family: string; params: Readonly<Record<string, unknown>>; safeInset?: number }): Dieline {
    const safeInset = meta.safeInset ?? SAFE_INSET_MM;
    const outlines = unionOutline(this.panels.map((p) => p.path));
    const sheet = unionBounds(outlines.map(pathBounds));
    const move = (path: Path) => toMm(translatePath(path, -sheet.x, -sheet.y));
    const moveRect = (r: Rect): RectMm => rectMm({ ...r, x: r.x - sheet.x, y: r.y - sheet.y });

    return {
      boxId: meta.boxId,
      family: meta.family,
      params: meta.params,
      size: { width: mm(round(sheet.width)), height: mm(round(sheet.height)) },
      bleed: mm(BLEED_MM),
      bleedBox: rectMm({ x: -BLEED_MM, y: -BLEED_MM, width: sheet.width + 2 * BLEED_MM, height: sheet.height + 2 * BLEED_MM }),
      safeInset: mm(safeInset),
      panels: this.panels.map((p) => {
        const bounds = pathBounds(p.path);
        const face = p.face ?? { width: bounds.width, height: bounds.height };
        return {
          id: p.id,
          role: p.role,
          shape: move(p.path),
          bounds: moveRect(bounds),
          face: { width: mm(round(face.width)), height: mm(round(face.height)) },
          safe: moveRect(nonNegative(p.safe ?? inscribedSafe(p.path, bounds, safeInset))),
          artworkRotation: p.rotation,
        };
      }),
      outlines: outlines.map(move),
      cuts: this.cuts.map(move),
      creases: this.creases.map(move),
      perforations: this.perforations.map(move),
      zones: this.zones.map((z) => ({ kind: z.kind, shape: move(z.path) })),
      area: round(outlines.reduce((sum, o) => sum + Math.abs(signedArea(o)), 0)),
    };
  }
}

/**
 * The bounds inset by the safe distance, shrunk about its centre until it lies inside the
 * panel (tapered flaps, curved faces). Thin curved strips end up with an empty safe area.
 */
function inscribedSafe(path: Path, bounds: Rect, inset: number): Rect {
  const full = insetRect(bounds, inset);
  const poly = flatten(path);
  const cx = full.x + full.width / 2;
  const cy = full.y + full.height / 2;
  const scaled = (k: number): Rect => ({ x: cx - (full.width * k) / 2, y: cy - (full.height * k) / 2, width: full.width * k, height: full.height * k });
  const fits = (r: Rect): boolean => {
    const n = 8;
    for (let i = 0; i <= n; i++) {
      const f = i / n;
      const probes: Pt[] = [
        { x: r.x + r.width * f, y: r.y },
        { x: r.x + r.width * f, y: r.y + r.height },
        { x: r.x, y: r.y + r.height * f },
        { x: r.x + r.width, y: r.y + r.height * f },
      ];
      if (!probes.every((q) => containsPoint(poly, q))) return false;
    }
    // A concave outline may poke into the rectangle between probes.
    return !poly.some((q) => q.x > r.x + 1e-9 && q.x < r.x + r.width - 1e-9 && q.y > r.y + 1e-9 && q.y < r.y + r.height - 1e-9);
  };
  if (fits(full)) return full;
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2;
    if (fits(scaled(mid))) lo = mid;
    else hi = mid;
  }
  return lo > 0 ? scaled(lo) : { x: cx, y: cy, width: 0, height: 0 };
}

/** A safe area squeezed below zero by a small panel becomes an empty one at its centre. */
function nonNegative(r: Rect): Rect {
  if (r.width >= 0 && r.height >= 0) return r;
  const width = Math.max(0, r.width);
  const height = Math.max(0, r.height);
  return { x: r.x + (r.width - width) / 2, y: r.y + (r.height - height) / 2, width, height };
}

/** Rounded to a micrometre: keeps goldens stable against floating-point noise. */
function round(n: number): number {
  const r = Math.round(n * 1000) / 1000;
  return Object.is(r, -0) ? 0 : r;
}

const pointMm = (p: Pt): PointMm => ({ x: mm(round(p.x)), y: mm(round(p.y)) });

function rectMm(r: Rect): RectMm {
  return { x: mm(round(r.x)), y: mm(round(r.y)), width: mm(round(r.width)), height: mm(round(r.height)) };
}

/**
 * Arcs go out in pieces of at most a quarter turn: an endpoint-and-radius arc near half a
 * turn is ill-conditioned (a micrometre of rounding moves its centre by millimetres), both
 * here and in every SVG renderer.
 */
function splitArcs(path: Path): Seg[] {
  const out: Seg[] = [];
  let from = path.start;
  for (const s of path.segs) {
    if (s.kind === 'arc') {
      const g = arcGeometry(from, s);
      const n = Math.ceil(Math.abs(g.sweep) / (Math.PI / 2) - 1e-9);
      for (let i = 1; i < n; i++) out.push({ kind: 'arc', to: pointOnArc(g, g.a0 + (g.sweep * i) / n), r: g.r, cw: s.cw, large: false });
      out.push({ kind: 'arc', to: s.to, r: g.r, cw: s.cw, large: false });
    } else {
      out.push(s);
    }
    from = s.to;
  }
  return out;
}

function toMm(path: Path): PathMm {
  return {
    start: pointMm(path.start),
    segments: splitArcs(path).map((s) =>
      s.kind === 'line' ? { kind: 'line', to: pointMm(s.to) } : { kind: 'arc', to: pointMm(s.to), radius: mm(round(s.r)), clockwise: s.cw, largeArc: s.large },
    ),
    closed: path.closed,
  };
}

/** Back from branded output to plain geometry (for measuring a finished dieline). */
export function fromMm(path: PathMm): Path {
  return {
    start: { x: path.start.x, y: path.start.y },
    segs: path.segments.map((s) =>
      s.kind === 'line'
        ? { kind: 'line', to: { x: s.to.x, y: s.to.y } }
        : { kind: 'arc', to: { x: s.to.x, y: s.to.y }, r: s.radius, cw: s.clockwise, large: s.largeArc },
    ),
    closed: path.closed,
  };
}
