import type { Vec3 } from './math.js';
import { deformMesh, MeshBuilder, type Mesh, type Slot } from './mesh.js';

/*
 * Mesh builders, all in millimetres, standing on the floor (min y = 0) and
 * centred on the Y axis. The product's front faces +Z; wrap textures have their
 * centre (u = 0.5) on the front and their seam at the back.
 */

/** Cuboid carton: width along X, height along Y, depth along Z. */
export interface BoxShape {
  readonly kind: 'box';
  readonly width: number;
  readonly height: number;
  readonly depth: number;
}

/** Straight cylinder: a can (metal rims), a jar (wide lid) or a plain cylinder (flat caps). */
export interface CylinderShape {
  readonly kind: 'cylinder';
  readonly diameter: number;
  readonly height: number;
  readonly variant?: 'plain' | 'can' | 'jar';
}

/** Bottle with shoulders, neck and cap; the label covers part of the straight body. */
export interface BottleShape {
  readonly kind: 'bottle';
  readonly diameter: number;
  readonly height: number;
  /** Default: 30% of the diameter, at least 18 mm. */
  readonly neckDiameter?: number;
}

/** Squeeze tube standing on its cap, crimped flat at the top. */
export interface TubeShape {
  readonly kind: 'tube';
  readonly diameter: number;
  /** Overall length including cap and crimp. */
  readonly length: number;
}

/** Stand-up pouch: flat-sealed sides and top, puffed body, gusseted bottom. */
export interface PouchShape {
  readonly kind: 'pouch';
  readonly width: number;
  readonly height: number;
  /** Thickness at the bottom gusset. Default: 30% of the width. */
  readonly depth?: number;
}

/** Paper cup: truncated cone, wider at the top, rolled rim, open. */
export interface CupShape {
  readonly kind: 'cup';
  readonly topDiameter: number;
  readonly bottomDiameter: number;
  readonly height: number;
}

export type ShapeSpec = BoxShape | CylinderShape | BottleShape | TubeShape | PouchShape | CupShape;

/** Which texture a shape expects: six faces (box), front/back (pouch) or one wrap. */
export function textureLayout(shape: ShapeSpec): 'faces' | 'wrap' {
  return shape.kind === 'box' || shape.kind === 'pouch' ? 'faces' : 'wrap';
}

export function buildShape(shape: ShapeSpec): Mesh {
  switch (shape.kind) {
    case 'box':
      return boxMesh(shape);
    case 'cylinder':
      return cylinderMesh(shape);
    case 'bottle':
      return bottleMesh(shape);
    case 'tube':
      return tubeMesh(shape);
    case 'pouch':
      return pouchMesh(shape);
    case 'cup':
      return cupMesh(shape);
  }
}

