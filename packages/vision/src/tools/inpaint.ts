/**
 * Erase: fills the masked pixels from the image itself, one connected hole at a time, on a crop
 * around it (a small hole in a 2048 px photo costs what a small hole costs).
 *
 * The method rule ('auto'), per connected hole: a hole is thin when at most THIN_CORE_PX of its
 * pixels lie deeper than THIN_RADIUS px inside it (chamfer depth, the edge pixel being 1: a brush
 * stroke up to 13 px wide, a scratch, a dust speck, a disc up to ~20 px across; where strokes
 * cross, the junction is a little deeper, hence a few pixels' allowance instead of "the inscribed
 * radius is at most 6"). A thick hole that is mostly thin (a stroke curled over itself) is split:
 * its thin part by Telea, only the knot by synthesis. Thin holes are filled by OpenCV's Telea
 * diffusion, exact enough across a few pixels and milliseconds; anything thicker by exemplar
 * synthesis (patchmatch.ts), because diffusion across a wide hole is a visible smooth smear in any
 * texture. The brush hint is not needed: the mask's own thickness is measured. See docs/DECISIONS.md.
 */
import { findHoles, binaryMask, splitThick, type Hole } from './holes.js';
import { loadToolsCv, withMats } from './cv.js';
import { NoSourcePatches, synthesizeHole } from './patchmatch.js';
import { smoothTrend } from './trend.js';
import type { InpaintMethod, InpaintOptions, InpaintResult, Mask, RgbImage } from './types.js';

/** Depth (px from the hole's edge) beyond which a pixel belongs to a "thick" part. */
export const THIN_RADIUS = 7;
/** A hole with at most this many pixels deeper than THIN_RADIUS is a thin stroke under 'auto'. */
export const THIN_CORE_PX = 48;

/** The 'auto' rule (see the file's comment). */
export const isThin = (hole: Pick<Hole, 'deep'>): boolean => hole.deep <= THIN_CORE_PX;

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

interface Crop {
  x0: number;
  y0: number;
  w: number;
  h: number;
}

function cropAround(hole: Hole, margin: number, width: number, height: number): Crop {
  const x0 = Math.max(0, hole.x0 - margin);
  const y0 = Math.max(0, hole.y0 - margin);
  const x1 = Math.min(width, hole.x1 + margin);
  const y1 = Math.min(height, hole.y1 + margin);
  return { x0, y0, w: x1 - x0, h: y1 - y0 };
}

/** The crop's pixels and its still-unfilled mask (other holes in the crop are no source either). */
function cut(out: Uint8Array, pending: Uint8Array, width: number, c: Crop): { rgb: Uint8Array; hole: Uint8Array } {
  const rgb = new Uint8Array(c.w * c.h * 3);
  const hole = new Uint8Array(c.w * c.h);
  for (let y = 0; y < c.h; y++) {
    const row = (c.y0 + y) * width + c.x0;
    rgb.set(out.subarray(row * 3, (row + c.w) * 3), y * c.w * 3);
    hole.set(pending.subarray(row, row + c.w), y * c.w);
  }
  return { rgb, hole };
}

/** Telea's (or Navier–Stokes') radius: the stroke's half-width plus a little context. */
const diffusionRadius = (hole: Hole): number => Math.min(12, Math.max(3, Math.round(hole.radius) + 2));

async function fillByDiffusion(out: Uint8Array, pending: Uint8Array, width: number, height: number, hole: Hole, method: 'telea' | 'ns'): Promise<void> {
  const cv = await loadToolsCv();
  const radius = diffusionRadius(hole);
  const c = cropAround(hole, radius + 2, width, height);
  const { rgb, hole: m } = cut(out, pending, width, c);
  // Diffusion on the detrended crop: Telea's weighting is isotropic, so on a gradient it rounds
  // the stroke's fill towards the mean of its rim; the trend surface carries the slope instead.
  const trend = smoothTrend(Float32Array.from(rgb), m, c.w, c.h);
  for (let i = 0; i < rgb.length; i++) rgb[i] = Math.min(255, Math.max(0, Math.round(rgb[i]! - trend[i]! + 128)));
  for (let i = 0; i < m.length; i++) m[i] = m[i] ? 255 : 0;
  const filled = withMats((keep) => {
    const src = keep(cv.matFromArray(c.h, c.w, cv.CV_8UC3, rgb));
    const mask = keep(cv.matFromArray(c.h, c.w, cv.CV_8UC1, m));
    const dst = keep(new cv.Mat());
    cv.inpaint(src, mask, dst, radius, method === 'ns' ? cv.INPAINT_NS : cv.INPAINT_TELEA);
    return Uint8Array.from(dst.data);
  });
  writeBack(out, width, c, hole, (i) => Math.min(255, Math.max(0, Math.round(filled[i]! + trend[i]! - 128))));
}

