import { transformPoint4, type Mat4, type Vec3 } from './math.js';
import type { MaterialParams } from './materials.js';
import type { Mesh } from './mesh.js';
import { sampleTrilinear, type MipTexture } from './texture.js';

/*
 * Scanline-free half-space rasteriser with 4× multisampling: coverage and depth
 * are tested at four rotated-grid samples per pixel, but a triangle is shaded
 * once per pixel it touches, so anti-aliased silhouettes cost little more than
 * aliased ones. Shading is per pixel in linear light (Lambert + Blinn-Phong +
 * a Fresnel-weighted studio reflection); the output stays linear and
 * premultiplied so the packshot can composite it over the floor and shadow.
 */

export type Rgb = readonly [number, number, number];

export interface SurfaceMaterial extends MaterialParams {
  readonly texture?: MipTexture;
  /**
   * Texture uv = mesh uv × scale + offset. Where the result leaves [0, 1] the
   * surface shows its base colour: a front panel printed on part of a wrap.
   */
  readonly uScale?: number;
  readonly uOffset?: number;
  readonly vScale?: number;
  readonly vOffset?: number;
  /** Multiplies the printed colour (default 1): a pouch's seal is its own print, a little darker. */
  readonly tint?: number;
}

/** A tall strip softbox seen in reflections, placed around the product at a yaw angle. */
export interface StripLight {
  /** Unit horizontal direction (x, z) from the product towards the strip. */
  readonly dirX: number;
  readonly dirZ: number;
  readonly intensity: number;
}

export interface Light {
  /** Unit vector pointing towards the light. */
  readonly direction: Vec3;
  /** Linear RGB intensity. */
  readonly color: Rgb;
}

export interface Lighting {
  readonly key: Light;
  readonly fill: Light;
  /** Hemisphere ambient: colour from above and from below. */
  readonly ambientSky: Rgb;
  readonly ambientGround: Rgb;
  /** Studio seen in reflections: brightness overhead and at the floor. */
  readonly envTop: Rgb;
  readonly envBottom: Rgb;
  /** Strip softboxes: vertical highlights along bottles and cans, kept off flat fronts. */
  readonly strips: readonly [StripLight, StripLight];
  /** Height (mm) over which surfaces darken towards the floor they stand on; 0 disables. */
  readonly floorOcclusion: number;
}

export interface RasterScene {
  readonly mesh: Mesh;
  /** Material per slot index; a slot without one is not drawn. */
  readonly materials: readonly (SurfaceMaterial | undefined)[];
  readonly viewProj: Mat4;
  readonly eye: Vec3;
  readonly lighting: Lighting;
}

export interface RasterOptions {
  readonly width: number;
  readonly height: number;
  /** 4 = multisampled edges (default), 1 = one sample at the pixel centre. */
  readonly samples?: 1 | 4;
  /** Drop triangles facing away from the camera (default true). */
  readonly cull?: boolean;
  /** Only rasterise inside this pixel rectangle (e.g. the object's projected bounds). */
  readonly region?: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  /**
   * Opt in to a G-buffer of printable surfaces (see {@link RasterGBuffer}): `surfaceOfSlot[slot]` is
   * the surface number (1…255) a slot's triangles print on, 0 or missing for parts that carry no
   * print. Off by default; the colour output is the same with it or without it.
   */
  readonly gbuffer?: { readonly surfaceOfSlot: ArrayLike<number> };
}

/** A rendered region: linear-light premultiplied RGBA, alpha = coverage × opacity. */
export interface RasterImage {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly rgba: Float32Array;
  /** Set when the options asked for it. */
  readonly gbuffer?: RasterGBuffer;
}

/**
 * Per pixel of the rendered region (row-major, `width` × `height`), what the printable surfaces
 * show there. Where samples of several surfaces share a pixel (a fold), `surface`, `u`, `v` and
 * `depth` are those of the surface covering most samples; `coverage` and `color` count every
 * printable sample.
 */
export interface RasterGBuffer {
  /** Surface number (from `surfaceOfSlot`), 0 where no printable surface shows. */
  readonly surface: Uint8Array;
  /** Share of the pixel's samples on a printable surface, 0…1. */
  readonly coverage: Float32Array;
  /** Texture coordinates (the material's uv scale and offset applied), mean over the surface's samples. */
  readonly u: Float32Array;
  readonly v: Float32Array;
  /** View-space depth (the clip w: distance along the view axis, scene units), 0 where no surface shows. */
  readonly depth: Float32Array;
  /** Linear RGB of the printable samples alone (their mean, straight alpha), 3 per pixel. */
  readonly color: Float32Array;
}

/** Rotated-grid sample positions inside a pixel: better on near-horizontal and near-vertical edges than a 2×2 grid. */
const RGSS: readonly (readonly [number, number])[] = [
  [0.375, 0.125],
  [0.875, 0.375],
  [0.125, 0.625],
  [0.625, 0.875],
];
const CENTRE: readonly (readonly [number, number])[] = [[0.5, 0.5]];

const POW_STEPS = 4096;
const powTables = new Map<number, Float32Array>();

/**
 * x^e sampled on [0, 1]: Math.pow costs more than all the rest of a pixel's
 * shading, and the highlight lobes only need a smooth curve.
 */
function powTable(e: number): Float32Array {
  const hit = powTables.get(e);
  if (hit) return hit;
  const t = new Float32Array(POW_STEPS + 2);
  for (let i = 0; i <= POW_STEPS + 1; i++) t[i] = Math.pow(Math.min(1, i / POW_STEPS), e);
  powTables.set(e, t);
  return t;
}

