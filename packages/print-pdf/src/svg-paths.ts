/**
 * Line icons (lucide's markup: path, circle, ellipse, rect, line, polyline, polygon, geometry
 * attributes only) as subpaths of moves, lines and cubic curves, so the print PDF strokes them
 * as vectors. Arcs become cubics of at most a quarter turn; quadratics become cubics exactly.
 * Anything else (a transform, a fill, text, a gradient) answers null: the caller draws a picture.
 */

export type Segment = { kind: 'L'; x: number; y: number } | { kind: 'C'; x1: number; y1: number; x2: number; y2: number; x: number; y: number };

export interface Subpath {
  x: number;
  y: number;
  segments: Segment[];
  closed: boolean;
}

const GEOMETRY: Readonly<Record<string, readonly string[]>> = {
  path: ['d'],
  circle: ['cx', 'cy', 'r'],
  ellipse: ['cx', 'cy', 'rx', 'ry'],
  rect: ['x', 'y', 'width', 'height', 'rx', 'ry'],
  line: ['x1', 'y1', 'x2', 'y2'],
  polyline: ['points'],
  polygon: ['points'],
};
/** Attributes that change nothing a stroke in the layer's colour draws. */
const NEUTRAL = new Set(['key', 'class', 'stroke-linecap', 'stroke-linejoin']);

const ELEMENT = /<([a-z]+)((?:\s+[a-z0-9-]+="[^"]*")*)\s*\/?>(?:<\/\1>)?/gy;
const ATTR = /([a-z0-9-]+)="([^"]*)"/g;
const KAPPA = 0.5522847498;

/** The numbers of a path or points list ("1.5.5" is 1.5 and .5; "1-2" is 1 and -2). */
function numbers(s: string): number[] | null {
  const out: number[] = [];
  const re = /\s*,?\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/y;
  let at = 0;
  while (at < s.length) {
    if (/^[\s,]*$/.test(s.slice(at))) break;
    re.lastIndex = at;
    const m = re.exec(s);
    if (!m) return null;
    out.push(Number(m[1]));
    at = re.lastIndex;
  }
  return out;
}

