import { styledBottleMesh, type BottleStyle } from './bottles.js';
import { capPieces, disc, fillet, latheMesh, quarterEllipse, type LathePiece, type ProfilePoint } from './lathe.js';
import type { Vec3 } from './math.js';
import { deformMesh, MeshBuilder, type Mesh, type Slot } from './mesh.js';
import { flute, merge, sweep } from './primitives.js';

export { latheMesh, type LathePiece, type ProfilePoint } from './lathe.js';
export { BOTTLE_STYLES, type BottleStyle } from './bottles.js';

/*
 * Mesh builders, all in millimetres, standing on the floor (min y = 0) and
 * centred on the Y axis. The product's front faces +Z; wrap textures have their
 * centre (u = 0.5) on the front and their seam at the back. Parts that carry no
 * artwork (caps, pumps, lids, seals, handles) are triangles in slots of their own.
 */

/** Cuboid carton: width along X, height along Y, depth along Z. */
export interface BoxShape {
  readonly kind: 'box';
  readonly width: number;
  readonly height: number;
  readonly depth: number;
  /**
   * 'closed' (default); 'open': no top face, the inside shows (open-top cartons, paper bags);
   * 'sealed': a film bag whose top narrows to a flat heat seal (box pouches, coffee bags).
   */
  readonly top?: 'closed' | 'open' | 'sealed';
  /** Sealed top: the seal band's height, and the height over which the bag narrows to it (mm). */
  readonly seal?: { readonly height: number; readonly taper: number; readonly zipperFromTop?: number; readonly valveFromTop?: number };
  /** Two rope handles rising from inside the open top (shopping bags). */
  readonly handles?: boolean;
  /** A lid over the front `lidDepth` mm of a lid-and-base box: its edge shows round the sides. */
  readonly lidDepth?: number;
  /** Packing tape along the seam where a shipping box's top flaps meet. */
  readonly tape?: boolean;
}

/**
 * Straight cylinder: a beverage can (necked metal top), a food tin (double seams), a jar (wide
 * lid), a twist stick (lip balm: domed cap), a paper tube (telescoping lid) or a plain cylinder.
 */
export interface CylinderShape {
  readonly kind: 'cylinder';
  readonly diameter: number;
  readonly height: number;
  readonly variant?: 'plain' | 'can' | 'jar' | 'tin' | 'stick' | 'paper-tube';
  /** Paper tube: height of the lid band at the top (its texture rows come first in the wrap). Stick: height of the cap's parting line. */
  readonly lidHeight?: number;
}

/** Bottle with shoulders, neck and cap; the label covers part of the straight body. */
export interface BottleShape {
  readonly kind: 'bottle';
  readonly diameter: number;
  readonly height: number;
  /** Default: 30% of the diameter, at least 18 mm. */
  readonly neckDiameter?: number;
  /** The kind of bottle: its shoulder, neck and closure. Default: a plain bottle with a screw cap. */
  readonly style?: BottleStyle;
}

/** Squeeze tube standing on its cap, crimped flat at the top. */
export interface TubeShape {
  readonly kind: 'tube';
  readonly diameter: number;
  /** Overall length including cap and crimp. */
  readonly length: number;
  /** 'screw' (ribbed, default) or 'flip' (a flip-top with its parting line). */
  readonly cap?: 'screw' | 'flip';
}

/** Where a film pack is heat-sealed, in mm from its edges. */
export interface PouchSeals {
  readonly side: number;
  readonly top: number;
  /** Four-side seals (sachets); 0 or absent when the bottom is a fold or a gusset. */
  readonly bottom?: number;
  /** Press-to-close zipper: its top edge from the pack's top, and its height. */
  readonly zipperFromTop?: number;
  readonly zipperHeight?: number;
  /** Tear notches cut into both side seals, this far from the top. */
  readonly notchFromTop?: number;
}

/** Flat pack with a puffed body: stand-up pouch, flat pouch, sachet, flat bag, pillow box. */
export interface PouchShape {
  readonly kind: 'pouch';
  readonly width: number;
  readonly height: number;
  /** Thickness at the bottom gusset. Default: 30% of the width. */
  readonly depth?: number;
  /** 'gusset' (default): thickest at the bottom (stand-up); 'pillow': thickest in the middle, pinched at both ends. */
  readonly profile?: 'gusset' | 'pillow';
  /** Heat seals: flat, darker, crimped bands (film packs only). */
  readonly seals?: PouchSeals;
}

