/**
 * Plane geometry the editor shares: boxes in mm, a layer's turned corners, and the map between a
 * panel's upright coordinates and the flat sheet.
 */
import type { EditorLayer, EditorPanel } from '@packsmith/contracts';

export interface Point {
  x: number;
  y: number;
}

/** An axis-aligned box in mm (x, y top-left). */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The four corners of a layer, turned by its rotation about its centre (panel mm). */
export function layerCorners(l: Pick<EditorLayer, 'x' | 'y' | 'w' | 'h' | 'rotation'>): Point[] {
  const cx = l.x + l.w / 2;
  const cy = l.y + l.h / 2;
  const rad = (l.rotation * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  return [
    [l.x, l.y],
    [l.x + l.w, l.y],
    [l.x + l.w, l.y + l.h],
    [l.x, l.y + l.h],
  ].map(([x = 0, y = 0]) => ({ x: cx + (x - cx) * cos - (y - cy) * sin, y: cy + (x - cx) * sin + (y - cy) * cos }));
}

/** The axis-aligned box round points. */
export function boundsOf(points: readonly Point[]): Box {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y };
}

/** A layer's box as drawn (its rotation included). */
export function layerBounds(l: Pick<EditorLayer, 'x' | 'y' | 'w' | 'h' | 'rotation'>): Box {
  return l.rotation % 360 === 0 ? { x: l.x, y: l.y, w: l.w, h: l.h } : boundsOf(layerCorners(l));
}

/** The box round several boxes. */
export function unionBox(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  return boundsOf(
    boxes.flatMap((b) => [
      { x: b.x, y: b.y },
      { x: b.x + b.w, y: b.y + b.h },
    ]),
  );
}

/** A point of the panel's upright coordinates on the flat sheet (the panel is turned clockwise by its rotation). */
export function panelToSheet(panel: Pick<EditorPanel, 'rect' | 'rotation' | 'width' | 'height'>, p: Point): Point {
  const { x, y } = panel.rect;
  switch (panel.rotation) {
    case 90:
      return { x: x + panel.height - p.y, y: y + p.x };
    case 180:
      return { x: x + panel.width - p.x, y: y + panel.height - p.y };
    case 270:
      return { x: x + p.y, y: y + panel.width - p.x };
    default:
      return { x: x + p.x, y: y + p.y };
  }
}

/** The inverse of {@link panelToSheet}. */
export function sheetToPanel(panel: Pick<EditorPanel, 'rect' | 'rotation' | 'width' | 'height'>, p: Point): Point {
  const dx = p.x - panel.rect.x;
  const dy = p.y - panel.rect.y;
  switch (panel.rotation) {
    case 90:
      return { x: dy, y: panel.height - dx };
    case 180:
      return { x: panel.width - dx, y: panel.height - dy };
    case 270:
      return { x: panel.width - dy, y: dx };
    default:
      return { x: dx, y: dy };
  }
}

/** The SVG transform that places panel coordinates on the sheet. */
export function panelTransform(panel: Pick<EditorPanel, 'rect' | 'rotation' | 'width' | 'height'>): string {
  const { x, y } = panel.rect;
  const f = (n: number) => fmt(n);
  switch (panel.rotation) {
    case 90:
      return `translate(${f(x + panel.height)} ${f(y)}) rotate(90)`;
    case 180:
      return `translate(${f(x + panel.width)} ${f(y + panel.height)}) rotate(180)`;
    case 270:
      return `translate(${f(x)} ${f(y + panel.width)}) rotate(270)`;
    default:
      return `translate(${f(x)} ${f(y)})`;
  }
}

/** Shortest decimal form, 4 places at most (0.1 µm: far below any press's register). */
/**
 * An angle as the document keeps it, within (-180, 180]: a transformer's turn and the engine's
 * (a wreath turns its leaves by their place on the circle plus a quarter turn, up to ~460°)
 * both land here, inside the document's -360…360.
 */
export function halfTurns(deg: number): number {
  const t = ((deg % 360) + 360) % 360;
  return t > 180 ? t - 360 : t;
}

export function fmt(n: number, places = 4): string {
  const r = Number(n.toFixed(places));
  return Object.is(r, -0) ? '0' : String(r);
}

/** Whether segments p1–p2 and p3–p4 cross or touch. */
export function segmentsIntersect(p1: Point, p2: Point, p3: Point, p4: Point): boolean {
  const d = (a: Point, b: Point, c: Point) => (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
  const on = (a: Point, b: Point, c: Point) =>
    Math.min(a.x, b.x) - 1e-9 <= c.x && c.x <= Math.max(a.x, b.x) + 1e-9 && Math.min(a.y, b.y) - 1e-9 <= c.y && c.y <= Math.max(a.y, b.y) + 1e-9;
  const d1 = d(p3, p4, p1);
  const d2 = d(p3, p4, p2);
  const d3 = d(p1, p2, p3);
  const d4 = d(p1, p2, p4);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (d1 === 0 && on(p3, p4, p1)) || (d2 === 0 && on(p3, p4, p2)) || (d3 === 0 && on(p1, p2, p3)) || (d4 === 0 && on(p1, p2, p4));
}

/** Whether point p lies inside the convex polygon `poly` (corners in order). */
export function insideConvex(poly: readonly Point[], p: Point): boolean {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const c = (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x);
    if (Math.abs(c) < 1e-9) continue;
    const s = Math.sign(c);
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}
