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
import {
  type DesignImage,
  K,
  LINEAR_TO_SRGB,
  OUT_STEPS,
  type Placement,
  SHOULDER,
  SRGB_TO_LINEAR,
  placementFor,
  placementMap,
  rollOff,
  sampleDesign,
} from './sampling.js';

export type PrintMaterial = 'paper' | 'kraft' | 'glossy' | 'metal' | 'glass';
export const PRINT_MATERIALS: readonly PrintMaterial[] = ['paper', 'kraft', 'glossy', 'metal', 'glass'];

export type { DesignImage, Placement } from './sampling.js';

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

/** The share of the template's specular a print material takes (an overlay over the print is lit the same way). */
export function specularGainOf(material: PrintMaterial): number {
  return SPECULAR_GAIN[MODE[material]];
}

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
  const texel = new Float64Array(3);
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
    const a = sampleDesign(d, x, y, texel);
    const r = texel[0]!;
    const g = texel[1]!;
    const b = texel[2]!;
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
