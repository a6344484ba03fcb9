/** How large the product appears on screen, mm: what sets the texture resolution. */
import type { ShapeSpec } from '../../render3d/shapes.js';

/** On-screen extent of a box at the default three-quarter view, mm. */
export function boxExtent(w: number, h: number, d: number): number {
  const yaw = (25 * Math.PI) / 180;
  return Math.max(h + d * 0.2, w * Math.cos(yaw) + d * Math.sin(yaw));
}

export function roundExtent(shape: ShapeSpec): number {
  switch (shape.kind) {
    case 'bottle':
    case 'cylinder':
      return Math.max(shape.diameter, shape.height);
    case 'tube':
      return Math.max(shape.diameter * (Math.PI / 2), shape.length);
    default:
      return 0;
  }
}
