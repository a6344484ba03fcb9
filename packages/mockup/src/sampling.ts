/**
 * What applying a design and laying an overlay through a template's maps share: sRGB ↔ linear
 * tables, the highlight roll-off, the placement of a design in its surface's design area (an
 * affine map from surface u, v to design texels) and the bilinear design lookup.
 */

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

export const SRGB_TO_LINEAR = (() => {
  const t = new Float32Array(256);
  for (let i = 0; i < 256; i++) {
    const c = i / 255;
    t[i] = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  }
  return t;
})();

export const OUT_STEPS = 16384;
/** Linear light on 16384 steps → rounded sRGB byte. */
export const LINEAR_TO_SRGB = (() => {
  const t = new Uint8Array(OUT_STEPS + 1);
  for (let i = 0; i <= OUT_STEPS; i++) {
    const c = i / OUT_STEPS;
    t[i] = Math.round((c <= 0.0031308 ? c * 12.92 : 1.055 * Math.pow(c, 1 / 2.4) - 0.055) * 255);
  }
  return t;
})();

/**
 * Highlights roll off above 0.8 (linear) towards 1 instead of clipping, as the 3D renderer's do:
 * a template's blank white surface and a white design through its maps then look the same.
 */
export const SHOULDER = 0.8;
export const rollOff = (x: number): number => SHOULDER + (1 - SHOULDER) * (1 - Math.exp((SHOULDER - x) * 5));

/** Number of coefficients per surface: the affine map (u, v) → design texel x, y, then area width and height. */
export const K = 8;

/**
 * The design's premultiplied linear colour at texel coordinates (x, y), bilinear between the four
 * nearest texels: written to out[0..2]; returns the alpha (0 outside the design).
 */
export function sampleDesign(d: DesignImage, x: number, y: number, out: Float64Array): number {
  const dw = d.width;
  const dh = d.height;
  const lin = SRGB_TO_LINEAR;
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
  out[0] = r;
  out[1] = g;
  out[2] = b;
  return a;
}

export function placementFor(p: Placement | Readonly<Record<number, Placement>> | undefined, surface: number): Placement {
  if (!p) return {};
  if (isPlacement(p)) return p;
  return p[surface] ?? {};
}

function isPlacement(p: Placement | Readonly<Record<number, Placement>>): p is Placement {
  return 'scale' in p || 'offsetX' in p || 'offsetY' in p || 'rotation' in p || Object.keys(p).length === 0;
}

/**
 * Writes the affine map from surface (u, v) to the design's texel coordinates (texel centres at
 * integers) into coef[at…at+5], then the area's width and height in design pixels (fibre scale).
 * A design point d lands on the area at C + R(θ) · s·k · (d − centre), k the cover scale.
 */
export function placementMap(d: DesignImage, area: { width: number; height: number }, p: Placement, coef: Float64Array, at: number): void {
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
