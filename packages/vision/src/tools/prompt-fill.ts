/**
 * The masked area painted as the prompt says, locally: a named colour (a Lab fill keeping the
 * image's own shading), a material (the scene families' texture, shaded by the image's light),
 * an element of the icon set (drawn over a fill from the surroundings), else a fill from the
 * surroundings alone. Never a silent no-op: the note says which of these was done.
 */
import { colorName, hash32, materialTexture } from '@packsmith/design-engine/creative';
import { diffuseFill } from './creative/diffuse.js';
import { iconCoverage } from './creative/icon.js';
import { type LabPixel, hexToLab, labToRgbInto, rgbHex, rgbToLab } from './creative/lab.js';
import { type Bounds, featherAlpha, maskBounds, selected } from './creative/mask.js';
import { blendInto, grow, lightnessOver, regionStats, selectedMean } from './creative/region.js';
import { type PromptColour, contentWords, findColour, findIcon, findMaterial } from './creative/words.js';
import type { Mask, PromptResult, RgbImage, ToolRunOptions } from './types.js';

/** Feather outside the selection, px: the fill melts in over this much and nothing further moves. */
const FEATHER = 2;

export async function fillFromPrompt(image: RgbImage, mask: Mask, prompt: string, options: ToolRunOptions = {}): Promise<PromptResult> {
  if (mask.width !== image.width || mask.height !== image.height) throw new Error('fillFromPrompt: the mask must be the size of the image');
  options.signal?.throwIfAborted();
  const bounds = maskBounds(mask);
  if (!bounds) return { image: { ...image, data: new Uint8Array(image.data) }, note: 'Nothing was selected, so the image is unchanged.' };
  const area = grow(bounds, FEATHER, image.width, image.height);
  const alpha = featherAlpha(mask, FEATHER, area);
  const material = findMaterial(prompt);
  const icon = findIcon(prompt);
  // The word that names the icon is not also its colour ("add a coffee" is a cup, not brown paint).
  const said = findColour(prompt);
  const colour = said && icon && said.name.split(' ').includes(icon.word) ? findColour(prompt.replace(new RegExp(`\\b${icon.word}\\b`, 'i'), '')) : said;
  const seed = options.seed ?? hash32(prompt);
  let data: Uint8Array;
  let note: string;
  if (material) {
    data = blendInto(image, materialFill(image, mask, area, material.material, colour, seed), area, alpha);
    note = `Filled the area with ${colour ? `${colour.name} ` : ''}${material.word} texture, shaded to match the image.`;
  } else if (icon) {
    const drawn = iconFill(image, mask, bounds, area, alpha, icon.icon, colour);
    data = drawn.data;
    note = `Filled the area from its surroundings and drew a ${icon.word} in ${drawn.colourName}.`;
  } else if (colour) {
    data = blendInto(image, colourFill(image, mask, area, colour), area, alpha);
    note = `Painted the area in ${colour.name}.`;
  } else {
    data = blendInto(image, crop(diffuseFill(image, mask), image.width, area), area, alpha);
    const words = contentWords(prompt);
    note = words.length
      ? `Did not recognise a colour, material or object in "${words.join(' ')}", so the area was filled from its surroundings.`
      : 'Filled the area from its surroundings.';
  }
  options.onProgress?.(1);
  return { image: { data, width: image.width, height: image.height }, note };
}

/**
 * The named colour with the image's shading: the target's a/b, and its L plus each pixel's
 * departure from the selection's mean lightness (compressed near black and white so the detail
 * is not clipped away).
 */
function colourFill(image: RgbImage, mask: Mask, area: Bounds, colour: PromptColour): Uint8Array {
  const target = hexToLab(colour.hex);
  const L = lightnessOver(image, area);
  const mean = selectedMean(L, mask, area);
  const room = Math.min(target.l, 100 - target.l);
  const k = Math.min(1, Math.max(0.35, room / 30));
  const out = new Uint8Array(area.width * area.height * 3);
  for (let i = 0; i < L.length; i++) labToRgbInto(target.l + ((L[i] as number) - mean) * k, target.a, target.b, out, i * 3);
  return out;
}

/**
 * The material's texture, its tone moved to the named colour (or half way to its
 * surroundings, so a pale marble darkens in a dim scene), shaded by the image's own light.
 */
