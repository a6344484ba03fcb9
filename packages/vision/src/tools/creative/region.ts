/** The pieces the prompt fill's modes share: the selection's Lab statistics and the feathered write-back. */
import type { Mask, RgbImage } from '../types.js';
import { type LabPixel, rgbToLab } from './lab.js';
import { type Bounds, selected } from './mask.js';

/** The bounds grown by `pad` px, clipped to the image. */
export function grow(b: Bounds, pad: number, width: number, height: number): Bounds {
  const x = Math.max(0, b.x - pad);
  const y = Math.max(0, b.y - pad);
  return { x, y, width: Math.min(width, b.x + b.width + pad) - x, height: Math.min(height, b.y + b.height + pad) - y };
}

export interface RegionStats {
  /** Mean Lab of the selected pixels. */
  inside: LabPixel;
  /** Mean Lab of the unselected pixels around the selection (the ring it must sit in). */
  ring: LabPixel;
}

export function regionStats(image: RgbImage, mask: Mask, around: Bounds): RegionStats {
  const sum = { in: [0, 0, 0, 0], ring: [0, 0, 0, 0] };
  const { data, width } = image;
  for (let y = around.y; y < around.y + around.height; y++) {
    for (let x = around.x; x < around.x + around.width; x++) {
      const i = y * width + x;
      const p = rgbToLab(data[i * 3] as number, data[i * 3 + 1] as number, data[i * 3 + 2] as number);
      const s = selected(mask, i) ? sum.in : sum.ring;
      s[0] = (s[0] as number) + p.l;
      s[1] = (s[1] as number) + p.a;
      s[2] = (s[2] as number) + p.b;
      s[3] = (s[3] as number) + 1;
    }
  }
  const mean = (s: number[]): LabPixel => {
    const n = Math.max(1, s[3] as number);
    return { l: (s[0] as number) / n, a: (s[1] as number) / n, b: (s[2] as number) / n };
  };
  const ring = sum.ring[3] ? mean(sum.ring) : mean(sum.in);
  return { inside: mean(sum.in), ring };
}

/**
 * Writes `fill` (RGB bytes over `area`, row-major) into a copy of the image, blended by the
 * feathered weight; pixels whose weight is 0 keep their exact bytes.
 */
export function blendInto(image: RgbImage, fill: Uint8Array, area: Bounds, alpha: Float32Array): Uint8Array {
  const out = new Uint8Array(image.data);
  const W = image.width;
  for (let y = 0; y < area.height; y++) {
    for (let x = 0; x < area.width; x++) {
      const i = (area.y + y) * W + area.x + x;
      const a = alpha[i] as number;
      if (a <= 0) continue;
      const s = (y * area.width + x) * 3;
      for (let ch = 0; ch < 3; ch++) {
        const o = out[i * 3 + ch] as number;
        out[i * 3 + ch] = Math.round(o + ((fill[s + ch] as number) - o) * a);
      }
    }
  }
  return out;
}

/** The image's Lab lightness over an area (row-major), for shading a fill with the image's own light. */
export function lightnessOver(image: RgbImage, area: Bounds): Float32Array {
  const L = new Float32Array(area.width * area.height);
  const { data, width } = image;
  for (let y = 0; y < area.height; y++) {
    for (let x = 0; x < area.width; x++) {
      const i = (area.y + y) * width + area.x + x;
      L[y * area.width + x] = rgbToLab(data[i * 3] as number, data[i * 3 + 1] as number, data[i * 3 + 2] as number).l;
    }
  }
  return L;
}

/** Mean of `L` over the selected pixels of the area. */
export function selectedMean(L: Float32Array, mask: Mask, area: Bounds): number {
  let s = 0;
  let n = 0;
  for (let y = 0; y < area.height; y++) {
    for (let x = 0; x < area.width; x++) {
      if (!selected(mask, (area.y + y) * mask.width + area.x + x)) continue;
      s += L[y * area.width + x] as number;
      n++;
    }
  }
  return n ? s / n : 50;
}