/** Table lookup with linear interpolation; `x` in [0, 1]. */
function powLookup(t: Float32Array, x: number): number {
  const f = x * POW_STEPS;
  const i = f | 0;
  const a = t[i]!;
  return a + (t[i + 1]! - a) * (f - i);
}

/** Fast log2 of a positive float from its exponent bits and a linear mantissa (error < 0.09): enough to pick mip levels. */
const f32 = new Float32Array(1);
const i32 = new Int32Array(f32.buffer);
function approxLog2(x: number): number {
  f32[0] = x;
  const bits = i32[0]!;
  return ((bits >> 23) & 255) - 127 + (bits & 0x7fffff) / 0x800000;
}

/** Highlights roll off instead of clipping hard. */
function shoulder(v: number): number {
  return v <= 0.8 ? v : 0.8 + 0.2 * (1 - Math.exp((0.8 - v) * 5));
}

/**
 * Multisample storage. Each sample keeps a depth and the index of the shaded
 * fragment that covers it; fragments (one colour per pixel per triangle) live
 * in a growable list. Most pixels are covered by one fragment, so this writes a
 * quarter of the colour data that one colour per sample would.
 */
interface Buffers {
  depth: Float32Array;
  /** Fragment index per sample; 0 is the empty (transparent) fragment. */
  frag: Uint32Array;
  /** RGBA per fragment, premultiplied linear; fragment 0 stays zero. */
  colors: Float32Array;
  count: number;
}

/*
 * Buffers are reused from call to call: a 1024² frame needs tens of MB of
 * them, and allocating that each time costs more in garbage collection than the
 * drawing itself. Safe because rasterize() never yields before it is done.
 */
let pool: Buffers = { depth: new Float32Array(0), frag: new Uint32Array(0), colors: new Float32Array(4), count: 1 };

function buffers(samples: number, pixels: number): Buffers {
  if (pool.depth.length < samples) {
    pool = { depth: new Float32Array(samples), frag: new Uint32Array(samples), colors: pool.colors, count: 1 };
  }
  if (pool.colors.length < (pixels + 1) * 4) pool.colors = new Float32Array((pixels + 1) * 4);
  pool.depth.fill(Infinity, 0, samples);
  pool.frag.fill(0, 0, samples);
  pool.count = 1;
  return pool;
}

/** Makes room for one more fragment, keeping those already shaded. */
function growFragments(buf: Buffers): Float32Array {
  const bigger = new Float32Array(Math.ceil((buf.colors.length * 1.5) / 4) * 4 + 4);
  bigger.set(buf.colors.subarray(0, buf.count * 4));
  buf.colors = bigger;
  return bigger;
}

/** Everything the per-triangle loop reads besides the constants in `tri`. */
interface Target {
  readonly buf: Buffers;
  /** One shaded fragment, premultiplied RGBA. */
  readonly shaded: Float64Array;
  /** Region origin and width in pixels; samples per pixel and their offsets. */
  readonly rx0: number;
  readonly ry0: number;
  readonly rw: number;
  readonly n: number;
  readonly ox: Float64Array;
  readonly oy: Float64Array;
  /** Texture sample scratch (8 entries, see sampleTrilinear). */
  readonly texel: Float32Array;
  /** Per-fragment surface attributes, only when a G-buffer was asked for. */
  readonly attrs: FragmentAttrs | undefined;
}

/** Surface number, texture uv and view depth per fragment (index as in Buffers.colors / 4). */
interface FragmentAttrs {
  /** Surface number of the slot being drawn (0 = not printable). */
  current: number;
  surface: Uint8Array;
  u: Float32Array;
  v: Float32Array;
  w: Float32Array;
}

function recordAttrs(a: FragmentAttrs, id: number, k: Float64Array, X: number, Y: number): void {
  if (id >= a.surface.length) {
    const n = Math.ceil(id * 1.5) + 16;
    const grow = <T extends Uint8Array | Float32Array>(old: T, make: (n: number) => T): T => {
      const b = make(n);
      b.set(old);
      return b;
    };
    a.surface = grow(a.surface, (m) => new Uint8Array(m));
    a.u = grow(a.u, (m) => new Float32Array(m));
    a.v = grow(a.v, (m) => new Float32Array(m));
    a.w = grow(a.w, (m) => new Float32Array(m));
  }
  const iq = 1 / (k[PQ]! * X + k[PQ + 1]! * Y + k[PQ + 2]!);
  a.surface[id] = a.current;
  a.u[id] = (k[PU]! * X + k[PU + 1]! * Y + k[PU + 2]!) * iq * k[M_US]! + k[M_UO]!;
  a.v[id] = (k[PV]! * X + k[PV + 1]! * Y + k[PV + 2]!) * iq * k[M_VS]! + k[M_VO]!;
  a.w[id] = iq;
}

/*
 * Per-triangle constants, as (A, B, C) so that value = A x + B y + C in pixel
 * coordinates: three edge functions (positive inside), NDC depth, 1/w, and the
 * perspective-divided attributes u, v, normal and world position.
 */
const E0 = 0,
  E1 = 3,
  E2 = 6,
  PZ = 9,
  PQ = 12,
  PU = 15,
  PV = 18,
  PNX = 21,
  PNY = 24,
  PNZ = 27,
  PWX = 30,
  PWY = 33,
  PWZ = 36;
/*
 * Shading constants beside the triangle's planes in one array (`tri`), so the
 * per-pixel shade() is a small function of its own: V8 optimises it after a few
 * thousand calls instead of waiting to recompile one huge loop, which matters
 * for the first packshot a process renders.
 */
