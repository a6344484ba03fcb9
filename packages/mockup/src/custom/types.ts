import type { TemplateMaps } from '../types.js';

/** A user's photo of a blank package, with the package's cut-out mask (as packages/vision produces it). */
export interface CustomPhoto {
  /** Pixels, row-major, 3 (RGB) or 4 (RGBA, alpha ignored) bytes each. */
  rgb: Uint8Array | Uint8ClampedArray;
  width: number;
  height: number;
  /** The package's alpha matte, 0..255 per pixel (width × height); absent when no cut-out was found. */
  mask: Uint8Array | Uint8ClampedArray | null | undefined;
}

export type Point = readonly [number, number];

/** The label band of a bottle, can or jar, in photo pixels. */
export interface CylinderGeometry {
  /** Unit vector along the axis, pointing down the label (v grows along it). */
  axis: Point;
  /** Centre of the band's axis: halfway between the side lines, halfway between the band's ends. */
  centre: Point;
  /** Apparent radius: half the body's width, in pixels. */
  radius: number;
  /** Length of the band along the axis (at the sides, where the end curves meet the side lines), in pixels. */
  length: number;
  /** Semi-minor axis of the end ellipses, in pixels (radius × sin(tilt)). */
  ellipse: number;
  /** Camera elevation over the cylinder's equator, radians (0 = seen from the side). */
  tilt: number;
  /**
   * The band's corners, where its top and bottom ends meet the side lines (each side fitted on its own,
   * so they converge as a photo's perspective makes them): top-left, top-right, bottom-right, bottom-left
   * in label orientation. The UV map's u = 0, 1 and v = 0, 1 meet there.
   */
  corners: [Point, Point, Point, Point];
}

export type CustomTemplateFailure = 'no_package' | 'no_face' | 'too_small';

export type CustomTemplateResult =
  | {
      ok: true;
      maps: TemplateMaps;
      shape: 'quad';
      /** The face's corners in photo pixels: top-left, top-right, bottom-right, bottom-left (design orientation). */
      corners: [number, number][];
      cylinder?: undefined;
    }
  | {
      ok: true;
      maps: TemplateMaps;
      shape: 'cylinder';
      cylinder: CylinderGeometry;
      corners?: undefined;
    }
  | { ok: false; reason: CustomTemplateFailure; message: string };
