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
}

/** A rendered region: linear-light premultiplied RGBA, alpha = coverage × opacity. */
export interface RasterImage {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  readonly rgba: Float32Array;
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

interface Buffers {
  depth: Float32Array;
  color: Float32Array;
}
/**
 * Sample buffers are reused from call to call: a 1024² frame needs ~50 MB of
 * them, and allocating that each time costs more in garbage collection than the
 * drawing itself. Safe because rasterize() never yields before it is done.
 */
let pool: Buffers = { depth: new Float32Array(0), color: new Float32Array(0) };

function buffers(samples: number): Buffers {
  if (pool.depth.length < samples) {
    pool = { depth: new Float32Array(samples), color: new Float32Array(samples * 4) };
  }
  // Colour needs no clearing: a sample whose depth is still Infinity was never written.
  pool.depth.fill(Infinity, 0, samples);
  return pool;
}

/** Everything the per-triangle loop reads besides the triangle itself. */
interface Target {
  readonly depth: Float32Array;
  readonly color: Float32Array;
  /** Region origin and width in pixels; samples per pixel and their offsets. */
  readonly rx0: number;
  readonly ry0: number;
  readonly rw: number;
  readonly n: number;
  readonly ox: Float64Array;
  readonly oy: Float64Array;
  readonly lighting: Lighting;
  readonly eye: Vec3;
  readonly texel: Float32Array;
}

/*
 * Per-triangle constants, as (A, B, C) so that value = A x + B y + C in pixel
 * coordinates: three edge functions (positive inside), NDC depth, 1/w, and the
 * perspective-divided attributes u, v, normal and world position.
 */
const E0 = 0, E1 = 3, E2 = 6, PZ = 9, PQ = 12, PU = 15, PV = 18, PNX = 21, PNY = 24, PNZ = 27, PWX = 30, PWY = 33, PWZ = 36;
const tri = new Float64Array(39);

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
  const { depth, color } = buffers(rw * rh * N);
  const target: Target = {
    depth,
    color,
    rx0,
    ry0,
    rw,
    n: N,
    ox: Float64Array.from(offsets.map((o) => o[0])),
    oy: Float64Array.from(offsets.map((o) => o[1])),
    lighting,
    eye,
    texel: new Float32Array(4),
  };
  const screen = projectVertices(mesh.positions, viewProj, W, H);
  for (const t of drawOrder(mesh, materials, screen, opts.cull ?? true)) {
    const box = setupTriangle(mesh, screen, t, rx0, ry0, rx1, ry1);
    if (box) drawTriangle(target, materials[mesh.slots[t]!]!, box[0], box[1], box[2], box[3]);
  }
  return { x: rx0, y: ry0, width: rw, height: rh, rgba: resolve(depth, color, rw * rh, N) };
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
  const x0 = s.x[i0]!, y0 = s.y[i0]!;
  const x1 = s.x[i1]!, y1 = s.y[i1]!;
  const x2 = s.x[i2]!, y2 = s.y[i2]!;
  const bx0 = Math.max(rx0, Math.floor(Math.min(x0, x1, x2)));
  const by0 = Math.max(ry0, Math.floor(Math.min(y0, y1, y2)));
  const bx1 = Math.min(rx1 - 1, Math.floor(Math.max(x0, x1, x2)));
  const by1 = Math.min(ry1 - 1, Math.floor(Math.max(y0, y1, y2)));
  if (bx0 > bx1 || by0 > by1) return null;

