/**
 * Colour maths in OKLab/OKLCH (perceptually even lightness and hue), with sRGB hex strings
 * as the exchanged form so palettes serialise and compare byte for byte.
 */

export type Hex = string;

export interface Oklch {
  l: number;
  c: number;
  /** Hue in degrees, [0, 360). */
  h: number;
}

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX_RE = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHex(value: string): boolean {
  return HEX_RE.test(value.trim());
}

/** Parses `#abc`, `abc`, `#aabbcc`; returns null for anything else. */
export function parseHex(value: string): Hex | null {
  const m = HEX_RE.exec(value.trim());
  if (!m || !m[1]) return null;
  let body = m[1].toLowerCase();
  if (body.length === 3)
    body = body
      .split('')
      .map((ch) => ch + ch)
      .join('');
  return `#${body}`;
}

export function hexToRgb(hex: Hex): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return { r: ((n >> 16) & 255) / 255, g: ((n >> 8) & 255) / 255, b: (n & 255) / 255 };
}

export function rgbToHex({ r, g, b }: Rgb): Hex {
  const to = (v: number) =>
    Math.round(Math.min(1, Math.max(0, v)) * 255)
      .toString(16)
      .padStart(2, '0');
  return `#${to(r)}${to(g)}${to(b)}`;
}

export function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function linearToSrgb(c: number): number {
  return c <= 0.0031308 ? 12.92 * c : 1.055 * c ** (1 / 2.4) - 0.055;
}

export function hexToOklch(hex: Hex): Oklch {
  const { r, g, b } = hexToRgb(hex);
  const lr = srgbToLinear(r);
  const lg = srgbToLinear(g);
  const lb = srgbToLinear(b);
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  const L = 0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s;
  const A = 1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s;
  const B = 0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s;
  const c = Math.hypot(A, B);
  let h = (Math.atan2(B, A) * 180) / Math.PI;
  if (h < 0) h += 360;
  return { l: L, c, h: c < 1e-4 ? 0 : h };
}

function oklchToLinear({ l, c, h }: Oklch): [number, number, number] {
  const hr = (h * Math.PI) / 180;
  const A = c * Math.cos(hr);
  const B = c * Math.sin(hr);
  const l_ = (l + 0.3963377774 * A + 0.2158037573 * B) ** 3;
  const m_ = (l - 0.1055613458 * A - 0.0638541728 * B) ** 3;
  const s_ = (l - 0.0894841775 * A - 1.291485548 * B) ** 3;
  return [
    4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
    -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
    -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
  ];
}

function inGamut(rgb: [number, number, number]): boolean {
  return rgb.every((v) => v >= -1e-4 && v <= 1 + 1e-4);
}

/**
 * OKLCH → hex, mapping out-of-gamut colours into sRGB by lowering chroma (keeps
 * lightness and hue, which is what a designer means by "the same colour, less vivid").
 */
export function oklchToHex(color: Oklch): Hex {
  const l = Math.min(1, Math.max(0, color.l));
  const h = ((color.h % 360) + 360) % 360;
  let c = Math.max(0, color.c);
  let rgb = oklchToLinear({ l, c, h });
  if (!inGamut(rgb)) {
    let lo = 0;
    let hi = c;
    for (let i = 0; i < 24; i++) {
      const mid = (lo + hi) / 2;
      if (inGamut(oklchToLinear({ l, c: mid, h }))) lo = mid;
      else hi = mid;
    }
    c = lo;
    rgb = oklchToLinear({ l, c, h });
  }
  return rgbToHex({ r: linearToSrgb(rgb[0]), g: linearToSrgb(rgb[1]), b: linearToSrgb(rgb[2]) });
}

export function oklch(l: number, c: number, h: number): Hex {
  return oklchToHex({ l, c, h });
}

/** Returns `hex` with some OKLCH channels replaced or shifted. */
export function adjust(hex: Hex, change: { l?: number; c?: number; h?: number; dl?: number; dc?: number; dh?: number; cScale?: number }): Hex {
  const o = hexToOklch(hex);
  return oklchToHex({
    l: (change.l ?? o.l) + (change.dl ?? 0),
    c: ((change.c ?? o.c) + (change.dc ?? 0)) * (change.cScale ?? 1),
    h: (change.h ?? o.h) + (change.dh ?? 0),
  });
}

/** Linear interpolation in OKLab (no muddy grey middle like sRGB mixing). */
export function mix(a: Hex, b: Hex, t: number): Hex {
  const A = hexToOklch(a);
  const B = hexToOklch(b);
  const ax = A.c * Math.cos((A.h * Math.PI) / 180);
  const ay = A.c * Math.sin((A.h * Math.PI) / 180);
  const bx = B.c * Math.cos((B.h * Math.PI) / 180);
  const by = B.c * Math.sin((B.h * Math.PI) / 180);
  const x = ax + (bx - ax) * t;
  const y = ay + (by - ay) * t;
  let h = (Math.atan2(y, x) * 180) / Math.PI;
  if (h < 0) h += 360;
  return oklchToHex({ l: A.l + (B.l - A.l) * t, c: Math.hypot(x, y), h });
}

export function hueDistance(a: number, b: number): number {
  const d = Math.abs((((a - b) % 360) + 360) % 360);
  return Math.min(d, 360 - d);
}
