/**
 * How much of a rendered pack shows each colour the brief names: the share of the pack's visible
 * surface (the packshot's product pixels, not its backdrop or floor shadow) whose colour is that
 * colour, by CIEDE2000 with hue, chroma and lightness checks so that a near miss of another kind
 * does not count (navy is not black, pastel pink is not maroon, gold is not beige).
 *
 * Pure: pixels in, shares out. Colours are looked up once per 6-bit-per-channel bin (±2 levels
 * of 8 bits, well under the tolerances), so a 1024 px packshot measures in a few milliseconds.
 */
import { type Lab, ciede2000, srgbToLab } from './delta-e.js';
import type { NamedColour } from './named-colours.js';

export interface ColourMeasure {
  readonly key: string;
  /** Matching pixels / pack surface pixels, 0–1. */
  readonly share: number;
  /** Median CIELAB L* of the matching pixels (null when none match): light names must stay light. */
  readonly lightness: number | null;
  /** 10th and 90th percentile L* of the matching pixels: a foil spans a range, a flat ink barely. */
  readonly lightRange: readonly [number, number] | null;
}

export interface MeasureOptions {
  /** One byte per pixel, non-zero where the pack's surface is; absent: every pixel counts. */
  readonly mask?: Uint8Array | null;
  /** Sample every `stride`-th pixel of every `stride`-th row (default 2). */
  readonly stride?: number;
}

/** Tolerances of one kind of colour. */
interface Tolerance {
  /** Largest ΔE00. */
  readonly de: number;
  /** Largest L* difference (a lit face is lighter, a face turned from the light darker). */
  readonly dl: number;
  /** Largest hue angle difference, degrees, for chromatic colours. */
  readonly dh: number;
}

/**
 * Flat inks: the packshot's light moves a face's L* by about ±12 (the side of a box, a can's
 * flank) and its chroma with it; hue barely moves. Metals are foil: a gradient with sheen bands
 * spans ±15 L* by design, so they get a looser ΔE00 and lightness window, with the same hue check.
 */
const FLAT: Tolerance = { de: 14, dl: 18, dh: 20 };
const METAL: Tolerance = { de: 20, dl: 26, dh: 24 };
/** Silver and other neutral metals: only lightness tells them from white or grey, so it is held closer. */
const NEUTRAL_METAL: Tolerance = { de: 16, dl: 15, dh: 24 };

/** Below this CIELAB chroma a colour counts as a neutral (black, charcoal, white, silver, ivory). */
const NEUTRAL_C = 8;

interface Target {
  readonly lab: Lab;
  readonly c: number;
  readonly h: number;
  readonly tol: Tolerance;
}

const hueOf = (lab: Lab) => {
  const h = (Math.atan2(lab.b, lab.a) * 180) / Math.PI;
  return h < 0 ? h + 360 : h;
};

const hueGap = (a: number, b: number) => {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
};

function targetOf(c: NamedColour): Target {
  const n = Number.parseInt(c.hex.slice(1), 16);
  const lab = srgbToLab((n >> 16) & 255, (n >> 8) & 255, n & 255);
  const chroma = Math.hypot(lab.a, lab.b);
  return { lab, c: chroma, h: hueOf(lab), tol: c.metal ? (chroma < NEUTRAL_C ? NEUTRAL_METAL : METAL) : FLAT };
}

/** Whether a pixel's colour counts as the target colour. */
function matches(p: Lab, t: Target): boolean {
  if (Math.abs(p.l - t.lab.l) > t.tol.dl) return false;
  const pc = Math.hypot(p.a, p.b);
  if (t.c < NEUTRAL_C) {
    // A neutral stays neutral: a cream or a pale blue is not white, a navy is not charcoal.
    if (pc > t.c + 7) return false;
  } else {
    // A colour keeps its hue and most of its chroma: a grey is not a dusty pink; a shaded face
    // loses chroma with lightness, hence the generous lower bound.
    if (pc < t.c * 0.45 || pc > t.c * 1.9 + 10) return false;
    if (hueGap(hueOf(p), t.h) > t.tol.dh) return false;
  }
  return ciede2000(p, t.lab) <= t.tol.de;
}

/** Whether an 8-bit sRGB colour counts as `colour` (the test of one pixel). */
export function matchesNamed(r: number, g: number, b: number, colour: NamedColour): boolean {
  return matches(srgbToLab(r, g, b), targetOf(colour));
}

/**
 * The share of the pack surface each colour covers. `rgba` is straight or opaque RGBA bytes,
 * `width` × `height`. A pixel may count for two named colours when they are that close.
 */
export function measureColourShares(
  rgba: Uint8Array,
  width: number,
  height: number,
  colours: readonly NamedColour[],
  opts: MeasureOptions = {},
): ColourMeasure[] {
  const n = Math.min(colours.length, 15);
  const targets = colours.slice(0, n).map(targetOf);
  const stride = Math.max(1, Math.floor(opts.stride ?? 2));
  const mask = opts.mask ?? null;
  // Per bin: bit i set when the bin matches target i; -1 not computed yet. L* per bin for the medians.
  const bins = new Int16Array(1 << 18).fill(-1);
  const binL = new Uint8Array(1 << 18);
  const counts = new Array<number>(n).fill(0);
  const hist = Array.from({ length: n }, () => new Uint32Array(101));
  let total = 0;
  for (let y = stride >> 1; y < height; y += stride) {
    for (let x = stride >> 1; x < width; x += stride) {
      const p = y * width + x;
      if (mask && mask[p] === 0) continue;
      const i = p * 4;
      if (!mask && (rgba[i + 3] ?? 0) === 0) continue;
      total++;
      const r = rgba[i] ?? 0;
      const g = rgba[i + 1] ?? 0;
      const b = rgba[i + 2] ?? 0;
      const bin = ((r >> 2) << 12) | ((g >> 2) << 6) | (b >> 2);
      let bits = bins[bin] ?? -1;
      if (bits < 0) {
        // The bin's centre stands for it (within 2 levels of every colour in it).
        const lab = srgbToLab((r & ~3) | 2, (g & ~3) | 2, (b & ~3) | 2);
        bits = 0;
        for (let k = 0; k < n; k++) if (matches(lab, targets[k]!)) bits |= 1 << k;
        bins[bin] = bits;
        binL[bin] = Math.max(0, Math.min(100, Math.round(lab.l)));
      }
      if (bits === 0) continue;
      for (let k = 0; k < n; k++) {
        if ((bits & (1 << k)) === 0) continue;
        counts[k]!++;
        hist[k]![binL[bin]!]!++;
      }
    }
  }
  return colours.map((c, k) => {
    const count = k < n ? (counts[k] ?? 0) : 0;
    const h = k < n ? hist[k] : undefined;
    const low = h ? quantile(h, count, 0.1) : null;
    const high = h ? quantile(h, count, 0.9) : null;
    return {
      key: c.key,
      share: total > 0 ? count / total : 0,
      lightness: h ? quantile(h, count, 0.5) : null,
      lightRange: low !== null && high !== null ? [low, high] : null,
    };
  });
}

/** The L* below which a fraction `q` of the counted pixels lie (null when none were counted). */
function quantile(hist: Uint32Array, count: number, q: number): number | null {
  if (count === 0) return null;
  let seen = 0;
  for (let l = 0; l < hist.length; l++) {
    seen += hist[l] ?? 0;
    if (seen >= count * q) return l;
  }
  return 100;
}
