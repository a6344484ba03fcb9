/**
 * The text's colour, measured on the pixels it will sit on: black, white or a tone of the ground's
 * own colour, whichever passes WCAG 4.5:1 against every pixel under the text block; when none does
 * (a busy photo), the best of them on a plate (scrim) of the opposite tone, at the least opacity
 * that brings the brightest (or darkest) pixel under it to 4.5:1 — the design engine's rule.
 */
import { MIN_TEXT_CONTRAST, contrastRatio, contrastRatioLum, relativeLuminance } from '@packsmith/design-engine/creative';
import type { RgbImage } from '../types.js';
import { labToRgbInto, rgbHex, rgbToLab } from './lab.js';
import type { Bounds } from './mask.js';

export interface TextColour {
  color: string;
  /** The worst WCAG ratio of the text against the ground under it, plate included. */
  contrast: number;
  scrim: { color: string; opacity: number } | null;
}

interface Ground {
  /** Per-channel minimum and maximum of the pixels under the text. */
  min: [number, number, number];
  max: [number, number, number];
  /** Luminances of the distinct pixels (for the worst ratio). */
  lums: Float64Array;
  mean: [number, number, number];
}

const lumOf = (r: number, g: number, b: number) => relativeLuminance(rgbHex(r, g, b));

function ground(image: RgbImage, box: Bounds): Ground {
  const min: [number, number, number] = [255, 255, 255];
  const max: [number, number, number] = [0, 0, 0];
  const sum = [0, 0, 0];
  const seen = new Map<number, number>();
  let n = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const i = (y * image.width + x) * 3;
      const r = image.data[i] as number;
      const g = image.data[i + 1] as number;
      const b = image.data[i + 2] as number;
      min[0] = Math.min(min[0], r);
      min[1] = Math.min(min[1], g);
      min[2] = Math.min(min[2], b);
      max[0] = Math.max(max[0], r);
      max[1] = Math.max(max[1], g);
      max[2] = Math.max(max[2], b);
      sum[0] = (sum[0] as number) + r;
      sum[1] = (sum[1] as number) + g;
      sum[2] = (sum[2] as number) + b;
      n++;
      const key = (r << 16) | (g << 8) | b;
      if (!seen.has(key)) seen.set(key, lumOf(r, g, b));
    }
  }
  const k = Math.max(1, n);
  return { min, max, lums: Float64Array.from(seen.values()), mean: [(sum[0] as number) / k, (sum[1] as number) / k, (sum[2] as number) / k] };
}

function worst(color: string, lums: Float64Array): number {
  const fg = relativeLuminance(color);
  let w = Number.POSITIVE_INFINITY;
  for (const l of lums) w = Math.min(w, contrastRatioLum(fg, l));
  return Number.isFinite(w) ? w : 21;
}

/** The ground's own hue, deep or pale (a palette colour that belongs to the image). */
function paletteTone(mean: [number, number, number]): string[] {
  const p = rgbToLab(Math.round(mean[0]), Math.round(mean[1]), Math.round(mean[2]));
  const out: string[] = [];
  const px = new Uint8Array(3);
  for (const l of [18, 94]) {
    labToRgbInto(l, p.a * 0.8, p.b * 0.8, px, 0);
    out.push(rgbHex(px[0] as number, px[1] as number, px[2] as number));
  }
  return out;
}

/** The least plate opacity (0.01 steps) at which `fill` reaches 4.5:1 over the ground's bound. */
function plateOpacity(fill: string, plate: string, bound: readonly [number, number, number]): number | null {
  const fg = relativeLuminance(fill);
  if (contrastRatio(fill, plate) < MIN_TEXT_CONTRAST) return null;
  const n = Number.parseInt(plate.slice(1), 16);
  const top = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  for (let step = 0; step <= 100; step++) {
    const a = step / 100;
    const c = [0, 1, 2].map((i) => Math.round((top[i] as number) * a + (bound[i] as number) * (1 - a)));
    if (contrastRatioLum(fg, lumOf(c[0] as number, c[1] as number, c[2] as number)) >= MIN_TEXT_CONTRAST) return a;
  }
  return 1;
}

/** Chooses the colour (or takes the fixed one) and, when needed, the plate. */
export function chooseTextColour(image: RgbImage, box: Bounds, fixed?: string): TextColour {
  const g = ground(image, box);
  const candidates = fixed ? [fixed.toLowerCase()] : ['#ffffff', '#111111', ...paletteTone(g.mean)];
  const rated = candidates.map((c) => ({ c, ratio: worst(c, g.lums) })).sort((a, b) => b.ratio - a.ratio);
  const pass = rated.find((r) => r.ratio >= MIN_TEXT_CONTRAST);
  // Prefer the ground's own tone when it passes (it belongs to the image), else black or white.
  const palettePass = rated.find((r) => r.ratio >= MIN_TEXT_CONTRAST && r.c !== '#ffffff' && r.c !== '#111111');
  const chosen = palettePass ?? pass;
  if (chosen) return { color: chosen.c, contrast: chosen.ratio, scrim: null };
  // No colour passes on its own: the plate that needs the least opacity.
  let best: TextColour | null = null;
  for (const { c } of rated) {
    for (const plate of ['#000000', '#ffffff']) {
      // A dark plate's worst case is the brightest ground; a light plate's, the darkest.
      const bound = relativeLuminance(plate) < relativeLuminance(c) ? g.max : g.min;
      const a = plateOpacity(c, plate, bound);
      if (a === null) continue;
      const n = Number.parseInt(plate.slice(1), 16);
      const pr = (n >> 16) & 255;
      const ratio = contrastRatioLum(
        relativeLuminance(c),
        lumOf(...([0, 1, 2].map((i) => Math.round(pr * a + (bound[i] as number) * (1 - a))) as [number, number, number])),
      );
      if (!best || (best.scrim && a < best.scrim.opacity)) best = { color: c, contrast: ratio, scrim: { color: plate, opacity: a } };
    }
  }
  return best ?? { color: rated[0]?.c ?? '#111111', contrast: rated[0]?.ratio ?? 1, scrim: null };
}
