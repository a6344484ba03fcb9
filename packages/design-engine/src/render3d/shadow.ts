import { invert, transformPoint4, type Mat4, type Vec3 } from './math.js';
import type { Mesh } from './mesh.js';
import type { RasterImage, Rgb } from './rasterizer.js';
import { linearToSrgb255 } from './texture.js';

/*
 * Floor shadows, computed on the ground plane (y = 0) rather than on screen so
 * the blur is round on the floor and foreshortens with it:
 *  - a cast shadow: the mesh projected along the key light, blurred more where
 *    the occluder is higher above the floor (penumbra grows with distance);
 *  - a contact shadow: the footprint straight down, tight and dark where the
 *    product touches the floor.
 * The result is a transmission map (1 = fully lit) sampled per screen pixel by
 * intersecting the eye ray with the floor.
 */

export interface GroundShadow {
  /** World x and z of the map's first cell centre, and the cell size (mm). */
  readonly x0: number;
  readonly z0: number;
  readonly cell: number;
  readonly width: number;
  readonly height: number;
  /** Fraction of light reaching the floor per cell, 0..1. */
  readonly transmission: Float32Array;
}

export interface ShadowOptions {
  /** Max cells along the longer side of the map (default 224). */
  readonly resolution?: number;
  /** Darkness of the cast shadow where fully occluded (default 0.38). */
  readonly castStrength?: number;
  /** Darkness of the contact shadow at the footprint (default 0.7). */
  readonly contactStrength?: number;
  /** Penumbra growth per mm of height (≈ the key light's angular size; default 0.09). */
  readonly softness?: number;
}

/** Builds the floor transmission map for `mesh` lit from `lightDir` (unit, towards the light, y > 0). */
export function buildGroundShadow(mesh: Mesh, lightDir: Vec3, opts: ShadowOptions = {}): GroundShadow {
  const res = opts.resolution ?? 224;
  const castStrength = opts.castStrength ?? 0.38;
  const contactStrength = opts.contactStrength ?? 0.7;
  const softness = opts.softness ?? 0.09;
  const ly = Math.max(0.15, lightDir[1]);
  const lx = lightDir[0] / ly;
  const lz = lightDir[2] / ly;
  const grid = shadowGrid(mesh.positions, lx, lz, softness, res);
  const { x0, z0, cell, W, H } = grid;
  const { castH, footH } = occluderHeights(mesh, grid, lx, lz);
  const cast = castShadow(castH, grid, softness);
  const contact = contactShadow(footH, grid);
  const transmission = new Float32Array(W * H);
  for (let i = 0; i < W * H; i++) {
    transmission[i] = (1 - castStrength * cast[i]!) * (1 - contactStrength * contact[i]!);
  }
  return { x0, z0, cell, width: W, height: H, transmission };
}

/** The map's cells on the floor, and the sizes its blurs are set from. */
interface ShadowGrid {
  /** World x and z of the first cell centre, the cell size (mm) and the map's size in cells. */
  readonly x0: number;
  readonly z0: number;
  readonly cell: number;
  readonly W: number;
  readonly H: number;
  /** Larger side of the footprint and the cast projection, mm. */
  readonly size: number;
  /** The product's height, mm. */
  readonly maxY: number;
  /** The widest blur, mm. */
  readonly maxSigma: number;
}

/** Extent: the footprint and the cast projection, plus room for the widest blur. */
function shadowGrid(P: Float32Array, lx: number, lz: number, softness: number, res: number): ShadowGrid {
  const n = P.length / 3;
  let minX = Infinity,
    maxX = -Infinity,
    minZ = Infinity,
    maxZ = -Infinity,
    maxY = 0;
  for (let i = 0; i < n; i++) {
    const x = P[i * 3]!,
      y = P[i * 3 + 1]!,
      z = P[i * 3 + 2]!;
    if (y > maxY) maxY = y;
    for (const [gx, gz] of [
      [x, z],
      [x - lx * y, z - lz * y],
    ] as const) {
      if (gx < minX) minX = gx;
      if (gx > maxX) maxX = gx;
      if (gz < minZ) minZ = gz;
      if (gz > maxZ) maxZ = gz;
    }
  }
  const size = Math.max(maxX - minX, maxZ - minZ, 1);
  const maxSigma = 0.01 * size + softness * maxY;
  const margin = 3 * maxSigma + 0.05 * size;
  minX -= margin;
  maxX += margin;
  minZ -= margin;
  maxZ += margin;
  const cell = Math.max(maxX - minX, maxZ - minZ) / res;
  const W = Math.max(2, Math.ceil((maxX - minX) / cell));
  const H = Math.max(2, Math.ceil((maxZ - minZ) / cell));
  return { x0: minX + cell / 2, z0: minZ + cell / 2, cell, W, H, size, maxY, maxSigma };
}