const M_BR = 40,
  M_BG = 41,
  M_BB = 42,
  M_METAL = 43,
  M_SPEC = 45,
  M_OPACITY = 46,
  M_F0 = 47,
  M_GRAZING = 48;
const M_SPEC_CUT = 49,
  M_ENV_CUT = 50,
  M_STRIP_GAIN = 51,
  M_US = 52,
  M_UO = 53,
  M_VS = 54,
  M_VO = 55,
  M_TEXW = 56,
  M_TEXH = 57,
  M_TINT = 58;
const L_K = 60,
  L_F = 63,
  L_KC = 66,
  L_FC = 69,
  L_SKY = 72,
  L_GROUND = 75,
  L_ETOP = 78,
  L_EBOT = 81;
const L_S1 = 84,
  L_S2 = 87,
  L_OCC = 90,
  L_OCC_CUT = 91,
  L_EYE = 92,
  L_KEY_LUM = 95,
  L_FILL_LUM = 96;
const CONSTANTS = 97;

const tri = new Float64Array(CONSTANTS);

export function rasterize(scene: RasterScene, opts: RasterOptions): RasterImage {
  const { mesh, materials, viewProj, eye, lighting } = scene;
  const W = opts.width;
  const H = opts.height;
  const offsets = (opts.samples ?? 4) === 4 ? RGSS : CENTRE;
  const N = offsets.length;
  const rx0 = Math.max(0, Math.floor(opts.region?.x ?? 0));
  const ry0 = Math.max(0, Math.floor(opts.region?.y ?? 0));
  const rx1 = Math.min(W, Math.ceil((opts.region?.x ?? 0) + (opts.region?.width ?? W)));
  const ry1 = Math.min(H, Math.ceil((opts.region?.y ?? 0) + (opts.region?.height ?? H)));
  const rw = Math.max(0, rx1 - rx0);
  const rh = Math.max(0, ry1 - ry0);
  const buf = buffers(rw * rh * N, rw * rh);
  const target: Target = {
    buf,
    rx0,
    ry0,
    rw,
    n: N,
    ox: Float64Array.from(offsets.map((o) => o[0])),
    oy: Float64Array.from(offsets.map((o) => o[1])),
    texel: new Float32Array(8),
    shaded: new Float64Array(4),
    attrs: opts.gbuffer
      ? { current: 0, surface: new Uint8Array(1024), u: new Float32Array(1024), v: new Float32Array(1024), w: new Float32Array(1024) }
      : undefined,
  };
  const surfaceOfSlot = opts.gbuffer?.surfaceOfSlot;
  setLighting(tri, lighting, eye);
  const state: MaterialState = { tex: undefined, specPow: powTable(1), envPow: powTable(2) };
  let current: SurfaceMaterial | undefined;
  const screen = projectVertices(mesh.positions, viewProj, W, H);
  for (const t of drawOrder(mesh, materials, screen, opts.cull ?? true)) {
    const box = setupTriangle(mesh, screen, t, rx0, ry0, rx1, ry1);
    if (!box) continue;
    const mat = materials[mesh.slots[t]!]!;
    if (mat !== current) {
      setMaterial(tri, mat, state);
      current = mat;
    }
    if (target.attrs && surfaceOfSlot) target.attrs.current = surfaceOfSlot[mesh.slots[t]!] ?? 0;
    drawTriangle(target, state, box[0], box[1], box[2], box[3]);
  }
  const rgba = resolve(buf, rw * rh, N);
  const image = { x: rx0, y: ry0, width: rw, height: rh, rgba };
  return target.attrs ? { ...image, gbuffer: resolveGBuffer(buf, target.attrs, rw * rh, N) } : image;
}

/**
 * Per pixel, the printable surface covering most samples (the first such sample's on a tie), its
 * mean uv and depth over those samples, and the mean colour and share of all printable samples.
 */
function resolveGBuffer(buf: Buffers, a: FragmentAttrs, pixels: number, N: number): RasterGBuffer {
  const { frag, colors } = buf;
  const surface = new Uint8Array(pixels);
  const coverage = new Float32Array(pixels);
  const u = new Float32Array(pixels);
  const v = new Float32Array(pixels);
  const depth = new Float32Array(pixels);
  const color = new Float32Array(pixels * 3);
  const fs = a.surface;
  for (let p = 0; p < pixels; p++) {
    const s0 = p * N;
    let best = 0;
    let bestCount = 0;
    let printed = 0;
    let r = 0,
      g = 0,
      b = 0;
    for (let k = 0; k < N; k++) {
      const f = frag[s0 + k]!;
      const sf = f === 0 ? 0 : fs[f]!;
      if (sf === 0) continue;
      printed++;
      r += colors[f * 4]!;
      g += colors[f * 4 + 1]!;
      b += colors[f * 4 + 2]!;
      if (sf === best) continue;
      let count = 0;
      for (let j = k; j < N; j++) {
        const fj = frag[s0 + j]!;
        if (fj !== 0 && fs[fj] === sf) count++;
      }
      if (count > bestCount) {
        best = sf;
        bestCount = count;
      }
    }
    if (printed === 0) continue;
    surface[p] = best;
    coverage[p] = printed / N;
    color[p * 3] = r / printed;
    color[p * 3 + 1] = g / printed;
    color[p * 3 + 2] = b / printed;
    let su = 0,
      sv = 0,
      sw = 0;
    for (let k = 0; k < N; k++) {
      const f = frag[s0 + k]!;
      if (f === 0 || fs[f] !== best) continue;
      su += a.u[f]!;
      sv += a.v[f]!;
      sw += a.w[f]!;
    }
    u[p] = su / bestCount;
    v[p] = sv / bestCount;
    depth[p] = sw / bestCount;
  }
  return { surface, coverage, u, v, depth, color };
}

