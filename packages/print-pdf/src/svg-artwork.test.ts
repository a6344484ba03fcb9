import { renderDieline } from '@packsmith/design-engine/dieline';
import { describe, expect, it } from 'vitest';
import { exportPrintPdf } from './export.js';
import { readPrintPdf } from './read-back.js';
import { svgArtworkToPng } from './svg-artwork.js';
import { bleedPixels, interFonts } from './test-fixtures.js';

describe('svgArtworkToPng', () => {
  it('rasterises mm artwork over the bleed box at the asked resolution, ready for the exporter', async () => {
    const d = renderDieline(102);
    const b = d.bleedBox;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${b.width}mm" height="${b.height}mm" viewBox="${b.x} ${b.y} ${b.width} ${b.height}"><rect x="${b.x}" y="${b.y}" width="${b.width}" height="${b.height}" fill="#c0392b"/></svg>`;
    const art = svgArtworkToPng(svg, d, { dpi: 150 });
    const r = await exportPrintPdf({
      dieline: d,
      artwork: art,
      fonts: interFonts(),
      info: { boxName: 'Straight tuck end box', inside: { length: 70, width: 30, height: 120 }, board: '0.45 mm SBS', date: '2026-12-02' },
    });
    const back = await readPrintPdf(r.bytes);
    const px = bleedPixels(d, 150);
    expect(back.images[0]!.width).toBe(px.width);
    // resvg keeps the aspect ratio of the viewBox: the height lands within a pixel of the bleed box's.
    expect(Math.abs(back.images[0]!.height - px.height)).toBeLessThanOrEqual(1);
    expect(r.artwork?.dpi).toBeCloseTo(150, 0);
  });
});