/** Min occluder height per cell, for the cast (along the light) and contact (straight down) projections. */
function occluderHeights(mesh: Mesh, grid: ShadowGrid, lx: number, lz: number): { castH: Float32Array; footH: Float32Array } {
  const { x0, z0, cell, W, H } = grid;
  const P = mesh.positions;
  const n = P.length / 3;
  const castH = new Float32Array(W * H).fill(Infinity);
  const footH = new Float32Array(W * H).fill(Infinity);
  const gxC = new Float64Array(n),
    gzC = new Float64Array(n),
    gxF = new Float64Array(n),
    gzF = new Float64Array(n),
    hy = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const x = P[i * 3]!,
      y = P[i * 3 + 1]!,
      z = P[i * 3 + 2]!;
    hy[i] = y;
    gxC[i] = (x - lx * y - x0) / cell;
    gzC[i] = (z - lz * y - z0) / cell;
    gxF[i] = (x - x0) / cell;
    gzF[i] = (z - z0) / cell;
  }
  const I = mesh.indices;
  for (let t = 0; t < I.length; t += 3) {
    const a = I[t]!,
      b = I[t + 1]!,
      c = I[t + 2]!;
    fillMinHeight(castH, W, H, gxC[a]!, gzC[a]!, hy[a]!, gxC[b]!, gzC[b]!, hy[b]!, gxC[c]!, gzC[c]!, hy[c]!);
    fillMinHeight(footH, W, H, gxF[a]!, gzF[a]!, hy[a]!, gxF[b]!, gzF[b]!, hy[b]!, gxF[c]!, gzF[c]!, hy[c]!);
  }
  return { castH, footH };
}

/**
 * Cast shadow with a penumbra that widens with the occluder's height: blur the
 * coverage at a few radii and pick, per cell, between the two bracketing ones.
 */
function castShadow(castH: Float32Array, grid: ShadowGrid, softness: number): Float32Array {
  const { cell, W, H, size, maxSigma } = grid;
  const coverage = new Float32Array(W * H);
  const heightSum = new Float32Array(W * H);
  for (let i = 0; i < W * H; i++) {
    if (castH[i]! < Infinity) {
      coverage[i] = 1;
      heightSum[i] = castH[i]!;
    }
  }
  const sigmaAt = (h: number): number => (0.006 * size + softness * h) / cell;
  const levels = [0.6, 2.5, 8, 24].map((s) => Math.min(s, maxSigma / cell));
  const blurred = levels.map((s) => gaussianBlur(coverage, W, H, s));
  // Height near the shadow's edge: the widest blur of the heights, normalised by that of the coverage.
  const hNum = gaussianBlur(heightSum, W, H, levels[levels.length - 1]!);
  const hDen = blurred[blurred.length - 1]!;
  const cast = new Float32Array(W * H);
  for (let i = 0; i < W * H; i++) {
    const den = hDen[i]!;
    if (den < 1e-4) continue;
    const h = hNum[i]! / den;
    const s = sigmaAt(h);
    let k = 0;
    while (k < levels.length - 2 && levels[k + 1]! < s) k++;
    const lo = levels[k]!,
      hi = levels[k + 1]!;
    const f = Math.min(1, Math.max(0, (s - lo) / (hi - lo || 1)));
    cast[i] = blurred[k]![i]! * (1 - f) + blurred[k + 1]![i]! * f;
  }
  return cast;
}

