/**
 * The image recoloured, graded or enhanced as the prompt's words say (edit/image, image2image):
 * a named colour turns the dominant hue family to it (Lab, lightness kept), grade words (warm,
 * vintage, black and white, moody, golden hour…) grade it, several combine; with neither, a
 * gentle auto-enhance and a note naming the words not understood. Always a visible change.
 */
import { colorName } from '@packsmith/design-engine/creative';
import { findGrades, gradeLab, NEUTRAL, type Grade } from './creative/grades.js';
import { dominantHue, hueSwap } from './creative/hue-swap.js';
import { hexToLab, labToRgbInto, rgbToLab } from './creative/lab.js';
import { applyLut, bakeLut } from './creative/lut.js';
import { contentWords, findColour } from './creative/words.js';
import type { PromptResult, RgbImage, ToolRunOptions } from './types.js';

type LabMap = (l: number, a: number, b: number) => [number, number, number];

export async function editFromPrompt(image: RgbImage, prompt: string, options: ToolRunOptions = {}): Promise<PromptResult> {
  options.signal?.throwIfAborted();
  // Grade phrases first: "golden hour" and "black and white" are grades, not colours to swap to.
  const { words: gradeWords, grade, rest } = findGrades(prompt);
  const colour = findColour(rest);
  const steps: LabMap[] = [];
  const said: string[] = [];
  if (colour) {
    const family = dominantHue(image.data);
    steps.push(hueSwap(family, hexToLab(colour.hex)));
    said.push(
      family.chromatic < 0.08 ? `tinted the image ${colour.name}` : `turned its ${colorName(family.hex)} tones ${colour.name}, keeping the light and shading`,
    );
  }
  if (gradeWords.length) {
    steps.push((l, a, b) => gradeLab(grade, l, a, b));
    said.push(`applied a ${gradeWords.join(' and ')} grade`);
  }
  let note: string;
  let vignette = grade.vignette;
  if (steps.length === 0) {
    steps.push(autoEnhance(image.data));
    vignette = 0;
    const words = contentWords(rest);
    note = words.length
      ? `Did not understand "${words.join(' ')}"; gave the image a gentle enhance (contrast and colour) instead.`
      : 'Gave the image a gentle enhance (contrast and colour).';
  } else {
    note = `${capitalise(said.join('; '))}.`;
  }
  let data = applyLut(image.data, bakeLut(labPipeline(steps)));
  if (vignette > 0) data = applyVignette(data, image.width, image.height, vignette);
  // A grade that barely moves this image (a warm grade on a warm photo): strengthen it once, never a no-op.
  if (meanChange(image.data, data) < 1.5)
    data = applyLut(data, bakeLut(labPipeline([(l, a, b) => gradeLab({ ...NEUTRAL, contrast: 1.12, chroma: 1.2 }, l, a, b)])));
  options.onProgress?.(1);
  return { image: { data, width: image.width, height: image.height }, note };
}

function labPipeline(steps: readonly LabMap[]) {
  return (r: number, g: number, b: number, out: Float32Array) => {
    const p = rgbToLab(r, g, b);
    let v: [number, number, number] = [p.l, p.a, p.b];
    for (const s of steps) v = s(v[0], v[1], v[2]);
    const px = new Uint8Array(3);
    labToRgbInto(Math.min(100, Math.max(0, v[0])), v[1], v[2], px, 0);
    out[0] = px[0] as number;
    out[1] = px[1] as number;
    out[2] = px[2] as number;
  };
}

/** Lightness stretched between its 1st and 99th percentiles (two thirds of the way), colour a little richer. */
function autoEnhance(data: Uint8Array): LabMap {
  const hist = new Uint32Array(101);
  const n = data.length / 3;
  const stride = Math.max(1, Math.floor(n / 65536));
  let count = 0;
  for (let i = 0; i < n; i += stride) {
    hist[Math.round(rgbToLab(data[i * 3] as number, data[i * 3 + 1] as number, data[i * 3 + 2] as number).l)]! += 1;
    count++;
  }
  const at = (q: number) => {
    let s = 0;
    for (let k = 0; k <= 100; k++) {
      s += hist[k] as number;
      if (s >= q * count) return k;
    }
    return 100;
  };
  const lo = at(0.01);
  const hi = Math.max(lo + 10, at(0.99));
  const g: Grade = { ...NEUTRAL, chroma: 1.15 };
  return (l, a, b) => {
    const stretched = 2 + ((l - lo) / (hi - lo)) * 96;
    const [, a2, b2] = gradeLab(g, l, a, b);
    return [l + (stretched - l) * 0.67, a2, b2];
  };
}

function applyVignette(data: Uint8Array, width: number, height: number, strength: number): Uint8Array {
  const out = new Uint8Array(data.length);
  const cx = width / 2;
  const cy = height / 2;
  const r2 = cx * cx + cy * cy;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = ((x - cx) ** 2 + (y - cy) ** 2) / r2;
      const k = 1 - strength * d * d;
      const i = (y * width + x) * 3;
      out[i] = (data[i] as number) * k;
      out[i + 1] = (data[i + 1] as number) * k;
      out[i + 2] = (data[i + 2] as number) * k;
    }
  }
  return out;
}

function meanChange(a: Uint8Array, b: Uint8Array): number {
  let s = 0;
  let n = 0;
  const step = Math.max(3, Math.floor(a.length / 3 / 65536) * 3);
  for (let i = 0; i < a.length; i += step) {
    s +=
      Math.abs((a[i] as number) - (b[i] as number)) +
      Math.abs((a[i + 1] as number) - (b[i + 1] as number)) +
      Math.abs((a[i + 2] as number) - (b[i + 2] as number));
    n += 3;
  }
  return n ? s / n : 0;
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
