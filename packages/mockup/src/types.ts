/**
 * The maps a mockup template carries, pixel for pixel with its scene image. A design is applied by
 * looking up, for each scene pixel, which surface it shows and where on that surface's design it
 * falls (the UV map), then lighting that design colour as the scene lights the surface (shading and
 * specular). Built by the template renderer (3D scenes) and by custom mockups (a user's photo).
 */
export interface TemplateMaps {
  width: number;
  height: number;
  /** Per pixel: 0 where no printable surface shows, else the surface's index + 1 (see `surfaces`). */
  surface: Uint8Array;
  /** Per pixel: coverage of the surface at this pixel, 0..1 (anti-aliased edges and folds). */
  coverage: Float32Array;
  /** Per pixel: horizontal position on the surface's design, 0 (left) .. 1 (right). */
  u: Float32Array;
  /** Per pixel: vertical position on the surface's design, 0 (top) .. 1 (bottom). */
  v: Float32Array;
  /** Per pixel: the light the surface receives, as a multiplier of the design's colour (1 = as printed under neutral light). */
  shading: Float32Array;
  /** Per pixel: light reflected off the surface, added over the design (0..1, linear). */
  specular: Float32Array;
  /** Per pixel: distance from the camera, 0 (near) .. 1 (far); 1 where nothing was drawn. */
  depth: Float32Array;
  surfaces: readonly TemplateSurface[];
}

export interface TemplateSurface {
  /** front, side, top, back, label, lid… */
  role: string;
  /** In a group template: the index of the pack (left to right) this surface belongs to. */
  item?: number;
  /** The printable area in design pixels (the design image is scaled to cover it). */
  designArea: { width: number; height: number };
}