/** Contact shadow: darkest where the footprint touches the floor, fading within a few mm. */
function contactShadow(footH: Float32Array, grid: ShadowGrid): Float64Array {
  const { cell, W, H, size, maxY } = grid;
  const contactSrc = new Float32Array(W * H);
  const touch = Math.max(2, 0.03 * maxY);
  for (let i = 0; i < W * H; i++) {
    const h = footH[i]!;
    if (h < Infinity) contactSrc[i] = Math.exp(-h / touch);
  }
  // Three scales: the crease where product meets floor, the soft dark halo
  // around the base, and a faint wide occlusion that seats the product.
  const tight = gaussianBlur(contactSrc, W, H, Math.max(0.8, (0.012 * size) / cell));
  const wide = gaussianBlur(contactSrc, W, H, Math.max(1.5, (0.06 * size) / cell));
  const broad = gaussianBlur(contactSrc, W, H, Math.max(3, (0.16 * size) / cell));
  // Kept in doubles: only the transmission it goes into is rounded to float.
  const contact = new Float64Array(W * H);
  for (let i = 0; i < W * H; i++) contact[i] = Math.min(1, 0.5 * tight[i]! + 0.9 * wide[i]! + 0.5 * broad[i]!);
  return contact;
}

/** Transmission (1 = lit) at world (x, z), bilinear; 1 outside the map. */
export function sampleGroundShadow(s: GroundShadow, x: number, z: number): number {
  const fx = (x - s.x0) / s.cell;
  const fz = (z - s.z0) / s.cell;
  if (fx < 0 || fz < 0 || fx >= s.width - 1 || fz >= s.height - 1) return 1;
  const ix = fx | 0;
  const iz = fz | 0;
  const tx = fx - ix;
  const tz = fz - iz;
  const t = s.transmission;
  const i = iz * s.width + ix;
  return (t[i]! * (1 - tx) + t[i + 1]! * tx) * (1 - tz) + (t[i + s.width]! * (1 - tx) + t[i + s.width + 1]! * tx) * tz;
}

/** Rasterises a 2-D triangle (cell coordinates) keeping the minimum interpolated height per cell centre. */
function fillMinHeight(
  out: Float32Array,
  W: number,
  H: number,
  x0: number,
  y0: number,
  h0: number,
  x1: number,
  y1: number,
  h1: number,
  x2: number,
  y2: number,
  h2: number,
): void {
  let area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  if (Math.abs(area) < 1e-9) return;
  if (area < 0) {
    [x1, x2] = [x2, x1];
    [y1, y2] = [y2, y1];
    [h1, h2] = [h2, h1];
    area = -area;
  }
  const minX = Math.max(0, Math.ceil(Math.min(x0, x1, x2) - 0.5));
  const maxX = Math.min(W - 1, Math.floor(Math.max(x0, x1, x2) - 0.5));
  const minY = Math.max(0, Math.ceil(Math.min(y0, y1, y2) - 0.5));
  const maxY = Math.min(H - 1, Math.floor(Math.max(y0, y1, y2) - 0.5));
  const inv = 1 / area;
  for (let y = minY; y <= maxY; y++) {
    const py = y + 0.5;
    for (let x = minX; x <= maxX; x++) {
      const px = x + 0.5;
      const w0 = (x1 - px) * (y2 - py) - (x2 - px) * (y1 - py);
      const w1 = (x2 - px) * (y0 - py) - (x0 - px) * (y2 - py);
      const w2 = (x0 - px) * (y1 - py) - (x1 - px) * (y0 - py);
      if (w0 < 0 || w1 < 0 || w2 < 0) continue;
      const h = (w0 * h0 + w1 * h1 + w2 * h2) * inv;
      const i = y * W + x;
      if (h < out[i]!) out[i] = h;
    }
  }
}

/**
 * Gaussian blur approximated by three box blurs per axis (running sums, so the
 * cost does not depend on the radius). Outside the map counts as zero.
 */
export function gaussianBlur(src: Float32Array, W: number, H: number, sigma: number): Float32Array {
  if (sigma < 0.3) return Float32Array.from(src);
  const radii = boxRadii(sigma);
  const a = Float32Array.from(src);
  const b = new Float32Array(W * H);
  for (const r of radii) {
    boxPass(a, b, W, H, r, true);
    boxPass(b, a, W, H, r, false);
  }
  return a;
}

