import { MAIN_ROLES, PRINT_MATERIAL_OF, faceFor, frontSurfaces, type MockupSurface, type PrintMaterial } from '@packsmith/contracts';
import { LINEAR_TO_SRGB, OUT_STEPS, SHOULDER, SRGB_TO_LINEAR, rollOff } from '@packsmith/mockup/sampling';
import type { Placement } from './placement';

/*
 * The live preview: the design laid on the template in the browser, through the same maps and the
 * same arithmetic as the server's render (packages/mockup apply.ts), at screen size and 8-bit map
 * precision, so a placement can be judged before a render is paid for. The server's render stays the
 * result: full size, 16-bit maps, anti-aliased at folds. Pure functions over typed arrays.
 */

/** How the nine material types print: the contracts' rule, the server's render uses the same. */
export const PRINT_MATERIAL = PRINT_MATERIAL_OF;
export type { PrintMaterial };

/** A template's maps at preview size: RGBA scene and, per pixel, surface number (index + 1, 0 off the pack), u, v, coverage, shading and specular. */
export interface PreviewMaps {
  width: number;
  height: number;
  scene: Uint8ClampedArray;
  surface: Uint8Array;
  u: Float32Array;
  v: Float32Array;
  coverage: Float32Array;
  shading: Float32Array;
  specular: Float32Array;
}

/** An image as RGBA bytes (straight alpha). */
export interface PreviewImage {
  rgba: Uint8ClampedArray;
  width: number;
  height: number;
}

/** What one surface shows: an image with a placement in the surface's design area, or a flat colour (sRGB 0–255). */
export type PreviewLayer =
  | { surface: number; image: PreviewImage; placement: Placement; area: { width: number; height: number } }
  | { surface: number; colour: readonly [number, number, number] };

/**
 * Maps as decoded from the stored PNGs (drawn to a canvas at preview size, 8 bits a channel): the UV
 * map's R, G, B are u, v and coverage; the light map's R is shading / 2 and G specular; the surface
 * map's grey is the surface number.
 */
export function decodeMaps(
  width: number,
  height: number,
  scene: Uint8ClampedArray,
  surfaceRgba: Uint8ClampedArray,
  uvRgba: Uint8ClampedArray,
  lightRgba: Uint8ClampedArray,
): PreviewMaps {
  const n = width * height;
  const maps: PreviewMaps = {
    width,
    height,
    scene,
    surface: new Uint8Array(n),
    u: new Float32Array(n),
    v: new Float32Array(n),
    coverage: new Float32Array(n),
    shading: new Float32Array(n),
    specular: new Float32Array(n),
  };
  for (let i = 0; i < n; i++) {
    const o = i * 4;
    const s = surfaceRgba[o] ?? 0;
    maps.surface[i] = s;
    if (s === 0) continue;
    maps.u[i] = (uvRgba[o] ?? 0) / 255;
    maps.v[i] = (uvRgba[o + 1] ?? 0) / 255;
    maps.coverage[i] = (uvRgba[o + 2] ?? 0) / 255;
    maps.shading[i] = ((lightRgba[o] ?? 0) / 255) * 2;
    maps.specular[i] = (lightRgba[o + 1] ?? 0) / 255;
  }
  return maps;
}

/** Linear light → sRGB byte, clamped (the render's tables: the preview lights a design as the server does). */
const toByte = (x: number) => LINEAR_TO_SRGB[x <= 0 ? 0 : x >= 1 ? OUT_STEPS : (x * OUT_STEPS + 0.5) | 0] ?? 255;

const KRAFT = [SRGB_TO_LINEAR[186] ?? 0, SRGB_TO_LINEAR[146] ?? 0, SRGB_TO_LINEAR[102] ?? 0] as const;
const METAL_BARE = 0.55;
const GLASS_TINT = 0.22;
const SPECULAR_GAIN: Readonly<Record<PrintMaterial, number>> = { paper: 0.5, kraft: 0.25, glossy: 1, metal: 1, glass: 1 };
/** Highlights above the shoulder roll off towards 1, as in the render. */
const highlight = (x: number) => (x > SHOULDER ? rollOff(x) : x);

/**
 * The affine map from (u, v) in a surface's design area to the design's texel (x, y): the design
 * covers the area, is scaled about its centre, turned clockwise and moved by fractions of the area.
 */
export function placementMap(
  image: { width: number; height: number },
  area: { width: number; height: number },
  p: Placement,
): [number, number, number, number, number, number] {
  const aw = area.width;
  const ah = area.height;
  const k = Math.max(aw / image.width, ah / image.height) * p.scale;
  const theta = (p.rotation * Math.PI) / 180;
  const cos = Math.cos(theta) / k;
  const sin = Math.sin(theta) / k;
  const cx = aw / 2 + p.offset_x * aw;
  const cy = ah / 2 + p.offset_y * ah;
  return [cos * aw, sin * ah, image.width / 2 - 0.5 - (cos * cx + sin * cy), -sin * aw, cos * ah, image.height / 2 - 0.5 - (-sin * cx + cos * cy)];
}