/** Cups, bowls and tubs: truncated cone, wider at the top, rolled rim; open or lidded. */
export interface CupShape {
  readonly kind: 'cup';
  readonly topDiameter: number;
  readonly bottomDiameter: number;
  readonly height: number;
  /** 'hot': sip lid with a raised rim; 'dome': clear dome; 'flat': paper lid; 'snap': a tub's snap-on lid. */
  readonly lid?: 'hot' | 'dome' | 'flat' | 'snap';
  /** A straw through the lid (cold cups). */
  readonly straw?: boolean;
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

export function boxMesh(shape: BoxShape): Mesh {
  if (shape.top === 'sealed') return sealedBagMesh(shape);
  const { width, height, depth } = shape;
  const open = shape.top === 'open';
  const b = new MeshBuilder();
  const x = width / 2;
  const z = depth / 2;
  const h = height;
  // Each face lists its corners top-left, top-right, bottom-right, bottom-left
  // as seen from outside, so uv (0,0) is the texture's top-left corner. The
  // edges that meet the front are: top face's bottom edge, bottom face's top
  // edge, left face's right edge and right face's left edge.
  const faces: ReadonlyArray<{ slot: Slot; n: Vec3; c: readonly [Vec3, Vec3, Vec3, Vec3] }> = [
    {
      slot: 'front',
      n: [0, 0, 1],
      c: [
        [-x, h, z],
        [x, h, z],
        [x, 0, z],
        [-x, 0, z],
      ],
    },
    {
      slot: 'back',
      n: [0, 0, -1],
      c: [
        [x, h, -z],
        [-x, h, -z],
        [-x, 0, -z],
        [x, 0, -z],
      ],
    },
    {
      slot: 'left',
      n: [-1, 0, 0],
      c: [
        [-x, h, -z],
        [-x, h, z],
        [-x, 0, z],
        [-x, 0, -z],
      ],
    },
    {
      slot: 'right',
      n: [1, 0, 0],
      c: [
        [x, h, z],
        [x, h, -z],
        [x, 0, -z],
        [x, 0, z],
      ],
    },
    {
      slot: 'top',
      n: [0, 1, 0],
      c: [
        [-x, h, -z],
        [x, h, -z],
        [x, h, z],
        [-x, h, z],
      ],
    },
    {
      slot: 'bottom',
      n: [0, -1, 0],
      c: [
        [-x, 0, z],
        [x, 0, z],
        [x, 0, -z],
        [-x, 0, -z],
      ],
    },
  ];
  for (const f of faces) {
    if (open && f.slot === 'top') continue;
    quadFace(b, f.c, f.n, f.slot);
  }
  const parts = [b.build()];
  if (open) parts.push(openTop(width, height, depth));
  if (shape.handles) parts.push(ropeHandles(width, height, depth));
  if (shape.lidDepth) parts.push(lidEdge(width, height, depth, shape.lidDepth));
  if (shape.tape && !open) {
    // On the top only: running down the front it would lie over the artwork.
    const half = Math.min(24, depth * 0.12);
    const tape = new MeshBuilder();
    quadFace(
      tape,
      [
        [-x, h + 0.15, -half],
        [x, h + 0.15, -half],
        [x, h + 0.15, half],
        [-x, h + 0.15, half],
      ],
      [0, 1, 0],
      'tape',
    );
    parts.push(tape.build());
  }
  return parts.length === 1 ? parts[0]! : merge(...parts);
}

/** A flat quad, corners top-left, top-right, bottom-right, bottom-left seen from outside, uv (0,0) top-left. */
function quadFace(b: MeshBuilder, c: readonly [Vec3, Vec3, Vec3, Vec3], n: Vec3, slot: Slot): void {
  const tl = b.vertex(c[0], n, 0, 0);
  const tr = b.vertex(c[1], n, 1, 0);
  const br = b.vertex(c[2], n, 1, 1);
  const bl = b.vertex(c[3], n, 0, 1);
  b.quad(bl, br, tr, tl, slot);
}

/** Axis-aligned block between `lo` and `hi`, every face in `slot`. */
function block(lo: Vec3, hi: Vec3, slot: Slot): Mesh {
  const b = new MeshBuilder();
  const [x0, y0, z0] = lo;
  const [x1, y1, z1] = hi;
  quadFace(
    b,
    [
      [x0, y1, z1],
      [x1, y1, z1],
      [x1, y0, z1],
      [x0, y0, z1],
    ],
    [0, 0, 1],
    slot,
  );
  quadFace(
    b,
    [
      [x1, y1, z0],
      [x0, y1, z0],
      [x0, y0, z0],
      [x1, y0, z0],
    ],
    [0, 0, -1],
    slot,
  );
  quadFace(
    b,
    [
      [x0, y1, z0],
      [x0, y1, z1],
      [x0, y0, z1],
      [x0, y0, z0],
    ],
    [-1, 0, 0],
    slot,
  );
  quadFace(
    b,
    [
      [x1, y1, z1],
      [x1, y1, z0],
      [x1, y0, z0],
      [x1, y0, z1],
    ],
    [1, 0, 0],
    slot,
  );
  quadFace(
    b,
    [
      [x0, y1, z0],
      [x1, y1, z0],
      [x1, y1, z1],
      [x0, y1, z1],
    ],
    [0, 1, 0],
    slot,
  );
  quadFace(
    b,
    [
      [x0, y0, z1],
      [x1, y0, z1],
      [x1, y0, z0],
      [x0, y0, z0],
    ],
    [0, -1, 0],
    slot,
  );
  return b.build();
}

/** The inside of an open box or bag: four inner walls and the floor, and the board's edge round the top. */
function openTop(width: number, height: number, depth: number): Mesh {
  const b = new MeshBuilder();
  const x = width / 2;
  const z = depth / 2;
  const t = Math.max(0.6, Math.min(3, Math.min(width, depth) * 0.012));
  const xi = x - t;
  const zi = z - t;
  const h = height;
  quadFace(
    b,
    [
      [-xi, h, -zi],
      [xi, h, -zi],
      [xi, t, -zi],
      [-xi, t, -zi],
    ],
    [0, 0, 1],
    'inner',
  );
  quadFace(
    b,
    [
      [xi, h, zi],
      [-xi, h, zi],
      [-xi, t, zi],
      [xi, t, zi],
    ],
    [0, 0, -1],
    'inner',
  );
  quadFace(
    b,
    [
      [-xi, h, zi],
      [-xi, h, -zi],
      [-xi, t, -zi],
      [-xi, t, zi],
    ],
    [1, 0, 0],
    'inner',
  );
  quadFace(
    b,
    [
      [xi, h, -zi],
      [xi, h, zi],
      [xi, t, zi],
      [xi, t, -zi],
    ],
    [-1, 0, 0],
    'inner',
  );
  quadFace(
    b,
    [
      [-xi, t, -zi],
      [xi, t, -zi],
      [xi, t, zi],
      [-xi, t, zi],
    ],
    [0, 1, 0],
    'inner',
  );
  const up: Vec3 = [0, 1, 0];
  quadFace(
    b,
    [
      [-x, h, zi],
      [x, h, zi],
      [x, h, z],
      [-x, h, z],
    ],
    up,
    'rim',
  );
  quadFace(
    b,
    [
      [-x, h, -z],
      [x, h, -z],
      [x, h, -zi],
      [-x, h, -zi],
    ],
    up,
    'rim',
  );
  quadFace(
    b,
    [
      [-x, h, -zi],
      [-xi, h, -zi],
      [-xi, h, zi],
      [-x, h, zi],
    ],
    up,
    'rim',
  );
  quadFace(
    b,
    [
      [xi, h, -zi],
      [x, h, -zi],
      [x, h, zi],
      [xi, h, zi],
    ],
    up,
    'rim',
  );
  return b.build();
}

/** Two rope handles, front and back, knotted inside the bag and rising in tall loops above it. */
function ropeHandles(width: number, height: number, depth: number): Mesh {
  const a = width * 0.15;
  const rise = width * 0.34;
  const r = Math.max(1.6, width * 0.01);
  const loops: Mesh[] = [];
  for (const z of [depth / 2 - r - 1, -(depth / 2 - r - 1)]) {
    const path: Vec3[] = [[-a, height - 12, z]];
    for (let i = 0; i <= 20; i++) {
      const phi = (i / 20) * Math.PI;
      path.push([-a * Math.cos(phi), height + rise * Math.sin(phi), z]);
    }
    path.push([a, height - 12, z]);
    loops.push(sweep(path, r, 'handle', 10));
  }
  return merge(...loops);
}

/**
 * The edge of a lid-and-base box's lid: the shadow line where the lid's wall ends over the base,
 * round the sides and top. It lies on the faces (0.05 mm proud): a lid standing proud by its
 * board thickness would widen the product's bounds, and with them rescale the framed packshot.
 */
function lidEdge(width: number, height: number, depth: number, lidDepth: number): Mesh {
  const b = new MeshBuilder();
  const x = width / 2 + 0.05;
  const y = height + 0.05;
  const z0 = depth / 2 - Math.min(lidDepth, depth);
  const z1 = z0 + Math.max(0.8, Math.min(1.6, width * 0.006));
  quadFace(
    b,
    [
      [-x, y, z0],
      [x, y, z0],
      [x, y, z1],
      [-x, y, z1],
    ],
    [0, 1, 0],
    'lid',
  );
  quadFace(
    b,
    [
      [-x, height, z0],
      [-x, height, z1],
      [-x, 0, z1],
      [-x, 0, z0],
    ],
    [-1, 0, 0],
    'lid',
  );
  quadFace(
    b,
    [
      [x, height, z1],
      [x, height, z0],
      [x, 0, z0],
      [x, 0, z1],
    ],
    [1, 0, 0],
    'lid',
  );
  return b.build();
}

/**
 * A film bag whose top is pressed flat: front and back run straight up, then close in over
 * `seal.taper` mm to a heat seal `seal.height` mm tall (a box pouch, a coffee bag). The seal is
 * crimped, with a tear notch in each edge; a zipper bead and a degassing valve where the
 * dieline keeps them clear of the artwork.
 */
function sealedBagMesh(shape: BoxShape): Mesh {
  const { width, height, depth } = shape;
  const ts = shape.seal?.height ?? 10;
  const taper = Math.min(shape.seal?.taper ?? depth / 2, height * 0.3);
  const thin = 1.2;
  const yA = height - ts - taper;
  const yB = height - ts;
  const x = width / 2;
  // Depth of the bag at height y, and its slope.
  const ease = (y: number): number => (y <= yA ? 0 : y >= yB ? 1 : 0.5 - 0.5 * Math.cos((Math.PI * (y - yA)) / taper));
  const depthAt = (y: number): number => depth + (thin - depth) * ease(y);
  const slope = (y: number): number => (depthAt(Math.min(height, y + 0.01)) - depthAt(Math.max(0, y - 0.01))) / 0.02;
  const rows = [0, yA];
  for (let k = 1; k <= 6; k++) rows.push(yA + (taper * k) / 6);
  const notchY = height - ts / 2;
  const notchDepth = Math.min(3, width * 0.04);
  const edgeX = (y: number): number => x - notchDepth * Math.max(0, 1 - Math.abs(y - notchY) / 1.5);
  const sealRows = [yB, notchY - 1.5, notchY, notchY + 1.5, height];
  const b = new MeshBuilder();
  const v = (y: number): number => 1 - y / height;
  // Front and back below the seal: two columns, rows through the taper.
  for (const sign of [1, -1] as const) {
    const slot: Slot = sign === 1 ? 'front' : 'back';
    const ids: number[][] = rows.map((y) => {
      const z = (sign * depthAt(y)) / 2;
      const n: Vec3 = [0, -slope(y) / 2, sign];
      return [-x, x].map((xx) => b.vertex([xx, y, z], n, sign === 1 ? (xx + x) / width : (x - xx) / width, v(y)));
    });
    for (let i = 0; i + 1 < rows.length; i++) {
      const [lo0, lo1] = ids[i]!;
      const [hi0, hi1] = ids[i + 1]!;
      if (sign === 1) b.quad(lo0!, lo1!, hi1!, hi0!, slot);
      else b.quad(lo1!, lo0!, hi0!, hi1!, slot);
    }
  }
  // Sides, narrowing with the bag; the texture's centre line stays on the side's centre.
  for (const side of [-1, 1] as const) {
    const slot: Slot = side === 1 ? 'right' : 'left';
    const all = [...rows, ...sealRows.slice(1)];
    const ids = all.map((y) => {
      const half = depthAt(y) / 2;
      const xx = side * (y > yB ? edgeX(y) : x);
      // u runs front to back on the right face and back to front on the left, as on a box.
      return [-half, half].map((z) => b.vertex([xx, y, z], [side, 0, 0], side === 1 ? 0.5 - z / depth : 0.5 + z / depth, v(y)));
    });
    for (let i = 0; i + 1 < all.length; i++) {
      const [lb, lf] = ids[i]!;
      const [hb, hf] = ids[i + 1]!;
      if (side === 1) b.quad(lf!, lb!, hb!, hf!, slot);
      else b.quad(lb!, lf!, hf!, hb!, slot);
    }
  }
  quadFace(
    b,
    [
      [-x, 0, depth / 2],
      [x, 0, depth / 2],
      [x, 0, -depth / 2],
      [-x, 0, -depth / 2],
    ],
    [0, -1, 0],
    'bottom',
  );
  quadFace(
    b,
    [
      [-x, height, -thin / 2],
      [x, height, -thin / 2],
      [x, height, thin / 2],
      [-x, height, thin / 2],
    ],
    [0, 1, 0],
    'top',
  );
  const parts = [b.build(), sealBand(width, thin / 2, sealRows, edgeX, height, 'seal', 1), sealBand(width, thin / 2, sealRows, edgeX, height, 'back', -1)];
  const zf = shape.seal?.zipperFromTop;
  if (zf !== undefined) {
    const y = height - zf - 2;
    parts.push(zipperBead(-x + 1, x - 1, y, depthAt(y) / 2, width, height));
  }
  const vf = shape.seal?.valveFromTop;
  if (vf !== undefined) parts.push(valve(height - vf, depthAt(height - vf) / 2, Math.min(9, width * 0.08)));
  return merge(...parts);
}

/**
 * One face of a flat heat seal between rows `ys` (bottom to top) at z = sign·z: fine vertical
 * ridges, made by tilting the normals of alternate columns, read as the crimp pattern.
 * `edgeX(y)` is the half-width at y (a tear notch pulls it in).
 */
function sealBand(width: number, z: number, ys: readonly number[], edgeX: (y: number) => number, height: number, slot: Slot, sign: 1 | -1): Mesh {
  const b = new MeshBuilder();
  const x = width / 2;
  const cols: number[] = [-x];
  const pitch = 2;
  const inner = x - 3.6;
  const n = Math.max(2, Math.round((2 * inner) / pitch));
  for (let i = 0; i <= n; i++) cols.push(-inner + (2 * inner * i) / n);
  cols.push(x);
  const ids = ys.map((y) =>
    cols.map((cx, c) => {
      const px = c === 0 ? -edgeX(y) : c === cols.length - 1 ? edgeX(y) : cx;
      const tilt = c === 0 || c === cols.length - 1 ? 0 : c % 2 === 0 ? 0.2 : -0.2;
      const u = sign === 1 ? (px + x) / width : (x - px) / width;
      return b.vertex([px, y, sign * z], [tilt, 0, sign], u, 1 - y / height);
    }),
  );
  for (let r = 0; r + 1 < ys.length; r++) {
    for (let c = 0; c + 1 < cols.length; c++) {
      const a = ids[r]![c]!;
      const bb = ids[r]![c + 1]!;
      const cc = ids[r + 1]![c + 1]!;
      const d = ids[r + 1]![c]!;
      if (sign === 1) b.quad(a, bb, cc, d, slot);
      else b.quad(bb, a, d, cc, slot);
    }
  }
  return b.build();
}

/** A press-to-close zipper: a low bead across the front, lit on its upper half, shaded below. */
function zipperBead(x0: number, x1: number, y: number, z: number, width: number, height: number): Mesh {
  const b = new MeshBuilder();
  const rows: [number, number, number][] = [
    [y - 1.6, 0, -0.2],
    [y - 0.6, 0.5, -0.75],
    [y + 0.6, 0.5, 0.75],
    [y + 1.6, 0, 0.2],
  ];
  const ids = rows.map(([yy, lift, ny]) => [x0, x1].map((xx) => b.vertex([xx, yy, z + lift], [0, ny, 1], (xx + width / 2) / width, 1 - yy / height)));
  for (let r = 0; r + 1 < rows.length; r++) b.quad(ids[r]![0]!, ids[r]![1]!, ids[r + 1]![1]!, ids[r + 1]![0]!, 'zipper');
  return b.build();
}

/** A one-way degassing valve: a small round plastic button on the front. */
function valve(y: number, z: number, r: number): Mesh {
  const lathe = latheMesh(
    [
      {
        points: [
          { r: r, y: 0 },
          { r: r, y: 0.8 },
          { r: r * 0.7, y: 1.3 },
          { r: r * 0.55, y: 2 },
        ],
        slot: 'collar',
        mapping: 'wrap',
      },
      disc(r * 0.55, 2, true, 'collar'),
    ],
    32,
  );
  // Turn the lathe's axis from +Y to +Z (a quarter turn about X), then move it onto the bag.
  const positions = new Float32Array(lathe.positions.length);
  const normals = new Float32Array(lathe.normals.length);
  for (let i = 0; i < positions.length; i += 3) {
    positions[i] = lathe.positions[i]!;
    positions[i + 1] = y - lathe.positions[i + 2]!;
    positions[i + 2] = z + lathe.positions[i + 1]!;
    normals[i] = lathe.normals[i]!;
    normals[i + 1] = -lathe.normals[i + 2]!;
    normals[i + 2] = lathe.normals[i + 1]!;
  }
  return { ...lathe, positions, normals };
}

export function cylinderMesh({ diameter, height, variant = 'plain', lidHeight }: CylinderShape): Mesh {
  const r = diameter / 2;
  if (variant === 'tin') return tinMesh(r, height);
  if (variant === 'stick') return stickMesh(r, height, lidHeight);
  if (variant === 'paper-tube') return paperTubeMesh(r, height, lidHeight ?? height * 0.25);
  if (variant === 'can') {
    // Beverage can: narrowed bottom dome and a necked top with a rolled metal rim.
    const rim = Math.min(r * 0.12, height * 0.06);
    const neckR = r * 0.84;
    return latheMesh([
      disc(r * 0.8, 0, false, 'rim'),
      { points: [{ r: r * 0.8, y: 0 }, ...fillet({ r: r * 0.8, y: 0 }, { r, y: rim }, 6, 'r-first').slice(1)], slot: 'rim', mapping: 'wrap' },
      {
        points: [
          { r, y: rim },
          { r, y: height - rim * 1.6 },
        ],
        slot: 'wrap',
        mapping: 'wrap',
      },
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
      {
        points: [
          { r, y: round },
          { r, y: bodyTop * 0.08 },
        ],
        slot: 'body',
        mapping: 'wrap',
      },
      {
        points: [
          { r, y: bodyTop * 0.08 },
          { r, y: bodyTop * 0.92 },
        ],
        slot: 'wrap',
        mapping: 'wrap',
      },
      {
        points: [
          { r, y: bodyTop * 0.92 },
          { r, y: bodyTop },
          { r: r * 0.96, y: bodyTop + 1 },
        ],
        slot: 'body',
        mapping: 'wrap',
      },
      {
        points: [
          { r: r * 0.96, y: bodyTop + 1 },
          { r: r * 1.02, y: bodyTop + 2 },
          { r: r * 1.02, y: height - round },
          ...fillet({ r: r * 1.02, y: height - round }, { r: r * 1.02 - round, y: height }, 4, 'y-first').slice(1),
        ],
        slot: 'cap',
        mapping: 'wrap',
      },
      disc(r * 1.02 - round, height, true, 'cap'),
    ]);
  }
  return latheMesh([
    disc(r, 0, false, 'bottom'),
    {
      points: [
        { r, y: 0 },
        { r, y: height },
      ],
      slot: 'wrap',
      mapping: 'wrap',
    },
    disc(r, height, true, 'top'),
  ]);
}

/**
 * Food tin: straight walls between two double seams that stand proud of the body, a lid with
 * expansion rings. The label band is the beverage can's, so a can's artwork fits a tin.
 */
function tinMesh(r: number, height: number): Mesh {
  const rim = Math.min(r * 0.12, height * 0.06);
  const seam = r + Math.max(0.8, r * 0.03);
  const top = height - rim * 1.6;
  return latheMesh([
    disc(seam - 0.8, 0, false, 'rim'),
    {
      points: [
        { r: seam - 0.8, y: 0 },
        { r: seam, y: 0.8 },
        { r: seam, y: rim * 0.7 },
        { r, y: rim },
      ],
      slot: 'rim',
      mapping: 'wrap',
    },
    {
      points: [
        { r, y: rim },
        { r, y: top },
      ],
      slot: 'wrap',
      mapping: 'wrap',
    },
    {
      points: [
        { r, y: top },
        { r, y: height - rim * 0.9 },
        { r: seam, y: height - rim * 0.75 },
        { r: seam, y: height - 0.6 },
        { r: seam - 0.6, y: height },
        { r: r * 0.94, y: height },
        { r: r * 0.92, y: height - 1.4 },
        { r: r * 0.8, y: height - 1.4 },
        { r: r * 0.77, y: height - 0.7 },
        { r: r * 0.72, y: height - 0.7 },
        { r: r * 0.69, y: height - 1.4 },
        { r: r * 0.5, y: height - 1.4 },
        { r: r * 0.47, y: height - 0.8 },
        { r: r * 0.42, y: height - 1.4 },
      ],
      slot: 'rim',
      mapping: 'wrap',
    },
    disc(r * 0.42, height - 1.4, true, 'rim'),
  ]);
}

/**
 * Twist-up stick (lip balm): the label band keeps the plain cylinder's full height; a domed cap
 * top, a parting line where the cap meets the body (`partAt`, above the label) and a twist
 * ring at the base stand out from it.
 */
function stickMesh(r: number, height: number, partAt: number | undefined): Mesh {
  const ring = (y0: number, y1: number): LathePiece[] => capPieces(r * 1.02, y0, y1, 0, 'collar');
  const pieces: LathePiece[] = [
    disc(r, 0, false, 'bottom'),
    {
      points: [
        { r, y: 0 },
        { r, y: height },
      ],
      slot: 'wrap',
      mapping: 'wrap',
    },
    { points: quarterEllipse(r, height, 0, height + r * 0.35, 8), slot: 'body', mapping: 'wrap' },
    ...ring(0, Math.min(2.5, height * 0.04)),
  ];
  if (partAt !== undefined && partAt > 0 && partAt < height - 1) pieces.push(...ring(partAt, partAt + 0.8));
  return latheMesh(pieces);
}

/**
 * Paper tube with a telescoping lid: the lid band (the wrap texture's first `lidHeight` mm)
 * stands a board's thickness proud of the body, its lower edge a visible step.
 */
function paperTubeMesh(r: number, height: number, lidHeight: number): Mesh {
  const rl = r + Math.max(1, r * 0.03);
  const split = height - lidHeight;
  const vSplit = lidHeight / height;
  return latheMesh([
    disc(r, 0, false, 'bottom'),
    {
      points: [
        { r, y: 0 },
        { r, y: split },
      ],
      slot: 'wrap',
      mapping: 'wrap',
      v0: vSplit,
      v1: 1,
    },
    {
      points: [
        { r, y: split },
        { r: rl, y: split },
      ],
      slot: 'rim',
      mapping: 'wrap',
    },
    {
      points: [
        { r: rl, y: split },
        { r: rl, y: height },
      ],
      slot: 'wrap',
      mapping: 'wrap',
      v0: 0,
      v1: vSplit,
    },
    disc(rl, height, true, 'top'),
  ]);
}

export function bottleMesh({ diameter, height, neckDiameter, style }: BottleShape): Mesh {
  if (style) return styledBottleMesh(style, diameter, height);
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
    {
      points: [
        { r, y: round },
        { r, y: labelBottom },
      ],
      slot: 'body',
      mapping: 'wrap',
    },
    {
      points: [
        { r, y: labelBottom },
        { r, y: labelTop },
      ],
      slot: 'wrap',
      mapping: 'wrap',
    },
    {
      points: [{ r, y: labelTop }, ...shoulder, { r: rn, y: neckTop - capH * 0.4 }, { r: rn * 1.06, y: neckTop - capH * 0.35 }],
      slot: 'body',
      mapping: 'wrap',
    },
    // Cap: a ribbed-looking cylinder slightly wider than the neck.
    disc(capR, neckTop - capH * 0.35, false, 'cap'),
    {
      points: [
        { r: capR, y: neckTop - capH * 0.35 },
        { r: capR, y: height - capRound },
        ...fillet({ r: capR, y: height - capRound }, { r: capR - capRound, y: height }, 3, 'y-first').slice(1),
      ],
      slot: 'cap',
      mapping: 'wrap',
    },
    disc(capR - capRound, height, true, 'cap'),
  ];
  return latheMesh(pieces);
}

