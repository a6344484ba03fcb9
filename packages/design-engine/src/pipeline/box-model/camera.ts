import type { PackshotCamera } from '../../render3d/packshot.js';
import type { ShapeSpec } from '../../render3d/shapes.js';

/**
 * Round bottles, cans, jars and tubes are seen from lower than the renderer's default (8°
 * instead of 14°): from above, lines of type on a cylinder bend into arcs, and a bent
 * wordmark near the edge of the label is the first thing OCR (and a shopper) misreads.
 * Boxes and pouches keep the defaults; cups keep theirs to show the rim and inside.
 */
export function cameraFor(shape: ShapeSpec): PackshotCamera {
  switch (shape.kind) {
    case 'bottle':
    case 'cylinder':
    case 'tube':
      return { pitchDeg: 8 };
    default:
      return {};
  }
}