/** Radii of three box filters whose convolution matches a Gaussian of `sigma` (Kovesi's method). */
function boxRadii(sigma: number): [number, number, number] {
  const n = 3;
  const wIdeal = Math.sqrt((12 * sigma * sigma) / n + 1);
  let wl = Math.floor(wIdeal);
  if (wl % 2 === 0) wl--;
  const wu = wl + 2;
  const mIdeal = (12 * sigma * sigma - n * wl * wl - 4 * n * wl - 3 * n) / (-4 * wl - 4);
  const m = Math.round(mIdeal);
  const sizes = [0, 1, 2].map((i) => (i < m ? wl : wu));
  return [(sizes[0]! - 1) / 2, (sizes[1]! - 1) / 2, (sizes[2]! - 1) / 2];
}

function boxPass(src: Float32Array, dst: Float32Array, W: number, H: number, r: number, horizontal: boolean): void {
  const len = horizontal ? W : H;
  const lines = horizontal ? H : W;
  const stride = horizontal ? 1 : W;
  const step = horizontal ? W : 1;
  const norm = 1 / (2 * r + 1);
  for (let l = 0; l < lines; l++) {
    const base = l * step;
    let acc = 0;
    for (let i = 0; i <= r && i < len; i++) acc += src[base + i * stride]!;
    for (let i = 0; i < len; i++) {
      dst[base + i * stride] = acc * norm;
      const add = i + r + 1;
      const rem = i - r;
      if (add < len) acc += src[base + add * stride]!;
      if (rem >= 0) acc -= src[base + rem * stride]!;
    }
  }
}

export interface StudioComposite {
  readonly width: number;
  readonly height: number;
  /** The rendered product (linear premultiplied). */
  readonly object: RasterImage;
  readonly shadow: GroundShadow;
  readonly viewProj: Mat4;
  readonly eye: Vec3;
  /** Background colour in linear RGB; the backdrop brightens slightly towards the top. */
  readonly background: Rgb;
}

/**
 * Puts the product over a seamless studio backdrop with its floor shadow and
 * encodes to sRGB bytes (opaque RGBA). A hash dither breaks up 8-bit banding in
 * the gradient while keeping the output identical from run to run.
 */