export function tubeMesh({ diameter, length, cap = 'screw' }: TubeShape): Mesh {
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
  const pieces: LathePiece[] = [
    disc(capR - round, 0, false, 'cap'),
    { points: fillet({ r: capR - round, y: 0 }, { r: capR, y: round }, 3, 'r-first'), slot: 'cap', mapping: 'wrap' },
    {
      points: [
        { r: capR, y: round },
        { r: capR, y: capH },
        { r: capR * 0.9, y: capH },
      ],
      slot: 'cap',
      mapping: 'wrap',
    },
    {
      points: [
        { r: capR * 0.9, y: capH },
        { r: r * 0.8, y: capH + shoulderH * 0.35 },
        { r: r * 0.97, y: capH + shoulderH * 0.8 },
        { r, y: bodyBottom },
        { r, y: labelBottom },
      ],
      slot: 'body',
      mapping: 'wrap',
    },
    { points: body, slot: 'wrap', mapping: 'wrap' },
    {
      points: [
        { r, y: labelTop },
        { r, y: bodyTop },
      ],
      slot: 'body',
      mapping: 'wrap',
    },
  ];
  // A flip-top's lid and base meet at a parting line; a screw cap is knurled instead.
  if (cap === 'flip') pieces.push(...capPieces(capR * 1.015, capH * 0.34, capH * 0.34 + 0.7, 0, 'collar'));
  let lathe = latheMesh(pieces, 96);
  if (cap === 'screw') lathe = flute(lathe, 40, 0.02, round + 0.3, capH - 0.3);
  // Flattening a circle keeps its perimeter: the crimp is pi/2 times as wide as the radius.
  const squeezed = deformMesh(lathe, ([x, y, z]) => {
    const t = smoothstep(bodyBottom + (bodyTop - bodyBottom) * 0.15, bodyTop, y);
    const sx = 1 + (Math.PI / 2 - 1) * t;
    const sz = 1 - 0.95 * t;
    return [x * sx, y, z * sz];
  });
  return merge(squeezed, crimpMesh((r * Math.PI) / 2, r * 0.05, bodyTop, length));
}

