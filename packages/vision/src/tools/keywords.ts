/**
 * Keywords of an image: its palette named from the catalogue colours (k-means in Lab, shares of
 * the pixels) and tags — the catalogue's style slugs, the colour moods the design engine reads
 * (pastel, monochrome, vibrant, earthy) and a product category — scored from the palette and how
 * flat the image is, most likely first.
 */
import { STYLE_TAGS } from '@packsmith/contracts';
import { type LabPixel, hueOf, rgbToLab } from './creative/lab.js';
import { type PaletteEntry, imagePalette, sampleLab } from './creative/palette.js';
import type { ImageKeywords, RgbImage } from './types.js';

/** A tag is reported from this score up. */
const MIN_SCORE = 0.35;

export function imageKeywords(image: RgbImage): ImageKeywords {
  const palette = imagePalette(sampleLab(image));
  const tags = scoreTags(palette, flatness(image))
    .filter((t) => t.score >= MIN_SCORE)
    .sort((a, b) => b.score - a.score)
    .map((t) => t.tag);
  return { colors: palette.map(({ name, hex, share }) => ({ name, hex, share })), tags };
}

/** Share of neighbouring pixel pairs (on a subsample) closer than ΔE 2.5: large flat areas read as minimal. */
function flatness(image: RgbImage): number {
  const { width: W, height: H, data } = image;
  const step = Math.max(1, Math.floor(Math.sqrt((W * H) / 10000)));
  let flat = 0;
  let n = 0;
  for (let y = 0; y < H; y += step) {
    for (let x = 0; x + 1 < W; x += step) {
      const i = (y * W + x) * 3;
      const p = rgbToLab(data[i] as number, data[i + 1] as number, data[i + 2] as number);
      const q = rgbToLab(data[i + 3] as number, data[i + 4] as number, data[i + 5] as number);
      if (Math.hypot(p.l - q.l, p.a - q.a, p.b - q.b) < 2.5) flat++;
      n++;
    }
  }
  return n ? flat / n : 1;
}

const chroma = (p: LabPixel) => Math.hypot(p.a, p.b);
const shareWhere = (pal: readonly PaletteEntry[], test: (p: LabPixel, e: PaletteEntry) => boolean) =>
  pal.reduce((s, e) => s + (test(e.lab, e) ? e.share : 0), 0);

function scoreTags(pal: readonly PaletteEntry[], flat: number): { tag: string; score: number }[] {
  const significant = pal.filter((e) => e.share >= 0.05);
  const meanC = pal.reduce((s, e) => s + chroma(e.lab) * e.share, 0);
  const vivid = shareWhere(pal, (p) => chroma(p) > 45);
  const dark = shareWhere(pal, (p) => p.l < 22);
  const light = shareWhere(pal, (p) => p.l > 85);
  // Gold reads as gold only bright and saturated (#c9a227: L 70, C 60); bronze and brown wood are not gold.
  const gold = shareWhere(
    pal,
    (p, e) => ['gold', 'champagne'].includes(e.name) || (hueOf(p.a, p.b) > 65 && hueOf(p.a, p.b) < 100 && chroma(p) > 35 && p.l > 55 && p.l < 85),
  );
  const brown = shareWhere(pal, (p) => hueOf(p.a, p.b) > 25 && hueOf(p.a, p.b) < 95 && p.l < 62 && chroma(p) > 8 && chroma(p) < 55);
  const green = shareWhere(pal, (p) => hueOf(p.a, p.b) > 95 && hueOf(p.a, p.b) < 200 && chroma(p) > 12);
  const pastel = shareWhere(pal, (p) => p.l > 72 && chroma(p) > 8 && chroma(p) < 40);
  const hues = new Set(significant.filter((e) => chroma(e.lab) > 25).map((e) => Math.floor(hueOf(e.lab.a, e.lab.b) / 60)));
  const lRange = significant.length ? Math.max(...significant.map((e) => e.lab.l)) - Math.min(...significant.map((e) => e.lab.l)) : 0;
  const warm = shareWhere(pal, (p) => chroma(p) > 6 && (hueOf(p.a, p.b) < 100 || hueOf(p.a, p.b) > 330));
  const few = significant.length <= 3 ? 1 : significant.length === 4 ? 0.6 : 0.2;
  const scores: Record<string, number> = {
    minimalist: few * flat,
    bold: Math.min(1, vivid * 1.3) * (lRange > 30 ? 1 : 0.7),
    playful: hues.size >= 3 && meanC > 30 ? 0.5 + 0.1 * hues.size : 0,
    luxury: dark >= 0.15 && gold >= 0.03 ? 0.6 + Math.min(0.35, dark * 0.5 + gold) : 0,
    elegant: dark > 0.35 && meanC < 15 ? 0.4 + dark * 0.5 : 0,
    organic: Math.min(1, (brown + green) * 1.2) * (vivid < 0.3 ? 1 : 0.5),
    botanical: green > 0.25 ? 0.4 + green * 0.6 : 0,
    vintage: meanC > 8 && meanC < 30 && warm > 0.5 && lRange < 60 ? 0.45 + (0.3 * (60 - lRange)) / 60 : 0,
    scandinavian: light > 0.5 && meanC < 12 ? 0.4 + light * 0.4 : 0,
    // Colour moods the design engine's colour words understand.
    pastel: pastel > 0.4 ? 0.4 + pastel * 0.5 : 0,
    monochrome: meanC < 5 ? 0.9 : significant.length && hues.size <= 1 && meanC < 12 ? 0.5 : 0,
    vibrant: vivid > 0.35 ? 0.4 + vivid * 0.5 : 0,
    earthy: brown + green > 0.4 && vivid < 0.2 ? 0.4 + (brown + green) * 0.4 : 0,
  };
  // The category a palette most suggests, weaker than any style reading.
  const category =
    brown > 0.3
      ? 'food-beverages'
      : pastel > 0.4
        ? 'baby-toys'
        : dark > 0.3 && gold > 0.03
          ? 'fashion-beauty'
          : light > 0.5 && meanC < 20
            ? 'health-personal-care'
            : null;
  const out = Object.entries(scores).map(([tag, score]) => ({ tag, score }));
  if (category) out.push({ tag: category, score: MIN_SCORE });
  // Every style slug reported is the catalogue's own.
  return out.filter((t) => STYLE_TAGS.some((s) => s.slug === t.tag) || ['pastel', 'monochrome', 'vibrant', 'earthy'].includes(t.tag) || t.tag === category);
}