/** Writes the preview into `out` (RGBA, maps.width × maps.height): the scene, with each layer's surface printed and lit. */
export function renderPreview(maps: PreviewMaps, layers: readonly PreviewLayer[], material: PrintMaterial, out: Uint8ClampedArray): void {
  out.set(maps.scene.subarray(0, maps.width * maps.height * 4));
  const lin = SRGB_TO_LINEAR;
  const gain = SPECULAR_GAIN[material];
  for (const layer of layers) {
    const number = layer.surface + 1;
    const flat = 'colour' in layer ? [lin[layer.colour[0]] ?? 1, lin[layer.colour[1]] ?? 1, lin[layer.colour[2]] ?? 1] : null;
    const img = 'image' in layer ? layer.image : null;
    const m = img && 'placement' in layer ? placementMap(img, layer.area, layer.placement) : null;
    for (let i = 0; i < maps.surface.length; i++) {
      if (maps.surface[i] !== number) continue;
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      if (flat) {
        [r, g, b] = flat as [number, number, number];
        a = 1;
      } else if (img && m) {
        const u = maps.u[i] ?? 0;
        const v = maps.v[i] ?? 0;
        const x = m[0] * u + m[1] * v + m[2];
        const y = m[3] * u + m[4] * v + m[5];
        const w = img.width;
        const h = img.height;
        if (x >= -0.5 && y >= -0.5 && x <= w - 0.5 && y <= h - 0.5) {
          const xf = Math.floor(x);
          const yf = Math.floor(y);
          const fx = x - xf;
          const fy = y - yf;
          const x0 = xf < 0 ? 0 : xf;
          const y0 = yf < 0 ? 0 : yf;
          const x1 = xf + 1 >= w ? w - 1 : xf + 1;
          const y1 = yf + 1 >= h ? h - 1 : yf + 1;
          const px = img.rgba;
          const i00 = (y0 * w + x0) * 4;
          const i10 = (y0 * w + x1) * 4;
          const i01 = (y1 * w + x0) * 4;
          const i11 = (y1 * w + x1) * 4;
          const w00 = ((1 - fx) * (1 - fy) * (px[i00 + 3] ?? 0)) / 255;
          const w10 = (fx * (1 - fy) * (px[i10 + 3] ?? 0)) / 255;
          const w01 = ((1 - fx) * fy * (px[i01 + 3] ?? 0)) / 255;
          const w11 = (fx * fy * (px[i11 + 3] ?? 0)) / 255;
          const at = (k: number) => lin[px[k] ?? 0] ?? 0;
          a = w00 + w10 + w01 + w11;
          r = w00 * at(i00) + w10 * at(i10) + w01 * at(i01) + w11 * at(i11);
          g = w00 * at(i00 + 1) + w10 * at(i10 + 1) + w01 * at(i01 + 1) + w11 * at(i11 + 1);
          b = w00 * at(i00 + 2) + w10 * at(i10 + 2) + w01 * at(i01 + 2) + w11 * at(i11 + 2);
        }
      } else continue;
      const sh = maps.shading[i] ?? 1;
      const sp = (maps.specular[i] ?? 0) * gain;
      let cov = maps.coverage[i] ?? 1;
      let oR: number, oG: number, oB: number;
      if (material === 'paper' || material === 'glossy') {
        const t = 1 - a;
        oR = (r + t) * sh + sp;
        oG = (g + t) * sh + sp;
        oB = (b + t) * sh + sp;
      } else if (material === 'kraft') {
        const t = 1 - a;
        const cr = r + t,
          cg = g + t,
          cb = b + t;
        const density = 1 - (0.2126 * cr + 0.7152 * cg + 0.0722 * cb);
        const show = 1 - (density < 0 ? 0 : density);
        oR = cr * (1 - show + show * KRAFT[0]) * sh + sp;
        oG = cg * (1 - show + show * KRAFT[1]) * sh + sp;
        oB = cb * (1 - show + show * KRAFT[2]) * sh + sp;
      } else if (material === 'metal') {
        const t = (1 - a) * METAL_BARE;
        const cr = r + t,
          cg = g + t,
          cb = b + t;
        oR = cr * sh + sp * (0.4 + 0.6 * cr);
        oG = cg * sh + sp * (0.4 + 0.6 * cg);
        oB = cb * sh + sp * (0.4 + 0.6 * cb);
      } else {
        const t = (1 - a) * GLASS_TINT;
        oR = (r + t) * sh + sp;
        oG = (g + t) * sh + sp;
        oB = (b + t) * sh + sp;
        cov *= a + (1 - a) * 0.85;
      }
      const o = i * 4;
      const keep = 1 - cov;
      out[o] = toByte(highlight(oR) * cov + (lin[maps.scene[o] ?? 0] ?? 0) * keep);
      out[o + 1] = toByte(highlight(oG) * cov + (lin[maps.scene[o + 1] ?? 0] ?? 0) * keep);
      out[o + 2] = toByte(highlight(oB) * cov + (lin[maps.scene[o + 2] ?? 0] ?? 0) * keep);
      out[o + 3] = 255;
    }
  }
}

export { faceFor, frontSurfaces };

/** Which image (or colour) goes on which surface, as the server decides it for POST /api/mockup/result. */
export type SurfacePlan = { surface: number; url: string; placed: boolean } | { surface: number; colour: string };

export function planSurfaces(
  surfaces: readonly MockupSurface[],
  design: { url: string; faces: Readonly<Record<string, string>> | null; background: string },
): SurfacePlan[] {
  if (design.faces) {
    const faces = design.faces;
    return surfaces.map((s, i): SurfacePlan => {
      const url = faceFor(faces, s.role);
      return url ? { surface: i, url, placed: MAIN_ROLES.has(s.role) } : { surface: i, colour: design.background };
    });
  }
  if (surfaces.length === 0) return [];
  const fronts = surfaces.some((s) => s.item !== undefined) ? frontSurfaces(surfaces) : [];
  return [...new Set([0, ...fronts])].map((surface) => ({ surface, url: design.url, placed: true }));
}

/** "#1a2b3c" → [26, 43, 60]; anything else → white. */
export function hexColour(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return [255, 255, 255];
  const v = parseInt(m[1], 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}