export function compositeStudio(c: StudioComposite): Uint8Array {
  const { width: W, height: H, object: obj, shadow, eye, background } = c;
  const out = new Uint8Array(W * H * 4);
  const inv = invert(c.viewProj);
  // Homogeneous far-plane point of a pixel is linear in the pixel coordinates.
  const at = (px: number, py: number): readonly [number, number, number, number] => transformPoint4(inv, [(px / W) * 2 - 1, 1 - (py / H) * 2, 1]);
  const f00 = at(0.5, 0.5);
  const f10 = at(1.5, 0.5);
  const f01 = at(0.5, 1.5);
  const dX = [f10[0] - f00[0], f10[1] - f00[1], f10[2] - f00[2], f10[3] - f00[3]] as const;
  const dY = [f01[0] - f00[0], f01[1] - f00[1], f01[2] - f00[2], f01[3] - f00[3]] as const;
  const [ex, ey, ez] = eye;
  const [bgR, bgG, bgB] = background;
  const sh = shadowScreenRect(c);
  const rgba = obj.rgba;

  for (let py = 0; py < H; py++) {
    // Backdrop: a touch lighter at the top, a touch darker at the bottom.
    const t = py / (H - 1);
    const lift = 1.06 - 0.16 * t * t;
    const rowR = Math.min(1, bgR * lift + 0.02 * (1 - t));
    const rowG = Math.min(1, bgG * lift + 0.02 * (1 - t));
    const rowB = Math.min(1, bgB * lift + 0.02 * (1 - t));
    // floor(s + noise) is floor(s) + 1 exactly when noise >= 1 - frac(s).
    const sR = linearToSrgb255(rowR);
    const sG = linearToSrgb255(rowG);
    const sB = linearToSrgb255(rowB);
    const baseR = Math.floor(sR),
      baseG = Math.floor(sG),
      baseB = Math.floor(sB);
    const cutR = 1 - (sR - baseR),
      cutG = 1 - (sG - baseG),
      cutB = 1 - (sB - baseB);
    const objRow = py - obj.y;
    const objRowIn = objRow >= 0 && objRow < obj.height;
    const shadowRow = py >= sh.y0 && py <= sh.y1;
    for (let px = 0; px < W; px++) {
      const o = (py * W + px) * 4;
      const noise = dither(px, py);
      let lit = 1;
      if (shadowRow && px >= sh.x0 && px <= sh.x1) {
        const hw = f00[3] + dX[3] * px + dY[3] * py;
        const dirY = (f00[1] + dX[1] * px + dY[1] * py) / hw - ey;
        if (dirY < 0) {
          const s = -ey / dirY;
          const gx = ex + ((f00[0] + dX[0] * px + dY[0] * py) / hw - ex) * s;
          const gz = ez + ((f00[2] + dX[2] * px + dY[2] * py) / hw - ez) * s;
          lit = sampleGroundShadow(shadow, gx, gz);
        }
      }
      const ox = px - obj.x;
      const a = objRowIn && ox >= 0 && ox < obj.width ? rgba[(objRow * obj.width + ox) * 4 + 3]! : 0;
      if (a === 0 && lit === 1) {
        // Bare backdrop: the row's colour, dithered against 8-bit banding.
        out[o] = noise >= cutR && baseR < 255 ? baseR + 1 : baseR;
        out[o + 1] = noise >= cutG && baseG < 255 ? baseG + 1 : baseG;
        out[o + 2] = noise >= cutB && baseB < 255 ? baseB + 1 : baseB;
        out[o + 3] = 255;
        continue;
      }
      let r = rowR * lit;
      let g = rowG * lit;
      let b = rowB * lit;
      let n = noise;
      if (a > 0) {
        const i = (objRow * obj.width + ox) * 4;
        // The product itself is not dithered: flat print colours stay flat.
        if (a > 0.999) n = 0.5;
        r = rgba[i]! + r * (1 - a);
        g = rgba[i + 1]! + g * (1 - a);
        b = rgba[i + 2]! + b * (1 - a);
      }
      out[o] = toByte(r, n);
      out[o + 1] = toByte(g, n);
      out[o + 2] = toByte(b, n);
      out[o + 3] = 255;
    }
  }
  return out;
}

/** Pixel rectangle covering the shadow map's floor area, so the rest of the frame skips the ray–floor test. */
function shadowScreenRect(c: StudioComposite): { x0: number; y0: number; x1: number; y1: number } {
  const s = c.shadow;
  const xs = [s.x0 - s.cell, s.x0 + s.cell * s.width];
  const zs = [s.z0 - s.cell, s.z0 + s.cell * s.height];
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (const x of xs) {
    for (const z of zs) {
      const p = transformPoint4(c.viewProj, [x, 0, z]);
      // A corner behind the camera makes the projected rectangle meaningless: test every pixel then.
      if (p[3] <= 1e-6) return { x0: 0, y0: 0, x1: c.width - 1, y1: c.height - 1 };
      const sx = ((p[0] / p[3] + 1) / 2) * c.width;
      const sy = ((1 - p[1] / p[3]) / 2) * c.height;
      x0 = Math.min(x0, sx);
      x1 = Math.max(x1, sx);
      y0 = Math.min(y0, sy);
      y1 = Math.max(y1, sy);
    }
  }
  return { x0: Math.floor(x0) - 1, y0: Math.floor(y0) - 1, x1: Math.ceil(x1) + 1, y1: Math.ceil(y1) + 1 };
}

/** Quantises in sRGB space, where the 8-bit steps are, adding `noise` in [0, 1) before flooring. */
function toByte(linear: number, noise: number): number {
  const v = Math.floor(linearToSrgb255(linear) + noise);
  return v > 255 ? 255 : v;
}

/** Deterministic per-pixel noise in [0, 1). */
function dither(x: number, y: number): number {
  let h = (x * 374761393 + y * 668265263) | 0;
  h = Math.imul(h ^ (h >>> 13), 1274126177);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}
