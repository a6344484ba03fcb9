/** What the pipeline knows about a box: the artwork it needs, where that goes on the sheet and on the 3D shape. */
import type { BoxType } from '@packsmith/contracts';
import type { StripSlice } from '../../artwork/imagery.js';
import type { Dieline, Panel, PathMm, PointMm, RectMm, Rotation } from '../../dieline/types.js';
import type { MaterialType } from '../../render3d/materials.js';
import type { PackshotCamera } from '../../render3d/packshot.js';
import type { ShapeSpec } from '../../render3d/shapes.js';

/** The panel kinds the artwork engine draws. */
export type ArtRole = 'front' | 'back' | 'side' | 'top' | 'bottom';

/** One piece of artwork of a design: a role at an upright size in mm. */
export interface ArtSpec {
  readonly key: string;
  readonly role: ArtRole;
  readonly widthMm: number;
  readonly heightMm: number;
  /** Set for the slices of a band round a body: a backdrop image runs on across them. */
  readonly strip?: StripSlice;
}

/**
 * Where a piece of artwork goes on the flat sheet.
 * - `rect`: upright artwork turned by `rotation` (clockwise) to fill `rect`, clipped to `clip`.
 * - `fan`: artwork bent round an apex (a cup wall): x runs clockwise from `phiStart` to
 *   `phiEnd` (radians from straight up), y runs inwards from `rOuter` to `rInner`.
 */
export type SheetRegion =
  | { readonly kind: 'rect'; readonly art: ArtSpec; readonly rect: RectMm; readonly rotation: Rotation; readonly clip?: PathMm }
  | {
      readonly kind: 'fan';
      readonly art: ArtSpec;
      readonly apex: PointMm;
      readonly rOuter: number;
      readonly rInner: number;
      readonly phiStart: number;
      readonly phiEnd: number;
      /** Bleed the artwork past the start / end of the fan (the sheet's outline is there). */
      readonly bleedStart: boolean;
      readonly bleedEnd: boolean;
    };

/** One layer of a 3D face texture, in the face canvas's mm. */
export interface FaceLayer {
  /** Artwork, the design's background colour, or the shaded inside of an open box. */
  readonly source: ArtSpec | 'fill' | 'inside';
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly rotation: Rotation;
  /** Round the layer's corners (separate labels on bottles). */
  readonly cornerRadius?: number;
}

/** A texture of the 3D shape; transparent where no layer covers it (the body shows there). */
export interface FaceCanvas {
  readonly widthMm: number;
  readonly heightMm: number;
  readonly layers: readonly FaceLayer[];
}

export type FaceName = 'front' | 'back' | 'left' | 'right' | 'top' | 'bottom' | 'wrap';

export interface BoxModel {
  readonly box: BoxType;
  readonly dieline: Dieline;
  readonly shape: ShapeSpec;
  readonly material: MaterialType;
  readonly camera: PackshotCamera;
  /** Every distinct piece of artwork a design of this box needs. */
  readonly arts: readonly ArtSpec[];
  /** The principal display face: the flat front panel output. */
  readonly front: ArtSpec;
  readonly regions: readonly SheetRegion[];
  /** Panels no region covers (flaps, tucks, seals): printed in the background colour. */
  readonly plainPanels: readonly Panel[];
  readonly faces: Readonly<Partial<Record<FaceName, FaceCanvas>>>;
  /** Largest extent of the product on screen, mm: sets the texture resolution. */
  readonly extentMm: number;
}

/** What a box family's model contributes; the rest of a BoxModel follows from it. */
export interface Parts {
  shape: ShapeSpec;
  regions: SheetRegion[];
  faces: Partial<Record<FaceName, FaceCanvas>>;
  front: ArtSpec;
  extentMm: number;
}
