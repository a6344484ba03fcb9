import { direction } from './math.js';
import type { MaterialType } from './materials.js';
import { meshBounds, slotIndex, SLOTS, type Mesh, type Slot } from './mesh.js';
import { DEFAULT_FOV, defaultPitch, defaultYaw, frameCamera, slotMaterials, studioLighting, type PackshotCamera } from './packshot.js';
import { rasterize, type Lighting, type RasterGBuffer, type RasterImage, type Rgb, type StripLight } from './rasterizer.js';
import { buildGroundShadow, compositeStudio } from './shadow.js';
import { buildShape, type ShapeSpec } from './shapes.js';
import { hexToLinear, SRGB_TO_LINEAR, type Texture } from './texture.js';

/*
 * Surface maps: the packshot's scene with its printable surfaces left blank, and per pixel what a
 * design printed on them needs to look as the renderer would draw it (a mockup template). The
 * renderer is the packshot's own (same framing, lights, materials), run three times with flat
 * textures on the printable slots — board white for the scene, mid grey and black for the maps — and
 * asked for a G-buffer (rasterizer `gbuffer` option) on each run. The packshot path is untouched.
 *
 * Shading is linear in the printed colour before the highlight roll-off, so
 *   colour(design) = design × shading + specular,  shading = (grey − black) / grey albedo,
 *   specular = black
 * per pixel, from the printable samples alone (a cap beside a label does not leak into them).
 */

/** Lights of the scene: the packshot studio, or a sunlit one (warm key from high up, cool sky). */
export type SceneLight = 'studio' | 'daylight';

export interface SurfaceMapOptions {
  readonly shape: ShapeSpec;
  /** Default as the packshot's (carton for boxes and cups, glossy plastic for bottles…). */
  readonly material?: MaterialType;
  /** Output is size × size pixels. Default 1024. */
  readonly size?: number;
  readonly camera?: PackshotCamera;
  readonly light?: SceneLight;
  /** Backdrop colour, `#rrggbb`. Default a neutral light grey. */
  readonly background?: string;
  readonly capColor?: string;
  readonly bodyColor?: string;
}

/**
 * Printable surfaces and the slots printed with their design: a pouch's front seal and zipper are
 * its front panel's print, pressed (packshot.ts prints them from the front texture).
 */
export const PRINTABLE_SURFACES: Readonly<Record<'front' | 'back' | 'left' | 'right' | 'top' | 'bottom' | 'wrap', readonly Slot[]>> = {
  front: ['front', 'seal', 'zipper'],
  back: ['back'],
  left: ['left'],
  right: ['right'],
  top: ['top'],
  bottom: ['bottom'],
  wrap: ['wrap'],
};
export type PrintableSurface = keyof typeof PRINTABLE_SURFACES;

export interface SurfaceMaps {
  readonly width: number;
  readonly height: number;
  /** The scene with blank printable surfaces (board white, {@link BLANK_PRINT_BYTE}): sRGB RGBA bytes, opaque. */
  readonly rgba: Uint8Array;
  /** The printable surfaces this shape has, in order: pixel value n is `surfaces[n − 1]`. */
  readonly surfaces: readonly PrintableSurface[];
  /** Per pixel: 0 where no printable surface shows, else its number (see `surfaces`). */
  readonly surface: Uint8Array;
  /** Per pixel: share of the pixel on a printable surface, 0…1. */
  readonly coverage: Float32Array;
  /** Per pixel: position on the surface's texture, u 0…1 left to right (a wrap: round the body, 0.5 = front), v 0…1 top to bottom. */
  readonly u: Float32Array;
  readonly v: Float32Array;
  /** Per pixel: linear light multiplier of the printed colour (luminance). */
  readonly shading: Float32Array;
  /** Per pixel: linear light reflected over the print (luminance). */
  readonly specular: Float32Array;
  /** Per pixel: distance from the eye along the view axis (mm), 0 where no surface shows. */
  readonly depth: Float32Array;
}

const DEFAULT_BACKGROUND = '#eeedeb';

const flatTexture = (byte: number): Texture => {
  const data = new Uint8Array(4 * 4 * 4).fill(byte);
  for (let i = 3; i < data.length; i += 4) data[i] = 255;
  return { width: 4, height: 4, data };
};
/**
 * The blank print of the scene: a board white (sRGB 240, linear 0.87) rather than pure white, so
 * brightly lit faces keep their modelling below the highlight roll-off.
 */
export const BLANK_PRINT_BYTE = 240;
const BLANK = flatTexture(BLANK_PRINT_BYTE);
/** sRGB 188 is linear 0.503: mid grey, well below the renderer's highlight roll-off. */
const GREY_BYTE = 188;
const GREY = flatTexture(GREY_BYTE);
const BLACK = flatTexture(0);

/** Renders the blank scene and the per-pixel surface maps of a shape. Same options, same output. */
export function renderSurfaceMaps(opts: SurfaceMapOptions): SurfaceMaps {
  const { surfaceItems: _, ...maps } = renderMaps([{ shape: opts.shape, material: opts.material, capColor: opts.capColor, bodyColor: opts.bodyColor }], opts);
  return maps;
}

