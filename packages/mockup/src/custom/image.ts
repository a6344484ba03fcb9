/** Small raster helpers on typed arrays: luminance, box blurs, connected components, bilinear sampling. */

/** sRGB byte → linear light, 0..1. */
const SRGB_TO_LINEAR = (() => {
  const table = new Float32Array(256);
  for (let i = 0; i < 256; i++) {
    const c = i / 255;
    table[i] = c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  }
  return table;
})();

/** Relative luminance (Rec. 709 weights) in linear light, 0..1, per pixel of `box` (zero elsewhere). */
export function linearLuminance(rgb: Uint8Array | Uint8ClampedArray, width: number, height: number, box?: Box): Float32Array {
  const channels = rgb.length / (width * height);
  const out = new Float32Array(width * height);
  const b = box ?? { x0: 0, y0: 0, x1: width, y1: height };
  for (let y = b.y0; y < b.y1; y++) {
    for (let i = y * width + b.x0, j = i * channels; i < y * width + b.x1; i++, j += channels) {
      out[i] = 0.2126 * SRGB_TO_LINEAR[rgb[j]!]! + 0.7152 * SRGB_TO_LINEAR[rgb[j + 1]!]! + 0.0722 * SRGB_TO_LINEAR[rgb[j + 2]!]!;
    }
  }
  return out;
}

/** sRGB-encoded luminance, 0..1, of the pixels of `box` (cropped: (x1 − x0) × (y1 − y0)): edges between faces are judged on it. */
export function encodedLuminance(rgb: Uint8Array | Uint8ClampedArray, width: number, height: number, box: Box): Float32Array {
  const channels = rgb.length / (width * height);
  const w = box.x1 - box.x0;
  const out = new Float32Array(w * (box.y1 - box.y0));
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0, k = (y - box.y0) * w, j = (y * width + x) * channels; x < box.x1; x++, k++, j += channels) {
      out[k] = (0.2126 * rgb[j]! + 0.7152 * rgb[j + 1]! + 0.0722 * rgb[j + 2]!) / 255;
    }
  }
  return out;
}

/** Box blur of radius r (window 2r+1), separable, edges clamped. */
export function boxBlur(src: Float32Array, width: number, height: number, r: number): Float32Array {
  if (r <= 0) return src.slice();
  const tmp = new Float32Array(src.length);
  const out = new Float32Array(src.length);
  const norm = 1 / (2 * r + 1);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += src[row + Math.min(width - 1, Math.max(0, k))]!;
    for (let x = 0; x < width; x++) {
      tmp[row + x] = acc * norm;
      acc += src[row + Math.min(width - 1, x + r + 1)]! - src[row + Math.max(0, x - r)]!;
    }
  }
  for (let x = 0; x < width; x++) {
    let acc = 0;
    for (let k = -r; k <= r; k++) acc += tmp[Math.min(height - 1, Math.max(0, k)) * width + x]!;
    for (let y = 0; y < height; y++) {
      out[y * width + x] = acc * norm;
      acc += tmp[Math.min(height - 1, y + r + 1) * width + x]! - tmp[Math.max(0, y - r) * width + x]!;
    }
  }
  return out;
}

/**
 * Smooths `values` over the pixels where `weight` > 0 only (normalized convolution: blur(v·w) / blur(w)),
 * so that what lies outside a region does not bleed into its edges. Two box passes ≈ a Gaussian.
 */
export function maskedSmooth(values: Float32Array, weight: Float32Array, width: number, height: number, r: number): Float32Array {
  const n = values.length;
  const vw = new Float32Array(n);
  for (let i = 0; i < n; i++) vw[i] = values[i]! * weight[i]!;
  let num = boxBlur(vw, width, height, r);
  let den = boxBlur(weight, width, height, r);
  num = boxBlur(num, width, height, r);
  den = boxBlur(den, width, height, r);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = den[i]! > 1e-6 ? num[i]! / den[i]! : 0;
  return out;
}

/**
 * Labels the 4-connected components of `on` (nonzero) and returns the labels (0 = off, 1.. = component)
 * with each component's pixel count (index = label).
 */
export function labelComponents(on: Uint8Array, width: number, height: number): { labels: Int32Array; sizes: number[]; boxes: Box[] } {
  const labels = new Int32Array(on.length);
  const sizes: number[] = [0];
  const boxes: Box[] = [{ x0: 0, y0: 0, x1: 0, y1: 0 }];
  const stack = new Int32Array(on.length);
  let next = 0;
  for (let start = 0; start < on.length; start++) {
    if (!on[start] || labels[start]) continue;
    next++;
    let size = 0;
    let top = 0;
    const box: Box = { x0: width, y0: height, x1: 0, y1: 0 };
    stack[top++] = start;
    labels[start] = next;
    while (top > 0) {
      const i = stack[--top]!;
      size++;
      const x = i % width;
      const y = (i - x) / width;
      if (x < box.x0) box.x0 = x;
      if (x >= box.x1) box.x1 = x + 1;
      if (y < box.y0) box.y0 = y;
      if (y >= box.y1) box.y1 = y + 1;
      if (x > 0 && on[i - 1] && !labels[i - 1]) {
        labels[i - 1] = next;
        stack[top++] = i - 1;
      }
      if (x < width - 1 && on[i + 1] && !labels[i + 1]) {
        labels[i + 1] = next;
        stack[top++] = i + 1;
      }
      if (i >= width && on[i - width] && !labels[i - width]) {
        labels[i - width] = next;
        stack[top++] = i - width;
      }
      if (i < on.length - width && on[i + width] && !labels[i + width]) {
        labels[i + width] = next;
        stack[top++] = i + width;
      }
    }
    sizes.push(size);
    boxes.push(box);
  }
  return { labels, sizes, boxes };
}

