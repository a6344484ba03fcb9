/*
 * What each folding family needs beyond its dieline: which panel is the root, the few creases
 * that close to something other than 90°, how flaps layer under the faces they tuck behind,
 * the order panels fold in, and which chain the `open` parameter swings. The hinges themselves
 * come from the dieline (see build.ts); nothing here names a coordinate.
 */
import type { Dieline, Panel } from '../dieline/types.js';
import { multiply, rotationAbout, translation, type Mat4, type Vec2 } from './geometry.js';

export interface FamilySpec {
  /** Root candidates, in order: each separate piece takes the first one it contains. */
  readonly roots: readonly string[];
  /** Closed angle of the crease a panel hangs on, degrees (default 90). */
  closedDeg(p: Panel): number;
  /** Layers under the outside faces (0 = in the crease plane), in board calipers. */
  layer(p: Panel): number;
  /** Fold order (0 first). */
  stage(p: Panel): number;
  readonly stages: number;
  /** For panels of the lid or tuck chain: their angle on the open pack, degrees. */
  openDeg(p: Panel): number | undefined;
  /** Lid-first boxes (mailers, lid-and-base boxes) are shown lying on their base, lid up. */
  readonly lieFlat: boolean;
  /**
   * How the design's `bottom` image lies on the bottom face. 'back': its top edge towards the
   * back, as the dieline prints a bottom panel (the box model paints upright boxes' bottoms so).
   * 'front': render3d's box uv, top edge towards the front (the box model paints lid-first
   * boxes' front wall there, upright for the pack lying on its base).
   */
  readonly bottomTop: 'back' | 'front';
  /** Where a piece other than the first sits before folding, flat 3D space of the first piece. */
  place?(d: Dieline, root: Panel, first: Panel): Mat4;
  /** Pieces lifted (mm, straight up) as the pack opens. */
  lift?(d: Dieline): Readonly<Record<string, number>>;
}

const num = (d: Dieline, key: string): number => Number(d.params[key] ?? 0);
const centre = (p: Panel): Vec2 => [p.bounds.x + p.bounds.width / 2, p.bounds.y + p.bounds.height / 2];

/** Glued tube cartons: glue flap | front | right | back | left, with tuck, dust or lock closures. */
const tuckCarton: FamilySpec = {
  roots: ['front'],
  closedDeg: () => 90,
  layer(p) {
    switch (p.role) {
      case 'glue-flap':
      case 'dust-flap':
      case 'tuck':
        return 1;
      case 'lock-flap':
        // Side flaps fold first; the front and back hooks lock over them.
        return p.id.startsWith('right') || p.id.startsWith('left') ? 1 : 2;
      default:
        return 0;
    }
  },
  stage(p) {
    switch (p.role) {
      case 'glue-flap':
        return 0;
      case 'dust-flap':
        return 2;
      case 'lock-flap':
        return p.id.startsWith('right') || p.id.startsWith('left') ? 2 : 3;
      case 'top':
      case 'bottom':
      case 'tuck':
        return 3;
      default:
        return 1;
    }
  },
  stages: 4,
  openDeg(p) {
    // The top closure: hinged on the back, its tuck, and the dust flaps under it.
    if (p.id === 'top') return -20;
    if (p.id === 'top-tuck') return 25;
    if (p.id.endsWith('-top-dust-flap')) return 5;
    return undefined;
  },
  lieFlat: false,
  bottomTop: 'back',
};

const sleeve: FamilySpec = { ...tuckCarton, openDeg: () => undefined };

function slotted(d: Dieline): FamilySpec {
  const fullOverlap = d.params.style === '0203';
  return {
    roots: ['front'],
    closedDeg: () => 90,
    layer(p) {
      if (p.role === 'glue-flap') return 1;
      // Inner (side) flaps fold first; full-overlap outer flaps stack, the front one under the back one.
      if (p.role === 'dust-flap') return fullOverlap ? 2 : 1;
      if (fullOverlap && (p.id === 'front-top-flap' || p.id === 'front-bottom-flap')) return 1;
      return 0;
    },
    stage(p) {
      if (p.role === 'glue-flap') return 0;
      if (p.role === 'dust-flap') return 2;
      if (p.id.startsWith('front-') && (p.role === 'top' || p.role === 'bottom')) return 3;
      if (p.role === 'top' || p.role === 'bottom') return 4;
      return 1;
    },
    stages: 5,
    openDeg(p) {
      if (p.id === 'front-top-flap' || p.id === 'back-top-flap') return -30;
      if (p.id === 'right-top-flap' || p.id === 'left-top-flap') return -10;
      return undefined;
    },
    lieFlat: false,
    bottomTop: 'back',
  };
}

