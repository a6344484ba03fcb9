/**
 * Text to image, locally: the procedural scene engine (12 families) chooses the family from the
 * prompt's words (else the style's families, picked by the seed), the palette from its colour
 * words (else the style's), and the style's and the prompt's grade words grade it. Rendered at the
 * aspect ratio with the long side asked for; deterministic for a seed (default: a hash of the prompt).
 */
import type { AspectRatio, SceneFamily } from '@packsmith/contracts';
import { Rng, hash32, renderScene } from '@packsmith/design-engine/creative';
import sharp from 'sharp';
import { findGrades, gradeLab } from './creative/grades.js';
import { hexToLab, labToRgbInto, rgbToLab, type LabPixel } from './creative/lab.js';
import { applyLut, bakeLut } from './creative/lut.js';
import { STYLE_LOOKS, familyFromWords, styleLook } from './creative/scene-words.js';
import { findColour, promptWords } from './creative/words.js';
import type { PromptResult, TextToImageOptions } from './types.js';

/** Width and height for an aspect ratio and a long side. */
export function aspectSize(aspect: AspectRatio, longSide: number): { width: number; height: number } {
  const [aw, ah] = aspect.split(':').map(Number) as [number, number];
  const L = Math.max(64, Math.round(longSide));
  return aw >= ah ? { width: L, height: Math.round((L * ah) / aw) } : { width: Math.round((L * aw) / ah), height: L };
}

/** A style named in the prompt ("a luxury scene") when the caller left it on auto. */
function styleFromWords(prompt: string): string {
  const words = promptWords(prompt);
  return Object.keys(STYLE_LOOKS).find((s) => s !== 'auto' && words.includes(s)) ?? 'auto';
}

/** The family a prompt and style choose (exported for the tests and the note). */
export function chooseFamily(prompt: string, style: string, seed: number): { family: SceneFamily; because: string } {
  const named = familyFromWords(prompt);
  if (named) return { family: named.family, because: `"${named.word}"` };
  const look = styleLook(style);
  return { family: new Rng(`t2i/${seed}`).pick(look.families), because: style === 'auto' ? 'the seed' : `the ${style} style` };
}

/**
 * The "product" colour to give the scene engine for a wanted scene colour: the engine sets scenes
 * off against the product (a deep product on a light set), so a light wanted colour is passed as a
 * deep one of the same hue, and a deep wanted colour as a pale one.
 */
function productFor(target: LabPixel): string {
  const px = new Uint8Array(3);
  if (target.l >= 55) labToRgbInto(28, target.a * 0.6, target.b * 0.6, px, 0);
  else labToRgbInto(92, target.a * 0.3, target.b * 0.3, px, 0);
  return `#${[...px].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** How far to move the scene's lightness towards a wanted colour's (half the gap to its mean L; none for mid tones). */
function lightnessShift(rgb: Uint8Array, wantedL: number): number {
  if (wantedL > 35 && wantedL < 70) return 0;
  let sum = 0;
  let n = 0;
  for (let i = 0; i < rgb.length; i += 3 * 16) {
    sum += rgbToLab(rgb[i] ?? 0, rgb[i + 1] ?? 0, rgb[i + 2] ?? 0).l;
    n++;
  }
  const mean = n ? sum / n : 50;
  return (wantedL - mean) * 0.5;
}

export async function textToImage(prompt: string, options: TextToImageOptions): Promise<PromptResult> {
  options.signal?.throwIfAborted();
  const style = options.style && options.style !== 'auto' ? options.style : styleFromWords(prompt);
  const seed = options.seed ?? hash32(`${prompt}|${style}`);
  const look = styleLook(style);
  const { family, because } = chooseFamily(prompt, style, seed);
  const grades = findGrades(`${prompt} ${look.grade}`);
  const colour = findColour(grades.rest);
  const { width, height } = aspectSize(options.aspect, options.longSide ?? 1024);
  // The scene engine renders 1:1, 4:3 and 3:4; wider and taller ratios are cropped from the nearest.
  const sceneAspect = width === height ? '1:1' : width > height ? '4:3' : '3:4';
  const scene = await renderScene({
    family,
    seed: seed % 1_000_000,
    palette: colour ? [productFor(hexToLab(colour.hex))] : look.palette ? [look.palette] : undefined,
    size: Math.max(width, height),
    aspect: sceneAspect,
  });
  options.onProgress?.(0.7);
  const { data, info } = await sharp(scene.png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const left = Math.floor((info.width - width) / 2);
  const top = Math.floor((info.height - height) / 2);
  let rgb: Uint8Array = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) rgb.set(data.subarray(((top + y) * info.width + left) * 3, ((top + y) * info.width + left + width) * 3), y * width * 3);
  // The named colour as a cast in the mid tones (the scene engine picks backdrop colours to flatter a product, not to match a word).
  const target = colour ? hexToLab(colour.hex) : null;
  // A light or deep colour word sets the scene's lightness too: "white marble" must read white.
  const lift = target ? lightnessShift(rgb, target.l) : 0;
  if (target || grades.words.length) {
    rgb = applyLut(
      rgb,
      bakeLut((r, g, b, out) => {
        const p = rgbToLab(r, g, b);
        let [l, a, bb] = [p.l, p.a, p.b];
        if (target) {
          const k = 0.5 * Math.max(0.2, 1 - Math.abs(l - 60) / 60);
          a += (target.a - a) * k;
          bb += (target.b - bb) * k;
          // Highlights and shadows keep some of their range, so the texture stays.
          l += lift * (1 - Math.abs(l - 50) / 110);
        }
        if (grades.words.length) [l, a, bb] = gradeLab(grades.grade, l, a, bb);
        const px = new Uint8Array(3);
        labToRgbInto(Math.min(100, Math.max(0, l)), a, bb, px, 0);
        out.set(px);
      }),
    );
  }
  options.onProgress?.(1);
  const parts = [`a ${family.replace(/_/g, ' ')} scene (${scene.meta.variant}) chosen from ${because}`];
  if (colour) parts.push(`in ${colour.name} tones`);
  if (grades.words.length) parts.push(`with a ${grades.words.join(' and ')} grade`);
  return { image: { data: rgb, width, height }, note: `Rendered ${parts.join(', ')}, at ${width}×${height}.` };
}