/** Pixel x, y, NDC depth and clip w per vertex. */
interface Screen {
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly z: Float64Array;
  readonly w: Float64Array;
}

function projectVertices(P: Float32Array, viewProj: Mat4, W: number, H: number): Screen {
  const n = P.length / 3;
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const z = new Float64Array(n);
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const c = transformPoint4(viewProj, [P[i * 3]!, P[i * 3 + 1]!, P[i * 3 + 2]!]);
    w[i] = c[3];
    x[i] = ((c[0] / c[3] + 1) / 2) * W;
    y[i] = ((1 - c[1] / c[3]) / 2) * H;
    z[i] = c[2] / c[3];
  }
  return { x, y, z, w };
}

/** Visible triangles, nearest first, so the depth test rejects hidden pixels before they are shaded. */
function drawOrder(mesh: Mesh, materials: readonly (SurfaceMaterial | undefined)[], s: Screen, cull: boolean): number[] {
  const I = mesh.indices;
  const tcount = I.length / 3;
  const order: number[] = [];
  const key = new Float64Array(tcount);
  for (let t = 0; t < tcount; t++) {
    const a = I[t * 3]!;
    const b = I[t * 3 + 1]!;
    const c = I[t * 3 + 2]!;
    if (!materials[mesh.slots[t]!]) continue;
    // The renderer frames whole objects, so a triangle reaching behind the eye is dropped rather than clipped.
    if (s.w[a]! <= 1e-6 || s.w[b]! <= 1e-6 || s.w[c]! <= 1e-6) continue;
    const area = (s.x[b]! - s.x[a]!) * (s.y[c]! - s.y[a]!) - (s.x[c]! - s.x[a]!) * (s.y[b]! - s.y[a]!);
    // Pixel y points down, so counter-clockwise (front) faces have negative area here.
    if (area === 0 || (cull && area > 0)) continue;
    key[t] = Math.min(s.z[a]!, s.z[b]!, s.z[c]!);
    order.push(t);
  }
  return order.sort((p, q) => key[p]! - key[q]! || p - q);
}

/** Fills `tri` for triangle `t`; returns its pixel bounding box inside the region, or null when it has none. */
function setupTriangle(mesh: Mesh, s: Screen, t: number, rx0: number, ry0: number, rx1: number, ry1: number): [number, number, number, number] | null {
  const I = mesh.indices;
  const P = mesh.positions;
  const NRM = mesh.normals;
  const UV = mesh.uvs;
  const i0 = I[t * 3]!;
  let i1 = I[t * 3 + 1]!;
  let i2 = I[t * 3 + 2]!;
  let area = (s.x[i1]! - s.x[i0]!) * (s.y[i2]! - s.y[i0]!) - (s.x[i2]! - s.x[i0]!) * (s.y[i1]! - s.y[i0]!);
  // Make the winding consistent (positive area) so "inside" means all edge functions >= 0.
  if (area < 0) {
    const tmp = i1;
    i1 = i2;
    i2 = tmp;
    area = -area;
  }
  const x0 = s.x[i0]!,
    y0 = s.y[i0]!;
  const x1 = s.x[i1]!,
    y1 = s.y[i1]!;
  const x2 = s.x[i2]!,
    y2 = s.y[i2]!;
  const bx0 = Math.max(rx0, Math.floor(Math.min(x0, x1, x2)));
  const by0 = Math.max(ry0, Math.floor(Math.min(y0, y1, y2)));
  const bx1 = Math.min(rx1 - 1, Math.floor(Math.max(x0, x1, x2)));
  const by1 = Math.min(ry1 - 1, Math.floor(Math.max(y0, y1, y2)));
  if (bx0 > bx1 || by0 > by1) return null;

  // Edge k is the one opposite vertex k; its function is that vertex's barycentric weight × area.
  const A0 = y1 - y2,
    B0 = x2 - x1,
    C0 = x1 * y2 - x2 * y1;
  const A1 = y2 - y0,
    B1 = x0 - x2,
    C1 = x2 * y0 - x0 * y2;
  const A2 = y0 - y1,
    B2 = x1 - x0,
    C2 = x0 * y1 - x1 * y0;
  tri[E0] = A0;
  tri[E0 + 1] = B0;
  tri[E0 + 2] = C0;
  tri[E1] = A1;
  tri[E1 + 1] = B1;
  tri[E1 + 2] = C1;
  tri[E2] = A2;
  tri[E2 + 1] = B2;
  tri[E2 + 2] = C2;
  const inv = 1 / area;
  const setPlane = (at: number, a0: number, a1: number, a2: number): void => {
    tri[at] = (a0 * A0 + a1 * A1 + a2 * A2) * inv;
    tri[at + 1] = (a0 * B0 + a1 * B1 + a2 * B2) * inv;
    tri[at + 2] = (a0 * C0 + a1 * C1 + a2 * C2) * inv;
  };
  // Perspective-correct attributes are interpolated divided by w, then divided by the interpolated 1/w.
  const w0 = 1 / s.w[i0]!,
    w1 = 1 / s.w[i1]!,
    w2 = 1 / s.w[i2]!;
  setPlane(PZ, s.z[i0]!, s.z[i1]!, s.z[i2]!);
  setPlane(PQ, w0, w1, w2);
  setPlane(PU, UV[i0 * 2]! * w0, UV[i1 * 2]! * w1, UV[i2 * 2]! * w2);
  setPlane(PV, UV[i0 * 2 + 1]! * w0, UV[i1 * 2 + 1]! * w1, UV[i2 * 2 + 1]! * w2);
  setPlane(PNX, NRM[i0 * 3]! * w0, NRM[i1 * 3]! * w1, NRM[i2 * 3]! * w2);
  setPlane(PNY, NRM[i0 * 3 + 1]! * w0, NRM[i1 * 3 + 1]! * w1, NRM[i2 * 3 + 1]! * w2);
  setPlane(PNZ, NRM[i0 * 3 + 2]! * w0, NRM[i1 * 3 + 2]! * w1, NRM[i2 * 3 + 2]! * w2);
  setPlane(PWX, P[i0 * 3]! * w0, P[i1 * 3]! * w1, P[i2 * 3]! * w2);
  setPlane(PWY, P[i0 * 3 + 1]! * w0, P[i1 * 3 + 1]! * w1, P[i2 * 3 + 1]! * w2);
  setPlane(PWZ, P[i0 * 3 + 2]! * w0, P[i1 * 3 + 2]! * w1, P[i2 * 3 + 2]! * w2);
  return [bx0, by0, bx1, by1];
}