/** The flat crimped end of a tube: a thin plate with fine vertical serrations, from y0 to y1. */
function crimpMesh(halfWidth: number, halfThickness: number, y0: number, y1: number): Mesh {
  const b = new MeshBuilder();
  const n = Math.max(8, Math.round((2 * halfWidth) / 1.4));
  for (const sign of [1, -1] as const) {
    const lo: number[] = [];
    const hi: number[] = [];
    for (let i = 0; i <= n; i++) {
      const x = -halfWidth + (2 * halfWidth * i) / n;
      // Alternate columns lean left and right: ridges that catch the light in turn.
      const tilt = i === 0 || i === n ? 0 : i % 2 === 0 ? 0.3 : -0.3;
      lo.push(b.vertex([x, y0, sign * halfThickness], [tilt, 0, sign], 0, 0));
      hi.push(b.vertex([x, y1, sign * halfThickness], [tilt, 0, sign], 0, 0));
    }
    for (let i = 0; i < n; i++) {
      if (sign === 1) b.quad(lo[i]!, lo[i + 1]!, hi[i + 1]!, hi[i]!, 'crimp');
      else b.quad(lo[i + 1]!, lo[i]!, hi[i]!, hi[i + 1]!, 'crimp');
    }
  }
  const edges = merge(
    block([-halfWidth, y1 - 0.01, -halfThickness], [halfWidth, y1, halfThickness], 'crimp'),
    block([-halfWidth - 0.01, y0, -halfThickness], [-halfWidth, y1, halfThickness], 'crimp'),
    block([halfWidth, y0, -halfThickness], [halfWidth + 0.01, y1, halfThickness], 'crimp'),
  );
  return merge(b.build(), edges);
}

