/**
 * CIE Lab (D65) for whole images, with lookup tables: the prompt engines recolour in Lab so a
 * colour change keeps each pixel's lightness (the shading, the texture) and moves only a/b.
 */

const SRGB_TO_LINEAR = (() => {
  const t = new Float32Array(256);
  for (let i = 0; i < 256; i++) {
    const c = i / 255;
    t[i] = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }
  return t;
})();

const XN = 0.95047;
const ZN = 1.08883;
const E = 216 / 24389;
const K = 24389 / 27;

const f = (t: number) => (t > E ? Math.cbrt(t) : (K * t + 16) / 116);
const fInv = (t: number) => {
  const t3 = t * t * t;
  return t3 > E ? t3 : (116 * t - 16) / K;
};

function linearToByte(c: number): number {
  const s = c <= 0.0031308 ? c * 12.92 : 1.055 * c ** (1 / 2.4) - 0.055;
  const b = Math.round(s * 255);
  return b < 0 ? 0 : b > 255 ? 255 : b;
}

export interface LabPixel {
  l: number;
  a: number;
  b: number;
}

/** One sRGB byte triple → Lab. */
export function rgbToLab(r: number, g: number, b: number): LabPixel {
  const R = SRGB_TO_LINEAR[r] as number;
  const G = SRGB_TO_LINEAR[g] as number;
  const B = SRGB_TO_LINEAR[b] as number;
  const x = f((0.4124564 * R + 0.3575761 * G + 0.1804375 * B) / XN);
  const y = f(0.2126729 * R + 0.7151522 * G + 0.072175 * B);
  const z = f((0.0193339 * R + 0.119192 * G + 0.9503041 * B) / ZN);
  return { l: 116 * y - 16, a: 500 * (x - y), b: 200 * (y - z) };
}

/** Lab → sRGB bytes written at `out[at..at+2]` (clipped to the gamut per channel). */
export function labToRgbInto(l: number, a: number, b: number, out: Uint8Array, at: number): void {
  const fy = (l + 16) / 116;
  const X = XN * fInv(fy + a / 500);
  const Y = fInv(fy);
  const Z = ZN * fInv(fy - b / 200);
  out[at] = linearToByte(3.2404542 * X - 1.5371385 * Y - 0.4985314 * Z);
  out[at + 1] = linearToByte(-0.969266 * X + 1.8760108 * Y + 0.041556 * Z);
  out[at + 2] = linearToByte(0.0556434 * X - 0.2040259 * Y + 1.0572252 * Z);
}

/** A whole RGB image as three Lab planes. */
export interface LabImage {
  l: Float32Array;
  a: Float32Array;
  b: Float32Array;
  width: number;
  height: number;
}

export function imageToLab(data: Uint8Array, width: number, height: number): LabImage {
  const n = width * height;
  const l = new Float32Array(n);
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const p = rgbToLab(data[i * 3] as number, data[i * 3 + 1] as number, data[i * 3 + 2] as number);
    l[i] = p.l;
    a[i] = p.a;
    b[i] = p.b;
  }
  return { l, a, b, width, height };
}

export function hexToLab(hex: string): LabPixel {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgbToLab((n >> 16) & 255, (n >> 8) & 255, n & 255);
}

export function rgbHex(r: number, g: number, b: number): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/** Hue angle in degrees (0–360) of a/b. */
export const hueOf = (a: number, b: number): number => ((Math.atan2(b, a) * 180) / Math.PI + 360) % 360;