  // Edge k is the one opposite vertex k; its function is that vertex's barycentric weight × area.
  const A0 = y1 - y2, B0 = x2 - x1, C0 = x1 * y2 - x2 * y1;
  const A1 = y2 - y0, B1 = x0 - x2, C1 = x2 * y0 - x0 * y2;
  const A2 = y0 - y1, B2 = x1 - x0, C2 = x0 * y1 - x1 * y0;
  tri[E0] = A0; tri[E0 + 1] = B0; tri[E0 + 2] = C0;
  tri[E1] = A1; tri[E1 + 1] = B1; tri[E1 + 2] = C1;
  tri[E2] = A2; tri[E2 + 1] = B2; tri[E2 + 2] = C2;
  const inv = 1 / area;
  const setPlane = (at: number, a0: number, a1: number, a2: number): void => {
    tri[at] = (a0 * A0 + a1 * A1 + a2 * A2) * inv;
    tri[at + 1] = (a0 * B0 + a1 * B1 + a2 * B2) * inv;
    tri[at + 2] = (a0 * C0 + a1 * C1 + a2 * C2) * inv;
  };
  // Perspective-correct attributes are interpolated divided by w, then divided by the interpolated 1/w.
  const w0 = 1 / s.w[i0]!, w1 = 1 / s.w[i1]!, w2 = 1 / s.w[i2]!;
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
function resolve(depth: Float32Array, color: Float32Array, pixels: number, N: number): Float32Array {
  const rgba = new Float32Array(pixels * 4);
  const invN = 1 / N;
  for (let p = 0; p < pixels; p++) {
    let r = 0, g = 0, b = 0, a = 0;
    for (let k = 0; k < N; k++) {
      const s = p * N + k;
      if (depth[s] === Infinity) continue;
      const o = s * 4;
      r += color[o]!;
      g += color[o + 1]!;
      b += color[o + 2]!;
      a += color[o + 3]!;
    }
    if (a === 0) continue;
    const o = p * 4;
    rgba[o] = r * invN;
    rgba[o + 1] = g * invN;
    rgba[o + 2] = b * invN;
    rgba[o + 3] = a * invN;
  }
  return rgba;
}

/** Covers, depth-tests and shades one triangle whose constants are in `tri`. Kept apart so V8 optimises it as a whole. */
function drawTriangle(tg: Target, mat: SurfaceMaterial, bx0: number, by0: number, bx1: number, by1: number): void {
  const { depth, color, rx0, ry0, rw, n: N, ox, oy, texel, lighting: L } = tg;
  const A0 = tri[E0]!, B0 = tri[E0 + 1]!, C0 = tri[E0 + 2]!;
  const A1 = tri[E1]!, B1 = tri[E1 + 1]!, C1 = tri[E1 + 2]!;
  const A2 = tri[E2]!, B2 = tri[E2 + 1]!, C2 = tri[E2 + 2]!;
  const zA = tri[PZ]!, zB = tri[PZ + 1]!, zC = tri[PZ + 2]!;
  const qA = tri[PQ]!, qB = tri[PQ + 1]!, qC = tri[PQ + 2]!;
  const uA = tri[PU]!, uB = tri[PU + 1]!, uC = tri[PU + 2]!;
  const vA = tri[PV]!, vB = tri[PV + 1]!, vC = tri[PV + 2]!;
  const nxA = tri[PNX]!, nxB = tri[PNX + 1]!, nxC = tri[PNX + 2]!;
  const nyA = tri[PNY]!, nyB = tri[PNY + 1]!, nyC = tri[PNY + 2]!;
  const nzA = tri[PNZ]!, nzB = tri[PNZ + 1]!, nzC = tri[PNZ + 2]!;
  const pxA = tri[PWX]!, pxB = tri[PWX + 1]!, pxC = tri[PWX + 2]!;
  const pyA = tri[PWY]!, pyB = tri[PWY + 1]!, pyC = tri[PWY + 2]!;
  const pzA = tri[PWZ]!, pzB = tri[PWZ + 1]!, pzC = tri[PWZ + 2]!;

  const [kx, ky, kz] = L.key.direction;
  const [fx, fy, fz] = L.fill.direction;
  const [kr, kg, kb] = L.key.color;
  const [fr, fg, fb] = L.fill.color;
  const [asr, asg, asb] = L.ambientSky;
  const [agr, agg, agb] = L.ambientGround;
  const [etr, etg, etb] = L.envTop;
  const [ebr, ebg, ebb] = L.envBottom;
  const [s1, s2] = L.strips;
  const s1x = s1.dirX, s1z = s1.dirZ, s1i = s1.intensity;
  const s2x = s2.dirX, s2z = s2.dirZ, s2i = s2.intensity;
  const floorOcc = L.floorOcclusion;
  const [ex, ey, ez] = tg.eye;
  const keyLum = (kr + kg + kb) / 3;
  const fillLum = (fr + fg + fb) / 3;

  const tex = mat.texture;
  const uS = mat.uScale ?? 1;
  const uO = mat.uOffset ?? 0;
  const vS = mat.vScale ?? 1;
  const vO = mat.vOffset ?? 0;
  const texW = tex ? tex.width : 0;
  const texH = tex ? tex.height : 0;
  const [br, bg, bb] = mat.baseColor;
  const baseMetal = mat.metallic;
  const rough = Math.max(0.02, mat.roughness);
  const shin = Math.max(1, 2 / (rough * rough) - 2);
  const specNorm = (mat.specular * (shin + 8)) / 8;
  // The softbox reflection blurs with roughness: a wide lobe for rough, a tight window for glossy.
  const envShin = Math.max(2, 1 / (rough * rough));
  // A rough surface spreads a strip's reflection thin instead of mirroring it.
  const stripGain = (1 - rough) * (1 - rough);
  const opacity = mat.opacity;
  const F0s = mat.reflectance;
  const grazing = 1 - rough;
  // Below these cosines the lobes add less than 1/1000: skip the pow().
  const specCut = Math.pow(1e-3, 1 / shin);
  const envCut = Math.pow(1e-3, 1 / envShin);
  const specPow = powTable(shin);
  const envPow = powTable(envShin);
  const occCut = floorOcc * 7;

  // Smallest edge-function offset over the samples: a pixel whose edge values
  // clear these is covered at every sample and skips the per-sample edge tests.
  // Likewise the largest: a pixel that misses one edge at all of them is skipped at once.
  let m0 = Infinity, m1 = Infinity, m2 = Infinity, M0 = -Infinity, M1 = -Infinity, M2 = -Infinity, sumX = 0, sumY = 0;
  for (let k = 0; k < N; k++) {
    const o0 = A0 * ox[k]! + B0 * oy[k]!;
    const o1 = A1 * ox[k]! + B1 * oy[k]!;
    const o2 = A2 * ox[k]! + B2 * oy[k]!;
    m0 = Math.min(m0, o0);
    m1 = Math.min(m1, o1);
    m2 = Math.min(m2, o2);
    M0 = Math.max(M0, o0);
    M1 = Math.max(M1, o1);
    M2 = Math.max(M2, o2);
    sumX += ox[k]!;
    sumY += oy[k]!;
  }
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
      let cx = 0;
      let cy = 0;
      const sBase = (rowBase + (px - rx0)) * N;
      const zPix = zA * px + zB * py + zC;
      if (e0 + m0 >= 0 && e1 + m1 >= 0 && e2 + m2 >= 0) {
        for (let k = 0; k < N; k++) {
          if (zPix + zA * ox[k]! + zB * oy[k]! < depth[sBase + k]!) mask |= 1 << k;
        }
        if (mask === fullMask) {
          cnt = N;
          cx = sumX;
          cy = sumY;
        } else {
          for (let k = 0; k < N; k++) {
            if ((mask & (1 << k)) === 0) continue;
            cnt++;
            cx += ox[k]!;
            cy += oy[k]!;
          }
        }
      } else {
        if (e0 + M0 < 0 || e1 + M1 < 0 || e2 + M2 < 0) continue;
        for (let k = 0; k < N; k++) {
          const dx = ox[k]!;
          const dy = oy[k]!;
          if (e0 + A0 * dx + B0 * dy < 0 || e1 + A1 * dx + B1 * dy < 0 || e2 + A2 * dx + B2 * dy < 0) continue;
          if (zPix + zA * dx + zB * dy >= depth[sBase + k]!) continue;
          mask |= 1 << k;
          cnt++;
          cx += dx;
          cy += dy;
        }
      }
      if (mask === 0) continue;
      // Shade at the centroid of the covered samples: always inside the triangle.
      const X = px + cx / cnt;
      const Y = py + cy / cnt;
      const iq = 1 / (qA * X + qB * Y + qC);
      const u = (uA * X + uB * Y + uC) * iq;
      const v = (vA * X + vB * Y + vC) * iq;
      const tu = u * uS + uO;
      const tv = v * vS + vO;

      let r: number, g: number, b: number, matA: number, metal: number;
      if (tex && tu >= 0 && tu <= 1 && tv >= 0 && tv <= 1) {
        // Texture footprint from the analytic screen-space derivatives of (u/w) / (1/w).
        const dudx = (uA - u * qA) * iq * texW * uS;
        const dvdx = (vA - v * qA) * iq * texH * vS;
        const dudy = (uB - u * qB) * iq * texW * uS;
        const dvdy = (vB - v * qB) * iq * texH * vS;
        const rho2 = Math.max(dudx * dudx + dvdx * dvdx, dudy * dudy + dvdy * dvdy);
        const lod = rho2 > 1 ? 0.5 * approxLog2(rho2) : 0;
        sampleTrilinear(tex, tu, tv, lod, texel);
        const ta = texel[3]!;
        r = texel[0]! + br * (1 - ta);
        g = texel[1]! + bg * (1 - ta);
        b = texel[2]! + bb * (1 - ta);
        matA = ta + (1 - ta) * opacity;
        // Ink printed on metal is mostly diffuse, with some sheen showing through.
        metal = baseMetal * (1 - 0.65 * ta);
      } else {
        r = br;
        g = bg;
        b = bb;
        matA = opacity;
        metal = baseMetal;
      }
      const dielectric = 1 - metal;

      let nx = (nxA * X + nxB * Y + nxC) * iq;
      let ny = (nyA * X + nyB * Y + nyC) * iq;
      let nz = (nzA * X + nzB * Y + nzC) * iq;
      const nl = 1 / Math.sqrt(nx * nx + ny * ny + nz * nz);
      nx *= nl;
      ny *= nl;
      nz *= nl;
      const wy = (pyA * X + pyB * Y + pyC) * iq;
      let vx = ex - (pxA * X + pxB * Y + pxC) * iq;
      let vy = ey - wy;
      let vz = ez - (pzA * X + pzB * Y + pzC) * iq;
      const vl = 1 / Math.sqrt(vx * vx + vy * vy + vz * vz);
      vx *= vl;
      vy *= vl;
      vz *= vl;
      let ndv = nx * vx + ny * vy + nz * vz;
      // Interpolated normals can tip away from the eye at silhouettes.
      if (ndv < 0.001) ndv = 0.001;

      const ndk = nx * kx + ny * ky + nz * kz;
      const ndf = nx * fx + ny * fy + nz * fz;
      const hemi = 0.5 + 0.5 * ny;
      const occ = floorOcc > 0 && wy < occCut ? 1 - 0.45 * Math.exp(-wy / floorOcc) * (1 - 0.5 * hemi) : 1;
      const lk = ndk > 0 ? ndk : 0;
      const lf = ndf > 0 ? ndf : 0;
      const dR = (agr + (asr - agr) * hemi + kr * lk + fr * lf) * occ;
      const dG = (agg + (asg - agg) * hemi + kg * lk + fg * lf) * occ;
      const dB = (agb + (asb - agb) * hemi + kb * lk + fb * lf) * occ;

      // Blinn-Phong highlights from both lights, white for dielectrics, tinted for metals.
      let spec = 0;
      if (specNorm > 0) {
        if (lk > 0) {
          const hx = kx + vx, hy = ky + vy, hz = kz + vz;
          const ndh = (nx * hx + ny * hy + nz * hz) / Math.sqrt(hx * hx + hy * hy + hz * hz);
          if (ndh > specCut) spec += powLookup(specPow, ndh) * lk * keyLum;
        }
        if (lf > 0) {
          const hx = fx + vx, hy = fy + vy, hz = fz + vz;
          const ndh = (nx * hx + ny * hy + nz * hz) / Math.sqrt(hx * hx + hy * hy + hz * hz);
          if (ndh > specCut) spec += powLookup(specPow, ndh) * lf * fillLum;
        }
        spec *= specNorm * occ;
      }

      // Studio reflection along the mirror direction, weighted by Schlick's Fresnel.
      const rxv = 2 * ndv * nx - vx;
      const ryv = 2 * ndv * ny - vy;
      const rzv = 2 * ndv * nz - vz;
      let sky = (ryv + 0.3) / 0.8;
      sky = sky < 0 ? 0 : sky > 1 ? 1 : sky * sky * (3 - 2 * sky);
      // Strips: sharp horizontally, spanning most of the vertical.
      const rh = 1 / (Math.sqrt(rxv * rxv + rzv * rzv) + 1e-9);
      const vt = (ryv - 0.25) / 0.6;
      const vertical = ryv > -0.35 && ryv < 0.85 ? 1 - vt * vt * vt * vt : 0;
      let box = 0;
      if (vertical > 0) {
        const d1 = (rxv * s1x + rzv * s1z) * rh;
        const d2 = (rxv * s2x + rzv * s2z) * rh;
        if (d1 > envCut) box += s1i * powLookup(envPow, d1);
        if (d2 > envCut) box += s2i * powLookup(envPow, d2);
        box *= vertical * stripGain;
      }
      const m5 = 1 - ndv;
      const f5 = m5 * m5 * m5 * m5 * m5 * grazing;
      const F0r = F0s * dielectric + r * metal;
      const F0g = F0s * dielectric + g * metal;
      const F0b = F0s * dielectric + b * metal;
      const reflR = (F0r + (1 - F0r) * f5) * (ebr + (etr - ebr) * sky + box) * occ;
      const reflG = (F0g + (1 - F0g) * f5) * (ebg + (etg - ebg) * sky + box) * occ;
      const reflB = (F0b + (1 - F0b) * f5) * (ebb + (etb - ebb) * sky + box) * occ;
      const specTint = spec * dielectric;

      // Glass shows more of itself (less of the background) at grazing angles.
      const alpha = matA + (1 - matA) * f5;
      const outR = shoulder(r * dR * dielectric * matA + reflR + specTint + spec * r * metal);
      const outG = shoulder(g * dG * dielectric * matA + reflG + specTint + spec * g * metal);
      const outB = shoulder(b * dB * dielectric * matA + reflB + specTint + spec * b * metal);

      for (let k = 0; k < N; k++) {
        if ((mask & (1 << k)) === 0) continue;
        const s = sBase + k;
        depth[s] = zA * (px + ox[k]!) + zB * (py + oy[k]!) + zC;
        const o = s * 4;
        color[o] = outR;
        color[o + 1] = outG;
        color[o + 2] = outB;
        color[o + 3] = alpha;
      }
    }
  }
}