export function boxMesh({ width, height, depth }: BoxShape): Mesh {
  const b = new MeshBuilder();
  const x = width / 2;
  const z = depth / 2;
  const h = height;
  // Each face lists its corners top-left, top-right, bottom-right, bottom-left
  // as seen from outside, so uv (0,0) is the texture's top-left corner. The
  // edges that meet the front are: top face's bottom edge, bottom face's top
  // edge, left face's right edge and right face's left edge.
  const faces: ReadonlyArray<{ slot: Slot; n: Vec3; c: readonly [Vec3, Vec3, Vec3, Vec3] }> = [
    { slot: 'front', n: [0, 0, 1], c: [[-x, h, z], [x, h, z], [x, 0, z], [-x, 0, z]] },
    { slot: 'back', n: [0, 0, -1], c: [[x, h, -z], [-x, h, -z], [-x, 0, -z], [x, 0, -z]] },
    { slot: 'left', n: [-1, 0, 0], c: [[-x, h, -z], [-x, h, z], [-x, 0, z], [-x, 0, -z]] },
    { slot: 'right', n: [1, 0, 0], c: [[x, h, z], [x, h, -z], [x, 0, -z], [x, 0, z]] },
    { slot: 'top', n: [0, 1, 0], c: [[-x, h, -z], [x, h, -z], [x, h, z], [-x, h, z]] },
    { slot: 'bottom', n: [0, -1, 0], c: [[-x, 0, z], [x, 0, z], [x, 0, -z], [-x, 0, -z]] },
  ];
  for (const f of faces) {
    const tl = b.vertex(f.c[0], f.n, 0, 0);
    const tr = b.vertex(f.c[1], f.n, 1, 0);
    const br = b.vertex(f.c[2], f.n, 1, 1);
    const bl = b.vertex(f.c[3], f.n, 0, 1);
    b.quad(bl, br, tr, tl, f.slot);
  }
  return b.build();
}

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
      const v = upperIsLast ? 1 - arc[i]! / total : arc[i]! / total;
      const ring: number[] = [];
      for (let j = 0; j <= segments; j++) {
        const u = j / segments;
        const theta = (u - 0.5) * 2 * Math.PI;
        const s = Math.sin(theta);
        const c = Math.cos(theta);
        const pos: Vec3 = [p.r * s, p.y, p.r * c];
        const n: Vec3 = [dy * s, -dr, dy * c];
        const uv =
          piece.mapping === 'wrap'
            ? ([u, v] as const)
            : ([0.5 + (p.r * s) / (2 * rMax), 0.5 - (p.r * c) / (2 * rMax)] as const);
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
function fillet(from: ProfilePoint, to: ProfilePoint, steps: number, cornerAt: 'r-first' | 'y-first'): ProfilePoint[] {
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

function disc(r: number, y: number, up: boolean, slot: Slot): LathePiece {
  return { points: up ? [{ r, y }, { r: 0, y }] : [{ r: 0, y }, { r, y }], slot, mapping: 'disc' };
}

export function cylinderMesh({ diameter, height, variant = 'plain' }: CylinderShape): Mesh {
  const r = diameter / 2;
  if (variant === 'can') {
    // Beverage can: narrowed bottom dome and a necked top with a rolled metal rim.
    const rim = Math.min(r * 0.12, height * 0.06);
    const neckR = r * 0.84;
    return latheMesh([
      disc(r * 0.8, 0, false, 'rim'),
      { points: [{ r: r * 0.8, y: 0 }, ...fillet({ r: r * 0.8, y: 0 }, { r, y: rim }, 6, 'r-first').slice(1)], slot: 'rim', mapping: 'wrap' },
      { points: [{ r, y: rim }, { r, y: height - rim * 1.6 }], slot: 'wrap', mapping: 'wrap' },
      {
        points: [
          { r, y: height - rim * 1.6 },
          { r: r * 0.97, y: height - rim * 1.1 },
          { r: neckR, y: height - rim * 0.35 },
          { r: neckR, y: height },
          { r: neckR * 0.93, y: height },
        ],
        slot: 'rim',
        mapping: 'wrap',
      },
      disc(neckR * 0.93, height - rim * 0.25, true, 'rim'),
    ]);
  }
  if (variant === 'jar') {
    // Glass or plastic jar with a screw lid slightly wider than the body.
    const lidH = Math.min(height * 0.18, diameter * 0.3);
    const bodyTop = height - lidH;
    const round = Math.min(r * 0.08, 4);
    return latheMesh([
      disc(r - round, 0, false, 'body'),
      { points: fillet({ r: r - round, y: 0 }, { r, y: round }, 4, 'r-first'), slot: 'body', mapping: 'wrap' },
      { points: [{ r, y: round }, { r, y: bodyTop * 0.08 }], slot: 'body', mapping: 'wrap' },
      { points: [{ r, y: bodyTop * 0.08 }, { r, y: bodyTop * 0.92 }], slot: 'wrap', mapping: 'wrap' },
      { points: [{ r, y: bodyTop * 0.92 }, { r, y: bodyTop }, { r: r * 0.96, y: bodyTop + 1 }], slot: 'body', mapping: 'wrap' },
      {
        points: [{ r: r * 0.96, y: bodyTop + 1 }, { r: r * 1.02, y: bodyTop + 2 }, { r: r * 1.02, y: height - round }, ...fillet({ r: r * 1.02, y: height - round }, { r: r * 1.02 - round, y: height }, 4, 'y-first').slice(1)],
        slot: 'cap',
        mapping: 'wrap',
      },
      disc(r * 1.02 - round, height, true, 'cap'),
    ]);
  }
  return latheMesh([
    disc(r, 0, false, 'bottom'),
    { points: [{ r, y: 0 }, { r, y: height }], slot: 'wrap', mapping: 'wrap' },
    disc(r, height, true, 'top'),
  ]);
}

export function bottleMesh({ diameter, height, neckDiameter }: BottleShape): Mesh {
  const r = diameter / 2;
  const rn = (neckDiameter ?? Math.max(diameter * 0.3, 18)) / 2;
  const capH = Math.min(height * 0.12, rn * 2.4);
  const neckTop = height - capH * 0.85;
  const shoulderTop = neckTop - Math.min(height * 0.1, rn * 2.2);
  const shoulderBottom = shoulderTop - Math.min(height * 0.22, r * 1.6);
  const labelBottom = Math.max(height * 0.08, 6);
  const labelTop = shoulderBottom - Math.max(height * 0.03, 3);
  const round = Math.min(r * 0.15, 6);
  // Shoulder: a smooth cosine ease from the body radius to the neck radius.
  const shoulder: ProfilePoint[] = [];
  for (let i = 0; i <= 16; i++) {
    const t = i / 16;
    shoulder.push({ r: rn + (r - rn) * (0.5 + 0.5 * Math.cos(Math.PI * t)), y: shoulderBottom + (shoulderTop - shoulderBottom) * t });
  }
  const capR = rn * 1.12;
  const capRound = Math.min(capR * 0.15, 2);
  const pieces: LathePiece[] = [
    disc(r - round, 0, false, 'body'),
    { points: fillet({ r: r - round, y: 0 }, { r, y: round }, 5, 'r-first'), slot: 'body', mapping: 'wrap' },
    { points: [{ r, y: round }, { r, y: labelBottom }], slot: 'body', mapping: 'wrap' },
    { points: [{ r, y: labelBottom }, { r, y: labelTop }], slot: 'wrap', mapping: 'wrap' },
    { points: [{ r, y: labelTop }, ...shoulder, { r: rn, y: neckTop - capH * 0.4 }, { r: rn * 1.06, y: neckTop - capH * 0.35 }], slot: 'body', mapping: 'wrap' },
    // Cap: a ribbed-looking cylinder slightly wider than the neck.
    disc(capR, neckTop - capH * 0.35, false, 'cap'),
    { points: [{ r: capR, y: neckTop - capH * 0.35 }, { r: capR, y: height - capRound }, ...fillet({ r: capR, y: height - capRound }, { r: capR - capRound, y: height }, 3, 'y-first').slice(1)], slot: 'cap', mapping: 'wrap' },
    disc(capR - capRound, height, true, 'cap'),
  ];
  return latheMesh(pieces);
}

export function tubeMesh({ diameter, length }: TubeShape): Mesh {
  const r = diameter / 2;
  const capH = Math.min(length * 0.12, diameter * 0.55);
  const capR = r * 0.62;
  const shoulderH = r * 0.35;
  const bodyBottom = capH + shoulderH;
  const sealH = Math.min(length * 0.07, 12);
  const bodyTop = length - sealH;
  const labelBottom = bodyBottom + (bodyTop - bodyBottom) * 0.04;
  const labelTop = bodyTop - (bodyTop - bodyBottom) * 0.06;
  const round = Math.min(capR * 0.2, 2);
  const body: ProfilePoint[] = [];
  for (let i = 0; i <= 12; i++) body.push({ r, y: labelBottom + ((labelTop - labelBottom) * i) / 12 });
  const lathe = latheMesh(
    [
      disc(capR - round, 0, false, 'cap'),
      { points: fillet({ r: capR - round, y: 0 }, { r: capR, y: round }, 3, 'r-first'), slot: 'cap', mapping: 'wrap' },
      { points: [{ r: capR, y: round }, { r: capR, y: capH }, { r: capR * 0.9, y: capH }], slot: 'cap', mapping: 'wrap' },
      { points: [{ r: capR * 0.9, y: capH }, { r: r * 0.8, y: capH + shoulderH * 0.35 }, { r: r * 0.97, y: capH + shoulderH * 0.8 }, { r, y: bodyBottom }, { r, y: labelBottom }], slot: 'body', mapping: 'wrap' },
      { points: body, slot: 'wrap', mapping: 'wrap' },
      { points: [{ r, y: labelTop }, { r, y: bodyTop }, { r, y: length }, { r: 0, y: length }], slot: 'body', mapping: 'wrap' },
    ],
    96,
  );
  // Flattening a circle keeps its perimeter: the crimp is pi/2 times as wide as the radius.
  return deformMesh(lathe, ([x, y, z]) => {
    const t = smoothstep(bodyBottom + (bodyTop - bodyBottom) * 0.15, bodyTop, y);
    const sx = 1 + (Math.PI / 2 - 1) * t;
    const sz = 1 - 0.95 * t;
    return [x * sx, y, z * sz];
  });
}

function smoothstep(e0: number, e1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
}

export function pouchMesh({ width, height, depth }: PouchShape): Mesh {
  const b = new MeshBuilder();
  const d = (depth ?? width * 0.3) / 2;
  const halfW = width / 2;
  const seal = Math.min(height * 0.08, 14);
  // The bulge is smooth and normals are interpolated per pixel, so a coarse grid
  // looks the same as a fine one; every extra row adds triangle edges to shade twice.
  const nu = 24;
  const nv = 28;
  // Bulge of one side at (s, t) with s in [-1, 1] across and t in [0, 1] up.
  // The bottom gusset keeps the pouch thick below; it thins towards the top seal.
  const bulge = (s: number, t: number): number => {
    const across = Math.pow(Math.max(0, 1 - s * s), 0.45);
    const x = Math.min(1, (t * height) / (height - seal));
    const up = Math.pow(Math.max(0, 1 - Math.pow(x, 2.2)), 0.55) * (1 - 0.45 * x);
    return d * across * up;
  };
  const side = (sign: 1 | -1, slot: Slot): void => {
    const grid: number[][] = [];
    for (let iv = 0; iv <= nv; iv++) {
      const t = 1 - iv / nv; // iv = 0 is the top row
      const row: number[] = [];
      for (let iu = 0; iu <= nu; iu++) {
        const u = iu / nu;
        const s = sign === 1 ? 2 * u - 1 : 1 - 2 * u;
        const pos: Vec3 = [s * halfW, t * height, sign * bulge(s, t)];
        // Normal from the surface's partial derivatives (central differences).
        const e = 1e-3;
        const dzds = (bulge(Math.min(1, s + e), t) - bulge(Math.max(-1, s - e), t)) / (Math.min(1, s + e) - Math.max(-1, s - e));
        const dzdt = (bulge(s, Math.min(1, t + e)) - bulge(s, Math.max(0, t - e))) / (Math.min(1, t + e) - Math.max(0, t - e));
        const n: Vec3 = [-dzds / halfW, -dzdt / height, sign];
        row.push(b.vertex(pos, n, u, iv / nv));
      }
      grid.push(row);
    }
    for (let iv = 0; iv < nv; iv++) {
      for (let iu = 0; iu < nu; iu++) {
        const tl = grid[iv]![iu]!;
        const tr = grid[iv]![iu + 1]!;
        const bl = grid[iv + 1]![iu]!;
        const br = grid[iv + 1]![iu + 1]!;
        b.quad(bl, br, tr, tl, slot);
      }
    }
  };
  side(1, 'front');
  side(-1, 'back');
  // Gusset: the oval floor between the two bottom edges.
  const gusset: number[] = [];
  const gussetBack: number[] = [];
  const down: Vec3 = [0, -1, 0];
  for (let iu = 0; iu <= nu; iu++) {
    const s = 2 * (iu / nu) - 1;
    const z = bulge(s, 0);
    gusset.push(b.vertex([s * halfW, 0, z], down, 0, 0));
    gussetBack.push(b.vertex([s * halfW, 0, -z], down, 0, 0));
  }
  for (let iu = 0; iu < nu; iu++) {
    b.quad(gussetBack[iu]!, gussetBack[iu + 1]!, gusset[iu + 1]!, gusset[iu]!, 'bottom');
  }
  return b.build();
}

export function cupMesh({ topDiameter, bottomDiameter, height }: CupShape): Mesh {
  const rt = topDiameter / 2;
  const rb = bottomDiameter / 2;
  const lip = Math.max(1.5, Math.min(3.5, topDiameter * 0.03));
  const wall = 0.6;
  const baseLift = Math.min(height * 0.06, 6);
  const rAt = (y: number): number => rb + ((rt - rb) * y) / height;
  // Rolled rim: a small half-round bead bulging out from the wall top.
  const bead: ProfilePoint[] = [];
  for (let i = 0; i <= 8; i++) {
    const a = -Math.PI / 2 + (Math.PI * i) / 8;
    bead.push({ r: rt + lip * Math.cos(a) * 0.9, y: height - lip + lip * Math.sin(a) });
  }
  const innerTop = rt - wall;
  const innerBottom = rAt(baseLift) - wall;
  return latheMesh([
    disc(rb, 0, false, 'bottom'),
    { points: [{ r: rb, y: 0 }, { r: rAt(height * 0.03), y: height * 0.03 }], slot: 'body', mapping: 'wrap' },
    { points: [{ r: rAt(height * 0.03), y: height * 0.03 }, { r: rAt(height - lip * 2), y: height - lip * 2 }], slot: 'wrap', mapping: 'wrap' },
    { points: [{ r: rAt(height - lip * 2), y: height - lip * 2 }, ...bead, { r: innerTop, y: height }], slot: 'rim', mapping: 'wrap' },
    // Inside wall, running down, so its normals face the axis.
    { points: [{ r: innerTop, y: height }, { r: innerBottom, y: baseLift }], slot: 'inner', mapping: 'wrap' },
    disc(innerBottom, baseLift, true, 'inner'),
  ]);
}
