/**
 * An image's palette: k-means in Lab over a subsample (farthest-point seeding, so one image always
 * gives the same palette), each cluster named by the nearest catalogue colour (CIEDE2000), clusters
 * of one name merged, small ones dropped.
 */
import { COLOUR_TAGS } from '@packsmith/contracts';
import { ciede2000 } from '@packsmith/design-engine/delta-e';
import type { NamedColour, RgbImage } from '../types.js';
import { type LabPixel, hexToLab, labToRgbInto, rgbHex, rgbToLab } from './lab.js';

const K = 8;
const SAMPLES = 20000;
/** Shares below this are noise (antialiasing, a speck), not a colour of the image. */
const MIN_SHARE = 0.02;

const CATALOGUE = COLOUR_TAGS.map((c) => ({ name: c.slug, lab: hexToLab(c.hex) }));

export interface PaletteEntry extends NamedColour {
  lab: LabPixel;
}

/** Subsampled Lab pixels of the image (a regular grid), with the grid step. */
export function sampleLab(image: RgbImage): LabPixel[] {
  const n = image.width * image.height;
  const step = Math.max(1, Math.floor(n / SAMPLES));
  const out: LabPixel[] = [];
  for (let i = 0; i < n; i += step) out.push(rgbToLab(image.data[i * 3] as number, image.data[i * 3 + 1] as number, image.data[i * 3 + 2] as number));
  return out;
}

const d2 = (p: LabPixel, q: LabPixel) => (p.l - q.l) ** 2 + (p.a - q.a) ** 2 + (p.b - q.b) ** 2;

export function imagePalette(samples: readonly LabPixel[]): PaletteEntry[] {
  if (samples.length === 0) return [];
  const centres: LabPixel[] = [mean(samples)];
  const nearest = new Float64Array(samples.length).fill(Number.POSITIVE_INFINITY);
  while (centres.length < K) {
    const c = centres[centres.length - 1] as LabPixel;
    let far = 0;
    for (let i = 0; i < samples.length; i++) {
      nearest[i] = Math.min(nearest[i] as number, d2(samples[i] as LabPixel, c));
      if ((nearest[i] as number) > (nearest[far] as number)) far = i;
    }
    // Every sample within ΔE 4 of a centre: the image has no more colours to find.
    if ((nearest[far] as number) < 16) break;
    centres.push({ ...(samples[far] as LabPixel) });
  }
  const label = new Uint8Array(samples.length);
  for (let iter = 0; iter < 10; iter++) {
    const sums = centres.map(() => ({ l: 0, a: 0, b: 0, n: 0 }));
    for (let i = 0; i < samples.length; i++) {
      const p = samples[i] as LabPixel;
      let best = 0;
      let bd = Number.POSITIVE_INFINITY;
      for (let k = 0; k < centres.length; k++) {
        const d = d2(p, centres[k] as LabPixel);
        if (d < bd) {
          bd = d;
          best = k;
        }
      }
      label[i] = best;
      const s = sums[best] as { l: number; a: number; b: number; n: number };
      s.l += p.l;
      s.a += p.a;
      s.b += p.b;
      s.n++;
    }
    sums.forEach((s, k) => {
      if (s.n) centres[k] = { l: s.l / s.n, a: s.a / s.n, b: s.b / s.n };
    });
  }
  const counts = new Array<number>(centres.length).fill(0);
  for (const l of label) counts[l] = (counts[l] as number) + 1;
  const byName = new Map<string, { lab: LabPixel; share: number }>();
  centres.forEach((c, k) => {
    const share = (counts[k] as number) / samples.length;
    if (share <= 0) return;
    const name = nearestName(c);
    const prev = byName.get(name);
    if (!prev) byName.set(name, { lab: c, share });
    else {
      // Merged: the colour of the larger part stays the representative, shares add.
      if (share > prev.share) prev.lab = c;
      prev.share += share;
    }
  });
  const px = new Uint8Array(3);
  return [...byName.entries()]
    .filter(([, v]) => v.share >= MIN_SHARE)
    .sort((a, b) => b[1].share - a[1].share)
    .map(([name, v]) => {
      labToRgbInto(v.lab.l, v.lab.a, v.lab.b, px, 0);
      return { name, hex: rgbHex(px[0] as number, px[1] as number, px[2] as number), share: Math.round(v.share * 1000) / 1000, lab: v.lab };
    });
}

function mean(ps: readonly LabPixel[]): LabPixel {
  const m = { l: 0, a: 0, b: 0 };
  for (const p of ps) {
    m.l += p.l;
    m.a += p.a;
    m.b += p.b;
  }
  return { l: m.l / ps.length, a: m.a / ps.length, b: m.b / ps.length };
}

function nearestName(c: LabPixel): string {
  let best = CATALOGUE[0]?.name ?? 'grey';
  let bd = Number.POSITIVE_INFINITY;
  for (const e of CATALOGUE) {
    const d = ciede2000(c, e.lab);
    if (d < bd) {
      bd = d;
      best = e.name;
    }
  }
  return best;
}
