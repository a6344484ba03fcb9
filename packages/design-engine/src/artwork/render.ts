/**
 * SVG → raster with resvg. The font options (every face the engine may use, no system
 * fonts) are built once and reused for every render: resvg then never guesses a font.
 */
import { Resvg, type ResvgRenderOptions, renderAsync } from '@resvg/resvg-js';
import { allFaces } from './fonts.js';

let fontOptions: NonNullable<ResvgRenderOptions['font']> | null = null;

export function resvgFontOptions(): NonNullable<ResvgRenderOptions['font']> {
  fontOptions ??= {
    fontFiles: allFaces().map((f) => f.file),
    loadSystemFonts: false,
    defaultFontFamily: 'Inter',
    sansSerifFamily: 'Inter',
    serifFamily: 'Lora',
  };
  return fontOptions;
}

function options(widthPx: number): ResvgRenderOptions {
  return { font: resvgFontOptions(), fitTo: { mode: 'width', value: Math.max(1, Math.round(widthPx)) }, logLevel: 'off' };
}

/** Renders an SVG to PNG bytes at `widthPx` (height follows the SVG's aspect ratio). */
export function svgToPng(svg: string, widthPx: number): Buffer {
  return new Resvg(svg, options(widthPx)).render().asPng();
}

/** Same as {@link svgToPng} on libuv's thread pool, so several renders overlap. */
export async function svgToPngAsync(svg: string, widthPx: number): Promise<Buffer> {
  const img = await renderAsync(svg, options(widthPx));
  return img.asPng();
}

export interface Pixels {
  width: number;
  height: number;
  /** RGBA, premultiplied as resvg produces it (opaque backgrounds make that moot). */
  data: Buffer;
}

export function svgToPixels(svg: string, widthPx: number): Pixels {
  const img = new Resvg(svg, options(widthPx)).render();
  return { width: img.width, height: img.height, data: img.pixels };
}

const tones = new Map<string, number | null>();

/**
 * Mean relative luminance of an image's opaque pixels (null if it is all transparent or
 * cannot be decoded). Cached per href: a logo is measured once.
 */
export function imageLuminance(href: string, width: number, height: number): number | null {
  const cached = tones.get(href);
  if (cached !== undefined) return cached;
  const w = 48;
  const h = Math.max(1, Math.round((48 * height) / width));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><image href="${href}" width="${w}" height="${h}" preserveAspectRatio="none"/></svg>`;
  let result: number | null;
  try {
    const px = svgToPixels(svg, w);
    let sum = 0;
    let weight = 0;
    for (let i = 0; i < px.data.length; i += 4) {
      const a = (px.data[i + 3] ?? 0) / 255;
      if (a < 0.5) continue;
      const lin = (v: number) => {
        const c = Math.min(1, v / 255 / a);
        return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      };
      sum += 0.2126 * lin(px.data[i] ?? 0) + 0.7152 * lin(px.data[i + 1] ?? 0) + 0.0722 * lin(px.data[i + 2] ?? 0);
      weight += 1;
    }
    result = weight > 0 ? sum / weight : null;
  } catch {
    result = null;
  }
  tones.set(href, result);
  return result;
}

/** Width in px that makes the longest side of a `wMm`×`hMm` panel `longestPx`. */
export function widthForLongest(wMm: number, hMm: number, longestPx: number): number {
  return wMm >= hMm ? longestPx : Math.round((longestPx * wMm) / hMm);
}
