import { renderDieline } from '@packsmith/design-engine/dieline';
import { describe, expect, it } from 'vitest';
import { exportPrintPdf } from './export.js';
import { readPrintPdf } from './read-back.js';
import { svgArtworkToPng, svgPicture } from './svg-artwork.js';
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

describe('svgPicture', () => {
  const layer = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="100mm" height="50mm" viewBox="-3 -3 100 50">${body}</svg>`;

  it('draws only the part of the box where something is drawn, and says which part', () => {
    // A 10 mm disc around (77, 32) of a 100 × 50 mm box whose origin is (-3, -3).
    const drawn = svgPicture(layer('<circle cx="77" cy="32" r="5" fill="#336699"/>'), 1000)!;
    expect(drawn).not.toBeNull();
    const { x, y, w, h } = drawn.crop;
    // The disc spans x 72…82 → 0.75…0.85 of the box, y 27…37 → 0.6…0.8; a probe pixel (0.8 mm) of margin each side.
    expect(x).toBeGreaterThan(0.73);
    expect(x).toBeLessThanOrEqual(0.75);
    expect(x + w).toBeGreaterThanOrEqual(0.85);
    expect(x + w).toBeLessThan(0.87);
    expect(y).toBeGreaterThan(0.56);
    expect(y).toBeLessThanOrEqual(0.6);
    expect(y + h).toBeGreaterThanOrEqual(0.8);
    expect(y + h).toBeLessThan(0.84);
    // At the resolution asked: 1000 px over the whole box, so ~120 px over its crop.
    const width = new DataView(drawn.png.buffer, drawn.png.byteOffset).getUint32(16);
    expect(Math.abs(width - Math.round(1000 * w))).toBeLessThanOrEqual(1);
  });

  it('keeps the whole box when the drawing fills it, and answers null when nothing is drawn', () => {
    expect(svgPicture(layer('<rect x="-3" y="-3" width="100" height="50" fill="#000"/>'), 400)?.crop).toEqual({ x: 0, y: 0, w: 1, h: 1 });
    expect(svgPicture(layer('<rect x="10" y="10" width="5" height="5" fill="none"/>'), 400)).toBeNull();
  });
});
