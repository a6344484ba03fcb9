import { DEFAULT_ERASE_SCALE, ERASE_SCALE_MAX, ERASE_SCALE_MIN, type ImageBox } from '@packsmith/contracts';

/* Image-pixel geometry of the tools: the brush's size, points from the pointer, a box from a drag. */

export interface Point {
  x: number;
  y: number;
}
export interface Size {
  width: number;
  height: number;
}

/** eraseScale (SPEC §3 mockupConfig) is the brush diameter in px on a 1024 px wide image. */
const SCALE_WIDTH = 1024;

export function clampEraseScale(scale: number): number {
  if (!Number.isFinite(scale)) return DEFAULT_ERASE_SCALE;
  return Math.min(ERASE_SCALE_MAX, Math.max(ERASE_SCALE_MIN, Math.round(scale)));
}

/** The brush's diameter in the image's own pixels (what the mask is painted with). */
export function brushImagePx(eraseScale: number, naturalWidth: number): number {
  return Math.max(1, (clampEraseScale(eraseScale) * naturalWidth) / SCALE_WIDTH);
}

/** The brush's diameter on screen, for an image shown `displayedWidth` px wide (the cursor ring). */
export function brushScreenPx(eraseScale: number, displayedWidth: number): number {
  return (clampEraseScale(eraseScale) * displayedWidth) / SCALE_WIDTH;
}

/** [ and ] change the brush by this much (finer when small). */
export function stepEraseScale(scale: number, direction: 1 | -1): number {
  const step = scale < 20 ? 2 : scale < 100 ? 5 : 20;
  return clampEraseScale(scale + direction * step);
}

/** A pointer position on the shown image (its bounding box) in the image's pixels, kept inside it. */
export function toImagePoint(client: Point, rect: Pick<DOMRect, 'left' | 'top' | 'width' | 'height'>, natural: Size): Point {
  const fx = rect.width > 0 ? (client.x - rect.left) / rect.width : 0;
  const fy = rect.height > 0 ? (client.y - rect.top) / rect.height : 0;
  return { x: clamp(fx * natural.width, 0, natural.width), y: clamp(fy * natural.height, 0, natural.height) };
}

/**
 * The box a drag from `a` to `b` covers, whichever way it went, clamped to the image and in whole
 * pixels; null when it is too thin to hold anything (under `minSide` px on a side).
 */
export function normaliseBox(a: Point, b: Point, natural: Size, minSide = 2): ImageBox | null {
  const x0 = Math.floor(clamp(Math.min(a.x, b.x), 0, natural.width));
  const y0 = Math.floor(clamp(Math.min(a.y, b.y), 0, natural.height));
  const x1 = Math.ceil(clamp(Math.max(a.x, b.x), 0, natural.width));
  const y1 = Math.ceil(clamp(Math.max(a.y, b.y), 0, natural.height));
  const width = x1 - x0;
  const height = y1 - y0;
  if (width < minSide || height < minSide) return null;
  return { x: x0, y: y0, width, height };
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, v));
}