/** One pack of a group: its shape and look (as {@link SurfaceMapOptions}). */
export interface GroupItem {
  readonly shape: ShapeSpec;
  readonly material?: MaterialType;
  readonly capColor?: string;
  readonly bodyColor?: string;
}

export interface GroupSurfaceMapOptions extends Omit<SurfaceMapOptions, 'shape' | 'material' | 'capColor' | 'bodyColor'> {
  /** 2 or 3 packs, stood side by side left to right (seen at yaw 0) with a gap between them. */
  readonly items: readonly GroupItem[];
}

export interface GroupSurfaceMaps extends SurfaceMaps {
  /** Per surface (same order as `surfaces`): the index of the item it belongs to. */
  readonly surfaceItems: readonly number[];
}

/** Most packs a group holds: slot numbers of item k are offset by k × SLOTS.length in one byte. */
export const MAX_GROUP_ITEMS = 3;

/**
 * Renders 2–3 packs side by side in one scene (one camera, light and floor shadow), every item's
 * printable surfaces surfaces of the maps. The camera defaults are the first item's.
 */
export function renderGroupSurfaceMaps(opts: GroupSurfaceMapOptions): GroupSurfaceMaps {
  if (opts.items.length < 2 || opts.items.length > MAX_GROUP_ITEMS) throw new Error(`a group has 2 to ${MAX_GROUP_ITEMS} items, got ${opts.items.length}`);
  return renderMaps(opts.items, opts);
}

function renderMaps(items: readonly GroupItem[], opts: Omit<SurfaceMapOptions, 'shape'>): GroupSurfaceMaps {
  const size = opts.size ?? 1024;
  if (!Number.isInteger(size) || size < 16 || size > 4096) throw new Error(`size must be an integer from 16 to 4096, got ${size}`);
  const first = items[0]!;
  const meshes = items.map((item) => buildShape(item.shape));
  const mesh = meshes.length === 1 ? meshes[0]! : sideBySide(meshes);
  const yaw = opts.camera?.yawDeg ?? defaultYaw(first.shape);
  const pitch = opts.camera?.pitchDeg ?? defaultPitch(first.shape);
  const fov = opts.camera?.fovDeg ?? DEFAULT_FOV;
  const background = hexToLinear(opts.background ?? DEFAULT_BACKGROUND);
  const cam = frameCamera(mesh, yaw, pitch, fov, size, 0.8);
  const height = meshBounds(mesh).max[1];
  const lighting = opts.light === 'daylight' ? daylightLighting(yaw, background, height) : studioLighting(yaw, background, height);
  const surfaces: PrintableSurface[] = [];
  const surfaceItems: number[] = [];
  const surfaceOfSlot = new Uint8Array(SLOTS.length * items.length);
  meshes.forEach((m, k) => {
    const own = printableSurfaces(m);
    own.surfaceOfSlot.forEach((n, slot) => {
      if (n !== 0) surfaceOfSlot[k * SLOTS.length + slot] = surfaces.length + n;
    });
    surfaces.push(...own.surfaces);
    for (let i = 0; i < own.surfaces.length; i++) surfaceItems.push(k);
  });

  const pass = (t: Texture): RasterImage => {
    const textures = { front: t, back: t, left: t, right: t, top: t, bottom: t, wrap: t };
    const materials = items.flatMap((item, k) =>
      slotMaterials({ shape: item.shape, textures, material: item.material, capColor: item.capColor, bodyColor: item.bodyColor }, meshes[k]!),
    );
    return rasterize(
      { mesh, materials, viewProj: cam.viewProj, eye: cam.eye, lighting },
      { width: size, height: size, samples: 4, region: cam.region, gbuffer: { surfaceOfSlot } },
    );
  };
  const blank = pass(BLANK);
  const grey = pass(GREY).gbuffer!;
  const black = pass(BLACK).gbuffer!;
  const rgba = compositeStudio({
    width: size,
    height: size,
    object: blank,
    shadow: buildGroundShadow(mesh, lighting.key.direction),
    viewProj: cam.viewProj,
    eye: cam.eye,
    background,
  });
  return { width: size, height: size, rgba, surfaces, surfaceItems, ...spreadMaps(blank, blank.gbuffer!, grey, black, size) };
}

/**
 * The meshes in one, left to right along x with a gap of a sixth of the widest pack, each centred
 * in depth, the row centred on x = 0; item k's slots become k × SLOTS.length + slot.
 */