/** Averages the samples of each pixel; unwritten samples count as transparent. */
function resolve(buf: Buffers, pixels: number, N: number): Float32Array {
  const { frag, colors } = buf;
  const rgba = new Float32Array(pixels * 4);
  const invN = 1 / N;
  for (let p = 0; p < pixels; p++) {
    const s = p * N;
    const f0 = frag[s]!;
    let same = true;
    for (let k = 1; k < N; k++) if (frag[s + k] !== f0) same = false;
    const o = p * 4;
    if (same) {
      if (f0 === 0) continue;
      const c = f0 * 4;
      rgba[o] = colors[c]!;
      rgba[o + 1] = colors[c + 1]!;
      rgba[o + 2] = colors[c + 2]!;
      rgba[o + 3] = colors[c + 3]!;
      continue;
    }
    let r = 0,
      g = 0,
      b = 0,
      a = 0;
    for (let k = 0; k < N; k++) {
      const c = frag[s + k]! * 4;
      r += colors[c]!;
      g += colors[c + 1]!;
      b += colors[c + 2]!;
      a += colors[c + 3]!;
    }
    rgba[o] = r * invN;
    rgba[o + 1] = g * invN;
    rgba[o + 2] = b * invN;
    rgba[o + 3] = a * invN;
  }
  return rgba;
}

/** Writes the scene's lighting into `k`; once per rasterize(). */
function setLighting(k: Float64Array, L: Lighting, eye: Vec3): void {
  k.set(L.key.direction, L_K);
  k.set(L.fill.direction, L_F);
  k.set(L.key.color, L_KC);
  k.set(L.fill.color, L_FC);
  k.set(L.ambientSky, L_SKY);
  k.set(L.ambientGround, L_GROUND);
  k.set(L.envTop, L_ETOP);
  k.set(L.envBottom, L_EBOT);
  k.set([L.strips[0].dirX, L.strips[0].dirZ, L.strips[0].intensity], L_S1);
  k.set([L.strips[1].dirX, L.strips[1].dirZ, L.strips[1].intensity], L_S2);
  k[L_OCC] = L.floorOcclusion;
  k[L_OCC_CUT] = L.floorOcclusion * 7;
  k.set(eye, L_EYE);
  k[L_KEY_LUM] = (L.key.color[0] + L.key.color[1] + L.key.color[2]) / 3;
  k[L_FILL_LUM] = (L.fill.color[0] + L.fill.color[1] + L.fill.color[2]) / 3;
}

/** Per-material shading state: constants in `k` plus the texture and highlight tables. */
interface MaterialState {
  tex: MipTexture | undefined;
  specPow: Float32Array;
  envPow: Float32Array;
}

function setMaterial(k: Float64Array, mat: SurfaceMaterial, state: MaterialState): void {
  const rough = Math.max(0.02, mat.roughness);
  const shin = Math.max(1, 2 / (rough * rough) - 2);
  // The softbox reflection blurs with roughness: a wide lobe for rough, a tight window for glossy.
  const envShin = Math.max(2, 1 / (rough * rough));
  k.set(mat.baseColor, M_BR);
  k[M_METAL] = mat.metallic;
  k[M_SPEC] = (mat.specular * (shin + 8)) / 8;
  k[M_OPACITY] = mat.opacity;
  k[M_F0] = mat.reflectance;
  k[M_GRAZING] = 1 - rough;
  // Below these cosines the lobes add less than 1/1000: skip them.
  k[M_SPEC_CUT] = Math.pow(1e-3, 1 / shin);
  k[M_ENV_CUT] = Math.pow(1e-3, 1 / envShin);
  // A rough surface spreads a strip's reflection thin instead of mirroring it.
  k[M_STRIP_GAIN] = (1 - rough) * (1 - rough);
  k[M_US] = mat.uScale ?? 1;
  k[M_UO] = mat.uOffset ?? 0;
  k[M_VS] = mat.vScale ?? 1;
  k[M_VO] = mat.vOffset ?? 0;
  k[M_TEXW] = mat.texture ? mat.texture.width : 0;
  k[M_TEXH] = mat.texture ? mat.texture.height : 0;
  k[M_TINT] = mat.tint ?? 1;
  state.tex = mat.texture;
  state.specPow = powTable(shin);
  state.envPow = powTable(envShin);
}