/** SVG's endpoint arc (F.6.5) as cubics of at most 90° each, from (x0, y0). */
function arc(x0: number, y0: number, rx: number, ry: number, angle: number, large: boolean, sweep: boolean, x: number, y: number): Segment[] {
  if (x0 === x && y0 === y) return [];
  rx = Math.abs(rx);
  ry = Math.abs(ry);
  if (rx === 0 || ry === 0) return [{ kind: 'L', x, y }];
  const phi = (angle * Math.PI) / 180;
  const cos = Math.cos(phi);
  const sin = Math.sin(phi);
  const dx = (x0 - x) / 2;
  const dy = (y0 - y) / 2;
  const x1p = cos * dx + sin * dy;
  const y1p = -sin * dx + cos * dy;
  const lambda = (x1p * x1p) / (rx * rx) + (y1p * y1p) / (ry * ry);
  if (lambda > 1) {
    rx *= Math.sqrt(lambda);
    ry *= Math.sqrt(lambda);
  }
  const num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p;
  const den = rx * rx * y1p * y1p + ry * ry * x1p * x1p;
  const k = (large === sweep ? -1 : 1) * Math.sqrt(Math.max(0, num / den));
  const cxp = (k * rx * y1p) / ry;
  const cyp = (-k * ry * x1p) / rx;
  const cx = cos * cxp - sin * cyp + (x0 + x) / 2;
  const cy = sin * cxp + cos * cyp + (y0 + y) / 2;
  const ang = (ux: number, uy: number, vx: number, vy: number) => {
    const a = Math.atan2(ux * vy - uy * vx, ux * vx + uy * vy);
    return a;
  };
  const t1 = ang(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry);
  let dt = ang((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry);
  if (!sweep && dt > 0) dt -= 2 * Math.PI;
  if (sweep && dt < 0) dt += 2 * Math.PI;
  const n = Math.max(1, Math.ceil(Math.abs(dt) / (Math.PI / 2) - 1e-9));
  const step = dt / n;
  const h = (4 / 3) * Math.tan(step / 4);
  const point = (t: number) => ({ x: cx + rx * Math.cos(t) * cos - ry * Math.sin(t) * sin, y: cy + rx * Math.cos(t) * sin + ry * Math.sin(t) * cos });
  const tangent = (t: number) => ({ x: -rx * Math.sin(t) * cos - ry * Math.cos(t) * sin, y: -rx * Math.sin(t) * sin + ry * Math.cos(t) * cos });
  const out: Segment[] = [];
  for (let i = 0; i < n; i++) {
    const a = t1 + i * step;
    const b = a + step;
    const p0 = point(a);
    const p1 = i === n - 1 ? { x, y } : point(b);
    const d0 = tangent(a);
    const d1 = tangent(b);
    out.push({ kind: 'C', x1: p0.x + h * d0.x, y1: p0.y + h * d0.y, x2: p1.x - h * d1.x, y2: p1.y - h * d1.y, x: p1.x, y: p1.y });
  }
  return out;
}

/** Path data as subpaths; null when it is not well formed. */
export function pathData(d: string): Subpath[] | null {
  const tokens = d.match(/[MmLlHhVvCcSsQqTtAaZz]|[^MmLlHhVvCcSsQqTtAaZz]+/g) ?? [];
  const paths: Subpath[] = [];
  let current: Subpath | null = null;
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  // The last control point, for S and T's reflection.
  let lastCubic: { x: number; y: number } | null = null;
  let lastQuad: { x: number; y: number } | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const cmd = tokens[i]!.trim();
    if (cmd === '') continue;
    if (!/^[MmLlHhVvCcSsQqTtAaZz]$/.test(cmd)) return null;
    const next = tokens[i + 1];
    const argsText = next !== undefined && !/^[MmLlHhVvCcSsQqTtAaZz]$/.test(next.trim()) ? (i++, next) : '';
    const rel = cmd === cmd.toLowerCase();
    const up = cmd.toUpperCase();
    if (up === 'Z') {
      if (current) {
        current.closed = true;
        x = startX;
        y = startY;
        current = null;
      }
      lastCubic = lastQuad = null;
      continue;
    }
    const args = up === 'A' ? arcArgs(argsText) : numbers(argsText);
    if (!args) return null;
    const arity = { M: 2, L: 2, H: 1, V: 1, C: 6, S: 4, Q: 4, T: 2, A: 7 }[up]!;
    if (args.length === 0 || args.length % arity !== 0) return null;
    for (let j = 0; j < args.length; j += arity) {
      const a = args.slice(j, j + arity);
      const ox = rel ? x : 0;
      const oy = rel ? y : 0;
      // A moveto's extra pairs are linetos.
      const kind = up === 'M' && j > 0 ? 'L' : up;
      if (kind !== 'M' && !current) {
        current = { x, y, segments: [], closed: false };
        paths.push(current);
      }
      const seg = current?.segments;
      switch (kind) {
        case 'M':
          x = a[0]! + ox;
          y = a[1]! + oy;
          startX = x;
          startY = y;
          current = { x, y, segments: [], closed: false };
          paths.push(current);
          lastCubic = lastQuad = null;
          break;
        case 'L':
        case 'H':
        case 'V':
          if (kind === 'L') {
            x = a[0]! + ox;
            y = a[1]! + oy;
          } else if (kind === 'H') x = a[0]! + ox;
          else y = a[0]! + oy;
          seg!.push({ kind: 'L', x, y });
          lastCubic = lastQuad = null;
          break;
        case 'C':
        case 'S': {
          const [c1x, c1y] = kind === 'C' ? [a[0]! + ox, a[1]! + oy] : lastCubic ? [2 * x - lastCubic.x, 2 * y - lastCubic.y] : [x, y];
          const o = kind === 'C' ? 2 : 0;
          const c2x = a[o]! + ox;
          const c2y = a[o + 1]! + oy;
          const ex = a[o + 2]! + ox;
          const ey = a[o + 3]! + oy;
          seg!.push({ kind: 'C', x1: c1x, y1: c1y, x2: c2x, y2: c2y, x: ex, y: ey });
          lastCubic = { x: c2x, y: c2y };
          lastQuad = null;
          x = ex;
          y = ey;
          break;
        }
        case 'Q':
        case 'T': {
          const prev: { x: number; y: number } | null = lastQuad;
          const qx: number = kind === 'Q' ? a[0]! + ox : prev ? 2 * x - prev.x : x;
          const qy: number = kind === 'Q' ? a[1]! + oy : prev ? 2 * y - prev.y : y;
          const o = kind === 'Q' ? 2 : 0;
          const ex = a[o]! + ox;
          const ey = a[o + 1]! + oy;
          seg!.push({
            kind: 'C',
            x1: x + (2 / 3) * (qx - x),
            y1: y + (2 / 3) * (qy - y),
            x2: ex + (2 / 3) * (qx - ex),
            y2: ey + (2 / 3) * (qy - ey),
            x: ex,
            y: ey,
          });
          lastQuad = { x: qx, y: qy };
          lastCubic = null;
          x = ex;
          y = ey;
          break;
        }
        case 'A': {
          const ex = a[5]! + ox;
          const ey = a[6]! + oy;
          seg!.push(...arc(x, y, a[0]!, a[1]!, a[2]!, a[3] === 1, a[4] === 1, ex, ey));
          x = ex;
          y = ey;
          lastCubic = lastQuad = null;
          break;
        }
      }
    }
  }
  return paths.every((p) => [p.x, p.y, ...p.segments.flatMap((s) => (s.kind === 'L' ? [s.x, s.y] : [s.x1, s.y1, s.x2, s.y2, s.x, s.y]))].every(Number.isFinite))
    ? paths
    : null;
}

