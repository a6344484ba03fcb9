/**
 * A design applied through a template's maps: for each pixel on a printable surface, the design is
 * sampled where the UV map says (bilinear, in linear light, with the placement inside the surface's
 * design area), lit as the scene lights that surface (× shading, + specular) and laid over the
 * scene by coverage. Pixels off the surfaces keep the scene's bytes. One pass over typed arrays,
 * no allocation per pixel.
 *
 * Materials (what the print is on):
 * - `paper`: coated board. Ink × shading, half the specular (a matt sheen).
 * - `kraft`: uncoated brown board or corrugated. Inks are transparent on it: the printed colour is
 *   multiplied by the board's colour with its fibre texture, weighted by how little ink there is
 *   (light inks show the fibre, dense dark ink hides it); a quarter of the specular.
 * - `glossy`: coated plastic or varnish. Full specular over the design: highlights stay bright.
 * - `metal`: ink on a can. Where there is little or no ink the metal shows (a grey that takes the
 *   highlights); highlights are tinted by the print colour, as a metal's are.
 * - `glass`: a label on glass. Printed parts are opaque; where the design is transparent the glass
 *   shows as a faint tint with its reflections; full specular.
 * Transparent parts of a design show the stock: white for paper, glossy and glass labels, kraft
 * board for kraft, bare metal for metal.
 */
import sharp from 'sharp';
import type { TemplateMaps } from './types.js';

export type PrintMaterial = 'paper' | 'kraft' | 'glossy' | 'metal' | 'glass';
export const PRINT_MATERIALS: readonly PrintMaterial[] = ['paper', 'kraft', 'glossy', 'metal', 'glass'];

/** sRGB RGBA bytes, straight alpha, row-major. */
export interface DesignImage {
  readonly rgba: Uint8Array;
  readonly width: number;
  readonly height: number;
}

/**
 * Where the design sits on its surface. By default the design covers the surface's design area
 * (scaled to cover it, centred, as CSS `background-size: cover`).
 */
export interface Placement {
  /** Size relative to covering the area; 0.5 = half as large. Default 1. */
  readonly scale?: number;
  /** Shift of the design's centre, in fractions of the area's width (positive right). Default 0. */
  readonly offsetX?: number;
  /** Shift of the design's centre, in fractions of the area's height (positive down). Default 0. */
  readonly offsetY?: number;
  /** Clockwise turn of the design about its centre, degrees. Default 0. */
  readonly rotation?: number;
}

export interface ApplyInput {
  /** The template scene: sRGB RGB bytes, maps.width × maps.height × 3. */
  readonly sceneRgb: Uint8Array;
  readonly maps: TemplateMaps;
  /** Design per surface index (the index into `maps.surfaces`); surfaces without one stay blank. */
  readonly designs: Readonly<Record<number, DesignImage>>;
  /** One placement for every surface, or one per surface index. */
  readonly placement?: Placement | Readonly<Record<number, Placement>>;
  /** Default 'paper'. */
  readonly material?: PrintMaterial;
}

const SRGB_TO_LINEAR = (() => {
  const t = new Float32Array(256);
  for (let i = 0; i < 256; i++) {
    const c = i / 255;
    t[i] = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  }
  return t;
})();

const OUT_STEPS = 16384;
/** Linear light on 16384 steps → rounded sRGB byte. */
const LINEAR_TO_SRGB = (() => {
  const t = new Uint8Array(OUT_STEPS + 1);
  for (let i = 0; i <= OUT_STEPS; i++) {
    const c = i / OUT_STEPS;
    t[i] = Math.round((c <= 0.0031308 ? c * 12.92 : 1.055 * Math.pow(c, 1 / 2.4) - 0.055) * 255);
  }
  return t;
})();

const FIBRE_SIZE = 256;
/**
 * Kraft fibre: a tileable luminance texture around 1, streaked along the board's grain
 * (horizontal), from a fixed hash: same output every run.
 */
const FIBRE = (() => {
  const hash = (x: number, y: number): number => {
    let h = Math.imul(x & (FIBRE_SIZE - 1), 374761393) ^ Math.imul(y & (FIBRE_SIZE - 1), 668265263);
    h = Math.imul(h ^ (h >>> 13), 1274126177);
    return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
  };
  const t = new Float32Array(FIBRE_SIZE * FIBRE_SIZE);
  for (let y = 0; y < FIBRE_SIZE; y++) {
    for (let x = 0; x < FIBRE_SIZE; x++) {
      // Short fine grain plus longer fibres eight pixels along the grain.
      const fine = hash(x, y);
      const long = hash((x >> 3) + 97 * y, y + 31);
      t[y * FIBRE_SIZE + x] = 1 + 0.1 * (fine - 0.5) + 0.14 * (long - 0.5);
    }
  }
  return t;
})();