function sideBySide(meshes: readonly Mesh[]): Mesh {
  const bounds = meshes.map(meshBounds);
  const widths = bounds.map((b) => b.max[0] - b.min[0]);
  const gap = Math.max(...widths) / 6;
  const total = widths.reduce((a, w) => a + w, 0) + gap * (meshes.length - 1);
  let verts = 0;
  let tris = 0;
  for (const m of meshes) {
    verts += m.positions.length / 3;
    tris += m.slots.length;
  }
  const positions = new Float32Array(verts * 3);
  const normals = new Float32Array(verts * 3);
  const uvs = new Float32Array(verts * 2);
  const indices = new Uint32Array(tris * 3);
  const slots = new Uint8Array(tris);
  let x = -total / 2;
  let v0 = 0;
  let t0 = 0;
  meshes.forEach((m, k) => {
    const b = bounds[k]!;
    const dx = x - b.min[0];
    const dz = -(b.min[2] + b.max[2]) / 2;
    const n = m.positions.length / 3;
    for (let i = 0; i < n; i++) {
      positions[(v0 + i) * 3] = m.positions[i * 3]! + dx;
      positions[(v0 + i) * 3 + 1] = m.positions[i * 3 + 1]!;
      positions[(v0 + i) * 3 + 2] = m.positions[i * 3 + 2]! + dz;
    }
    normals.set(m.normals, v0 * 3);
    uvs.set(m.uvs, v0 * 2);
    for (let i = 0; i < m.indices.length; i++) indices[t0 * 3 + i] = m.indices[i]! + v0;
    for (let i = 0; i < m.slots.length; i++) slots[t0 + i] = m.slots[i]! + k * SLOTS.length;
    v0 += n;
    t0 += m.slots.length;
    x += widths[k]! + gap;
  });
  return { positions, normals, uvs, indices, slots };
}

function printableSurfaces(mesh: Mesh): { surfaces: PrintableSurface[]; surfaceOfSlot: Uint8Array } {
  const used = new Set<number>(mesh.slots);
  const surfaces: PrintableSurface[] = [];
  const surfaceOfSlot = new Uint8Array(SLOTS.length);
  for (const [name, slots] of Object.entries(PRINTABLE_SURFACES) as [PrintableSurface, readonly Slot[]][]) {
    if (!used.has(slotIndex(slots[0]!))) continue;
    surfaces.push(name);
    for (const s of slots) surfaceOfSlot[slotIndex(s)] = surfaces.length;
  }
  return { surfaces, surfaceOfSlot };
}

/** The region's G-buffers laid out over the whole frame, with shading and specular from the grey and black runs. */
function spreadMaps(
  region: RasterImage,
  g: RasterGBuffer,
  grey: RasterGBuffer,
  black: RasterGBuffer,
  size: number,
): Omit<SurfaceMaps, 'width' | 'height' | 'rgba' | 'surfaces'> {
  const n = size * size;
  const surface = new Uint8Array(n);
  const coverage = new Float32Array(n);
  const u = new Float32Array(n);
  const v = new Float32Array(n);
  const shading = new Float32Array(n);
  const specular = new Float32Array(n);
  const depth = new Float32Array(n);
  const albedo = SRGB_TO_LINEAR[GREY_BYTE]!;
  const lum = (c: Float32Array, i: number): number => 0.2126 * c[i * 3]! + 0.7152 * c[i * 3 + 1]! + 0.0722 * c[i * 3 + 2]!;
  for (let y = 0; y < region.height; y++) {
    for (let x = 0; x < region.width; x++) {
      const i = y * region.width + x;
      const s = g.surface[i]!;
      if (s === 0) continue;
      const o = (region.y + y) * size + region.x + x;
      surface[o] = s;
      coverage[o] = g.coverage[i]!;
      u[o] = g.u[i]!;
      v[o] = g.v[i]!;
      depth[o] = g.depth[i]!;
      const k = lum(black.color, i);
      specular[o] = k;
      shading[o] = Math.max(0, (lum(grey.color, i) - k) / albedo);
    }
  }
  return { surface, coverage, u, v, shading, specular, depth };
}

/**
 * Outdoor light: a warm sun high up and to the left of the camera, a cool sky fill, bluish
 * ambient from above and warm bounce from the ground. Tied to the camera as the studio's is.
 */
export function daylightLighting(cameraYawDeg: number, background: Rgb, objectHeight: number): Lighting {
  const strip = (yawDeg: number, intensity: number): StripLight => {
    const d = direction(yawDeg, 0);
    return { dirX: d[0], dirZ: d[2], intensity };
  };
  const bounce = (k: number): Rgb => [0.5 * k + 0.5 * k * background[0], 0.45 * k + 0.5 * k * background[1], 0.4 * k + 0.5 * k * background[2]];
  return {
    key: { direction: direction(cameraYawDeg - 40, 58), color: [1.15, 1.08, 0.95] },
    fill: { direction: direction(cameraYawDeg + 80, 25), color: [0.2, 0.24, 0.32] },
    ambientSky: [0.36, 0.41, 0.5],
    ambientGround: bounce(0.24),
    envTop: [1.05, 1.15, 1.3],
    envBottom: bounce(0.32),
    strips: [strip(cameraYawDeg - 70, 1.1), strip(cameraYawDeg + 90, 0.6)],
    floorOcclusion: Math.max(1.5, objectHeight * 0.03),
  };
}