/** Covers and depth-tests one triangle whose constants are in `tri`; shades each pixel it wins once. */
function drawTriangle(tg: Target, state: MaterialState, bx0: number, by0: number, bx1: number, by1: number): void {
  const { buf, rx0, ry0, rw, n: N, ox, oy } = tg;
  const { depth } = buf;
  const k = tri;
  const out = tg.shaded;
  const A0 = k[E0]!,
    B0 = k[E0 + 1]!,
    C0 = k[E0 + 2]!;
  const A1 = k[E1]!,
    B1 = k[E1 + 1]!,
    C1 = k[E1 + 2]!;
  const A2 = k[E2]!,
    B2 = k[E2 + 1]!,
    C2 = k[E2 + 2]!;
  const zA = k[PZ]!,
    zB = k[PZ + 1]!,
    zC = k[PZ + 2]!;

  // Smallest edge-function offset over the samples: a pixel whose edge values
  // clear these is covered at every sample and skips the per-sample edge tests.
  // Likewise the largest: a pixel that misses one edge at all of them is skipped at once.
  sampleSpread(A0, B0, A1, B1, A2, B2, ox, oy, N);
  const m0 = spread[0]!,
    m1 = spread[1]!,
    m2 = spread[2]!,
    M0 = spread[3]!,
    M1 = spread[4]!,
    M2 = spread[5]!,
    sumX = spread[6]!,
    sumY = spread[7]!;
  const fullMask = (1 << N) - 1;

  for (let py = by0; py <= by1; py++) {
    const rowBase = (py - ry0) * rw;
    let e0 = A0 * bx0 + B0 * py + C0;
    let e1 = A1 * bx0 + B1 * py + C1;
    let e2 = A2 * bx0 + B2 * py + C2;
    for (let px = bx0; px <= bx1; px++, e0 += A0, e1 += A1, e2 += A2) {
      // Coverage and depth at each sample.
      let mask = 0;
      let cnt = 0;
      let cx = 0.0;
      let cy = 0.0;
      const sBase = (rowBase + (px - rx0)) * N;
      const zPix = zA * px + zB * py + zC;
      if (e0 + m0 >= 0 && e1 + m1 >= 0 && e2 + m2 >= 0) {
        for (let s = 0; s < N; s++) {
          if (zPix + zA * ox[s]! + zB * oy[s]! < depth[sBase + s]!) mask |= 1 << s;
        }
        if (mask === fullMask) {
          cnt = N;
          cx = sumX;
          cy = sumY;
        } else {
          for (let s = 0; s < N; s++) {
            if ((mask & (1 << s)) === 0) continue;
            cnt++;
            cx += ox[s]!;
            cy += oy[s]!;
          }
        }
      } else {
        if (e0 + M0 < 0 || e1 + M1 < 0 || e2 + M2 < 0) continue;
        for (let s = 0; s < N; s++) {
          const dx = ox[s]!;
          const dy = oy[s]!;
          if (e0 + A0 * dx + B0 * dy < 0 || e1 + A1 * dx + B1 * dy < 0 || e2 + A2 * dx + B2 * dy < 0) continue;
          if (zPix + zA * dx + zB * dy >= depth[sBase + s]!) continue;
          mask |= 1 << s;
          cnt++;
          cx += dx;
          cy += dy;
        }
      }
      if (mask === 0) continue;
      // Shade at the centroid of the covered samples: always inside the triangle.
      shade(k, state.tex, tg.texel, state.specPow, state.envPow, px + cx / cnt, py + cy / cnt, out);
      storeFragment(tg, sBase, mask, zPix, zA, zB);
      if (tg.attrs !== undefined) recordAttrs(tg.attrs, buf.count - 1, k, px + cx / cnt, py + cy / cnt);
    }
  }
}

/** Per edge, the smallest and largest offset over a pixel's samples (m0 m1 m2 M0 M1 M2), then the sums of the sample offsets. */
const spread = new Float64Array(8);

function sampleSpread(A0: number, B0: number, A1: number, B1: number, A2: number, B2: number, ox: Float64Array, oy: Float64Array, N: number): void {
  let m0 = Infinity,
    m1 = Infinity,
    m2 = Infinity,
    M0 = -Infinity,
    M1 = -Infinity,
    M2 = -Infinity,
    sumX = 0,
    sumY = 0;
  for (let s = 0; s < N; s++) {
    const o0 = A0 * ox[s]! + B0 * oy[s]!;
    const o1 = A1 * ox[s]! + B1 * oy[s]!;
    const o2 = A2 * ox[s]! + B2 * oy[s]!;
    m0 = Math.min(m0, o0);
    m1 = Math.min(m1, o1);
    m2 = Math.min(m2, o2);
    M0 = Math.max(M0, o0);
    M1 = Math.max(M1, o1);
    M2 = Math.max(M2, o2);
    sumX += ox[s]!;
    sumY += oy[s]!;
  }
  spread[0] = m0;
  spread[1] = m1;
  spread[2] = m2;
  spread[3] = M0;
  spread[4] = M1;
  spread[5] = M2;
  spread[6] = sumX;
  spread[7] = sumY;
}