/** Centres of the pixels of component `label` that touch a pixel outside it (4-neighbourhood). */
export function boundaryPoints(labels: Int32Array, label: number, width: number, height: number, box?: Box): [number, number][] {
  const pts: [number, number][] = [];
  const b = box ?? { x0: 0, y0: 0, x1: width, y1: height };
  for (let y = b.y0; y < b.y1; y++) {
    for (let x = b.x0; x < b.x1; x++) {
      const i = y * width + x;
      if (labels[i] !== label) continue;
      if (
        x === 0 ||
        x === width - 1 ||
        y === 0 ||
        y === height - 1 ||
        labels[i - 1] !== label ||
        labels[i + 1] !== label ||
        labels[i - width] !== label ||
        labels[i + width] !== label
      ) {
        pts.push([x + 0.5, y + 0.5]);
      }
    }
  }
  return pts;
}

/**
 * Bilinear sample of a per-pixel field at a point in pixel coordinates (pixel i covers [i, i+1), its
 * centre is i + 0.5); `outside` beyond the image.
 */
export function sample(field: Float32Array, width: number, height: number, x: number, y: number, outside: number): number {
  const fx = x - 0.5;
  const fy = y - 0.5;
  const x0 = Math.floor(fx);
  const y0 = Math.floor(fy);
  const tx = fx - x0;
  const ty = fy - y0;
  if (x0 >= 0 && y0 >= 0 && x0 + 1 < width && y0 + 1 < height) {
    const i = y0 * width + x0;
    const a = field[i]!;
    const b = field[i + 1]!;
    const c = field[i + width]!;
    const d = field[i + width + 1]!;
    return (a + (b - a) * tx) * (1 - ty) + (c + (d - c) * tx) * ty;
  }
  const a = x0 < 0 || y0 < 0 || x0 >= width || y0 >= height ? outside : field[y0 * width + x0]!;
  const b = x0 + 1 < 0 || y0 < 0 || x0 + 1 >= width || y0 >= height ? outside : field[y0 * width + x0 + 1]!;
  const c = x0 < 0 || y0 + 1 < 0 || x0 >= width || y0 + 1 >= height ? outside : field[(y0 + 1) * width + x0]!;
  const d = x0 + 1 < 0 || y0 + 1 < 0 || x0 + 1 >= width || y0 + 1 >= height ? outside : field[(y0 + 1) * width + x0 + 1]!;
  return (a + (b - a) * tx) * (1 - ty) + (c + (d - c) * tx) * ty;
}

/** A pixel rectangle: inclusive min, exclusive max. */
export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** `box` grown by `margin` on every side, clipped to the image. */
export function growBox(box: Box, margin: number, width: number, height: number): Box {
  return { x0: Math.max(0, box.x0 - margin), y0: Math.max(0, box.y0 - margin), x1: Math.min(width, box.x1 + margin), y1: Math.min(height, box.y1 + margin) };
}

/** Copies the pixels of `box` out of a full-size field. */
export function crop(field: Float32Array, width: number, box: Box): Float32Array {
  const w = box.x1 - box.x0;
  const out = new Float32Array(w * (box.y1 - box.y0));
  for (let y = box.y0; y < box.y1; y++) out.set(field.subarray(y * width + box.x0, y * width + box.x1), (y - box.y0) * w);
  return out;
}

/** Writes a cropped field back into a full-size one (zeros elsewhere when `into` is new). */
export function uncrop(part: Float32Array, width: number, height: number, box: Box, into: Float32Array = new Float32Array(width * height)): Float32Array {
  const w = box.x1 - box.x0;
  for (let y = box.y0; y < box.y1; y++) into.set(part.subarray((y - box.y0) * w, (y - box.y0 + 1) * w), y * width + box.x0);
  return into;
}

/**
 * The value below which `fraction` of the selected values lie, for values in [0, max] (a 4096-bin
 * histogram, interpolated within the bin: no sorting, no copies).
 */
export function histogramPercentile(field: Float32Array, select: (i: number) => boolean, fraction: number, max = 1): number {
  const bins = 4096;
  const hist = new Uint32Array(bins);
  let count = 0;
  for (let i = 0; i < field.length; i++) {
    if (!select(i)) continue;
    const b = Math.min(bins - 1, Math.max(0, Math.floor((field[i]! / max) * bins)));
    hist[b]!++;
    count++;
  }
  if (count === 0) return 0;
  const target = fraction * count;
  let acc = 0;
  for (let b = 0; b < bins; b++) {
    const h = hist[b]!;
    if (acc + h >= target && h > 0) return ((b + (target - acc) / h) / bins) * max;
    acc += h;
  }
  return max;
}