function materialFill(
  image: RgbImage,
  mask: Mask,
  area: Bounds,
  material: Parameters<typeof materialTexture>[0],
  colour: PromptColour | null,
  seed: number,
): Uint8Array {
  const tex = materialTexture(material, area.width, area.height, seed % 1_000_000);
  const n = area.width * area.height;
  const texLab: LabPixel[] = new Array<LabPixel>(n);
  const mean = { l: 0, a: 0, b: 0 };
  for (let i = 0; i < n; i++) {
    const p = rgbToLab(tex.data[i * 3] as number, tex.data[i * 3 + 1] as number, tex.data[i * 3 + 2] as number);
    texLab[i] = p;
    mean.l += p.l / n;
    mean.a += p.a / n;
    mean.b += p.b / n;
  }
  const stats = regionStats(image, mask, grow(area, 6, image.width, image.height));
  const aim = colour
    ? hexToLab(colour.hex)
    : { l: mean.l + (stats.ring.l - mean.l) / 3, a: mean.a + (stats.ring.a - mean.a) / 6, b: mean.b + (stats.ring.b - mean.b) / 6 };
  const L = lightnessOver(image, area);
  const lit = selectedMean(L, mask, area);
  const out = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) {
    const p = texLab[i] as LabPixel;
    const l = aim.l + (p.l - mean.l) + ((L[i] as number) - lit) * 0.5;
    labToRgbInto(l, aim.a + (p.a - mean.a), aim.b + (p.b - mean.b), out, i * 3);
  }
  return out;
}

/**
 * The hole filled from its surroundings, then the icon drawn across 80 % of it in the named
 * colour (or a deep or pale tone of the surroundings' hue, whichever stands out), shaded by a
 * little of the image's original light.
 */
function iconFill(
  image: RgbImage,
  mask: Mask,
  bounds: Bounds,
  area: Bounds,
  alpha: Float32Array,
  icon: string,
  colour: PromptColour | null,
): { data: Uint8Array; colourName: string } {
  const base: RgbImage = { data: diffuseFill(image, mask), width: image.width, height: image.height };
  const stats = regionStats(base, mask, bounds);
  const ground = stats.inside;
  let ink = colour
    ? hexToLab(colour.hex)
    : { l: ground.l > 55 ? Math.max(12, ground.l - 55) : Math.min(96, ground.l + 55), a: ground.a * 1.6, b: ground.b * 1.6 };
  // Too close in lightness to read: the colour keeps its hue, its lightness moves away from the ground.
  if (Math.abs(ink.l - ground.l) < 30) ink = { ...ink, l: ground.l > 50 ? Math.max(5, ground.l - 40) : Math.min(97, ground.l + 40) };
  const inkRgb = new Uint8Array(3);
  labToRgbInto(ink.l, ink.a, ink.b, inkRgb, 0);
  const name = colour?.name ?? colorName(rgbHex(inkRgb[0] as number, inkRgb[1] as number, inkRgb[2] as number));
  const size = Math.max(8, Math.round(Math.min(bounds.width, bounds.height) * 0.8));
  const cover = iconCoverage(icon, size);
  const ox = Math.round(bounds.x + (bounds.width - size) / 2);
  const oy = Math.round(bounds.y + (bounds.height - size) / 2);
  const L = lightnessOver(image, area);
  const lit = selectedMean(L, mask, area);
  const fill = new Uint8Array(area.width * area.height * 3);
  const px = new Uint8Array(3);
  for (let y = 0; y < area.height; y++) {
    for (let x = 0; x < area.width; x++) {
      const gi = (area.y + y) * image.width + area.x + x;
      const li = y * area.width + x;
      const ix = area.x + x - ox;
      const iy = area.y + y - oy;
      const c = ix >= 0 && iy >= 0 && ix < size && iy < size && selected(mask, gi) ? (cover[iy * size + ix] as number) : 0;
      for (let ch = 0; ch < 3; ch++) fill[li * 3 + ch] = base.data[gi * 3 + ch] as number;
      if (c <= 0) continue;
      labToRgbInto(ink.l + ((L[li] as number) - lit) * 0.3, ink.a, ink.b, px, 0);
      for (let ch = 0; ch < 3; ch++) {
        const b = fill[li * 3 + ch] as number;
        fill[li * 3 + ch] = Math.round(b + ((px[ch] as number) - b) * c);
      }
    }
  }
  return { data: blendInto(image, fill, area, alpha), colourName: name };
}

/** The area's pixels of a full-size RGB buffer. */
function crop(data: Uint8Array, width: number, area: Bounds): Uint8Array {
  const out = new Uint8Array(area.width * area.height * 3);
  for (let y = 0; y < area.height; y++) {
    const s = ((area.y + y) * width + area.x) * 3;
    out.set(data.subarray(s, s + area.width * 3), y * area.width * 3);
  }
  return out;
}
