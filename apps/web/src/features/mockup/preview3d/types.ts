import type { MaterialType } from '@packsmith/contracts';

/**
 * Props of the mockup studio's 3D preview (Preview3D.tsx, loaded lazily). This file holds no
 * three.js, so a page can import the type without pulling the preview's chunk.
 */
export interface Preview3DProps {
  /** Catalogue box id (0 = the default box). */
  boxId: number;
  /** Face role (front, back, left, right, top, bottom, wrap) → image URL; missing faces show `background`. */
  faces: Record<string, string>;
  /** Hex colour for structural panels and missing faces. */
  background: string;
  /** One of the nine material types. */
  material: MaterialType;
  onMaterialChange?: (m: MaterialType) => void;
  /** The snapshot button hands over a PNG of the current view. */
  onSnapshot?: (png: Blob) => void;
  className?: string;
}
