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

/** An sRGB colour as 0–255 channels. */
export type Channels = readonly [number, number, number];

const channelsOf = (hex: Hex): Channels => {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

const luminanceOfChannels = (c: Channels): number => relativeLuminanceRgb({ r: c[0] / 255, g: c[1] / 255, b: c[2] / 255 });

/** `top` at opacity `alpha` over `under`, blended per channel in sRGB as renderers do (8-bit). */
export function blendChannels(top: Channels, under: Channels, alpha: number): Channels {
  const a = Math.min(1, Math.max(0, alpha));
  return [0, 1, 2].map((i) => Math.round(top[i]! * a + under[i]! * (1 - a))) as unknown as Channels;
}

/**
 * The lowest WCAG contrast of text in `fill` against the pixels `indices` of an RGBA buffer
 * (straight or premultiplied alike on opaque renders): the check measured on real pixels.
 */
export function worstContrastOnPixels(fill: Hex, data: Uint8Array, indices: Iterable<number>): number {
  const fg = relativeLuminance(fill);
  const seen = new Map<number, number>();
  let worst = Number.POSITIVE_INFINITY;
  for (const i of indices) {
    const key = ((data[i] ?? 0) << 16) | ((data[i + 1] ?? 0) << 8) | (data[i + 2] ?? 0);
    if (seen.has(key)) continue;
    const ratio = contrastRatioLum(fg, luminanceOfChannels([(key >> 16) & 255, (key >> 8) & 255, key & 255]));
    seen.set(key, ratio);
    if (ratio < worst) worst = ratio;
  }
  return worst;
}

/**
 * The least opacity (0–1, in steps of 0.01) at which a `scrim` colour laid over imagery makes
 * text in `fill` reach `min` against every pixel of that imagery, given the imagery's channel
 * bound: per channel, the maximum of the pixels under the text when the scrim is darker than the
 * text is light (the brightest ground is the worst), the minimum otherwise. Blending is monotone
 * per channel, so every real pixel ends at least as far from the text as the bound. Null when
 * even an opaque scrim falls short (the text colour must change first).
 */
export function scrimOpacity(fill: Hex, scrim: Hex, bound: Channels, min = MIN_TEXT_CONTRAST): number | null {
  const fg = relativeLuminance(fill);
  const top = channelsOf(scrim);
  if (contrastRatioLum(fg, luminanceOfChannels(top)) < min) return null;
  for (let step = 0; step <= 100; step++) {
    const a = step / 100;
    if (contrastRatioLum(fg, luminanceOfChannels(blendChannels(top, bound, a))) >= min) return a;
  }
  return 1;
}
