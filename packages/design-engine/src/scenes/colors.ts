/**
 * Scene colours from the product's palette with colour theory in OKLCH, colour names for the
 * gallery filter, and the dominant colours of a rendered scene.
 *
 * The rule a product photographer follows: the product must stand out, so the backdrop takes
 * the opposite lightness (a dark bottle on a light set, a white jar on a mid or deep one), a
 * muted chroma (never louder than the product) and a hue that harmonises with it —
 * complementary, analogous or a neutral warmed or cooled towards the product's hue.
 */
import { type Hex, adjust, hexToOklch, oklch, parseHex } from '../artwork/color.js';
import type { Rng } from '../artwork/random.js';
import type { SceneScheme } from './types.js';

export interface ProductTone {
  /** Circular mean hue of the chromatic colours (null when the product is achromatic). */
  hue: number | null;
  /** Weighted mean OKLCH lightness. */
  l: number;
  /** Weighted chroma of the chromatic colours. */
  c: number;
}

/**
 * The first colours of a palette weigh most (the cut-out's dominant colour comes first). The hue
 * is the most important chromatic colour's own, not an average: the mean of navy and gold is a
 * hue neither has.
 */
export function productTone(palette: readonly string[] | undefined): ProductTone {
  const colors = (palette ?? [])
    .map((p) => parseHex(p))
    .filter((h): h is Hex => h !== null)
    .slice(0, 6);
  if (colors.length === 0) return { hue: null, l: 0.6, c: 0 };
  let lSum = 0;
  let wSum = 0;
  let best: { h: number; c: number; score: number } | null = null;
  colors.forEach((hex, i) => {
    const o = hexToOklch(hex);
    const w = 1 / (i + 1) ** 2;
    lSum += o.l * w;
    wSum += w;
    if (o.c >= 0.04 && (!best || w * o.c > best.score)) best = { h: o.h, c: o.c, score: w * o.c };
  });
  const chosen = best as { h: number; c: number } | null;
  return { hue: chosen ? chosen.h : null, l: lSum / wSum, c: chosen ? chosen.c : 0 };
}

/** The colours a family builds its materials from. */
export interface SceneColors {
  scheme: SceneScheme;
  tone: ProductTone;
  /** Backdrop hue, lightness and chroma the families start from. */
  hue: number;
  l: number;
  c: number;
  /** True when the backdrop should read dark (a light product). */
  dark: boolean;
  wall: Hex;
  floor: Hex;
  /** A partner colour for props (podium, chips, bokeh). */
  accent: Hex;
  accent2: Hex;
}

const wrap = (h: number) => ((h % 360) + 360) % 360;