/** FEFCO 0427: base root; rolled side walls and the inner front wall fold over by 180°. */
const mailer: FamilySpec = {
  roots: ['base'],
  closedDeg: (p) => (p.role === 'inner-wall' ? 180 : 90),
  layer(p) {
    if (p.id === 'inner-front-wall') return 1;
    if (p.role === 'ear') return 1;
    if (p.role === 'inner-wall') return 2;
    if (p.id === 'lid-tuck') return 2;
    if (p.role === 'dust-flap') return 3;
    return 0;
  },
  stage(p) {
    if (p.id === 'back-wall' || p.id === 'front-wall') return 0;
    if (p.role === 'ear' || p.id === 'inner-front-wall') return 1;
    if (p.role === 'left' || p.role === 'right') return 2;
    if (p.role === 'inner-wall' || p.role === 'lock-flap') return 3;
    if (p.id === 'lid-tuck') return 5;
    return 4;
  },
  stages: 6,
  openDeg(p) {
    if (p.id === 'lid') return -15;
    if (p.id === 'lid-tuck') return 20;
    if (p.id === 'lid-right-dust-flap' || p.id === 'lid-left-dust-flap') return 40;
    return undefined;
  },
  lieFlat: true,
  bottomTop: 'front',
};

/** Two-piece rigid: two wraps; the base sits under the lid, turned over (it forms upside down). */
const rigid: FamilySpec = {
  roots: ['lid-top', 'base-bottom'],
  closedDeg: (p) => (p.role === 'turn-in' ? 180 : 90),
  layer: (p) => (p.role === 'turn-in' ? 2 : p.role === 'ear' ? 1 : 0),
  stage: (p) => (p.role === 'turn-in' ? 2 : p.role === 'ear' ? 1 : 0),
  stages: 3,
  openDeg: () => undefined,
  lieFlat: true,
  bottomTop: 'front',
  place(d, root, first) {
    const t = num(d, 'thickness');
    const baseWall = num(d, 'height') + t;
    const [bx, by] = centre(root);
    const [lx, ly] = centre(first);
    // Half a turn about the sheet's vertical through the base's centre: its outside faces away
    // from the lid's, sheet top stays the back, and left and right swap as the generator says.
    const turn = rotationAbout([bx, -by, 0], [0, 1, 0], Math.PI);
    return multiply(translation([lx - bx, -ly + by, -(baseWall + t)]), turn);
  },
  lift: (d) => ({ 'lid-top': num(d, 'lidHeight') + 25 }),
};

/** Counter display: base root; the header's front layer folds over the back by 180°. */
const display: FamilySpec = {
  roots: ['base'],
  closedDeg: (p) => (p.role === 'front' ? 180 : 90),
  layer: (p) => (p.role === 'front' || p.role === 'glue-flap' ? 1 : 0),
  stage(p) {
    if (p.role === 'glue-flap') return 1;
    if (p.role === 'left' || p.role === 'right') return 2;
    if (p.role === 'front') return 3;
    return 0;
  },
  stages: 4,
  openDeg: () => undefined,
  lieFlat: false,
  bottomTop: 'front',
};

/** The fold spec of a dieline family, or undefined when the family is not folded (round and film packs, the pillow box's curved creases). */
export function familySpec(d: Dieline): FamilySpec | undefined {
  switch (d.family) {
    case 'reverse-tuck-end':
    case 'straight-tuck-end':
    case 'auto-lock-bottom':
      return tuckCarton;
    case 'sleeve':
      return sleeve;
    case 'rsc-0201':
      return slotted(d);
    case 'mailer-0427':
      return mailer;
    case 'two-piece-rigid':
      return rigid;
    case 'display-box':
      return display;
    default:
      return undefined;
  }
}