/** An arc's seven numbers, whose two flags may be written without separators ("a2 2 0 011 1"). */
function arcArgs(s: string): number[] | null {
  const out: number[] = [];
  let rest = s;
  while (!/^[\s,]*$/.test(rest)) {
    const index = out.length % 7;
    if (index === 3 || index === 4) {
      const m = /^[\s,]*([01])/.exec(rest);
      if (!m) return null;
      out.push(Number(m[1]));
      rest = rest.slice(m[0].length);
      continue;
    }
    const m = /^[\s,]*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)/.exec(rest);
    if (!m) return null;
    out.push(Number(m[1]));
    rest = rest.slice(m[0].length);
  }
  return out;
}

export function ellipsePath(cx: number, cy: number, rx: number, ry: number): Subpath {
  const kx = rx * KAPPA;
  const ky = ry * KAPPA;
  return {
    x: cx + rx,
    y: cy,
    closed: true,
    segments: [
      { kind: 'C', x1: cx + rx, y1: cy + ky, x2: cx + kx, y2: cy + ry, x: cx, y: cy + ry },
      { kind: 'C', x1: cx - kx, y1: cy + ry, x2: cx - rx, y2: cy + ky, x: cx - rx, y: cy },
      { kind: 'C', x1: cx - rx, y1: cy - ky, x2: cx - kx, y2: cy - ry, x: cx, y: cy - ry },
      { kind: 'C', x1: cx + kx, y1: cy - ry, x2: cx + rx, y2: cy - ky, x: cx + rx, y: cy },
    ],
  };
}

