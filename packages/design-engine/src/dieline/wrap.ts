import type { DielineBuilder } from './builder.js';
import { SAFE_INSET_MM } from './builder.js';
import { draw, type Path, rectPath } from './geometry.js';
import type { PanelRole } from './types.js';

/*
 * Shared by wrap labels, tube sleeves and paper tubes: a band that goes once round a
 * cylinder. The front is the half of the circumference facing the viewer, centred on the
 * band so the seam falls at the back (matching the 3D renderer: u = 0.5 is the front centre).
 * Layout: back (right-hand quarter) | front (half) | back (left-hand quarter) | overlap.
 */

export interface WrapBand {
  readonly circumference: number;
  readonly x0: number;
  readonly y0: number;
  readonly height: number;
  /** x of the left edge of the front panel and of its right edge. */
  readonly frontX0: number;
  readonly frontX1: number;
}

export function addWrapBand(
  b: DielineBuilder,
  options: {
    prefix?: string;
    x0: number;
    y0: number;
    diameter: number;
    height: number;
    overlap: number;
    /** Roles of the front half and the back quarters; default front and back. */
    roles?: { front: PanelRole; back: PanelRole };
    safeTop?: number;
    safeBottom?: number;
  },
): WrapBand {
  const { x0, y0, height, overlap } = options;
  const c = Math.PI * options.diameter;
  const q = c / 4;
  const id = (name: string) => (options.prefix ? `${options.prefix}-${name}` : name);
  const roles = options.roles ?? { front: 'front', back: 'back' };
  const safeTop = options.safeTop ?? SAFE_INSET_MM;
  const safeBottom = options.safeBottom ?? SAFE_INSET_MM;
  const safe = (x: number, w: number) => ({ x: x + SAFE_INSET_MM, y: y0 + safeTop, width: w - 2 * SAFE_INSET_MM, height: height - safeTop - safeBottom });

  b.rect(id('back-right'), roles.back, x0, y0, q, height, { safe: safe(x0, q) });
  b.rect(id('front'), roles.front, x0 + q, y0, 2 * q, height, { safe: safe(x0 + q, 2 * q) });
  b.rect(id('back-left'), roles.back, x0 + 3 * q, y0, q, height, { safe: safe(x0 + 3 * q, q) });
  if (overlap > 0) {
    b.rect(id('overlap'), 'overlap', x0 + c, y0, overlap, height);
    b.zone('glue', rectPath(x0 + c, y0, overlap, height));
  }
  return { circumference: c, x0, y0, height, frontX0: x0 + q, frontX1: x0 + 3 * q };
}

/** Rectangle with rounded corners (a separate label). */
export function roundedRect(x: number, y: number, w: number, h: number, r: number): Path {
  const k = Math.max(0, Math.min(r, w / 2, h / 2));
  if (k === 0) return rectPath(x, y, w, h);
  return draw(x + k, y)
    .line(x + w - k, y)
    .arc(x + w, y + k, k, true)
    .line(x + w, y + h - k)
    .arc(x + w - k, y + h, k, true)
    .line(x + k, y + h)
    .arc(x, y + h - k, k, true)
    .line(x, y + k)
    .arc(x + k, y, k, true)
    .close();
}