function smoothstep(e0: number, e1: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
}

export function pouchMesh(shape: PouchShape): Mesh {
  const { width, height } = shape;
  const b = new MeshBuilder();
  const d = (shape.depth ?? width * 0.3) / 2;
  const halfW = width / 2;
  const seals = shape.seals;
  const pillow = shape.profile === 'pillow';
  const side = Math.min(seals?.side ?? 0, halfW * 0.4);
  const topSeal = seals?.top ?? 0;
  const bottomSeal = seals?.bottom ?? 0;
  // The puffed part: inside the seals. Without seals the film still flattens near the top.
  const innerW = halfW - side;
  const y0 = bottomSeal;
  const y1 = height - topSeal;
  const flatTop = seals ? y1 : height - Math.min(height * 0.08, 14);
  // The bulge is smooth and normals are interpolated per pixel, so a coarse grid
  // looks the same as a fine one; every extra row adds triangle edges to shade twice.
  const nu = 24;
  const nv = 28;
  const bulge = pouchBulge(d, innerW, pillow, y0, flatTop);
  const { rows, zipper, bead } = pouchRows(y0, seals ? y1 : height, nv, height, seals);
  const grid: PouchGrid = { b, width, height, innerW, nu, rows, bulge, zipper, bead };
  pouchSide(grid, 1, 'front');
  pouchSide(grid, -1, 'back');
  if (!pillow) pouchGusset(grid);
  if (!seals) return b.build();
  return merge(b.build(), pouchSeals(width, height, side, y0, y1, seals.notchFromTop));
}

