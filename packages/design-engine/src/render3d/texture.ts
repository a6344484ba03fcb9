/**
 * RGBA textures and their mip chains.
 *
 * Inputs are 8-bit sRGB with straight alpha, as sharp's raw output gives them.
 * Sampling happens in linear light with premultiplied alpha so minified text
 * keeps its weight and transparent label edges do not fringe dark.
 */

/** An 8-bit RGBA image, row-major, top row first, straight (not premultiplied) alpha. */
export interface Texture {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/** One mip level: linear-light premultiplied RGBA floats. */
interface MipLevel {
  readonly width: number;
  readonly height: number;
  readonly data: Float32Array;
}

/** A texture prepared for filtered sampling. */
export interface MipTexture {
  readonly levels: readonly MipLevel[];
  readonly width: number;
  readonly height: number;
}

/** sRGB byte → linear light. */
export const SRGB_TO_LINEAR: Float32Array = (() => {
  const t = new Float32Array(256);
  for (let i = 0; i < 256; i++) {
    const c = i / 255;
    t[i] = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  }
  return t;
})();

const LINEAR_LUT_SIZE = 8192;
/** sRGB on a 0..255 scale, unrounded, sampled finely enough that linear interpolation is exact to 0.01 of a step above the toe. */
const LINEAR_TO_SRGB_LUT: Float32Array = (() => {
  const t = new Float32Array(LINEAR_LUT_SIZE + 2);
  for (let i = 0; i <= LINEAR_LUT_SIZE + 1; i++) {
    const c = Math.min(1, i / LINEAR_LUT_SIZE);
    const s = c <= 0.0031308 ? c * 12.92 : 1.055 * Math.pow(c, 1 / 2.4) - 0.055;
    t[i] = s * 255;
  }
  return t;
})();

/** Linear light (clamped to [0, 1]) → sRGB on a 0..255 scale, not rounded. */
export function linearToSrgb255(v: number): number {
  if (v <= 0) return 0;
  if (v >= 1) return 255;
  const f = v * LINEAR_LUT_SIZE;
  const i = f | 0;
  const t = f - i;
  return LINEAR_TO_SRGB_LUT[i]! * (1 - t) + LINEAR_TO_SRGB_LUT[i + 1]! * t;
}

/** Linear light in [0, 1] (clamped) → sRGB byte. */
export function linearToSrgbByte(v: number): number {
  return Math.round(linearToSrgb255(v));
}

/** `#rgb` or `#rrggbb` → linear RGB. */
export function hexToLinear(hex: string): [number, number, number] {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) throw new Error(`Invalid colour "${hex}": expected #rrggbb`);
  let h = m[1]!;
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  const n = parseInt(h, 16);
  return [SRGB_TO_LINEAR[(n >> 16) & 255]!, SRGB_TO_LINEAR[(n >> 8) & 255]!, SRGB_TO_LINEAR[n & 255]!];
}

const cache = new WeakMap<Texture, MipTexture>();

/** Builds (once per texture object) the linear premultiplied mip chain. */
export function prepareTexture(tex: Texture): MipTexture {
  const hit = cache.get(tex);
  if (hit) return hit;
  if (tex.width < 1 || tex.height < 1 || tex.data.length < tex.width * tex.height * 4) {
    throw new Error(`Texture data too short for ${tex.width}x${tex.height} RGBA`);
  }
  const n = tex.width * tex.height;
  const base = new Float32Array(n * 4);
  const src = tex.data;
  for (let i = 0; i < n * 4; i += 4) {
    const a = src[i + 3]! / 255;
    base[i] = SRGB_TO_LINEAR[src[i]!]! * a;
    base[i + 1] = SRGB_TO_LINEAR[src[i + 1]!]! * a;
    base[i + 2] = SRGB_TO_LINEAR[src[i + 2]!]! * a;
    base[i + 3] = a;
  }
  const levels: MipLevel[] = [{ width: tex.width, height: tex.height, data: base }];
  let cur = levels[0]!;
  while (cur.width > 1 || cur.height > 1) {
    cur = downsample(cur);
    levels.push(cur);
  }
  const mip = { levels, width: tex.width, height: tex.height };
  cache.set(tex, mip);
  return mip;
}

/** 2×2 box filter; an odd last row or column folds into its neighbour. */
function downsample(src: MipLevel): MipLevel {
  const w = Math.max(1, src.width >> 1);
  const h = Math.max(1, src.height >> 1);
  const out = new Float32Array(w * h * 4);
  const sw = src.width;
  const sh = src.height;
  const s = src.data;
  for (let y = 0; y < h; y++) {
    const y0 = Math.min(sh - 1, y * 2);
    const y1 = Math.min(sh - 1, y * 2 + 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.min(sw - 1, x * 2);
      const x1 = Math.min(sw - 1, x * 2 + 1);
      const a = (y0 * sw + x0) * 4;
      const b = (y0 * sw + x1) * 4;
      const c = (y1 * sw + x0) * 4;
      const d = (y1 * sw + x1) * 4;
      const o = (y * w + x) * 4;
      for (let k = 0; k < 4; k++) out[o + k] = (s[a + k]! + s[b + k]! + s[c + k]! + s[d + k]!) * 0.25;
    }
  }
  return { width: w, height: h, data: out };
}