/** Kraft board colour (linear), bare metal and clear glass tints. */
const KRAFT = [SRGB_TO_LINEAR[186]!, SRGB_TO_LINEAR[146]!, SRGB_TO_LINEAR[102]!] as const;
const METAL_BARE = 0.55;
const GLASS_TINT = 0.22;

const MODE = { paper: 0, kraft: 1, glossy: 2, metal: 3, glass: 4 } as const;
const SPECULAR_GAIN = [0.5, 0.25, 1, 1, 1] as const;

/**
 * Highlights roll off above 0.8 (linear) towards 1 instead of clipping, as the 3D renderer's do:
 * a template's blank white surface and a white design through its maps then look the same.
 */
const SHOULDER = 0.8;
const rollOff = (x: number): number => SHOULDER + (1 - SHOULDER) * (1 - Math.exp((SHOULDER - x) * 5));

/** Number of coefficients per surface: the affine map (u, v) → design texel x, y, then area width and height. */
const K = 8;

/** Applies the designs; returns the mockup as sRGB RGB bytes (width × height × 3). */
export function applyDesign(input: ApplyInput): Buffer {
  const { maps, sceneRgb } = input;
  const W = maps.width;
  const H = maps.height;
  const n = W * H;
  if (sceneRgb.length < n * 3) throw new Error(`sceneRgb holds ${sceneRgb.length} bytes, ${W}×${H} RGB needs ${n * 3}`);
  const mode = MODE[input.material ?? 'paper'];
  const specGain = SPECULAR_GAIN[mode];
  const result = Buffer.from(sceneRgb.subarray(0, n * 3));

  // Per surface number (index + 1): the design and its placement's affine map.
  const count = maps.surfaces.length;
  const designs: (DesignImage | undefined)[] = new Array<DesignImage | undefined>(count + 1).fill(undefined);
  const coef = new Float64Array((count + 1) * K);
  for (let s = 0; s < count; s++) {
    const d = input.designs[s];
    if (!d) continue;
    if (d.width < 1 || d.height < 1 || d.rgba.length < d.width * d.height * 4) throw new Error(`design for surface ${s} holds too few bytes`);
    designs[s + 1] = d;
    placementMap(d, maps.surfaces[s]!.designArea, placementFor(input.placement, s), coef, (s + 1) * K);
  }

  const { surface, coverage, u: U, v: V, shading, specular } = maps;
  const lin = SRGB_TO_LINEAR;
  const toByte = LINEAR_TO_SRGB;
  for (let i = 0; i < n; i++) {
    const s = surface[i]!;
    if (s === 0) continue;
    const d = designs[s];
    if (d === undefined) continue;
    const c = s * K;
    const u = U[i]!;
    const v = V[i]!;
    const x = coef[c]! * u + coef[c + 1]! * v + coef[c + 2]!;
    const y = coef[c + 3]! * u + coef[c + 4]! * v + coef[c + 5]!;
    const dw = d.width;
    const dh = d.height;
    // Premultiplied linear design colour and alpha, bilinear between the four nearest texels.
    let r = 0,
      g = 0,
      b = 0,
      a = 0;
    if (x >= -0.5 && y >= -0.5 && x <= dw - 0.5 && y <= dh - 0.5) {
      const xf = Math.floor(x);
      const yf = Math.floor(y);
      const fx = x - xf;
      const fy = y - yf;
      const x0 = xf < 0 ? 0 : xf;
      const y0 = yf < 0 ? 0 : yf;
      const x1 = xf + 1 >= dw ? dw - 1 : xf + 1;
      const y1 = yf + 1 >= dh ? dh - 1 : yf + 1;
      const px = d.rgba;
      const i00 = (y0 * dw + x0) * 4;
      const i10 = (y0 * dw + x1) * 4;
      const i01 = (y1 * dw + x0) * 4;
      const i11 = (y1 * dw + x1) * 4;
      const w00 = ((1 - fx) * (1 - fy) * px[i00 + 3]!) / 255;
      const w10 = (fx * (1 - fy) * px[i10 + 3]!) / 255;
      const w01 = ((1 - fx) * fy * px[i01 + 3]!) / 255;
      const w11 = (fx * fy * px[i11 + 3]!) / 255;
      a = w00 + w10 + w01 + w11;
      r = w00 * lin[px[i00]!]! + w10 * lin[px[i10]!]! + w01 * lin[px[i01]!]! + w11 * lin[px[i11]!]!;
      g = w00 * lin[px[i00 + 1]!]! + w10 * lin[px[i10 + 1]!]! + w01 * lin[px[i01 + 1]!]! + w11 * lin[px[i11 + 1]!]!;
      b = w00 * lin[px[i00 + 2]!]! + w10 * lin[px[i10 + 2]!]! + w01 * lin[px[i01 + 2]!]! + w11 * lin[px[i11 + 2]!]!;
    }
    const sh = shading[i]!;
    const sp = specular[i]! * specGain;
    let cov = coverage[i]!;
    let oR: number, oG: number, oB: number;
    if (mode === 0 || mode === 2) {
      // Stock is white where the design is transparent.
      const t = 1 - a;
      oR = (r + t) * sh + sp;
      oG = (g + t) * sh + sp;
      oB = (b + t) * sh + sp;
    } else if (mode === 1) {
      // Ink over kraft: the board shows through in proportion to how light the ink is.
      const t = 1 - a;
      const cr = r + t,
        cg = g + t,
        cb = b + t;
      const density = 1 - (0.2126 * cr + 0.7152 * cg + 0.0722 * cb);
      const fibre = FIBRE[((((v * coef[c + 7]!) | 0) & (FIBRE_SIZE - 1)) << 8) | (((u * coef[c + 6]!) | 0) & (FIBRE_SIZE - 1))]!;
      const show = 1 - (density < 0 ? 0 : density);
      oR = cr * (1 - show + show * KRAFT[0] * fibre) * sh + sp;
      oG = cg * (1 - show + show * KRAFT[1] * fibre) * sh + sp;
      oB = cb * (1 - show + show * KRAFT[2] * fibre) * sh + sp;
    } else if (mode === 3) {
      // Bare metal where there is no ink; highlights tinted by what is printed.
      const t = (1 - a) * METAL_BARE;
      const cr = r + t,
        cg = g + t,
        cb = b + t;
      oR = cr * sh + sp * (0.4 + 0.6 * cr);
      oG = cg * sh + sp * (0.4 + 0.6 * cg);
      oB = cb * sh + sp * (0.4 + 0.6 * cb);
    } else {
      // Glass: clear where the design is, seen as a faint tint and its reflections.
      const t = (1 - a) * GLASS_TINT;
      oR = (r + t) * sh + sp;
      oG = (g + t) * sh + sp;
      oB = (b + t) * sh + sp;
      cov *= a + (1 - a) * 0.85;
    }
    const o = i * 3;
    const keep = 1 - cov;
    const fR = (oR > SHOULDER ? rollOff(oR) : oR) * cov + lin[sceneRgb[o]!]! * keep;
    const fG = (oG > SHOULDER ? rollOff(oG) : oG) * cov + lin[sceneRgb[o + 1]!]! * keep;
    const fB = (oB > SHOULDER ? rollOff(oB) : oB) * cov + lin[sceneRgb[o + 2]!]! * keep;
    result[o] = toByte[(fR * OUT_STEPS + 0.5) | 0]!;
    result[o + 1] = toByte[(fG * OUT_STEPS + 0.5) | 0]!;
    result[o + 2] = toByte[(fB * OUT_STEPS + 0.5) | 0]!;
  }
  return result;
}

