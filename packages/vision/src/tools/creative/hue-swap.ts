/**
 * "Make it blue": the image's dominant hue family (the chroma-weighted peak of its hue histogram)
 * turned to the named colour in Lab, lightness untouched, so shading and texture stay. Hues near
 * the peak move fully, further ones fade out of the change; greys stay grey. An image with
 * almost no colour is tinted instead, mostly in its mid tones.
 */
import { type LabPixel, hueOf, labToRgbInto, rgbHex, rgbToLab } from './lab.js';

export interface HueFamily {
  /** Peak hue, degrees. */
  hue: number;
  /** Mean chroma of the family's pixels. */
  chroma: number;
  /** Share of the image's pixels with a colour at all (chroma > 10). */
  chromatic: number;
  /** A representative colour of the family (for the note). */
  hex: string;
}

const BINS = 36;

/** The dominant hue family of an RGB image, measured on a subsample. */
export function dominantHue(data: Uint8Array): HueFamily {
  const hist = new Float64Array(BINS);
  const n = data.length / 3;
  const stride = Math.max(1, Math.floor(n / 65536));
  let seen = 0;
  let chromatic = 0;
  const samples: LabPixel[] = [];
  for (let i = 0; i < n; i += stride) {
    const p = rgbToLab(data[i * 3] as number, data[i * 3 + 1] as number, data[i * 3 + 2] as number);
    seen++;
    const c = Math.hypot(p.a, p.b);
    if (c <= 10) continue;
    chromatic++;
    samples.push(p);
    const bin = Math.floor(hueOf(p.a, p.b) / (360 / BINS)) % BINS;
    hist[bin] = (hist[bin] as number) + c;
  }
  let best = 0;
  let bestScore = -1;
  for (let k = 0; k < BINS; k++) {
    let s = 0;
    for (let d = -2; d <= 2; d++) s += (hist[(k + d + BINS) % BINS] as number) * (3 - Math.abs(d));
    if (s > bestScore) {
      bestScore = s;
      best = k;
    }
  }
  const hue = (best + 0.5) * (360 / BINS);
  let cs = 0;
  let cn = 0;
  const mean = { l: 0, a: 0, b: 0 };
  for (const p of samples) {
    if (hueDistance(hueOf(p.a, p.b), hue) > 35) continue;
    cs += Math.hypot(p.a, p.b);
    cn++;
    mean.l += p.l;
    mean.a += p.a;
    mean.b += p.b;
  }
  const px = new Uint8Array(3);
  if (cn) labToRgbInto(mean.l / cn, mean.a / cn, mean.b / cn, px, 0);
  return { hue, chroma: cn ? cs / cn : 0, chromatic: seen ? chromatic / seen : 0, hex: rgbHex(px[0] as number, px[1] as number, px[2] as number) };
}

export const hueDistance = (a: number, b: number): number => {
  const d = Math.abs(a - b) % 360;
  return d > 180 ? 360 - d : d;
};

const smooth = (e0: number, e1: number, x: number) => {
  const t = Math.min(1, Math.max(0, (x - e0) / (e1 - e0)));
  return t * t * (3 - 2 * t);
};

/** The hue swap as a per-colour Lab transform. */
export function hueSwap(family: HueFamily, target: LabPixel): (l: number, a: number, b: number) => [number, number, number] {
  const tc = Math.hypot(target.a, target.b);
  const th = hueOf(target.a, target.b);
  if (family.chromatic < 0.08) {
    // A near-grey image: a tint, strongest in the mid tones, never past the target's own chroma.
    return (l, a, b) => {
      const k = 0.55 * (1 - Math.abs(l - 55) / 70);
      return [l, a + (target.a - a) * Math.max(0.15, k), b + (target.b - b) * Math.max(0.15, k)];
    };
  }
  const scale = Math.min(1.8, Math.max(0.5, tc / Math.max(8, family.chroma)));
  return (l, a, b) => {
    const c = Math.hypot(a, b);
    const w = (1 - smooth(35, 70, hueDistance(hueOf(a, b), family.hue))) * smooth(4, 12, c);
    if (w <= 0) return [l, a, b];
    // Achromatic targets (white, grey, black) take the chroma away rather than rotating it.
    const c2 = tc < 8 ? c * (1 - w) + tc * w : c * (1 + w * (scale - 1));
    const h = tc < 8 ? hueOf(a, b) : hueOf(a, b) + w * signedHueStep(family.hue, th);
    const rad = (h * Math.PI) / 180;
    return [l, c2 * Math.cos(rad), c2 * Math.sin(rad)];
  };
}

/** The signed shortest turn from hue a to hue b, degrees. */
function signedHueStep(a: number, b: number): number {
  return ((((b - a) % 360) + 540) % 360) - 180;
}