export function rectPath(x: number, y: number, w: number, h: number, rxIn: number, ryIn: number): Subpath {
  const rx = Math.min(rxIn, w / 2);
  const ry = Math.min(ryIn, h / 2);
  if (rx <= 0 || ry <= 0) {
    return {
      x,
      y,
      closed: true,
      segments: [
        { kind: 'L', x: x + w, y },
        { kind: 'L', x: x + w, y: y + h },
        { kind: 'L', x, y: y + h },
      ],
    };
  }
  const kx = rx * KAPPA;
  const ky = ry * KAPPA;
  return {
    x: x + rx,
    y,
    closed: true,
    segments: [
      { kind: 'L', x: x + w - rx, y },
      { kind: 'C', x1: x + w - rx + kx, y1: y, x2: x + w, y2: y + ry - ky, x: x + w, y: y + ry },
      { kind: 'L', x: x + w, y: y + h - ry },
      { kind: 'C', x1: x + w, y1: y + h - ry + ky, x2: x + w - rx + kx, y2: y + h, x: x + w - rx, y: y + h },
      { kind: 'L', x: x + rx, y: y + h },
      { kind: 'C', x1: x + rx - kx, y1: y + h, x2: x, y2: y + h - ry + ky, x, y: y + h - ry },
      { kind: 'L', x, y: y + ry },
      { kind: 'C', x1: x, y1: y + ry - ky, x2: x + rx - kx, y2: y, x: x + rx, y },
    ],
  };
}

/** A line icon's body (the inside of its 24 × 24 svg) as subpaths to stroke; null for markup it does not take. */
export function iconSubpaths(body: string): Subpath[] | null {
  const out: Subpath[] = [];
  const source = body.trim();
  ELEMENT.lastIndex = 0;
  let at = 0;
  while (at < source.length) {
    while (/\s/.test(source[at] ?? '')) at++;
    if (at >= source.length) break;
    ELEMENT.lastIndex = at;
    const m = ELEMENT.exec(source);
    if (!m) return null;
    at = ELEMENT.lastIndex;
    const tag = m[1]!;
    const allowed = GEOMETRY[tag];
    if (!allowed) return null;
    const a = new Map<string, string>();
    for (const [, name, value] of m[2]!.matchAll(ATTR)) {
      if (!allowed.includes(name!) && !NEUTRAL.has(name!)) return null;
      a.set(name!, value!);
    }
    const n = (name: string, fallback = 0) => {
      const v = a.get(name);
      if (v === undefined) return fallback;
      const parsed = numbers(v);
      return parsed?.length === 1 ? parsed[0]! : Number.NaN;
    };
    let made: Subpath[] | null;
    switch (tag) {
      case 'path':
        made = pathData(a.get('d') ?? '');
        break;
      case 'circle':
        made = [ellipsePath(n('cx'), n('cy'), n('r'), n('r'))];
        break;
      case 'ellipse':
        made = [ellipsePath(n('cx'), n('cy'), n('rx'), n('ry'))];
        break;
      case 'rect': {
        const rx = a.has('rx') ? n('rx') : n('ry');
        const ry = a.has('ry') ? n('ry') : rx;
        made = [rectPath(n('x'), n('y'), n('width'), n('height'), rx, ry)];
        break;
      }
      case 'line':
        made = [{ x: n('x1'), y: n('y1'), segments: [{ kind: 'L', x: n('x2'), y: n('y2') }], closed: false }];
        break;
      default: {
        const pts = numbers(a.get('points') ?? '');
        if (!pts || pts.length < 4 || pts.length % 2 !== 0) return null;
        const segments: Segment[] = [];
        for (let i = 2; i < pts.length; i += 2) segments.push({ kind: 'L', x: pts[i]!, y: pts[i + 1]! });
        made = [{ x: pts[0]!, y: pts[1]!, segments, closed: tag === 'polygon' }];
      }
    }
    if (!made) return null;
    for (const p of made) {
      const values = [p.x, p.y, ...p.segments.flatMap((s) => (s.kind === 'L' ? [s.x, s.y] : [s.x1, s.y1, s.x2, s.y2, s.x, s.y]))];
      if (!values.every(Number.isFinite)) return null;
      out.push(p);
    }
  }
  return out;
}
