import { Resvg } from '@resvg/resvg-js';
import type { Dieline } from '@packsmith/design-engine/dieline';
import type { LayerPicture } from './document-artwork.js';
import type { PrintArtwork } from './export.js';

/**
 * Node-only: rasterises sheet artwork given as SVG in millimetres (its viewBox the dieline's
 * bleed box, as dielineToSvg and the design engine's sheet art draw it) to a PNG at `dpi` over
 * the bleed box, ready for exportPrintPdf. Text needs its fonts: pass their TTF files.
 */
export function svgArtworkToPng(svg: string, dieline: Dieline, options: { dpi?: number; fontFiles?: string[] } = {}): PrintArtwork {
  const dpi = options.dpi ?? 300;
  const widthPx = Math.round((dieline.bleedBox.width / 25.4) * dpi);
  const r = new Resvg(svg, {
    fitTo: { mode: 'width', value: widthPx },
    font: { fontFiles: options.fontFiles ?? [], loadSystemFonts: false },
  });
  return { kind: 'png', bytes: new Uint8Array(r.render().asPng()) };
}

/** How much coarser the probe that finds the drawn part is drawn (8: 1/64 of the pixels). */
const PROBE_SCALE = 8;

const ROOT = /^<svg\b([^>]*?)\swidth="[^"]*"\sheight="[^"]*"\sviewBox="([-\d.]+) ([-\d.]+) ([\d.]+) ([\d.]+)"/;

/**
 * Node-only: draws an SVG (width/height then viewBox on its root, as layerAloneSvg writes it) as a
 * PNG `widthPx` wide over its box, but only the part where something is drawn: a coarse probe
 * finds it first, so a panel-sized ornament layer with a sprig in one corner is a small picture,
 * not a panel of transparent pixels. Null when nothing is drawn at all.
 */
export function svgPicture(svg: string, widthPx: number, options: { fontFiles?: string[]; defaultFontFamily?: string } = {}): LayerPicture | null {
  const font = {
    fontFiles: options.fontFiles ?? [],
    loadSystemFonts: false,
    ...(options.defaultFontFamily ? { defaultFontFamily: options.defaultFontFamily } : {}),
  };
  const root = ROOT.exec(svg);
  const whole = { x: 0, y: 0, w: 1, h: 1 };
  const draw = (source: string, width: number) => new Resvg(source, { fitTo: { mode: 'width', value: Math.max(1, Math.round(width)) }, font }).render();
  if (!root) return { png: new Uint8Array(draw(svg, widthPx).asPng()), crop: whole };
  const probe = draw(svg, Math.ceil(widthPx / PROBE_SCALE));
  const { width: pw, height: ph } = probe;
  const px = probe.pixels;
  let x0 = pw;
  let y0 = ph;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < ph; y++) {
    for (let x = 0; x < pw; x++) {
      if (px[(y * pw + x) * 4 + 3] === 0) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) return null;
  // One probe pixel of margin each side: anti-aliased edges the probe drew too faintly to see.
  const crop = {
    x: Math.max(0, (x0 - 1) / pw),
    y: Math.max(0, (y0 - 1) / ph),
    w: 0,
    h: 0,
  };
  crop.w = Math.min(1, (x1 + 2) / pw) - crop.x;
  crop.h = Math.min(1, (y1 + 2) / ph) - crop.y;
  if (crop.w > 0.95 && crop.h > 0.95) return { png: new Uint8Array(draw(svg, widthPx).asPng()), crop: whole };
  const [vx, vy, vw, vh] = [root[2], root[3], root[4], root[5]].map(Number) as [number, number, number, number];
  const box = { x: vx + crop.x * vw, y: vy + crop.y * vh, w: crop.w * vw, h: crop.h * vh };
  const cropped = svg.replace(ROOT, `<svg${root[1]} width="${box.w}mm" height="${box.h}mm" viewBox="${box.x} ${box.y} ${box.w} ${box.h}"`);
  return { png: new Uint8Array(draw(cropped, widthPx * crop.w).asPng()), crop };
}
