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

/** Width in px that makes the longest side of a `wMm`×`hMm` panel `longestPx`. */
export function widthForLongest(wMm: number, hMm: number, longestPx: number): number {
  return wMm >= hMm ? longestPx : Math.round((longestPx * wMm) / hMm);
}
