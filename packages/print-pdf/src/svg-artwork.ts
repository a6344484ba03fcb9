import { Resvg } from '@resvg/resvg-js';
import type { Dieline } from '@packsmith/design-engine/dieline';
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
