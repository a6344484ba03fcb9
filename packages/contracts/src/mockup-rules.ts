import type { MaterialType } from './catalog/categories.js';

/*
 * The mockup rules the server's render and the browser's live preview must agree on: how each
 * catalogue material prints, which face of a design goes on a surface, and which surface of each
 * pack is its front. One copy here, so the preview never drifts from the result.
 */

/** The mockup engine's print materials (packages/mockup apply.ts): how ink sits on the stock. */
export const PRINT_MATERIALS = ['paper', 'kraft', 'glossy', 'metal', 'glass'] as const;
export type PrintMaterial = (typeof PRINT_MATERIALS)[number];

/**
 * The print material each of the nine catalogue materials (SPEC §3) is applied as. Matt plastic
 * prints like coated board (a matt sheen, white stock), flute like kraft (brown board, fibres
 * through light inks), frosted glass still shows a label on glass (the template's light carries
 * the frost).
 */
export const PRINT_MATERIAL_OF: Readonly<Record<MaterialType, PrintMaterial>> = {
  WHITE_BOARD: 'paper',
  KRAFT: 'kraft',
  FLUTE: 'kraft',
  PLASTIC_GLOSSY: 'glossy',
  PLASTIC_MATT: 'paper',
  METAL_GLOSSY: 'metal',
  METAL_MATT: 'metal',
  GLASS_GLOSSY: 'glass',
  GLASS_MATT: 'glass',
};

/** Roles that face the camera first: a box's front, a round pack's wrap, a photographed label band. */
export const MAIN_ROLES: ReadonlySet<string> = new Set(['front', 'wrap', 'label']);

/**
 * The face image of a design for a surface role: its own face; a wrap, or a photographed label band,
 * takes the wrap, then the front; a front takes the wrap of a round pack's design (its only face).
 */
export function faceFor(faces: Readonly<Record<string, string>>, role: string): string | undefined {
  if (role === 'label') return faces.label ?? faces.wrap ?? faces.front;
  if (role === 'wrap') return faces.wrap ?? faces.front;
  if (role === 'front') return faces.front ?? faces.wrap;
  return faces[role];
}

/**
 * The surface each pack of a template shows first: per item (0 for a single pack), its first surface
 * with a main role (front, wrap or label), else its first surface.
 */
export function frontSurfaces(surfaces: readonly { role: string; item?: number }[]): number[] {
  const byItem = new Map<number, number[]>();
  for (const [i, s] of surfaces.entries()) {
    const item = s.item ?? 0;
    byItem.set(item, [...(byItem.get(item) ?? []), i]);
  }
  return [...byItem.values()].map((indexes) => indexes.find((i) => MAIN_ROLES.has(surfaces[i]?.role ?? '')) ?? indexes[0] ?? 0);
}
