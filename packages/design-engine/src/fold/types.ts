import type { BoxId, MaterialType } from '@packsmith/contracts';
import type { PanelRole } from '../dieline/types.js';
import type { Slot } from '../render3d/mesh.js';
import type { Mat4, Vec2 } from './geometry.js';

/** The faces of a pack a design paints: one image each (render3d's face textures). */
export const FACE_NAMES = ['front', 'back', 'left', 'right', 'top', 'bottom', 'wrap'] as const;
export type FaceName = (typeof FACE_NAMES)[number];

/**
 * Where a printed panel shows its design: which face image, and the (u, v) of that image at
 * each outline point (u right, v down, 0–1 across the face image).
 */
export interface PanelPrint {
  readonly face: Exclude<FaceName, 'wrap'>;
  readonly uv: readonly Vec2[];
}

/** How a panel hangs on its parent. */
export interface Hinge {
  /** The panel it hangs from. */
  readonly parent: string;
  /** The crease, sheet space (mm). */
  readonly a: Vec2;
  readonly b: Vec2;
  /**
   * `crease`: turns about the crease line; `rigid`: joined without a fold (a tab on the
   * wall it locks with) and moves with its parent.
   */
  readonly kind: 'crease' | 'rigid';
  /** Angle on the closed pack, degrees; positive folds away from the printed side. */
  readonly closedDeg: number;
  /** Angle when the pack is open (lid and tuck chains only; else equal to closedDeg). */
  readonly openDeg: number;
}

export interface FoldPanel {
  readonly id: string;
  readonly role: PanelRole;
  /** Outline on the flat sheet, mm, sheet space (x right, y down), seen from the printed side. */
  readonly outline: readonly Vec2[];
  /** Triangles as outline indices, facing the printed side in flat 3D space. */
  readonly triangles: readonly number[];
  /** Undefined for the root of a piece. */
  readonly hinge?: Hinge;
  /** The design's face image and where on it this panel falls; 'plain' for structural panels (background colour). */
  readonly print: PanelPrint | 'plain';
  /**
   * How far this panel sits off its crease plane on the closed pack, mm along its printed
   * normal (negative: behind the printed side). Layers flaps under the faces they tuck behind,
   * as board thickness does, so no two surfaces share a plane.
   */
  readonly offset: number;
  /** Part of the lid or tuck chain that the `open` parameter swings. */
  readonly lid: boolean;
  /** Fold order: panels of a lower stage fold first in the flat → closed animation. */
  readonly stage: number;
}

export interface FoldedModel {
  readonly kind: 'folded';
  readonly boxId: BoxId;
  /** The dieline family ('reverse-tuck-end', 'mailer-0427', …). */
  readonly family: string;
  readonly material: MaterialType;
  /** Board caliper, mm. */
  readonly thickness: number;
  /** Parents before children; one root per separate piece (a lid and a base). */
  readonly panels: readonly FoldPanel[];
  /** Whether `open` changes anything (tuck ends, mailers, slotted boxes with top flaps, lid-and-base boxes). */
  readonly openable: boolean;
  /**
   * Outside size of the closed pack in the frame of the design's face images (width along the
   * front, height up the front, depth front to back), mm.
   */
  readonly size: { readonly width: number; readonly height: number; readonly depth: number };
  /**
   * Shown lying on its base with the lid up (mailers, lid-and-base boxes): in display space the
   * pack is `width` wide, `depth` tall and `height` deep. Otherwise it stands as its front reads.
   */
  readonly lieFlat: boolean;
  /** Number of fold stages (see FoldPanel.stage). */
  readonly stages: number;
  /**
   * Flat 3D space of the roots → display space (y up, the closed pack standing on y = 0,
   * centred on the y axis, its display face towards +z).
   */
  readonly display: Mat4;
  /** Extra motion of whole pieces (a lid lifted off its base) as `open` goes 0 → 1, display space. */
  readonly pieceLift: Readonly<Record<string, number>>;
  /** The roots of the pieces: `pieceLift` keys, and each piece's placement before folding. */
  readonly pieces: readonly { readonly root: string; readonly place: Mat4 }[];
}

/** How a slot of a render3d mesh is dressed. */
export type SlotLook =
  /** A face image of the design; without it, the background colour. `uv` rescales the mesh's uv (a front panel on a round body). */
  | {
      readonly kind: 'print';
      readonly face: FaceName;
      /** Use this face when `face` has no image (a round body given only its front). */
      readonly fallback?: { readonly face: FaceName; readonly uScale: number; readonly uOffset: number; readonly vScale: number; readonly vOffset: number };
      /** Pressed film (seals, zippers): the print a shade darker. */
      readonly tint?: number;
    }
  /** The pack's own material in the background colour (or its body tint: bottle glass). */
  | { readonly kind: 'body'; readonly color?: string; readonly opacity?: number }
  /** A part without print: its own colour and material. */
  | { readonly kind: 'part'; readonly color: string; readonly material: MaterialType; readonly opacity?: number; readonly roughness?: number };

export interface MeshModel {
  readonly kind: 'mesh';
  readonly boxId: BoxId;
  readonly material: MaterialType;
  /** render3d mesh in mm: standing on y = 0, centred on the y axis, front towards +z, uv v = 0 at the top of the image. */
  readonly positions: Float32Array;
  readonly normals: Float32Array;
  readonly uvs: Float32Array;
  readonly indices: Uint32Array;
  /** Slot name of each triangle. */
  readonly slots: Uint8Array;
  /** Slot names by index (render3d SLOTS). */
  readonly slotNames: readonly Slot[];
  /** How each slot the mesh uses is dressed. */
  readonly looks: Readonly<Partial<Record<Slot, SlotLook>>>;
  /** Outside size, mm. */
  readonly size: { readonly width: number; readonly height: number; readonly depth: number };
}

export type PreviewModel = FoldedModel | MeshModel;

/** A folded pose: each panel's matrix, flat 3D space → display space. */
export type Pose = ReadonlyMap<string, Mat4>;