/** Keeps the fragment just shaded (`tg.shaded`) and gives it the samples in `mask`, at their depths. */
function storeFragment(tg: Target, sBase: number, mask: number, zPix: number, zA: number, zB: number): void {
  const { buf, n: N, ox, oy } = tg;
  const { depth, frag } = buf;
  const out = tg.shaded;
  const id = buf.count++;
  const o = id * 4;
  const colors = o + 4 > buf.colors.length ? growFragments(buf) : buf.colors;
  colors[o] = out[0]!;
  colors[o + 1] = out[1]!;
  colors[o + 2] = out[2]!;
  colors[o + 3] = out[3]!;
  for (let s = 0; s < N; s++) {
    if ((mask & (1 << s)) === 0) continue;
    depth[sBase + s] = zPix + zA * ox[s]! + zB * oy[s]!;
    frag[sBase + s] = id;
  }
}

/** The printed surface at a point: colour, alpha and metalness, written by surfaceAt(). */
const SURF_R = 0,
  SURF_G = 1,
  SURF_B = 2,
  SURF_A = 3,
  SURF_METAL = 4;
const surf = new Float64Array(5);

/** Shades the point (X, Y) of the current triangle; writes premultiplied linear RGBA into `out`. */
function shade(
  k: Float64Array,
  tex: MipTexture | undefined,
  texel: Float32Array,
  specPow: Float32Array,
  envPow: Float32Array,
  X: number,
  Y: number,
  out: Float64Array,
): void {
  const qA = k[PQ]!,
    qB = k[PQ + 1]!;
  const iq = 1 / (qA * X + qB * Y + k[PQ + 2]!);
  surfaceAt(k, tex, texel, X, Y, iq);
  const r = surf[SURF_R]!,
    g = surf[SURF_G]!,
    b = surf[SURF_B]!,
    matA = surf[SURF_A]!,
    metal = surf[SURF_METAL]!;
  const dielectric = 1 - metal;

  let nx = (k[PNX]! * X + k[PNX + 1]! * Y + k[PNX + 2]!) * iq;
  let ny = (k[PNY]! * X + k[PNY + 1]! * Y + k[PNY + 2]!) * iq;
  let nz = (k[PNZ]! * X + k[PNZ + 1]! * Y + k[PNZ + 2]!) * iq;
  const nl = 1 / Math.sqrt(nx * nx + ny * ny + nz * nz);
  nx *= nl;
  ny *= nl;
  nz *= nl;
  const wy = (k[PWY]! * X + k[PWY + 1]! * Y + k[PWY + 2]!) * iq;
  let vx = k[L_EYE]! - (k[PWX]! * X + k[PWX + 1]! * Y + k[PWX + 2]!) * iq;
  let vy = k[L_EYE + 1]! - wy;
  let vz = k[L_EYE + 2]! - (k[PWZ]! * X + k[PWZ + 1]! * Y + k[PWZ + 2]!) * iq;
  const vl = 1 / Math.sqrt(vx * vx + vy * vy + vz * vz);
  vx *= vl;
  vy *= vl;
  vz *= vl;
  let ndv = nx * vx + ny * vy + nz * vz;
  // Interpolated normals can tip away from the eye at silhouettes.
  if (ndv < 0.001) ndv = 0.001;

  const ndk = nx * k[L_K]! + ny * k[L_K + 1]! + nz * k[L_K + 2]!;
  const ndf = nx * k[L_F]! + ny * k[L_F + 1]! + nz * k[L_F + 2]!;
  const hemi = 0.5 + 0.5 * ny;
  const floorOcc = k[L_OCC]!;
  const occ = floorOcc > 0 && wy < k[L_OCC_CUT]! ? 1 - 0.45 * Math.exp(-wy / floorOcc) * (1 - 0.5 * hemi) : 1;
  const lk = ndk > 0 ? ndk : 0;
  const lf = ndf > 0 ? ndf : 0;
  const agr = k[L_GROUND]!,
    agg = k[L_GROUND + 1]!,
    agb = k[L_GROUND + 2]!;
  const dR = (agr + (k[L_SKY]! - agr) * hemi + k[L_KC]! * lk + k[L_FC]! * lf) * occ;
  const dG = (agg + (k[L_SKY + 1]! - agg) * hemi + k[L_KC + 1]! * lk + k[L_FC + 1]! * lf) * occ;
  const dB = (agb + (k[L_SKY + 2]! - agb) * hemi + k[L_KC + 2]! * lk + k[L_FC + 2]! * lf) * occ;
  const spec = highlights(k, specPow, nx, ny, nz, vx, vy, vz, lk, lf, occ);

  // Studio reflection along the mirror direction, weighted by Schlick's Fresnel.
  const rxv = 2 * ndv * nx - vx;
  const ryv = 2 * ndv * ny - vy;
  const rzv = 2 * ndv * nz - vz;
  let sky = (ryv + 0.3) / 0.8;
  sky = sky < 0 ? 0 : sky > 1 ? 1 : sky * sky * (3 - 2 * sky);
  const box = stripReflection(k, envPow, rxv, ryv, rzv);
  const m5 = 1 - ndv;
  const f5 = m5 * m5 * m5 * m5 * m5 * k[M_GRAZING]!;
  const F0s = k[M_F0]!;
  const F0r = F0s * dielectric + r * metal;
  const F0g = F0s * dielectric + g * metal;
  const F0b = F0s * dielectric + b * metal;
  const ebr = k[L_EBOT]!,
    ebg = k[L_EBOT + 1]!,
    ebb = k[L_EBOT + 2]!;
  const reflR = (F0r + (1 - F0r) * f5) * (ebr + (k[L_ETOP]! - ebr) * sky + box) * occ;
  const reflG = (F0g + (1 - F0g) * f5) * (ebg + (k[L_ETOP + 1]! - ebg) * sky + box) * occ;
  const reflB = (F0b + (1 - F0b) * f5) * (ebb + (k[L_ETOP + 2]! - ebb) * sky + box) * occ;
  const specTint = spec * dielectric;

  // Glass shows more of itself (less of the background) at grazing angles.
  out[0] = shoulder(r * dR * dielectric * matA + reflR + specTint + spec * r * metal);
  out[1] = shoulder(g * dG * dielectric * matA + reflG + specTint + spec * g * metal);
  out[2] = shoulder(b * dB * dielectric * matA + reflB + specTint + spec * b * metal);
  out[3] = matA + (1 - matA) * f5;
}

