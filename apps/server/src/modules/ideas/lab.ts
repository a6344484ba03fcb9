/**
 * Colour distance for "close palette" (similar ideas, similar by image): sRGB hex → CIE L*a*b*
 * (D65 white) and ΔE*ab (CIE76), the Euclidean distance in Lab, where ~2.3 is a just noticeable
 * difference and anything over ~50 is a different colour altogether.
 */

export interface Lab {
  l: number;
  a: number;
  b: number;
}

/** `#rrggbb` or `#rgb` (any case) → [r, g, b] 0–255, or null. */
export function hexToRgb(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = (m[1] as string).length === 3 ? [...(m[1] as string)].map((c) => c + c).join('') : (m[1] as string);
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

const linear = (c8: number): number => {
  const c = c8 / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

// D65 reference white (CIE 1931 2°).
const XN = 0.95047;
const YN = 1;
const ZN = 1.08883;
const f = (t: number): number => (t > 216 / 24389 ? Math.cbrt(t) : ((24389 / 27) * t + 16) / 116);

export function rgbToLab([r8, g8, b8]: readonly [number, number, number]): Lab {
  const r = linear(r8);
  const g = linear(g8);
  const b = linear(b8);
  const x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / XN;
  const y = (0.2126729 * r + 0.7151522 * g + 0.072175 * b) / YN;
  const z = (0.0193339 * r + 0.119192 * g + 0.9503041 * b) / ZN;
  const fx = f(x);
  const fy = f(y);
  const fz = f(z);
  return { l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz) };
}

export function hexToLab(hex: string): Lab | null {
  const rgb = hexToRgb(hex);
  return rgb ? rgbToLab(rgb) : null;
}

/** ΔE*ab (CIE76). */
export function deltaE(p: Lab, q: Lab): number {
  return Math.hypot(p.l - q.l, p.a - q.a, p.b - q.b);
}

/**
 * How far apart two palettes look: for each colour of either palette the ΔE to the nearest colour
 * of the other, averaged both ways (so it is symmetric and a palette is at 0 from itself). The first
 * colours (most used) weigh more. Null when either palette has no readable colour.
 */
export function paletteDistance(a: readonly string[], b: readonly string[]): number | null {
  const la = a.map(hexToLab).filter((x): x is Lab => x !== null);
  const lb = b.map(hexToLab).filter((x): x is Lab => x !== null);
  if (la.length === 0 || lb.length === 0) return null;
  const oneWay = (from: Lab[], to: Lab[]): number => {
    let sum = 0;
    let weights = 0;
    from.forEach((c, i) => {
      const w = 1 / (1 + i * 0.5);
      sum += w * Math.min(...to.map((t) => deltaE(c, t)));
      weights += w;
    });
    return sum / weights;
  };
  return (oneWay(la, lb) + oneWay(lb, la)) / 2;
}

/** 1 for the same palette, falling linearly to 0 at ΔE `far` and beyond; 0 when either is unknown. */
export function paletteSimilarity(a: readonly string[], b: readonly string[], far = 60): number {
  const d = paletteDistance(a, b);
  return d === null ? 0 : Math.max(0, 1 - d / far);
}
