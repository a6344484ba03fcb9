import { z } from 'zod';
import {
  MAIN_ROLES,
  PRINT_MATERIAL_OF,
  faceFor,
  frontSurfaces,
  type MaterialType,
  type MockupCategoryName,
  type MockupCrop,
  type MockupPlacement,
} from '@packsmith/contracts';
import type { CylinderGeometry, Placement, PrintMaterial } from '@packsmith/mockup';

/*
 * The mockup studio's pure rules: which print material a catalogue material is applied as, how the
 * contract's placement reads for the engine, whether a crop and the item list fit, which image goes
 * on which surface, and what a custom template is. No I/O: unit-tested in mockup-rules.test.ts.
 */

export { PRINT_MATERIAL_OF } from '@packsmith/contracts';

/** The engine's print materials, as a job input stores them. */
export const PrintMaterialSchema = z.enum(['paper', 'kraft', 'glossy', 'metal', 'glass']) satisfies z.ZodType<PrintMaterial>;

export const printMaterialOf = (material: MaterialType): PrintMaterial => PRINT_MATERIAL_OF[material];

/** The contract's placement (snake case, defaults filled by zod) as the engine reads it. */
export function enginePlacement(p: MockupPlacement | null | undefined): Placement {
  if (!p) return {};
  return { scale: p.scale, offsetX: p.offset_x, offsetY: p.offset_y, rotation: p.rotation };
}

/**
 * Why a crop does not fit its image, naming `field` and the image's size; null when it lies inside.
 * The crop is in the image's own pixels (SPEC §3 default_design_area).
 */
export function cropProblem(field: string, crop: MockupCrop, image: { width: number; height: number }): string | null {
  const size = `${image.width}×${image.height} px`;
  if (crop.x + crop.width > image.width)
    return `${field} must lie inside the image (${size}): x + width is ${crop.x + crop.width}, more than its width ${image.width}.`;
  if (crop.y + crop.height > image.height)
    return `${field} must lie inside the image (${size}): y + height is ${crop.y + crop.height}, more than its height ${image.height}.`;
  return null;
}

/** Why an item names a surface the template does not have (the message names the field), or null. */
export function surfaceProblem(items: readonly { surface: number }[], surfaceCount: number): string | null {
  for (const [i, item] of items.entries()) {
    if (item.surface < surfaceCount) continue;
    const has = surfaceCount === 1 ? 'one surface (0)' : `${surfaceCount} surfaces (0–${surfaceCount - 1})`;
    return `item_list[${i}].surface: this template has ${has}; ${item.surface} is not one of them.`;
  }
  return null;
}

/** What goes on one surface: an image (part of it when cropped) with its placement, or a plain colour. */
export type SurfaceSource = { url: string; crop: MockupCrop | null; placement: Placement } | { colour: string; placement: Placement };

export interface SurfaceRole {
  role: string;
  item?: number;
}

/** A design's faces: face role → image URL, and the ground colour where it has no face. */
export interface FacesForSurfaces {
  background: string;
  faces: Readonly<Record<string, string>>;
}

export { faceFor, frontSurfaces } from '@packsmith/contracts';

/**
 * Which image goes on which surface (the decision is documented in the module's README):
 * - a design of ours (`design`): every surface gets its matching face by role (a wrap or label takes
 *   the front when the design has no wrap, a front the wrap when it has no front), surfaces without
 *   a face its ground colour; the main
 *   placement applies to the main faces (front, wrap, label);
 * - any other image (`main`): surface 0, and in a group template every pack's front surface, with
 *   the main crop and placement;
 * - `items` then override their surfaces, in order (a later item for the same surface wins).
 */
export function assignSurfaces(
  surfaces: readonly SurfaceRole[],
  args: {
    main: { url: string; crop: MockupCrop | null; placement: Placement } | null;
    design: FacesForSurfaces | null;
    items: readonly { surface: number; url: string; crop: MockupCrop | null; placement: Placement }[];
  },
): Map<number, SurfaceSource> {
  const out = new Map<number, SurfaceSource>();
  const mainPlacement = args.main?.placement ?? {};
  if (args.design) {
    const { faces, background } = args.design;
    for (const [i, s] of surfaces.entries()) {
      const url = faceFor(faces, s.role);
      const placement = MAIN_ROLES.has(s.role) ? mainPlacement : {};
      out.set(i, url ? { url, crop: null, placement } : { colour: background, placement: {} });
    }
  } else if (args.main && surfaces.length > 0) {
    const fronts = surfaces.some((s) => s.item !== undefined) ? frontSurfaces(surfaces) : [];
    for (const i of new Set([0, ...fronts])) out.set(i, { ...args.main });
  }
  for (const item of args.items) if (item.surface < surfaces.length) out.set(item.surface, { url: item.url, crop: item.crop, placement: item.placement });
  return out;
}

/** What a custom template made from a photo is filed as. */
export interface CustomTemplateKind {
  category: MockupCategoryName;
  material: MaterialType;
  name: string;
  keywords: string[];
}

/** How far beyond the label band (in radii) the silhouette must reach along the axis to be a neck. */
const NECK_RADII = 0.35;

/**
 * A custom template's category and material, by the face the engine found:
 * - a flat face (`quad`) → Boxes, white board;
 * - a label band (`cylinder`) → Bottles & Jugs when the silhouette reaches well beyond the band's
 *   ends along its axis (a shoulder and neck, or a cap: more than 0.35 radii past the end ellipse),
 *   otherwise Cans & Jars; glossy plastic in both cases, since the photo's own light (highlights
 *   included) is the template's and a label's stock is white: metal would show bare grey through a
 *   transparent design, wrong for a jar's paper label.
 */
export function customTemplateKind(
  shape: 'quad' | 'cylinder',
  cylinder: CylinderGeometry | undefined,
  mask: { data: Uint8Array; width: number; height: number } | null,
): CustomTemplateKind {
  if (shape === 'quad' || !cylinder) return { category: 'Boxes', material: 'WHITE_BOARD', name: 'My box', keywords: ['custom', 'box', 'photo'] };
  const bottle = mask !== null && overhang(cylinder, mask) > NECK_RADII * cylinder.radius;
  return bottle
    ? { category: 'Bottles & Jugs', material: 'PLASTIC_GLOSSY', name: 'My bottle', keywords: ['custom', 'bottle', 'photo'] }
    : { category: 'Cans & Jars', material: 'PLASTIC_GLOSSY', name: 'My can or jar', keywords: ['custom', 'can', 'jar', 'photo'] };
}

/** How far (px) the silhouette reaches past the band's ends (their ellipses included) along the axis, the larger end. */
export function overhang(c: CylinderGeometry, mask: { data: Uint8Array; width: number; height: number }): number {
  const [ax, ay] = c.axis;
  const [cx, cy] = c.centre;
  let lo = Infinity;
  let hi = -Infinity;
  for (let y = 0; y < mask.height; y++) {
    const row = y * mask.width;
    for (let x = 0; x < mask.width; x++) {
      if ((mask.data[row + x] ?? 0) < 128) continue;
      const t = (x + 0.5 - cx) * ax + (y + 0.5 - cy) * ay;
      if (t < lo) lo = t;
      if (t > hi) hi = t;
    }
  }
  if (lo > hi) return 0;
  const end = c.length / 2 + c.ellipse;
  return Math.max(0, -lo - end, hi - end);
}

/** The UTC day a snapshot counts against (YYYY-MM-DD). */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);
