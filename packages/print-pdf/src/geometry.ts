import type { Dieline, PathMm } from '@packsmith/design-engine/dieline';

/** PDF user space units (points) per millimetre: 72 pt per inch, 25.4 mm per inch. */
export const PT_PER_MM = 72 / 25.4;

/** Default slug: the margin outside the bleed that carries the marks and the info block, mm. */
export const DEFAULT_SLUG_MM = 12;

/** A rectangle on the page in millimetres, PDF orientation (origin bottom-left, y up). */
export interface PageRectMm {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Where everything sits on the page, in mm. The trim is the dieline's bounding box; the bleed
 * grows it by the dieline's bleed on every side; the slug grows that again for the marks.
 */
export interface PageGeometry {
  readonly slug: number;
  readonly bleed: number;
  readonly media: PageRectMm;
  readonly bleedBox: PageRectMm;
  readonly trimBox: PageRectMm;
  /** Sheet (dieline) mm, y down from the cut outline's top-left → page points, y up. */
  toPage(x: number, y: number): { x: number; y: number };
}

export function pageGeometry(dieline: Dieline, slug: number = DEFAULT_SLUG_MM): PageGeometry {
  const bleed = dieline.bleed;
  const w = dieline.size.width;
  const h = dieline.size.height;
  const pageW = w + 2 * bleed + 2 * slug;
  const pageH = h + 2 * bleed + 2 * slug;
  const origin = slug + bleed;
  return {
    slug,
    bleed,
    media: { x: 0, y: 0, width: pageW, height: pageH },
    bleedBox: { x: slug, y: slug, width: w + 2 * bleed, height: h + 2 * bleed },
    trimBox: { x: origin, y: origin, width: w, height: h },
    // The sheet's y runs down from the top of the cut outline; the page's runs up from the bottom.
    toPage: (x, y) => ({ x: (origin + x) * PT_PER_MM, y: (pageH - origin - y) * PT_PER_MM }),
  };
}

/** A path piece on the page in points: a straight line or one cubic Bézier. */
export type PagePiece = { readonly kind: 'line'; readonly to: Pt } | { readonly kind: 'curve'; readonly c1: Pt; readonly c2: Pt; readonly to: Pt };

export interface Pt {
  readonly x: number;
  readonly y: number;
}

export interface PagePath {
  readonly start: Pt;
  readonly pieces: readonly PagePiece[];
  readonly closed: boolean;
}

/**
 * The centre and the signed sweep of an endpoint arc (SVG's parametrisation with rx = ry), in
 * sheet coordinates (y down, so a positive sweep turns clockwise on screen). A radius too small
 * for the chord grows to half the chord, as SVG renderers do.
 */
export function arcCentre(
  from: Pt,
  to: Pt,
  radius: number,
  clockwise: boolean,
  largeArc: boolean,
): { cx: number; cy: number; r: number; a0: number; sweep: number } {
  const hx = (from.x - to.x) / 2;
  const hy = (from.y - to.y) / 2;
  const d2 = hx * hx + hy * hy;
  let r = Math.abs(radius);
  if (r * r < d2) r = Math.sqrt(d2);
  const sign = largeArc !== clockwise ? 1 : -1;
  const k = d2 === 0 ? 0 : sign * Math.sqrt(Math.max(0, (r * r - d2) / d2));
  const cx = k * hy + (from.x + to.x) / 2;
  const cy = -k * hx + (from.y + to.y) / 2;
  const a0 = Math.atan2(from.y - cy, from.x - cx);
  const a1 = Math.atan2(to.y - cy, to.x - cx);
  let sweep = a1 - a0;
  if (clockwise && sweep < 0) sweep += 2 * Math.PI;
  if (!clockwise && sweep > 0) sweep -= 2 * Math.PI;
  return { cx, cy, r, a0, sweep };
}

/**
 * A dieline path in page points: lines stay lines, each arc becomes cubic Béziers of at most a
 * quarter turn (PDF has no arc operator; the error of a quarter-turn cubic is 0.027 % of r).
 */
export function toPagePath(path: PathMm, geo: PageGeometry): PagePath {
  const pieces: PagePiece[] = [];
  let from: Pt = { x: path.start.x, y: path.start.y };
  for (const s of path.segments) {
    const to: Pt = { x: s.to.x, y: s.to.y };
    if (s.kind === 'line') {
      pieces.push({ kind: 'line', to: geo.toPage(to.x, to.y) });
    } else {
      const { cx, cy, r, a0, sweep } = arcCentre(from, to, s.radius, s.clockwise, s.largeArc);
      const n = Math.max(1, Math.ceil(Math.abs(sweep) / (Math.PI / 2) - 1e-9));
      const step = sweep / n;
      const k = (4 / 3) * Math.tan(step / 4);
      for (let i = 0; i < n; i++) {
        const a = a0 + step * i;
        const b = a + step;
        const p0 = { x: cx + r * Math.cos(a), y: cy + r * Math.sin(a) };
        // The last piece ends on the stored endpoint exactly, not on its recomputation.
        const p3 = i === n - 1 ? to : { x: cx + r * Math.cos(b), y: cy + r * Math.sin(b) };
        const c1 = { x: p0.x - k * r * Math.sin(a), y: p0.y + k * r * Math.cos(a) };
        const c2 = { x: p3.x + k * r * Math.sin(b), y: p3.y - k * r * Math.cos(b) };
        pieces.push({ kind: 'curve', c1: geo.toPage(c1.x, c1.y), c2: geo.toPage(c2.x, c2.y), to: geo.toPage(p3.x, p3.y) });
      }
    }
    from = to;
  }
  return { start: geo.toPage(path.start.x, path.start.y), pieces, closed: path.closed };
}
