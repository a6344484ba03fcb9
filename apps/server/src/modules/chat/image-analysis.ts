import sharp from 'sharp';
import { COLOUR_TAGS, boxById, lookupStyle, type ColourTagEntry } from '@packsmith/contracts';
import { listWords } from './design-brief.js';

/*
 * Palette, style and prompt of a design image: median cut on a downscaled copy (deterministic, no
 * model), style read from the palette's lightness, saturation and hue spread, and, for our own
 * designs, the layout, brand and product we remember.
 */

type Rgb = readonly [number, number, number];

/** Pixels sampled per side before quantising (64 × 64 = 4096 samples is plenty for 5 colours). */
const SAMPLE_SIDE = 64;

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b]
    .map((v) =>
      Math.round(Math.max(0, Math.min(255, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

export function fromHex(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * Median cut: the box of pixels with the widest channel range is split at its median until there
 * are `k` boxes; each box's mean is a colour, ordered by how many pixels it holds.
 */
export function medianCut(pixels: readonly Rgb[], k: number): { hex: string; share: number }[] {
  if (pixels.length === 0 || k <= 0) return [];
  let boxes: Rgb[][] = [[...pixels]];
  const rangeOf = (box: readonly Rgb[]): { channel: 0 | 1 | 2; range: number } => {
    let best: { channel: 0 | 1 | 2; range: number } = { channel: 0, range: -1 };
    for (const channel of [0, 1, 2] as const) {
      let lo = 255;
      let hi = 0;
      for (const p of box) {
        lo = Math.min(lo, p[channel]);
        hi = Math.max(hi, p[channel]);
      }
      if (hi - lo > best.range) best = { channel, range: hi - lo };
    }
    return best;
  };
  while (boxes.length < k) {
    let pick = -1;
    let pickRange = 0;
    boxes.forEach((box, i) => {
      const { range } = rangeOf(box);
      // Weighted by size so one big varied region is split before a few odd pixels.
      const score = range * Math.sqrt(box.length);
      if (box.length > 1 && range > 0 && score > pickRange) {
        pick = i;
        pickRange = score;
      }
    });
    if (pick < 0) break;
    const box = boxes[pick] ?? [];
    const { channel } = rangeOf(box);
    const sorted = [...box].sort((a, b) => a[channel] - b[channel]);
    const mid = Math.floor(sorted.length / 2);
    boxes = [...boxes.slice(0, pick), sorted.slice(0, mid), sorted.slice(mid), ...boxes.slice(pick + 1)];
  }
  const total = pixels.length;
  const colours = boxes.map((box) => {
    const sum = box.reduce<[number, number, number]>((acc, p) => [acc[0] + p[0], acc[1] + p[1], acc[2] + p[2]], [0, 0, 0]);
    return { rgb: [sum[0] / box.length, sum[1] / box.length, sum[2] / box.length] as Rgb, count: box.length };
  });
  // Near-identical means (a flat image split in two) are one colour to a person.
  const merged: { rgb: Rgb; count: number }[] = [];
  for (const c of colours.sort((a, b) => b.count - a.count)) {
    const same = merged.find((m) => distance(m.rgb, c.rgb) < 12);
    if (same) same.count += c.count;
    else merged.push({ ...c });
  }
  return merged.sort((a, b) => b.count - a.count).map((c) => ({ hex: toHex(c.rgb), share: c.count / total }));
}

function distance(a: Rgb, b: Rgb): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
}

/** The dominant colours of an image (PNG/JPEG bytes), most used first; transparent pixels are ignored. */
export async function dominantPalette(bytes: Buffer, k = 5): Promise<string[]> {
  const { data, info } = await sharp(bytes, { limitInputPixels: 64_000_000 })
    .resize(SAMPLE_SIDE, SAMPLE_SIDE, { fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels: Rgb[] = [];
  for (let i = 0; i + 3 < data.length; i += info.channels) {
    if ((data[i + 3] ?? 0) < 128) continue;
    pixels.push([data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0]);
  }
  return medianCut(pixels, k).map((c) => c.hex);
}

interface Hsl {
  h: number;
  s: number;
  l: number;
}

export function toHsl([r8, g8, b8]: Rgb): Hsl {
  const r = r8 / 255;
  const g = g8 / 255;
  const b = b8 / 255;
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  const d = max - min;
  if (d === 0) return { h: 0, s: 0, l };
  const s = d / (1 - Math.abs(2 * l - 1));
  let h: number;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return { h: (h * 60 + 360) % 360, s, l };
}

/** The catalogue colour nearest to a hex colour (for words in prompts and style reading). */
export function nearestColour(hex: string): ColourTagEntry | null {
  const rgb = fromHex(hex);
  if (!rgb) return null;
  let best: ColourTagEntry | null = null;
  let bestD = Infinity;
  for (const tag of COLOUR_TAGS) {
    const t = fromHex(tag.hex);
    if (!t) continue;
    const d = distance(rgb, t);
    if (d < bestD) {
      best = tag;
      bestD = d;
    }
  }
  return best;
}

/**
 * Style slugs a palette suggests, strongest first: muted and light → minimalist; dark with a warm
 * metallic → luxury; many saturated hues → playful; one saturated colour against dark or light →
 * bold; warm earthy tones → organic; soft light tints → elegant. Always at least one.
 */
export function styleFromPalette(palette: readonly string[]): string[] {
  const hsl = palette
    .map(fromHex)
    .filter((c): c is Rgb => c !== null)
    .map(toHsl);
  if (hsl.length === 0) return ['modern'];
  const avg = (f: (c: Hsl) => number) => hsl.reduce((sum, c) => sum + f(c), 0) / hsl.length;
  const meanS = avg((c) => c.s);
  const meanL = avg((c) => c.l);
  const vivid = hsl.filter((c) => c.s > 0.5 && c.l > 0.25 && c.l < 0.8);
  const hueBuckets = new Set(vivid.map((c) => Math.floor(c.h / 45)));
  const dark = hsl.filter((c) => c.l < 0.22).length;
  const metallic = hsl.some((c) => c.h >= 30 && c.h <= 55 && c.s > 0.35 && c.l > 0.35 && c.l < 0.7);
  const earthy = hsl.filter((c) => c.h >= 15 && c.h <= 70 && c.s > 0.15 && c.s < 0.6 && c.l > 0.2 && c.l < 0.7).length;
  const tints = hsl.filter((c) => c.l > 0.8 && c.s > 0.2).length;

  const styles: string[] = [];
  if (dark >= 1 && metallic) styles.push('luxury');
  if (hueBuckets.size >= 3) styles.push('playful');
  if (vivid.length >= 1 && hueBuckets.size <= 2 && (dark >= 1 || meanL > 0.7) && meanS > 0.3) styles.push('bold');
  if (earthy >= 2) styles.push('organic');
  if (meanS < 0.2 && meanL > 0.6) styles.push('minimalist');
  if (tints >= 2 && meanS < 0.6) styles.push('elegant');
  if (styles.length === 0) styles.push(meanL < 0.35 ? 'modern' : 'minimalist');
  return [...new Set(styles)].filter((slug) => lookupStyle(slug) !== undefined);
}

export interface KnownDesign {
  brand: string;
  product: string;
  style: readonly string[];
  layout_id: string;
  box_id: number;
}

/** A prompt sentence describing a design, from its analysis and (for our designs) its brief. */
export function promptSentence(analysis: { palette: readonly string[]; style: readonly string[] }, known: KnownDesign | null): string {
  const styleWords = analysis.style.map((slug) => lookupStyle(slug)?.name.toLowerCase() ?? slug).slice(0, 3);
  const colourWords = [...new Set(analysis.palette.map((hex) => nearestColour(hex)?.name.toLowerCase()).filter((n): n is string => !!n))].slice(0, 4);
  const pack =
    (known
      ? boxById(known.box_id)
          ?.name.replace(/\s*\(.*\)$/, '')
          .toLowerCase()
      : undefined) ?? 'package';
  const subject = known && known.brand.trim() !== '' ? ` for ${known.brand}${known.product.trim() !== '' ? ` ${known.product}` : ''}` : '';
  const style = styleWords.length > 0 ? `${listWords(styleWords)} ` : '';
  const colours = colourWords.length > 0 ? ` in ${listWords(colourWords)}` : '';
  const layout = known ? `, ${known.layout_id.replace(/[-_]/g, ' ')} layout` : '';
  const article = /^[aeiou]/i.test(style || 'packaging') ? 'An' : 'A';
  return `${article} ${style}packaging design${subject} on a ${pack}${colours}${layout}.`;
}