/**
 * The printed surface at (X, Y) into `surf`: the texture where the material's uv window
 * covers the point (ink over the base colour), the bare material elsewhere.
 */
function surfaceAt(k: Float64Array, tex: MipTexture | undefined, texel: Float32Array, X: number, Y: number, iq: number): void {
  const qA = k[PQ]!,
    qB = k[PQ + 1]!;
  const uA = k[PU]!,
    uB = k[PU + 1]!;
  const vA = k[PV]!,
    vB = k[PV + 1]!;
  const u = (uA * X + uB * Y + k[PU + 2]!) * iq;
  const v = (vA * X + vB * Y + k[PV + 2]!) * iq;
  const uS = k[M_US]!;
  const vS = k[M_VS]!;
  const tu = u * uS + k[M_UO]!;
  const tv = v * vS + k[M_VO]!;
  const br = k[M_BR]!,
    bg = k[M_BG]!,
    bb = k[M_BB]!;
  const opacity = k[M_OPACITY]!;
  const baseMetal = k[M_METAL]!;
  if (tex !== undefined && tu >= 0 && tu <= 1 && tv >= 0 && tv <= 1) {
    // Texture footprint from the analytic screen-space derivatives of (u/w) / (1/w).
    const texW = k[M_TEXW]! * uS;
    const texH = k[M_TEXH]! * vS;
    const dudx = (uA - u * qA) * iq * texW;
    const dvdx = (vA - v * qA) * iq * texH;
    const dudy = (uB - u * qB) * iq * texW;
    const dvdy = (vB - v * qB) * iq * texH;
    const rho2 = Math.max(dudx * dudx + dvdx * dvdx, dudy * dudy + dvdy * dvdy);
    sampleTrilinear(tex, tu, tv, rho2 > 1 ? 0.5 * approxLog2(rho2) : 0, texel);
    const ta = texel[3]!;
    const tint = k[M_TINT]!;
    surf[SURF_R] = texel[0]! * tint + br * (1 - ta);
    surf[SURF_G] = texel[1]! * tint + bg * (1 - ta);
    surf[SURF_B] = texel[2]! * tint + bb * (1 - ta);
    surf[SURF_A] = ta + (1 - ta) * opacity;
    // Ink printed on metal is mostly diffuse, with some sheen showing through.
    surf[SURF_METAL] = baseMetal * (1 - 0.65 * ta);
  } else {
    surf[SURF_R] = br;
    surf[SURF_G] = bg;
    surf[SURF_B] = bb;
    surf[SURF_A] = opacity;
    surf[SURF_METAL] = baseMetal;
  }
}

/** Blinn-Phong highlights from both lights (white for dielectrics, tinted for metals by the caller). */
function highlights(
  k: Float64Array,
  specPow: Float32Array,
  nx: number,
  ny: number,
  nz: number,
  vx: number,
  vy: number,
  vz: number,
  lk: number,
  lf: number,
  occ: number,
): number {
  let spec = 0;
  const specNorm = k[M_SPEC]!;
  if (specNorm > 0) {
    const specCut = k[M_SPEC_CUT]!;
    if (lk > 0) {
      const hx = k[L_K]! + vx,
        hy = k[L_K + 1]! + vy,
        hz = k[L_K + 2]! + vz;
      const ndh = (nx * hx + ny * hy + nz * hz) / Math.sqrt(hx * hx + hy * hy + hz * hz);
      if (ndh > specCut) spec += powLookup(specPow, ndh) * lk * k[L_KEY_LUM]!;
    }
    if (lf > 0) {
      const hx = k[L_F]! + vx,
        hy = k[L_F + 1]! + vy,
        hz = k[L_F + 2]! + vz;
      const ndh = (nx * hx + ny * hy + nz * hz) / Math.sqrt(hx * hx + hy * hy + hz * hz);
      if (ndh > specCut) spec += powLookup(specPow, ndh) * lf * k[L_FILL_LUM]!;
    }
    spec *= specNorm * occ;
  }
  return spec;
}

/** The strip softboxes seen along the mirror direction (rxv, ryv, rzv): sharp horizontally, spanning most of the vertical. */
function stripReflection(k: Float64Array, envPow: Float32Array, rxv: number, ryv: number, rzv: number): number {
  let box = 0;
  const vt = (ryv - 0.25) / 0.6;
  if (ryv > -0.35 && ryv < 0.85) {
    const rh = 1 / (Math.sqrt(rxv * rxv + rzv * rzv) + 1e-9);
    const envCut = k[M_ENV_CUT]!;
    const d1 = (rxv * k[L_S1]! + rzv * k[L_S1 + 1]!) * rh;
    const d2 = (rxv * k[L_S2]! + rzv * k[L_S2 + 1]!) * rh;
    if (d1 > envCut) box += k[L_S1 + 2]! * powLookup(envPow, d1);
    if (d2 > envCut) box += k[L_S2 + 2]! * powLookup(envPow, d2);
    box *= (1 - vt * vt * vt * vt) * k[M_STRIP_GAIN]!;
  }
  return box;
}
