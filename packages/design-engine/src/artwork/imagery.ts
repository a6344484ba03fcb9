/**
 * Imagery from a remote image engine (a photograph-like backdrop, an illustration) placed into
 * the same layout: the backdrop is cover-cropped to every panel — continuous across the slices
 * of a band round a bottle, can or tube — and the illustration takes the front's art zone.
 * Text and logo stay ours: art.ts keeps them in their clear zones and puts a measured scrim
 * between any text and the imagery behind it.
 */
import type { Rect } from './geometry.js';
import { Rng } from './random.js';
import { num } from './svg.js';

/** A raster image ready to embed: a `data:` URL (PNG or JPEG) and its size in px. */
export interface RasterImage {
  readonly href: string;
  readonly width: number;
  readonly height: number;
  /** Every pixel opaque: an opaque illustration is cropped into its zone's shape, a cut-out one is fitted whole. */
  readonly opaque: boolean;
}

/** The imagery of one design. */
export interface PanelImagery {
  /** Backdrop of every panel (under the layout's fields, cards and type). */
  readonly background?: RasterImage;
  /** Shown in the front's art zone (where the layout puts its hero mark). */
  readonly illustration?: RasterImage;
}

/**
 * A panel that is one slice of a continuous band (a third of a wrap label): the backdrop is
 * cropped to the whole band, and this panel shows its part, so the image runs on round the body.
 */
export interface StripSlice {
  /** Where this panel starts along the band, mm. */
  readonly offsetMm: number;
  /** The whole band's width, mm (its height is the panel's). */
  readonly widthMm: number;
}

/** How a design crops imagery that several designs share: a zoom ≥ 1 and the focus point (0–1 each way). */
export interface ImageryCrop {
  readonly zoom: number;
  readonly fx: number;
  readonly fy: number;
}

export type ImageZoneShape = 'rect' | 'circle' | 'rounded';

/**
 * The part of a source image that a panel shows, as fractions of the image's width and height:
 * what an edit of the design repaints (the server turns it into an inpainting mask).
 */
export interface ImageZone {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly shape: ImageZoneShape;
}

/** A design's crop of shared imagery, from its seed alone (so one seed re-creates the design). */
export function imageryCrop(seed: number): ImageryCrop {
  const rng = new Rng(`imagery-crop|${seed}`);
  return { zoom: 1 + rng.range(0, 0.25), fx: rng.range(0.3, 0.7), fy: rng.range(0.3, 0.7) };
}

export const CENTRED: ImageryCrop = { zoom: 1, fx: 0.5, fy: 0.5 };

/**
 * Where to draw an image so it covers a `w`×`h` target (the image's aspect kept, the overflow
 * cut), zoomed and shifted towards the crop's focus point. Target coordinates.
 */
export function coverRect(img: Pick<RasterImage, 'width' | 'height'>, w: number, h: number, crop: ImageryCrop = CENTRED): Rect {
  const scale = Math.max(w / img.width, h / img.height) * Math.max(1, crop.zoom);
  const dw = img.width * scale;
  const dh = img.height * scale;
  return { x: (w - dw) * crop.fx, y: (h - dh) * crop.fy, w: dw, h: dh };
}

/** The visible window `view` of an image drawn at `placed`, as fractions of the image. */
export function zoneOf(placed: Rect, view: Rect, shape: ImageZoneShape): ImageZone {
  const clamp = (v: number) => Math.min(1, Math.max(0, v));
  const x0 = clamp((view.x - placed.x) / placed.w);
  const y0 = clamp((view.y - placed.y) / placed.h);
  const x1 = clamp((view.x + view.w - placed.x) / placed.w);
  const y1 = clamp((view.y + view.h - placed.y) / placed.h);
  const r4 = (v: number) => Math.round(v * 10000) / 10000;
  return { x: r4(x0), y: r4(y0), w: r4(x1 - x0), h: r4(y1 - y0), shape };
}

/** An `<image>` stretched exactly over `r` (the cover maths is done by the caller). */
export function imageElement(img: RasterImage, r: Rect): string {
  return `<image href="${img.href}" x="${num(r.x, 3)}" y="${num(r.y, 3)}" width="${num(r.w, 3)}" height="${num(r.h, 3)}" preserveAspectRatio="none"/>`;
}

/**
 * The backdrop of a `w`×`h` panel: the image cover-cropped to the panel, or to the whole band
 * when the panel is a slice of one. Returns the markup and the window of the image it shows.
 */
export function backdropImage(img: RasterImage, w: number, h: number, strip: StripSlice | undefined, crop: ImageryCrop): { svg: string; zone: ImageZone } {
  const bandW = strip ? Math.max(w, strip.widthMm) : w;
  const offset = strip ? strip.offsetMm : 0;
  const placed = coverRect(img, bandW, h, crop);
  const local: Rect = { ...placed, x: placed.x - offset };
  return { svg: imageElement(img, local), zone: zoneOf(placed, { x: offset, y: 0, w, h }, 'rect') };
}