/**
 * Bulge of one side of a pouch at (x, y). A stand-up pouch's bottom gusset keeps it thick below
 * and it thins towards the top seal; a pillow (flat pouch, sachet, pillow box) is pinched at both ends.
 */
function pouchBulge(d: number, innerW: number, pillow: boolean, y0: number, flatTop: number): (x: number, y: number) => number {
  return (x, y) => {
    const s = x / innerW;
    const across = Math.pow(Math.max(0, 1 - s * s), 0.45);
    if (pillow) {
      const u = (y - y0) / (flatTop - y0);
      // A plain sine: its ends meet the seals at a gentle slope. A steeper end turns the film
      // towards the overhead softbox, and a glare band would lie across a brand set near the top.
      return u <= 0 || u >= 1 ? 0 : d * across * Math.sin(Math.PI * u);
    }
    const t = Math.min(1, Math.max(0, y) / flatTop);
    const up = Math.pow(Math.max(0, 1 - Math.pow(t, 2.2)), 0.55) * (1 - 0.45 * t);
    return d * across * up;
  };
}

/** The rows of a pouch's grid, top first as textures run: even steps, plus the zipper's edges and its bead. */
function pouchRows(y0: number, gridTop: number, nv: number, height: number, seals: PouchSeals | undefined): Pick<PouchGrid, 'rows' | 'zipper' | 'bead'> {
  const rowSet: number[] = [];
  for (let iv = 0; iv <= nv; iv++) rowSet.push(y0 + ((gridTop - y0) * iv) / nv);
  const zf = seals?.zipperFromTop;
  const zh = Math.min(seals?.zipperHeight ?? 6, 6);
  const zipper = zf !== undefined && height - zf - zh > y0 && height - zf < gridTop ? { lo: height - zf - zh, hi: height - zf } : undefined;
  const bead = zipper ? [zipper.lo + zh * 0.3, zipper.lo + zh * 0.7] : [];
  if (zipper) {
    const extra = [zipper.lo, ...bead, zipper.hi];
    for (let k = rowSet.length - 1; k >= 0; k--) if (extra.some((e) => Math.abs(e - rowSet[k]!) < 0.8)) rowSet.splice(k, 1);
    rowSet.push(...extra);
    rowSet.sort((p, q) => p - q);
  }
  return { rows: rowSet.reverse(), zipper, bead };
}

