/** Axis-aligned rectangles in panel millimetres. */

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export function rectOf(x: number, y: number, w: number, h: number): Rect {
  return { x, y, w, h };
}

/** True when the rectangles share interior area (touching edges do not count). */
export function intersects(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

export function inset(r: Rect, by: number): Rect {
  return { x: r.x + by, y: r.y + by, w: Math.max(0, r.w - 2 * by), h: Math.max(0, r.h - 2 * by) };
}

export function grow(r: Rect, by: number): Rect {
  return { x: r.x - by, y: r.y - by, w: r.w + 2 * by, h: r.h + 2 * by };
}

export function union(a: Rect, b: Rect): Rect {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}

export function contains(outer: Rect, inner: Rect, tolerance = 1e-6): boolean {
  return (
    inner.x >= outer.x - tolerance &&
    inner.y >= outer.y - tolerance &&
    inner.x + inner.w <= outer.x + outer.w + tolerance &&
    inner.y + inner.h <= outer.y + outer.h + tolerance
  );
}

export function squareAt(cx: number, cy: number, side: number): Rect {
  return { x: cx - side / 2, y: cy - side / 2, w: side, h: side };
}

export function bottom(r: Rect): number {
  return r.y + r.h;
}

export function right(r: Rect): number {
  return r.x + r.w;
}
