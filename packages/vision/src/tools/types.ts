import type { AspectRatio, ImageBox, TextStyle } from '@packsmith/contracts';

/*
 * The image tools' engines (issue: AI image tools). Pure: raw pixels in, raw pixels out; no HTTP,
 * no storage. The server decodes and encodes (sharp) and owns files, credits and records.
 */

/** Interleaved 8-bit sRGB pixels, 3 channels, row-major. */
export interface RgbImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** Interleaved 8-bit sRGB pixels with straight (not premultiplied) alpha, 4 channels. */
export interface RgbaImage {
  data: Uint8Array;
  width: number;
  height: number;
}

/** One byte per pixel: 0 = keep, 255 = selected (erase, fill, object). Values between are treated as ≥ 128 → selected. */
export interface Mask {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface ToolRunOptions {
  signal?: AbortSignal;
  /** 0–1. */
  onProgress?: (fraction: number) => void;
  /** Fixed seeds make every local engine deterministic (tests, benchmarks). */
  seed?: number;
}

export type InpaintMethod = 'telea' | 'ns' | 'patchmatch';

export interface InpaintOptions extends ToolRunOptions {
  /** 'auto' (default): Telea/NS for thin strokes, PatchMatch-style exemplar synthesis for large holes. */
  method?: 'auto' | InpaintMethod;
  /** The brush diameter the mask was painted with, px at 1024 (eraseScale); a hint for 'auto'. */
  brush?: number;
}

export interface InpaintResult {
  image: RgbImage;
  /** 'patchmatch' when any hole needed it, else the diffusion method used. */
  method: InpaintMethod;
  /** Each connected hole, its bounds and the method that filled it (logs, tests). */
  /** radius: the largest inscribed disc, px; deep: pixels deeper than 7 px inside (the 'auto' rule); a split hole shows as its two parts. */
  regions?: Array<{ box: ImageBox; method: InpaintMethod; radius: number; deep: number }>;
}

export interface UpscaleOptions extends ToolRunOptions {
  /** Longest side of the result; the factor is reduced to fit (default UPSCALE_MAX_SIDE, 4096). */
  maxSide?: number;
}

export interface UpscaleResult {
  image: RgbaImage;
  /** The factor applied (≤ the one asked for when the cap applies). */
  scale: number;
  engine: string;
}

export interface SegmentBoxResult {
  /** Full image size; 255 = the object. */
  mask: Mask;
  /** The object, transparent elsewhere, cropped to its bounds. */
  cutout: RgbaImage;
  /** Where the crop sits in the image. */
  bounds: ImageBox;
  engine: 'isnet' | 'grabcut';
}

/** What a prompt-driven local engine did, in words the user reads ("painted the area in sage green"). */
export interface PromptResult {
  image: RgbImage;
  note: string;
}

export interface TextToImageOptions extends ToolRunOptions {
  aspect: AspectRatio;
  style?: string;
  /** Longest side, px (default 1024). */
  longSide?: number;
}

export interface TextPlacementResult {
  image: RgbImage;
  /** The text's bounding box in the image. */
  box: ImageBox;
  /** WCAG contrast ratio of the text on the pixels under it (≥ 4.5 unless the caller fixed a colour). */
  contrast: number;
  font: string;
  color: string;
}

export interface TextOnImageOptions extends ToolRunOptions {
  style?: TextStyle;
  /** Restrict the text to this area (e.g. a product's printable front); absent: the whole image. */
  region?: ImageBox;
}

export interface NamedColour {
  name: string;
  hex: string;
  /** 0–1 of the image's pixels. */
  share: number;
}

export interface ImageKeywords {
  colors: NamedColour[];
  /** Style and category tags from the catalogue, most likely first. */
  tags: string[];
}
