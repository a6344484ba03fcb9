/**
 * Segment box: the object inside a box the user drew. The cut-out model (ISNet) runs on the box
 * plus a margin of context, its matte kept inside the box; when there is no model, or it rejects
 * the crop or finds nothing there, OpenCV GrabCut seeded by the rectangle (everything outside is
 * background, inside is unknown) decides instead.
 */
import type { ImageBox } from '@packsmith/contracts';
import sharp from 'sharp';
import { GRABCUT_SIDE } from '../cutout/grabcut.js';
import { labelComponents } from '../cutout/mask.js';
import type { CutoutEngine } from '../types.js';
import { loadToolsCv, withMats } from './cv.js';
import type { Mask, RgbImage, SegmentBoxResult, ToolRunOptions } from './types.js';

/** Below this share of the box the object is a speck, above it the "object" is the whole box: nothing found. */
export const SEGMENT_MIN_COVER = 0.01;
export const SEGMENT_MAX_COVER = 0.98;
/** Context around the box, share of its longer side (the model and GrabCut both judge the object against its surroundings). */
const CONTEXT = 0.1;

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('aborted');
}

/** The box clamped to the image; null when nothing of it is inside. */
export function clampBox(box: ImageBox, width: number, height: number): Rect | null {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(width, Math.ceil(box.x + box.width));
  const y1 = Math.min(height, Math.ceil(box.y + box.height));
  return x1 - x0 < 1 || y1 - y0 < 1 ? null : { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

function cropRgb(image: RgbImage, c: Rect): Buffer {
  const out = Buffer.alloc(c.w * c.h * 3);
  for (let y = 0; y < c.h; y++) {
    const from = ((c.y + y) * image.width + c.x) * 3;
    out.set(image.data.subarray(from, from + c.w * 3), y * c.w * 3);
  }
  return out;
}

/** Share of the box (in crop coordinates) that the matte selects. */
function cover(matte: Uint8Array, cw: number, box: Rect): number {
  let n = 0;
  for (let y = box.y; y < box.y + box.h; y++) for (let x = box.x; x < box.x + box.w; x++) if (matte[y * cw + x]! >= 128) n++;
  return n / (box.w * box.h);
}

const found = (share: number): boolean => share >= SEGMENT_MIN_COVER && share <= SEGMENT_MAX_COVER;

async function modelMatte(engine: CutoutEngine, crop: Buffer, c: Rect, options: ToolRunOptions): Promise<Uint8Array | null> {
  const png = await sharp(crop, { raw: { width: c.w, height: c.h, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  try {
    const result = await engine.cutout(png, {
      signal: options.signal,
      onProgress: (f) => options.onProgress?.(0.1 + 0.7 * f),
    });
    const mask = await sharp(result.maskPng).extractChannel(0).resize(c.w, c.h, { fit: 'fill' }).raw().toBuffer();
    return new Uint8Array(mask.buffer, mask.byteOffset, mask.length);
  } catch (err) {
    throwIfAborted(options.signal);
    if (err instanceof Error && err.name === 'CutoutRejected') return null;
    throw err;
  }
}

/** GrabCut initialised with the rectangle, on the crop shrunk to GRABCUT_SIDE, its matte enlarged back (soft edge). */
async function grabCutMatte(crop: Buffer, c: Rect, box: Rect, seed: number): Promise<Uint8Array> {
  const cv = await loadToolsCv();
  const k = Math.min(1, GRABCUT_SIDE / Math.max(c.w, c.h));
  const w = Math.max(8, Math.round(c.w * k));
  const h = Math.max(8, Math.round(c.h * k));
  const small =
    k === 1 && w === c.w && h === c.h
      ? crop
      : await sharp(crop, { raw: { width: c.w, height: c.h, channels: 3 } })
          .resize(w, h, { fit: 'fill' })
          .raw()
          .toBuffer();
  // GrabCut learns the background from outside the rectangle: keep at least a pixel of it on each side.
  const rx = Math.max(1, Math.min(w - 2, Math.round(box.x * (w / c.w))));
  const ry = Math.max(1, Math.min(h - 2, Math.round(box.y * (h / c.h))));
  const rw = Math.max(1, Math.min(w - 1 - rx, Math.round(box.w * (w / c.w))));
  const rh = Math.max(1, Math.min(h - 1 - ry, Math.round(box.h * (h / c.h))));
  const labels = withMats((keep) => {
    const img = keep(cv.matFromArray(h, w, cv.CV_8UC3, small));
    const mask = keep(new cv.Mat());
    const bgd = keep(new cv.Mat());
    const fgd = keep(new cv.Mat());
    // k-means inside GrabCut draws from OpenCV's global RNG.
    cv.setRNGSeed(seed);
    cv.grabCut(img, mask, new cv.Rect(rx, ry, rw, rh), bgd, fgd, 5, cv.GC_INIT_WITH_RECT);
    return Uint8Array.from(mask.data);
  });
  const small01 = new Uint8Array(w * h);
  for (let i = 0; i < small01.length; i++) small01[i] = labels[i] === cv.GC_FGD || labels[i] === cv.GC_PR_FGD ? 255 : 0;
  if (w === c.w && h === c.h) return small01;
  const big = await sharp(small01, { raw: { width: w, height: h, channels: 1 } })
    .resize(c.w, c.h, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return new Uint8Array(big.buffer, big.byteOffset, big.length);
}

/** Keeps the matte inside the box and drops specks (blobs under 5 % of the largest). */
function cleanUp(matte: Uint8Array, cw: number, ch: number, box: Rect): void {
  for (let y = 0; y < ch; y++) {
    for (let x = 0; x < cw; x++) if (x < box.x || y < box.y || x >= box.x + box.w || y >= box.y + box.h) matte[y * cw + x] = 0;
  }
  const { labels, areas } = labelComponents(matte, cw, ch, 128);
  const largest = Math.max(0, ...areas.slice(1));
  for (let i = 0; i < matte.length; i++) {
    const id = labels[i]!;
    if (id > 0 && areas[id]! < 0.05 * largest) matte[i] = 0;
    // The soft rim of a kept blob stays (anti-aliased edge); a soft rim around nothing goes.
    else if (id === 0 && matte[i]! > 0) {
      const x = i % cw;
      const y = (i - x) / cw;
      let near = false;
      for (let dy = -1; dy <= 1 && !near; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const j = (y + dy) * cw + x + dx;
          if (y + dy >= 0 && y + dy < ch && x + dx >= 0 && x + dx < cw && labels[j]! > 0 && areas[labels[j]!]! >= 0.05 * largest) {
            near = true;
            break;
          }
        }
      }
      if (!near) matte[i] = 0;
    }
  }
}

export async function segmentBox(image: RgbImage, box: ImageBox, engine: CutoutEngine | null, options: ToolRunOptions = {}): Promise<SegmentBoxResult | null> {
  const { width: W, height: H } = image;
  if (image.data.length !== W * H * 3) throw new Error('segmentBox: image must be RGB, 3 bytes a pixel');
  throwIfAborted(options.signal);
  const b = clampBox(box, W, H);
  if (!b) return null;
  const m = Math.round(CONTEXT * Math.max(b.w, b.h));
  const cx0 = Math.max(0, b.x - m);
  const cy0 = Math.max(0, b.y - m);
  const c: Rect = { x: cx0, y: cy0, w: Math.min(W, b.x + b.w + m) - cx0, h: Math.min(H, b.y + b.h + m) - cy0 };
  const local: Rect = { x: b.x - c.x, y: b.y - c.y, w: b.w, h: b.h };
  const crop = cropRgb(image, c);
  options.onProgress?.(0.1);

  let matte: Uint8Array | null = null;
  let used: SegmentBoxResult['engine'] = 'grabcut';
  if (engine && c.w >= 16 && c.h >= 16) {
    matte = await modelMatte(engine, crop, c, options);
    if (matte) {
      cleanUp(matte, c.w, c.h, local);
      if (found(cover(matte, c.w, local))) used = 'isnet';
      else matte = null;
    }
  }
  throwIfAborted(options.signal);
  if (!matte) {
    if (c.w < 4 || c.h < 4) return null;
    matte = await grabCutMatte(crop, c, local, options.seed ?? 0x5eed);
    cleanUp(matte, c.w, c.h, local);
    if (!found(cover(matte, c.w, local))) return null;
  }
  options.onProgress?.(0.9);

  const mask: Mask = { data: new Uint8Array(W * H), width: W, height: H };
  let x0 = W;
  let y0 = H;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < c.h; y++) {
    for (let x = 0; x < c.w; x++) {
      const v = matte[y * c.w + x]!;
      if (v === 0) continue;
      mask.data[(c.y + y) * W + c.x + x] = v;
      x0 = Math.min(x0, c.x + x);
      y0 = Math.min(y0, c.y + y);
      x1 = Math.max(x1, c.x + x);
      y1 = Math.max(y1, c.y + y);
    }
  }
  if (x1 < 0) return null;
  const bounds: ImageBox = { x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 };
  const cut = new Uint8Array(bounds.width * bounds.height * 4);
  for (let y = 0; y < bounds.height; y++) {
    for (let x = 0; x < bounds.width; x++) {
      const p = (y0 + y) * W + x0 + x;
      const a = mask.data[p]!;
      if (a === 0) continue;
      const o = (y * bounds.width + x) * 4;
      cut[o] = image.data[p * 3]!;
      cut[o + 1] = image.data[p * 3 + 1]!;
      cut[o + 2] = image.data[p * 3 + 2]!;
      cut[o + 3] = a;
    }
  }
  options.onProgress?.(1);
  return { mask, cutout: { data: cut, width: bounds.width, height: bounds.height }, bounds, engine: used };
}