function writeBack(out: Uint8Array, width: number, c: Crop, hole: Hole, value: (cropChannelIndex: number) => number): void {
  for (const p of hole.pixels) {
    const x = (p % width) - c.x0;
    const y = Math.floor(p / width) - c.y0;
    const q = (y * c.w + x) * 3;
    out[p * 3] = value(q);
    out[p * 3 + 1] = value(q + 1);
    out[p * 3 + 2] = value(q + 2);
  }
}

/** Context around a large hole: enough known texture to copy from, bounded so the search stays cheap. */
const synthesisMargin = (hole: Hole): number => Math.min(384, Math.max(32, Math.round(0.75 * Math.max(hole.x1 - hole.x0, hole.y1 - hole.y0))));

async function fillBySynthesis(
  out: Uint8Array,
  pending: Uint8Array,
  width: number,
  height: number,
  hole: Hole,
  seed: number,
  options: InpaintOptions,
  onProgress: (f: number) => void,
): Promise<void> {
  const c = cropAround(hole, synthesisMargin(hole), width, height);
  const { rgb, hole: m } = cut(out, pending, width, c);
  const img = Float32Array.from(rgb);
  const trend = smoothTrend(img, m, c.w, c.h);
  for (let i = 0; i < img.length; i++) img[i] = img[i]! - trend[i]!;
  await synthesizeHole(img, m, c.w, c.h, hole.radius, { seed, signal: options.signal, onProgress });
  writeBack(out, width, c, hole, (i) => Math.round(Math.min(255, Math.max(0, img[i]! + trend[i]!))));
}

export async function inpaint(image: RgbImage, mask: Mask, options: InpaintOptions = {}): Promise<InpaintResult> {
  const { width, height } = image;
  if (mask.width !== width || mask.height !== height) throw new Error(`inpaint: mask ${mask.width}×${mask.height} differs from image ${width}×${height}`);
  if (image.data.length !== width * height * 3) throw new Error('inpaint: image must be RGB, 3 bytes a pixel');
  throwIfAborted(options.signal);
  const pending = binaryMask(mask);
  const holes = findHoles(pending, width, height, THIN_RADIUS);
  const out = Uint8Array.from(image.data);
  const asked = options.method ?? 'auto';
  const choose = (h: Hole): InpaintMethod => (asked !== 'auto' ? asked : isThin(h) ? 'telea' : 'patchmatch');
  // Thin strokes first: a large hole next to a stroke then copies from the repaired stroke.
  const plan = holes
    .flatMap((hole): Array<{ hole: Hole; method: InpaintMethod }> => {
      const method = choose(hole);
      const parts = asked === 'auto' && method === 'patchmatch' ? splitThick(hole, width, THIN_RADIUS) : null;
      return parts
        ? [
            { hole: parts.thin, method: 'telea' },
            { hole: parts.thick, method },
          ]
        : [{ hole, method }];
    })
    .sort((a, b) => Number(a.method === 'patchmatch') - Number(b.method === 'patchmatch'));
  const total = plan.reduce((a, p) => a + p.hole.pixels.length * (p.method === 'patchmatch' ? 20 : 1), 0);
  let done = 0;
  const regions: NonNullable<InpaintResult['regions']> = [];
  const seed0 = options.seed ?? 0x1a2b3c;
  for (let k = 0; k < plan.length; k++) {
    throwIfAborted(options.signal);
    const { hole } = plan[k]!;
    let method = plan[k]!.method;
    const cost = hole.pixels.length * (method === 'patchmatch' ? 20 : 1);
    if (method === 'patchmatch') {
      try {
        await fillBySynthesis(out, pending, width, height, hole, seed0 + 7919 * k, options, (f) => options.onProgress?.((done + f * cost) / total));
      } catch (err) {
        if (!(err instanceof NoSourcePatches)) throw err;
        // Nothing whole to copy from (a hole filling almost the whole image): diffuse instead.
        method = 'telea';
        await fillByDiffusion(out, pending, width, height, hole, 'telea');
      }
    } else {
      await fillByDiffusion(out, pending, width, height, hole, method);
    }
    for (const p of hole.pixels) pending[p] = 0;
    regions.push({ box: { x: hole.x0, y: hole.y0, width: hole.x1 - hole.x0, height: hole.y1 - hole.y0 }, method, radius: hole.radius, deep: hole.deep });
    done += cost;
    options.onProgress?.(done / total);
  }
  const used = new Set(regions.map((r) => r.method));
  const method: InpaintMethod = used.has('patchmatch')
    ? 'patchmatch'
    : used.has('ns')
      ? 'ns'
      : used.has('telea')
        ? 'telea'
        : asked === 'auto'
          ? 'telea'
          : asked;
  options.onProgress?.(1);
  return { image: { data: out, width, height }, method, regions };
}