/** Chooses the scheme and base colours of a scene for a product palette and a seed. */
export function sceneColors(palette: readonly string[] | undefined, rng: Rng): SceneColors {
  const tone = productTone(palette);
  const r = rng.fork('colors');
  let scheme: SceneScheme;
  let hue: number;
  if (tone.hue === null) {
    // Achromatic product: any hue harmonises; lean to warm neutrals, which flatter most packaging.
    scheme = r.weighted([
      ['neutral', 5],
      ['analogous', 3],
      ['complementary', 2],
    ] as const);
    hue = r.weighted([
      [r.range(50, 95), 4],
      [r.range(200, 250), 2],
      [r.range(0, 360), 2],
    ] as const);
  } else {
    scheme = r.weighted([
      ['complementary', 4],
      ['analogous', 4],
      ['neutral', 3],
    ] as const);
    const hp = tone.hue;
    hue = scheme === 'complementary' ? hp + 180 + r.range(-18, 18) : scheme === 'analogous' ? hp + r.pick([-1, 1]) * r.range(22, 42) : hp + r.range(-10, 10);
  }
  hue = wrap(hue);
  // Opposite lightness to the product, so its silhouette reads.
  let l: number;
  let dark = false;
  if (tone.l >= 0.78) {
    dark = r.chance(0.25);
    l = dark ? r.range(0.3, 0.4) : r.range(0.6, 0.74);
  } else if (tone.l <= 0.42) {
    l = r.range(0.86, 0.94);
  } else {
    dark = r.chance(0.22);
    l = dark ? r.range(0.3, 0.4) : r.range(0.85, 0.94);
  }
  // Muted: the product is the loudest thing in the frame.
  const maxC = scheme === 'neutral' ? 0.022 : Math.min(0.085, Math.max(0.035, tone.c * 0.6));
  let c = scheme === 'neutral' ? r.range(0.008, maxC) : r.range(0.03, maxC);
  // Deep backdrops carry little chroma, and none in the olive band, which reads as mud when dark.
  if (dark) c = Math.min(c, hue >= 60 && hue <= 130 ? 0.012 : 0.035);
  const wall = oklch(l, c, hue);
  const floor = oklch(Math.min(0.97, l + (dark ? 0.04 : r.range(-0.05, 0.03))), c * 0.9, wrap(hue + r.range(-6, 6)));
  const partnerHue = tone.hue === null ? wrap(hue + r.pick([-35, 35])) : scheme === 'complementary' ? tone.hue : wrap(hue + r.pick([-30, 30]));
  const accent = oklch(dark ? l + 0.12 : l - r.range(0.08, 0.16), Math.min(0.11, c * 1.5 + 0.02), partnerHue);
  const accent2 = adjust(wall, { dl: dark ? 0.2 : -0.25, cScale: 1.2, dh: r.range(-20, 20) });
  return { scheme, tone, hue, l, c, dark, wall, floor, accent, accent2 };
}

/** Colour names the gallery filters by (scene color_tags use only these). */
export const SCENE_COLOR_NAMES = ['white', 'beige', 'grey', 'black', 'brown', 'red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink'] as const;
export type SceneColorName = (typeof SCENE_COLOR_NAMES)[number];

/** The plain name of a colour, as a person browsing backdrops would say it. */
export function colorName(hex: string): SceneColorName {
  const { l, c, h } = hexToOklch(parseHex(hex) ?? '#808080');
  if (l < 0.27 && c < 0.09) return 'black';
  if (c < 0.02 || (c < 0.035 && !(h >= 40 && h <= 115 && l > 0.7))) {
    if (l > 0.9) return 'white';
    if (l < 0.33) return 'black';
    return 'grey';
  }
  if (h >= 40 && h <= 115 && l > 0.7 && c < 0.09) return l > 0.95 && c < 0.03 ? 'white' : 'beige';
  if (h >= 25 && h < 100 && l < 0.64 && c < 0.16) return 'brown';
  // Rose hues read pink once they are light; true red sits around 20–40°.
  if (h < 10 || h >= 335) return l > 0.62 ? 'pink' : 'red';
  if (h < 42) return l > 0.8 ? 'pink' : 'red';
  if (h < 75) return 'orange';
  if (h < 118) return 'yellow';
  if (h < 170) return 'green';
  if (h < 220) return 'teal';
  if (h < 280) return 'blue';
  if (h < 325) return l > 0.78 ? 'pink' : 'purple';
  return l > 0.55 ? 'pink' : 'purple';
}

function srgb8ToLinear(v: number): number {
  const c = v / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}
const LIN = new Float32Array(256).map((_, i) => srgb8ToLinear(i));

