/**
 * Mockup templates from our own 3D renderer: any catalogue box, rendered empty (blank white print
 * surfaces under the scene's light) with the per-pixel maps a design is applied through.
 */
import { pipeline, render3d } from '@packsmith/design-engine';
import type { TemplateMaps, TemplateSurface } from '../types.js';

export type TemplateLight = 'studio' | 'daylight';

export interface TemplateSpec {
  /** Catalogue box id (0 = the default box, the reverse tuck end carton). */
  readonly boxId: number;
  /**
   * A group: 2 or 3 catalogue box ids (repeats allowed), stood side by side left to right in one
   * scene; replaces `boxId`. Every item's printable surfaces are surfaces of the template (in item
   * order, each with its `item` index); the camera defaults are the first item's.
   */
  readonly boxIds?: readonly number[];
  /** Output is size × size pixels. Default 2048. */
  readonly size?: number;
  /** Degrees; defaults are the box's packshot view (boxes 25°/10°, pouches 20°/10°, round packs 0°/8°). */
  readonly camera?: { readonly yawDeg?: number; readonly pitchDeg?: number };
  /** Default 'studio'. */
  readonly light?: TemplateLight;
  /** Colour of the studio sweep behind the pack, `#rrggbb`. Default a neutral light grey. */
  readonly background?: string;
}

export interface RenderedTemplate {
  readonly width: number;
  readonly height: number;
  /** The empty template: sRGB RGB bytes, row-major, width × height × 3. */
  readonly sceneRgb: Buffer;
  readonly maps: TemplateMaps;
}

export const DEFAULT_TEMPLATE_SIZE = 2048;
/** Design pixels per mm of a printable surface (300 dpi). */
export const DESIGN_PX_PER_MM = 300 / 25.4;

/** The face whose canvas stands in for a face the box model gives none (it prints the same way). */
const STAND_IN: Readonly<Record<string, string>> = { back: 'front', left: 'right', right: 'left', top: 'bottom', bottom: 'top' };

/** Renders the template of a catalogue box. Same spec, same bytes. Throws for an unknown box id. */
export function renderTemplate(spec: TemplateSpec): RenderedTemplate {
  const ids = spec.boxIds ?? [spec.boxId];
  const models = ids.map((id) => pipeline.boxModel(id));
  const first = models[0]!;
  const size = spec.size ?? DEFAULT_TEMPLATE_SIZE;
  const scene = {
    size,
    camera: { ...first.camera, ...definedOnly(spec.camera ?? {}) },
    light: spec.light ?? 'studio',
    ...(spec.background ? { background: spec.background } : {}),
  } as const;
  const r =
    spec.boxIds === undefined
      ? { ...render3d.renderSurfaceMaps({ ...scene, shape: first.shape, material: first.material }), surfaceItems: undefined }
      : render3d.renderGroupSurfaceMaps({ ...scene, items: models.map((m) => ({ shape: m.shape, material: m.material })) });
  const surfaces: TemplateSurface[] = r.surfaces.map((role, i) => {
    const item = r.surfaceItems?.[i];
    const faces = models[item ?? 0]!.faces as Readonly<Record<string, { widthMm: number; heightMm: number } | undefined>>;
    const face = faces[role] ?? faces[STAND_IN[role] ?? 'front'] ?? faces.front ?? faces.wrap;
    const w = face?.widthMm ?? 100;
    const h = face?.heightMm ?? 100;
    const designArea = { width: Math.round(w * DESIGN_PX_PER_MM), height: Math.round(h * DESIGN_PX_PER_MM) };
    return item === undefined ? { role, designArea } : { role, item, designArea };
  });
  const n = size * size;
  const sceneRgb = Buffer.allocUnsafe(n * 3);
  for (let i = 0; i < n; i++) {
    sceneRgb[i * 3] = r.rgba[i * 4]!;
    sceneRgb[i * 3 + 1] = r.rgba[i * 4 + 1]!;
    sceneRgb[i * 3 + 2] = r.rgba[i * 4 + 2]!;
  }
  return {
    width: size,
    height: size,
    sceneRgb,
    maps: {
      width: size,
      height: size,
      surface: r.surface,
      coverage: r.coverage,
      u: r.u,
      v: r.v,
      shading: r.shading,
      specular: r.specular,
      depth: normaliseDepth(r.depth, r.surface),
      surfaces,
    },
  };
}

/**
 * View depth (mm, 0 where nothing is drawn) → 0 at the nearest drawn pixel … 0.99 at the farthest,
 * 1 where no surface shows.
 */
function normaliseDepth(depth: Float32Array, surface: Uint8Array): Float32Array {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < depth.length; i++) {
    if (surface[i] === 0) continue;
    const d = depth[i]!;
    if (d < lo) lo = d;
    if (d > hi) hi = d;
  }
  const out = new Float32Array(depth.length).fill(1);
  const k = hi > lo ? 0.99 / (hi - lo) : 0;
  for (let i = 0; i < depth.length; i++) if (surface[i] !== 0) out[i] = (depth[i]! - lo) * k;
  return out;
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