/** The puffed body of a pouch as a grid: what its front, back and gusset are built from. */
interface PouchGrid {
  readonly b: MeshBuilder;
  readonly width: number;
  readonly height: number;
  /** Half the width inside the side seals. */
  readonly innerW: number;
  /** Columns across. */
  readonly nu: number;
  /** Row heights, top first. */
  readonly rows: readonly number[];
  readonly bulge: (x: number, y: number) => number;
  readonly zipper: { readonly lo: number; readonly hi: number } | undefined;
  /** The two rows of the zipper's bead (none without a zipper). */
  readonly bead: readonly number[];
}

/** One face of the puffed body: the front (sign 1, with the zipper) or the back (sign −1). */
function pouchSide(g: PouchGrid, sign: 1 | -1, slot: Slot): void {
  const { b, width, height, innerW, nu, rows, bulge, zipper, bead } = g;
  const halfW = width / 2;
  const grid: number[][] = [];
  for (const y of rows) {
    const row: number[] = [];
    for (let iu = 0; iu <= nu; iu++) {
      const u01 = iu / nu;
      const x = (sign === 1 ? 2 * u01 - 1 : 1 - 2 * u01) * innerW;
      let z = sign * bulge(x, y);
      // Normal from the surface's partial derivatives (central differences).
      const e = 1e-3;
      const xa = Math.max(-innerW, x - e * innerW);
      const xb = Math.min(innerW, x + e * innerW);
      const dzdx = (bulge(xb, y) - bulge(xa, y)) / (xb - xa);
      const ya = Math.max(0, y - e * height);
      const yb = Math.min(height, y + e * height);
      const dzdy = (bulge(x, yb) - bulge(x, ya)) / (yb - ya);
      // Outward normal of z = ±f(x, y) is (-f_x, -f_y, ±1) on both sides.
      let ny = -dzdy;
      if (sign === 1 && bead.includes(y)) {
        // The zipper's bead: raised a little, its upper half facing up and its lower half down.
        z += 0.5;
        ny += y === bead[1] ? 0.8 : -0.8;
      }
      const nx = -dzdx;
      const u = (x + halfW) / width;
      row.push(b.vertex([x, y, z], [nx, ny, sign], sign === 1 ? u : 1 - u, 1 - y / height));
    }
    grid.push(row);
  }
  for (let iv = 0; iv + 1 < rows.length; iv++) {
    const inZip = sign === 1 && zipper !== undefined && rows[iv + 1]! >= zipper.lo - 1e-6 && rows[iv]! <= zipper.hi + 1e-6;
    for (let iu = 0; iu < nu; iu++) {
      const tl = grid[iv]![iu]!;
      const tr = grid[iv]![iu + 1]!;
      const bl = grid[iv + 1]![iu]!;
      const br = grid[iv + 1]![iu + 1]!;
      b.quad(bl, br, tr, tl, inZip ? 'zipper' : slot);
    }
  }
}

/** A stand-up pouch's gusset: the oval floor between the two bottom edges. */
function pouchGusset(g: PouchGrid): void {
  const { b, innerW, nu, bulge } = g;
  const gusset: number[] = [];
  const gussetBack: number[] = [];
  const down: Vec3 = [0, -1, 0];
  for (let iu = 0; iu <= nu; iu++) {
    const x = (2 * (iu / nu) - 1) * innerW;
    const z = bulge(x, 0);
    gusset.push(b.vertex([x, 0, z], down, 0, 0));
    gussetBack.push(b.vertex([x, 0, -z], down, 0, 0));
  }
  for (let iu = 0; iu < nu; iu++) {
    b.quad(gussetBack[iu]!, gussetBack[iu + 1]!, gusset[iu + 1]!, gusset[iu]!, 'bottom');
  }
}

/**
 * The heat seals of a film pouch, front (slot 'seal', printed and crimped) and back: the top
 * band across the whole width, the side bands below it (with a tear notch), and a bottom band
 * on four-side-seal sachets. Flat, at z = 0, where the puffed body's edges are.
 */
function pouchSeals(width: number, height: number, side: number, y0: number, y1: number, notchFromTop: number | undefined): Mesh {
  const halfW = width / 2;
  const parts: Mesh[] = [];
  const notchY = notchFromTop !== undefined ? height - notchFromTop : undefined;
  const notchDepth = Math.min(3, Math.max(0, side - 1.2));
  const edgeX = (y: number): number => (notchY === undefined ? halfW : halfW - notchDepth * Math.max(0, 1 - Math.abs(y - notchY) / 1.5));
  const plain = (): number => halfW;
  for (const [sign, slot] of [
    [1, 'seal'],
    [-1, 'back'],
  ] as const) {
    parts.push(flatSeal(-halfW, halfW, [y1, height], plain, width, height, slot, sign));
    if (y0 > 0) parts.push(flatSeal(-halfW, halfW, [0, y0], plain, width, height, slot, sign));
    if (side > 0) {
      const ys = [y0, y1];
      if (notchY !== undefined && notchY - 1.5 > y0 && notchY + 1.5 < y1) ys.splice(1, 0, notchY - 1.5, notchY, notchY + 1.5);
      parts.push(flatSeal(halfW - side, halfW, ys, edgeX, width, height, slot, sign));
      parts.push(flatSeal(-halfW, -(halfW - side), ys, edgeX, width, height, slot, sign));
    }
  }
  return merge(...parts);
}

/**
 * A flat rectangle of seal from x0 to x1 over rows `ys` at z = 0, facing `sign`, with fine
 * vertical ridges (normals of alternate columns tilted). An outermost column (at the pack's
 * edge) stands `outer(y)` from the centre line (a notch pulls it in). Printed like the face it belongs to: u across the width, v down the height.
 */