/** {@link applyDesign}, encoded as PNG. */
export async function applyDesignPng(input: ApplyInput): Promise<Buffer> {
  return encodeRgbPng(applyDesign(input), input.maps.width, input.maps.height);
}

/** RGB bytes → PNG. */
export function encodeRgbPng(rgb: Uint8Array, width: number, height: number): Promise<Buffer> {
  return sharp(Buffer.from(rgb.buffer, rgb.byteOffset, width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 3, adaptiveFiltering: false })
    .toBuffer();
}

function placementFor(p: ApplyInput['placement'], surface: number): Placement {
  if (!p) return {};
  if (isPlacement(p)) return p;
  return p[surface] ?? {};
}

function isPlacement(p: NonNullable<ApplyInput['placement']>): p is Placement {
  return 'scale' in p || 'offsetX' in p || 'offsetY' in p || 'rotation' in p || Object.keys(p).length === 0;
}

/**
 * Writes the affine map from surface (u, v) to the design's texel coordinates (texel centres at
 * integers) into coef[at…at+5], then the area's width and height in design pixels (fibre scale).
 * A design point d lands on the area at C + R(θ) · s·k · (d − centre), k the cover scale.
 */
function placementMap(d: DesignImage, area: { width: number; height: number }, p: Placement, coef: Float64Array, at: number): void {
  const aw = area.width;
  const ah = area.height;
  const k = Math.max(aw / d.width, ah / d.height) * (p.scale ?? 1);
  const theta = ((p.rotation ?? 0) * Math.PI) / 180;
  const cos = Math.cos(theta) / k;
  const sin = Math.sin(theta) / k;
  const cx = aw / 2 + (p.offsetX ?? 0) * aw;
  const cy = ah / 2 + (p.offsetY ?? 0) * ah;
  coef[at] = cos * aw;
  coef[at + 1] = sin * ah;
  coef[at + 2] = d.width / 2 - 0.5 - (cos * cx + sin * cy);
  coef[at + 3] = -sin * aw;
  coef[at + 4] = cos * ah;
  coef[at + 5] = d.height / 2 - 0.5 - (-sin * cx + cos * cy);
  coef[at + 6] = aw;
  coef[at + 7] = ah;
}
