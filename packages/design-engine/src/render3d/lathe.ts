import type { Vec3 } from './math.js';
import { MeshBuilder, type Mesh, type Slot } from './mesh.js';

/*
 * Surfaces of revolution about the Y axis: bottle bodies, caps, cups, lids. Profiles run in
 * millimetres from the bottom centre outwards and up.
 */

/** A point of a lathe profile: radius from the axis and height. */
export interface ProfilePoint {
  readonly r: number;
  readonly y: number;
}

/**
 * One smooth piece of a lathe profile. Pieces meet at hard edges. A piece runs
 * along the silhouette from the bottom centre, outwards, up and back in to the
 * top (inside walls run downwards), which makes (dy, -dr) its outward normal.
 */
export interface LathePiece {
  readonly points: readonly ProfilePoint[];
  readonly slot: Slot;
  /** 'wrap': u around, v along the piece (0 at its upper end); 'disc': planar top-down projection. */
  readonly mapping: 'wrap' | 'disc';
  /**
   * The texture rows this piece spans with 'wrap' mapping (default 0–1): two pieces then share
   * one texture, as a paper tube's lid band and body band do.
   */
  readonly v0?: number;
  readonly v1?: number;
}

/** Surface of revolution about the Y axis. */
export function latheMesh(pieces: readonly LathePiece[], segments = 96): Mesh {
  const b = new MeshBuilder();
  const rMax = Math.max(...pieces.flatMap((p) => p.points.map((q) => q.r)), 1e-6);
  for (const piece of pieces) {
    const pts = piece.points;
    if (pts.length < 2) continue;
    // Arc length from the upper end, for v.
    const arc: number[] = [0];
    for (let i = 1; i < pts.length; i++) {
      arc.push(arc[i - 1]! + Math.hypot(pts[i]!.r - pts[i - 1]!.r, pts[i]!.y - pts[i - 1]!.y));
    }
    const total = arc[arc.length - 1]! || 1;
    const upperIsLast = pts[pts.length - 1]!.y >= pts[0]!.y;
    const rings: number[][] = [];
    for (let i = 0; i < pts.length; i++) {
      const prev = pts[Math.max(0, i - 1)]!;
      const next = pts[Math.min(pts.length - 1, i + 1)]!;
      const dr = next.r - prev.r;
      const dy = next.y - prev.y;
      const p = pts[i]!;
      const f = upperIsLast ? 1 - arc[i]! / total : arc[i]! / total;
      const v = (piece.v0 ?? 0) + ((piece.v1 ?? 1) - (piece.v0 ?? 0)) * f;
      const ring: number[] = [];
      for (let j = 0; j <= segments; j++) {
        const u = j / segments;
        const theta = (u - 0.5) * 2 * Math.PI;
        const s = Math.sin(theta);
        const c = Math.cos(theta);
        const pos: Vec3 = [p.r * s, p.y, p.r * c];
        const n: Vec3 = [dy * s, -dr, dy * c];
        const uv = piece.mapping === 'wrap' ? ([u, v] as const) : ([0.5 + (p.r * s) / (2 * rMax), 0.5 - (p.r * c) / (2 * rMax)] as const);
        ring.push(b.vertex(pos, n, uv[0], uv[1]));
      }
      rings.push(ring);
    }
    for (let i = 0; i + 1 < rings.length; i++) {
      const lo = rings[i]!;
      const hi = rings[i + 1]!;
      const degenerateLo = pts[i]!.r === 0;
      const degenerateHi = pts[i + 1]!.r === 0;
      for (let j = 0; j < segments; j++) {
        const a = lo[j]!;
        const bb = lo[j + 1]!;
        const c = hi[j + 1]!;
        const d = hi[j]!;
        if (!degenerateLo) b.triangle(a, bb, c, piece.slot);
        if (!degenerateHi) b.triangle(a, c, d, piece.slot);
      }
    }
  }
  return b.build();
}

/** Points of a quarter-round fillet from `from` to `to`, bulging outwards. */
export function fillet(from: ProfilePoint, to: ProfilePoint, steps: number, cornerAt: 'r-first' | 'y-first'): ProfilePoint[] {
  // The corner the fillet replaces is (to.r, from.y) for 'r-first' and (from.r, to.y) for 'y-first'.
  const out: ProfilePoint[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = (i / steps) * (Math.PI / 2);
    if (cornerAt === 'r-first') {
      out.push({ r: from.r + (to.r - from.r) * Math.sin(t), y: to.y + (from.y - to.y) * Math.cos(t) });
    } else {
      out.push({ r: to.r + (from.r - to.r) * Math.cos(t), y: from.y + (to.y - from.y) * Math.sin(t) });
    }
  }
  return out;
}

export function disc(r: number, y: number, up: boolean, slot: Slot): LathePiece {
  return {
    points: up
      ? [
          { r, y },
          { r: 0, y },
        ]
      : [
          { r: 0, y },
          { r, y },
        ],
    slot,
    mapping: 'disc',
  };
}

/** A shoulder that eases from (r0, y0) to (r1, y1) along half a cosine: vertical at both ends. */
export function cosineEase(r0: number, y0: number, r1: number, y1: number, steps = 16): ProfilePoint[] {
  const out: ProfilePoint[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    out.push({ r: r1 + (r0 - r1) * (0.5 + 0.5 * Math.cos(Math.PI * t)), y: y0 + (y1 - y0) * t });
  }
  return out;
}

/**
 * A quarter ellipse from (r0, y0), rising vertically, to (r1, y1), arriving horizontally: a broad,
 * round shoulder (spirits, Boston round) or the dome of a cap (r1 = 0).
 */
export function quarterEllipse(r0: number, y0: number, r1: number, y1: number, steps = 12): ProfilePoint[] {
  const out: ProfilePoint[] = [];
  for (let i = 0; i <= steps; i++) {
    const a = (i / steps) * (Math.PI / 2);
    out.push({ r: r1 + (r0 - r1) * Math.cos(a), y: y0 + (y1 - y0) * Math.sin(a) });
  }
  return out;
}

/** A closed cylinder of `slot` from y0 to y1 with its top edge rounded by `round` (caps, collars, lids). */
export function capPieces(r: number, y0: number, y1: number, round: number, slot: Slot): LathePiece[] {
  const rr = Math.min(round, r * 0.5, (y1 - y0) * 0.5);
  return [
    disc(r, y0, false, slot),
    {
      points:
        rr > 0
          ? [{ r, y: y0 }, { r, y: y1 - rr }, ...fillet({ r, y: y1 - rr }, { r: r - rr, y: y1 }, 4, 'y-first').slice(1)]
          : [
              { r, y: y0 },
              { r, y: y1 },
            ],
      slot,
      mapping: 'wrap',
    },
    disc(r - rr, y1, true, slot),
  ];
}