function flatSeal(x0: number, x1: number, ys: readonly number[], outer: (y: number) => number, width: number, height: number, slot: Slot, sign: 1 | -1): Mesh {
  const b = new MeshBuilder();
  const halfW = width / 2;
  // Ridges a few pixels apart at packshot scale, tilted gently: finer or steeper ones shimmer (moiré).
  const pitch = 2;
  // Keep ridges clear of an outer edge a notch can pull in.
  const leftOuter = x0 <= -halfW + 1e-6;
  const rightOuter = x1 >= halfW - 1e-6;
  const a0 = leftOuter ? x0 + 3.6 : x0;
  const a1 = rightOuter ? x1 - 3.6 : x1;
  const cols: number[] = [];
  if (leftOuter) cols.push(x0);
  const n = Math.max(1, Math.round((a1 - a0) / pitch));
  for (let i = 0; i <= n; i++) cols.push(a0 + ((a1 - a0) * i) / n);
  if (rightOuter) cols.push(x1);
  const last = cols.length - 1;
  const ids = ys.map((y) =>
    cols.map((cx, c) => {
      const x = c === 0 && leftOuter ? -outer(y) : c === last && rightOuter ? outer(y) : cx;
      const edge = c === 0 || c === last;
      const tilt = edge ? 0 : c % 2 === 0 ? 0.2 : -0.2;
      const u = sign === 1 ? (x + halfW) / width : (halfW - x) / width;
      return b.vertex([x, y, 0], [tilt, 0, sign], u, 1 - y / height);
    }),
  );
  for (let r = 0; r + 1 < ys.length; r++) {
    for (let c = 0; c < last; c++) {
      const a = ids[r]![c]!;
      const bb = ids[r]![c + 1]!;
      const cc = ids[r + 1]![c + 1]!;
      const dd = ids[r + 1]![c]!;
      if (sign === 1) b.quad(a, bb, cc, dd, slot);
      else b.quad(bb, a, dd, cc, slot);
    }
  }
  return b.build();
}

export function cupMesh({ topDiameter, bottomDiameter, height, lid, straw }: CupShape): Mesh {
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
  const body = latheMesh([
    disc(rb, 0, false, 'bottom'),
    {
      points: [
        { r: rb, y: 0 },
        { r: rAt(height * 0.03), y: height * 0.03 },
      ],
      slot: 'body',
      mapping: 'wrap',
    },
    {
      points: [
        { r: rAt(height * 0.03), y: height * 0.03 },
        { r: rAt(height - lip * 2), y: height - lip * 2 },
      ],
      slot: 'wrap',
      mapping: 'wrap',
    },
    { points: [{ r: rAt(height - lip * 2), y: height - lip * 2 }, ...bead, { r: innerTop, y: height }], slot: 'rim', mapping: 'wrap' },
    // Inside wall, running down, so its normals face the axis.
    {
      points: [
        { r: innerTop, y: height },
        { r: innerBottom, y: baseLift },
      ],
      slot: 'inner',
      mapping: 'wrap',
    },
    disc(innerBottom, baseLift, true, 'inner'),
  ]);
  if (!lid) return body;
  const parts = [body, latheMesh(cupLid(lid, rt, height, lip))];
  if (lid === 'hot') {
    // The sip opening: a dark slot on the lid's raised rim, facing the camera.
    const k = rt / 40;
    const slot = latheMesh([disc(1, 0, true, 'hole')], 24);
    parts.push(deformMesh(slot, ([x, y, z]) => [x * 5.5 * k, y + height + 8 * k + 0.08, rt * 0.88 + z * 1.3 * k]));
  }
  if (straw) {
    const top = height + lidRise(lid, rt);
    const sr = Math.max(2.5, rt * 0.075);
    parts.push(
      sweep(
        [
          [rt * 0.04, height * 0.45, -rt * 0.05],
          [rt * 0.3, top + height * 0.26, -rt * 0.16],
        ],
        sr,
        'straw',
        14,
      ),
    );
  }
  return merge(...parts);
}

/** How far a lid rises above the cup's rim, mm. */
function lidRise(lid: NonNullable<CupShape['lid']>, rt: number): number {
  const k = rt / 40;
  switch (lid) {
    case 'hot':
      return 8 * k;
    case 'dome':
      return 2 + rt * 0.5;
    case 'flat':
      return 3.2;
    case 'snap':
      return 6.4 * k;
  }
}

/**
 * A lid over the cup's rolled rim: a skirt that hugs the bead, then the lid's own top. Heights
 * scale with the cup (an 8 oz hot cup's lid rim is ~8 mm tall).
 */
function cupLid(lid: NonNullable<CupShape['lid']>, rt: number, height: number, lip: number): LathePiece[] {
  const rs = rt + lip * 0.9 + 0.7;
  const yb = height - lip * 2.3;
  const k = rt / 40;
  const h = height;
  const skirt: ProfilePoint[] = [
    { r: rt, y: yb },
    { r: rs, y: yb },
  ];
  let pts: ProfilePoint[];
  switch (lid) {
    case 'hot':
      pts = [
        ...skirt,
        { r: rs, y: h + 0.8 },
        ...fillet({ r: rs, y: h + 0.8 }, { r: rs - 1.2, y: h + 2 }, 3, 'y-first').slice(1),
        { r: rt * 0.95, y: h + 2.2 },
        { r: rt * 0.93, y: h + 2.8 * k },
        { r: rt * 0.915, y: h + 7.2 * k },
        { r: rt * 0.88, y: h + 8 * k },
        { r: rt * 0.845, y: h + 7.4 * k },
        { r: rt * 0.83, y: h + 4.6 * k },
        { r: 0, y: h + 4.6 * k },
      ];
      break;
    case 'dome': {
      const top = h + lidRise('dome', rt);
      pts = [...skirt, { r: rs, y: h + 1.2 }, { r: rt * 0.97, y: h + 2 }, ...quarterEllipse(rt * 0.97, h + 2, rt * 0.2, top, 16).slice(1), { r: 0, y: top }];
      break;
    }
    case 'flat':
      pts = [...skirt, { r: rs, y: h + 1.6 }, ...fillet({ r: rs, y: h + 1.6 }, { r: rs - 1.6, y: h + 3.2 }, 3, 'y-first').slice(1), { r: 0, y: h + 3.2 }];
      break;
    case 'snap':
      pts = [
        { r: rt, y: yb - 1 },
        { r: rs + 0.8, y: yb - 1 },
        { r: rs + 0.8, y: h + 2 },
        ...fillet({ r: rs + 0.8, y: h + 2 }, { r: rs - 0.6, y: h + 3.4 }, 3, 'y-first').slice(1),
        { r: rt * 0.95, y: h + 3.4 },
        { r: rt * 0.935, y: h + 6 * k },
        { r: rt * 0.9, y: h + 6.4 * k },
        { r: rt * 0.875, y: h + 4.4 * k },
        { r: 0, y: h + 4.4 * k },
      ];
      break;
  }
  return [{ points: pts, slot: 'lid', mapping: 'wrap' }];
}
