import type { BoxId } from '@packsmith/contracts';
import type { Mm } from '../units.js';

/*
 * A dieline is the flat, printable net of a pack in millimetres: sheet coordinates with the
 * origin at the top-left of the cut outline, x to the right, y down, seen from the printed
 * (outside) face.
 */

export interface PointMm {
  readonly x: Mm;
  readonly y: Mm;
}

export interface SizeMm {
  readonly width: Mm;
  readonly height: Mm;
}

export interface RectMm {
  readonly x: Mm;
  readonly y: Mm;
  readonly width: Mm;
  readonly height: Mm;
}

/** A straight piece, or a circular arc; `clockwise` as seen on screen (SVG sweep-flag 1). */
export type PathSegment =
  | { readonly kind: 'line'; readonly to: PointMm }
  | { readonly kind: 'arc'; readonly to: PointMm; readonly radius: Mm; readonly clockwise: boolean; readonly largeArc: boolean };

export interface PathMm {
  readonly start: PointMm;
  readonly segments: readonly PathSegment[];
  readonly closed: boolean;
}

/**
 * What a panel is on the assembled pack.
 * - `front` marks the principal display face: the face a shopper sees first and where the
 *   design engine puts the hero artwork (the lid top for mailers and lidded boxes, the header
 *   for a counter display, the visible half of a wrap label). Exactly one per dieline.
 * - `back`, `left`, `right`, `top`, `bottom`, `lid`: the other outside faces.
 * - `wall`: an outside wall that is none of the above (a mailer's front wall, a lid's rim).
 * - `label`: a separate label piece (a jar's lid label).
 * - the rest are structural: printed, but mostly hidden once the pack is closed.
 */
export const PANEL_ROLES = [
  'front',
  'back',
  'left',
  'right',
  'top',
  'bottom',
  'lid',
  'wall',
  'label',
  'inner-wall',
  'tuck',
  'dust-flap',
  'end-flap',
  'glue-flap',
  'lock-flap',
  'ear',
  'turn-in',
  'gusset',
  'overlap',
  'seal',
] as const;
export type PanelRole = (typeof PANEL_ROLES)[number];

/** Clockwise quarter turns, in degrees. */
export type Rotation = 0 | 90 | 180 | 270;

export interface Panel {
  /** Unique within the dieline ('front', 'top-tuck', 'lid-left-dust-flap'…). */
  readonly id: string;
  readonly role: PanelRole;
  /** Closed outline of the panel on the sheet. */
  readonly shape: PathMm;
  readonly bounds: RectMm;
  /** Size of the face on the assembled pack (for curved faces: unrolled arc length × height). */
  readonly face: SizeMm;
  /** Area where text and logos stay clear of folds, seals and cuts. */
  readonly safe: RectMm;
  /**
   * How upright artwork must be turned (clockwise) when placed on this panel of the flat sheet
   * so that it reads upright on the closed pack. Sides read with the pack standing; top and
   * bottom faces read with their top edge towards the back of the pack.
   */
  readonly artworkRotation: Rotation;
}

export type ZoneKind = 'seal' | 'glue' | 'no-print' | 'window' | 'hang-hole' | 'zipper';

/** An area laid over panels that changes how it may be printed (heat seals, glue areas…). */
export interface Zone {
  readonly kind: ZoneKind;
  readonly shape: PathMm;
}

export interface Dieline {
  readonly boxId: BoxId;
  /** Generator family ('reverse-tuck-end', 'label-wrap'…). */
  readonly family: string;
  /** The validated parameters the dieline was rendered from. */
  readonly params: Readonly<Record<string, unknown>>;
  /** The cut sheet: bounding box of every outline. */
  readonly size: SizeMm;
  /** Artwork must extend this far beyond the cut outline. */
  readonly bleed: Mm;
  /** The sheet grown by the bleed on every side (negative origin). */
  readonly bleedBox: RectMm;
  /** Inset from folds and cuts used for each panel's safe area. */
  readonly safeInset: Mm;
  readonly panels: readonly Panel[];
  /** Closed cut perimeters, one per separate piece (a lid and a base, a front and a back label). */
  readonly outlines: readonly PathMm[];
  /** Cuts inside the outline (slots, slits). */
  readonly cuts: readonly PathMm[];
  /** Fold lines. */
  readonly creases: readonly PathMm[];
  /** Tear-off lines (cut and tie). */
  readonly perforations: readonly PathMm[];
  readonly zones: readonly Zone[];
  /** Area of material cut from the sheet, in mm² (what a quote prices). */
  readonly area: number;
}
