/** What face finding works on: the photo's luminance and the package's cleaned-up matte. */
export interface PhotoContext {
  width: number;
  height: number;
  /** The package's matte, 0..1, with everything but its largest part cleared. */
  alpha: Float32Array;
  /** 1 where the package's largest part is (matte ≥ 0.5). */
  inside: Uint8Array;
  /** Number of pixels in `inside`. */
  area: number;
  /** Bounding box of `inside` (inclusive min, exclusive max). */
  box: { x0: number; y0: number; x1: number; y1: number };
  /** Centres of `inside`'s boundary pixels. */
  boundary: [number, number][];
  /** sRGB-encoded luminance 0..1, lightly smoothed (edges between faces are found on it). */
  lum: Float32Array;
  /** Linear-light luminance 0..1 (shading is measured on it). */
  linear: Float32Array;
  /** Radius of the light smoothing applied to `lum`. */
  blur: number;
}
