/**
 * WCAG 2.x contrast. Every piece of text the engine draws is checked against each colour
 * sampled under it and must reach {@link MIN_TEXT_CONTRAST}.
 */
import { type Hex, type Rgb, adjust, hexToOklch, hexToRgb, srgbToLinear } from './color.js';

export const MIN_TEXT_CONTRAST = 4.5;

export function relativeLuminanceRgb({ r, g, b }: Rgb): number {
  return 0.2126 * srgbToLinear(r) + 0.7152 * srgbToLinear(g) + 0.0722 * srgbToLinear(b);
}

export function relativeLuminance(hex: Hex): number {
  return relativeLuminanceRgb(hexToRgb(hex));
}

export function contrastRatioLum(l1: number, l2: number): number {
  const hi = Math.max(l1, l2);
  const lo = Math.min(l1, l2);
  return (hi + 0.05) / (lo + 0.05);
}

export function contrastRatio(a: Hex, b: Hex): number {
  return contrastRatioLum(relativeLuminance(a), relativeLuminance(b));
}

/** The lowest contrast of `fg` against any of `backgrounds` (Infinity when there are none). */
export function minContrast(fg: Hex, backgrounds: readonly Hex[]): number {
  let min = Number.POSITIVE_INFINITY;
  for (const bg of backgrounds) min = Math.min(min, contrastRatio(fg, bg));
  return min;
}

/**
 * Moves `fg` in OKLCH lightness (hue and most chroma kept) until it reaches `min` against
 * every background. Tries darker and lighter and keeps the smaller change; falls back to
 * black or white when no tint of the hue gets there. Returns the colour unchanged when it
 * already passes.
 */
export function ensureContrast(fg: Hex, backgrounds: readonly Hex[], min = MIN_TEXT_CONTRAST): Hex {
  if (minContrast(fg, backgrounds) >= min) return fg;
  const base = hexToOklch(fg);
  const candidates: { hex: Hex; change: number }[] = [];
  for (const dir of [-1, 1]) {
    for (let step = 1; step <= 50; step++) {
      const l = base.l + dir * step * 0.02;
      if (l < 0 || l > 1) break;
      const hex = adjust(fg, { l, cScale: 1 - step * 0.01 });
      if (minContrast(hex, backgrounds) >= min) {
        candidates.push({ hex, change: step });
        break;
      }
    }
  }
  candidates.sort((a, b) => a.change - b.change);
  const best = candidates[0];
  if (best) return best.hex;
  const black = minContrast('#000000', backgrounds);
  const white = minContrast('#ffffff', backgrounds);
  return black >= white ? '#000000' : '#ffffff';
}

/** The first colour of `preferred` that passes against every background, else the best effort. */
export function pickTextColor(preferred: readonly Hex[], backgrounds: readonly Hex[], min = MIN_TEXT_CONTRAST): Hex {
  for (const c of preferred) if (minContrast(c, backgrounds) >= min) return c;
  const first = preferred[0] ?? '#000000';
  return ensureContrast(first, backgrounds, min);
}
