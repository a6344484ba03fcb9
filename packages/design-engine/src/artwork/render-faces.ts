/** SVG → RGBA with resvg, with faces beyond the pairings' set loaded (the image tools' text takes any face of the TTF set). */
import { Resvg } from '@resvg/resvg-js';
import { resvgFontOptions } from './render.js';
import type { Pixels } from './render.js';

const optionsByFiles = new Map<string, ReturnType<typeof resvgFontOptions>>();

/** Renders at `widthPx` with the engine's faces plus `fontFiles`; RGBA premultiplied, as resvg produces it. */
export function svgToPixelsWithFaces(svg: string, widthPx: number, fontFiles: readonly string[]): Pixels {
  const base = resvgFontOptions();
  const key = [...fontFiles].sort().join('|');
  let font = optionsByFiles.get(key);
  if (!font) {
    const files = [...(base.fontFiles ?? [])];
    for (const f of fontFiles) if (!files.includes(f)) files.push(f);
    font = { ...base, fontFiles: files };
    optionsByFiles.set(key, font);
  }
  const img = new Resvg(svg, { font, fitTo: { mode: 'width', value: Math.max(1, Math.round(widthPx)) }, logLevel: 'off' }).render();
  return { width: img.width, height: img.height, data: img.pixels };
}
