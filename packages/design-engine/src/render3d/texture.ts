/**
 * RGBA textures and their mip chains.
 *
 * Inputs are 8-bit sRGB with straight alpha, as sharp's raw output gives them.
 * Sampling happens in linear light with premultiplied alpha so minified text
 * keeps its weight and transparent label edges do not fringe dark.
 */

/**
 * An 8-bit RGBA image, row-major, top row first, straight (not premultiplied)
 * alpha. Treated as immutable: its prepared mip chain is cached per object.
 */
export interface Texture {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/**
 * One mip level: premultiplied RGBA where the colour bytes hold linear light
 * through the sRGB curve (so 8 bits keep the darks), alpha is plain.
 */
interface MipLevel {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
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

const LINEAR_LUT_SIZE = 65536;
/**
 * sRGB on a 0..255 scale, unrounded, for linear light on 65536 steps: nearest
 * lookup is within 0.06 of a byte step everywhere, and avoids a pow() per
 * channel per pixel.
 */
const LINEAR_TO_SRGB_LUT: Float32Array = (() => {
  const t = new Float32Array(LINEAR_LUT_SIZE + 1);
  for (let i = 0; i <= LINEAR_LUT_SIZE; i++) {
    const c = i / LINEAR_LUT_SIZE;
    t[i] = (c <= 0.0031308 ? c * 12.92 : 1.055 * Math.pow(c, 1 / 2.4) - 0.055) * 255;
  }
  return t;
})();

/** Linear light (clamped to [0, 1]) → sRGB on a 0..255 scale, not rounded. */
export function linearToSrgb255(v: number): number {
  if (v <= 0) return 0;
  if (v >= 1) return 255;
  return LINEAR_TO_SRGB_LUT[(v * LINEAR_LUT_SIZE + 0.5) | 0]!;
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

/** Builds (once per texture object) the premultiplied mip chain. */
export function prepareTexture(tex: Texture): MipTexture {
  const hit = cache.get(tex);
  if (hit) return hit;
  if (tex.width < 1 || tex.height < 1 || tex.data.length < tex.width * tex.height * 4) {
    throw new Error(`Texture data too short for ${tex.width}x${tex.height} RGBA`);
  }
  const n = tex.width * tex.height;
  const src = tex.data;
  let opaque = true;
  for (let i = 3; i < n * 4; i += 4) {
    if (src[i] !== 255) {
      opaque = false;
      break;
    }
  }
  let base: Uint8Array;
  if (opaque) {
    base = src.subarray(0, n * 4);
  } else {
    base = new Uint8Array(n * 4);
    for (let i = 0; i < n * 4; i += 4) {
      const a = src[i + 3]!;
      base[i + 3] = a;
      if (a === 255) {
        base[i] = src[i]!;
        base[i + 1] = src[i + 1]!;
        base[i + 2] = src[i + 2]!;
      } else {
        const al = a / 255;
        base[i] = ENCODE[(SRGB_TO_LINEAR[src[i]!]! * al * ENC_SCALE + 0.5) | 0]!;
        base[i + 1] = ENCODE[(SRGB_TO_LINEAR[src[i + 1]!]! * al * ENC_SCALE + 0.5) | 0]!;
        base[i + 2] = ENCODE[(SRGB_TO_LINEAR[src[i + 2]!]! * al * ENC_SCALE + 0.5) | 0]!;
      }
    }
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

const ENC_SCALE = 16383;
/** Linear [0, 1] on 16384 steps → sRGB byte, for re-encoding averaged texels. */
const ENCODE: Uint8Array = (() => {
  const t = new Uint8Array(ENC_SCALE + 2);
  for (let i = 0; i <= ENC_SCALE + 1; i++) t[i] = linearToSrgbByte(Math.min(1, i / ENC_SCALE));
  return t;
})();

/** 2×2 box filter in linear light; an odd last row or column folds into its neighbour. */
function downsample(src: MipLevel): MipLevel {
  const w = Math.max(1, src.width >> 1);
  const h = Math.max(1, src.height >> 1);
  const out = new Uint8Array(w * h * 4);
  const sw = src.width;
  const sh = src.height;
  const s = src.data;
  const L = SRGB_TO_LINEAR;
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
      for (let k = 0; k < 3; k++) {
        out[o + k] = ENCODE[((L[s[a + k]!]! + L[s[b + k]!]! + L[s[c + k]!]! + L[s[d + k]!]!) * 0.25 * ENC_SCALE + 0.5) | 0]!;
      }
      out[o + 3] = (s[a + 3]! + s[b + 3]! + s[c + 3]! + s[d + 3]! + 2) >> 2;
    }
  }
  return { width: w, height: h, data: out };
}

/**
 * Trilinear sample at (u, v) with level of detail `lod` (log2 of texels per
 * pixel), clamped at the edges. Writes premultiplied linear RGBA into
 * out[0..3]; `out` needs 8 entries, the upper four are scratch.
 */
export function sampleTrilinear(tex: MipTexture, u: number, v: number, lod: number, out: Float32Array): void {
  const maxLevel = tex.levels.length - 1;
  if (lod <= 0) {
    bilinear(tex.levels[0]!, u, v, out, 0);
    return;
  }
  if (lod >= maxLevel) {
    bilinear(tex.levels[maxLevel]!, u, v, out, 0);
    return;
  }
  const l0 = lod | 0;
  const f = lod - l0;
  // Near a whole level one tap is indistinguishable from the blend, at half the cost.
  if (f < 0.08) {
    bilinear(tex.levels[l0]!, u, v, out, 0);
    return;
  }
  if (f > 0.92) {
    bilinear(tex.levels[l0 + 1]!, u, v, out, 0);
    return;
  }
  bilinear(tex.levels[l0]!, u, v, out, 0);
  bilinear(tex.levels[l0 + 1]!, u, v, out, 4);
  const g = 1 - f;
  out[0] = out[0]! * g + out[4]! * f;
  out[1] = out[1]! * g + out[5]! * f;
  out[2] = out[2]! * g + out[6]! * f;
  out[3] = out[3]! * g + out[7]! * f;
}

/** Bilinear tap into out[at..at+3]. */
function bilinear(level: MipLevel, u: number, v: number, out: Float32Array, at: number): void {
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
  const dx = x0 + 1 < w ? 4 : 0;
  const dy = y0 + 1 < h ? w * 4 : 0;
  const fx = x - x0;
  const fy = y - y0;
  const d = level.data;
  const L = SRGB_TO_LINEAR;
  const i00 = (y0 * w + x0) * 4;
  const i10 = i00 + dx;
  const i01 = i00 + dy;
  const i11 = i01 + dx;
  const w11 = fx * fy;
  const w10 = fx - w11;
  const w01 = fy - w11;
  const w00 = 1 - fx - w01;
  out[at] = L[d[i00]!]! * w00 + L[d[i10]!]! * w10 + L[d[i01]!]! * w01 + L[d[i11]!]! * w11;
  out[at + 1] = L[d[i00 + 1]!]! * w00 + L[d[i10 + 1]!]! * w10 + L[d[i01 + 1]!]! * w01 + L[d[i11 + 1]!]! * w11;
  out[at + 2] = L[d[i00 + 2]!]! * w00 + L[d[i10 + 2]!]! * w10 + L[d[i01 + 2]!]! * w01 + L[d[i11 + 2]!]! * w11;
  out[at + 3] = (d[i00 + 3]! * w00 + d[i10 + 3]! * w10 + d[i01 + 3]! * w01 + d[i11 + 3]! * w11) * (1 / 255);
}

/** Average colour of a texture in linear light (alpha-weighted), e.g. to tint untextured faces. */
export function averageColor(tex: Texture): [number, number, number] {
  const mip = prepareTexture(tex);
  const top = mip.levels[mip.levels.length - 1]!.data;
  const a = top[3]! / 255 || 1;
  return [SRGB_TO_LINEAR[top[0]!]! / a, SRGB_TO_LINEAR[top[1]!]! / a, SRGB_TO_LINEAR[top[2]!]! / a];
}

/** Average colour of the outer 3% frame of a texture in linear light: usually the artwork's background. */
export function edgeColor(tex: Texture): [number, number, number] {
  const bw = Math.max(1, Math.round(tex.width * 0.03));
  const bh = Math.max(1, Math.round(tex.height * 0.03));
  let r = 0,
    g = 0,
    b = 0,
    a = 0;
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