/**
 * Trilinear sample at (u, v) with level of detail `lod` (log2 of texels per
 * pixel), clamped at the edges. Writes premultiplied linear RGBA into `out`.
 */
export function sampleTrilinear(tex: MipTexture, u: number, v: number, lod: number, out: Float32Array): void {
  const maxLevel = tex.levels.length - 1;
  if (lod <= 0) {
    sampleBilinear(tex.levels[0]!, u, v, out, 0, 1);
    return;
  }
  if (lod >= maxLevel) {
    sampleBilinear(tex.levels[maxLevel]!, u, v, out, 0, 1);
    return;
  }
  const l0 = lod | 0;
  const f = lod - l0;
  sampleBilinear(tex.levels[l0]!, u, v, out, 0, 1 - f);
  sampleBilinear(tex.levels[l0 + 1]!, u, v, out, 1, f);
}

/** Bilinear tap; `accumulate` 0 overwrites `out`, 1 adds to it, each scaled by `weight`. */
function sampleBilinear(level: MipLevel, u: number, v: number, out: Float32Array, accumulate: number, weight: number): void {
  const w = level.width;
  const h = level.height;
  let x = u * w - 0.5;
  let y = v * h - 0.5;
  if (x < 0) x = 0;
  else if (x > w - 1) x = w - 1;
  if (y < 0) y = 0;
  else if (y > h - 1) y = h - 1;
  const x0 = x | 0;
  const y0 = y | 0;
  const x1 = x0 + 1 < w ? x0 + 1 : x0;
  const y1 = y0 + 1 < h ? y0 + 1 : y0;
  const fx = x - x0;
  const fy = y - y0;
  const d = level.data;
  const i00 = (y0 * w + x0) * 4;
  const i10 = (y0 * w + x1) * 4;
  const i01 = (y1 * w + x0) * 4;
  const i11 = (y1 * w + x1) * 4;
  const w00 = (1 - fx) * (1 - fy) * weight;
  const w10 = fx * (1 - fy) * weight;
  const w01 = (1 - fx) * fy * weight;
  const w11 = fx * fy * weight;
  if (accumulate === 0) {
    out[0] = d[i00]! * w00 + d[i10]! * w10 + d[i01]! * w01 + d[i11]! * w11;
    out[1] = d[i00 + 1]! * w00 + d[i10 + 1]! * w10 + d[i01 + 1]! * w01 + d[i11 + 1]! * w11;
    out[2] = d[i00 + 2]! * w00 + d[i10 + 2]! * w10 + d[i01 + 2]! * w01 + d[i11 + 2]! * w11;
    out[3] = d[i00 + 3]! * w00 + d[i10 + 3]! * w10 + d[i01 + 3]! * w01 + d[i11 + 3]! * w11;
  } else {
    out[0]! += d[i00]! * w00 + d[i10]! * w10 + d[i01]! * w01 + d[i11]! * w11;
    out[1]! += d[i00 + 1]! * w00 + d[i10 + 1]! * w10 + d[i01 + 1]! * w01 + d[i11 + 1]! * w11;
    out[2]! += d[i00 + 2]! * w00 + d[i10 + 2]! * w10 + d[i01 + 2]! * w01 + d[i11 + 2]! * w11;
    out[3]! += d[i00 + 3]! * w00 + d[i10 + 3]! * w10 + d[i01 + 3]! * w01 + d[i11 + 3]! * w11;
  }
}

/** Average colour of a texture in linear light (alpha-weighted), e.g. to tint untextured faces. */
export function averageColor(tex: Texture): [number, number, number] {
  const mip = prepareTexture(tex);
  const top = mip.levels[mip.levels.length - 1]!.data;
  const a = top[3]! || 1;
  return [top[0]! / a, top[1]! / a, top[2]! / a];
}

/** Average colour of the outer 3% frame of a texture in linear light: usually the artwork's background. */
export function edgeColor(tex: Texture): [number, number, number] {
  const bw = Math.max(1, Math.round(tex.width * 0.03));
  const bh = Math.max(1, Math.round(tex.height * 0.03));
  let r = 0, g = 0, b = 0, a = 0;
  const add = (x: number, y: number): void => {
    const o = (y * tex.width + x) * 4;
    const al = tex.data[o + 3]! / 255;
    r += SRGB_TO_LINEAR[tex.data[o]!]! * al;
    g += SRGB_TO_LINEAR[tex.data[o + 1]!]! * al;
    b += SRGB_TO_LINEAR[tex.data[o + 2]!]! * al;
    a += al;
  };
  for (let y = 0; y < tex.height; y++) {
    if (y < bh || y >= tex.height - bh) {
      for (let x = 0; x < tex.width; x++) add(x, y);
    } else {
      for (let x = 0; x < bw; x++) add(x, y);
      for (let x = tex.width - bw; x < tex.width; x++) add(x, y);
    }
  }
  return a > 0 ? [r / a, g / a, b / a] : averageColor(tex);
}