/** sRGB bytes → OKLab. */
export function rgb8ToOklab(r: number, g: number, b: number): [number, number, number] {
  const lr = LIN[r] as number;
  const lg = LIN[g] as number;
  const lb = LIN[b] as number;
  const l = Math.cbrt(0.4122214708 * lr + 0.5363325363 * lg + 0.0514459929 * lb);
  const m = Math.cbrt(0.2119034982 * lr + 0.6806995451 * lg + 0.1073969566 * lb);
  const s = Math.cbrt(0.0883024619 * lr + 0.2817188376 * lg + 0.6299787005 * lb);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

function oklabToHex(L: number, a: number, b: number): Hex {
  let h = (Math.atan2(b, a) * 180) / Math.PI;
  if (h < 0) h += 360;
  return oklch(L, Math.hypot(a, b), h);
}

export interface DominantColor {
  hex: Hex;
  /** Share of the sampled pixels, 0–1. */
  share: number;
}

/**
 * Dominant colours of an RGB(A) raster (pass a small thumbnail): k-means in OKLab with a
 * deterministic start (lightness quantiles), near-identical clusters merged.
 */
export function dominantColors(data: Uint8Array | Buffer, channels: number, k = 5): DominantColor[] {
  const n = Math.floor(data.length / channels);
  const pts = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) {
    const [L, a, b] = rgb8ToOklab(data[i * channels] as number, data[i * channels + 1] as number, data[i * channels + 2] as number);
    pts[i * 3] = L;
    pts[i * 3 + 1] = a;
    pts[i * 3 + 2] = b;
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((p, q) => (pts[p * 3] as number) - (pts[q * 3] as number));
  const cent: number[][] = [];
  for (let j = 0; j < k; j++) {
    const i = order[Math.min(n - 1, Math.floor(((j + 0.5) / k) * n))] as number;
    cent.push([pts[i * 3] as number, pts[i * 3 + 1] as number, pts[i * 3 + 2] as number]);
  }
  const assign = new Int32Array(n);
  for (let iter = 0; iter < 10; iter++) {
    const sums = cent.map(() => [0, 0, 0, 0]);
    for (let i = 0; i < n; i++) {
      let best = 0;
      let bd = Infinity;
      for (let j = 0; j < k; j++) {
        const c = cent[j] as number[];
        const d =
          ((pts[i * 3] as number) - (c[0] as number)) ** 2 +
          ((pts[i * 3 + 1] as number) - (c[1] as number)) ** 2 +
          ((pts[i * 3 + 2] as number) - (c[2] as number)) ** 2;
        if (d < bd) {
          bd = d;
          best = j;
        }
      }
      assign[i] = best;
      const s = sums[best] as number[];
      s[0] = (s[0] as number) + (pts[i * 3] as number);
      s[1] = (s[1] as number) + (pts[i * 3 + 1] as number);
      s[2] = (s[2] as number) + (pts[i * 3 + 2] as number);
      s[3] = (s[3] as number) + 1;
    }
    sums.forEach((s, j) => {
      if ((s[3] as number) > 0) cent[j] = [(s[0] as number) / (s[3] as number), (s[1] as number) / (s[3] as number), (s[2] as number) / (s[3] as number)];
    });
  }
  const counts = new Array<number>(k).fill(0);
  for (let i = 0; i < n; i++) counts[assign[i] as number] = (counts[assign[i] as number] as number) + 1;
  let clusters = cent.map((c, j) => ({ c, share: (counts[j] as number) / n })).filter((x) => x.share > 0);
  // Merge clusters a viewer would call the same colour.
  clusters.sort((p, q) => q.share - p.share);
  const merged: typeof clusters = [];
  for (const cl of clusters) {
    const near = merged.find(
      (m) => Math.hypot((m.c[0] as number) - (cl.c[0] as number), (m.c[1] as number) - (cl.c[1] as number), (m.c[2] as number) - (cl.c[2] as number)) < 0.045,
    );
    if (near) {
      const t = cl.share / (near.share + cl.share);
      near.c = near.c.map((v, i) => v + ((cl.c[i] as number) - v) * t);
      near.share += cl.share;
    } else merged.push({ c: [...cl.c], share: cl.share });
  }
  clusters = merged.sort((p, q) => q.share - p.share);
  return clusters.map((cl) => ({ hex: oklabToHex(cl.c[0] as number, cl.c[1] as number, cl.c[2] as number), share: cl.share }));
}

/** Colour tags of a scene: names of the dominant colours covering at least `minShare`. */
export function colorTagsOf(dominant: readonly DominantColor[], minShare = 0.1): SceneColorName[] {
  const tags: SceneColorName[] = [];
  for (const d of dominant) {
    if (d.share < minShare) continue;
    const name = colorName(d.hex);
    if (!tags.includes(name)) tags.push(name);
  }
  if (tags.length === 0 && dominant[0]) tags.push(colorName(dominant[0].hex));
  return tags;
}
