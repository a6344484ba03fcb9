import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { computeLabel, FDA_SAMPLE_NUTRIENTS, renderLabel } from '@packsmith/nutrition';
import { arimoFonts } from './label-fonts.js';
import { labelPdf, labelPng, labelSvg, pdfColour, pngWidthPx } from './label-output.js';

// FDA's sample label (21 CFR 101.9(d)(12)), the standard vertical format.
const sample = computeLabel({
  region: 'us',
  format: 'standard',
  serving: { size_text: '2/3 cup', grams_or_ml: 55, per_container: 8 },
  nutrients: { ...FDA_SAMPLE_NUTRIENTS },
});
const drawing = renderLabel(sample);
const MM_PER_PT = 25.4 / 72;

describe('the outliner', () => {
  it('outlines a run as path data in mm whose advance matches Arimo’s metrics', () => {
    const { d, width } = arimoFonts().outliner.outline('Nutrition Facts', 'black', false, 10);
    expect(d).toMatch(/^M[-\d.]+ [-\d.]+L/);
    // Arimo Bold's advance of "Nutrition Facts" is 14450 units of 2048 per em (fontkit, with kerning).
    expect(width).toBeCloseTo((14450 / 2048) * 10, 1);
    expect(arimoFonts().outliner.outline('', 'regular', false, 10)).toEqual({ d: '', width: 0 });
  });

  it('draws italic and regular with different faces', () => {
    const o = arimoFonts().outliner;
    expect(o.outline('a', 'regular', true, 5).d).not.toBe(o.outline('a', 'regular', false, 5).d);
  });
});

describe('SVG download', () => {
  it('has no <text> left, keeps the size in mm, and carries the watermark only when asked', () => {
    const svg = labelSvg(drawing);
    expect(svg).not.toContain('<text');
    expect(svg).toContain(`width="${drawing.width_mm}mm"`);
    expect(svg).not.toContain('#c0392b');
    const marked = labelSvg(drawing, { watermark: true });
    expect(marked).not.toContain('<text');
    expect(marked).toContain('fill="#c0392b"');
  });
});

describe('PNG at 300 dpi', () => {
  it('is width_mm / 25.4 × 300 pixels wide and says 300 dpi in its pHYs', async () => {
    const { png, width, height } = await labelPng(drawing);
    const meta = await sharp(png).metadata();
    expect(meta.format).toBe('png');
    expect(meta.width).toBe(pngWidthPx(drawing.width_mm));
    expect(width).toBe(Math.round((drawing.width_mm / 25.4) * 300));
    expect(meta.height).toBe(height);
    expect(Math.abs(height - (drawing.height_mm / 25.4) * 300)).toBeLessThanOrEqual(1);
    expect(meta.density).toBe(300);
    // Black ink is drawn (the text outlines and bars), not a blank page.
    const stats = await sharp(png).stats();
    expect(stats.channels[0]?.min).toBeLessThan(30);
  });

  it('refuses a label too large to rasterise rather than asking for gigabytes', async () => {
    await expect(labelPng({ ...drawing, width_mm: 1000, height_mm: 1000 })).rejects.toThrow(RangeError);
  });
});

describe('PDF at true size', () => {
  it('has a page of the label’s size in mm within 0.01 mm and embeds subset Arimo faces', async () => {
    const bytes = await labelPdf(drawing);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(Math.abs(width * MM_PER_PT - drawing.width_mm)).toBeLessThan(0.01);
    expect(Math.abs(height * MM_PER_PT - drawing.height_mm)).toBeLessThan(0.01);
    const fonts = doc.context
      .enumerateIndirectObjects()
      .map(([, obj]) => obj)
      .filter((obj): obj is PDFDict => obj instanceof PDFDict && obj.get(PDFName.of('Type')) === PDFName.of('FontDescriptor'));
    expect(fonts.length).toBeGreaterThanOrEqual(2);
    for (const f of fonts) {
      expect(f.get(PDFName.of('FontFile2'))).toBeDefined();
      expect(String(f.get(PDFName.of('FontName')))).toMatch(/^\/[A-Z]{6}\+Arimo-(Regular|Bold|Italic|BoldItalic)$/);
    }
  });

  it('draws the watermark only when asked, and stretches the title with a matrix', async () => {
    const contentOf = async (b: Uint8Array) => {
      const doc = await PDFDocument.load(b);
      const streams = doc.context
        .enumerateIndirectObjects()
        .map(([, o]) => o)
        .filter((o): o is PDFRawStream => o instanceof PDFRawStream && !o.dict.get(PDFName.of('Subtype')) && !o.dict.get(PDFName.of('Length1')));
      const zlib = await import('node:zlib');
      return streams.map((s) => zlib.inflateSync(s.contents).toString('latin1')).join('\n');
    };
    const plain = await contentOf(await labelPdf(drawing));
    const marked = await contentOf(await labelPdf(drawing, { watermark: true }));
    expect(plain).not.toMatch(/0\.866\d* 0\.(5|4999)\d* -0\.(5|4999)\d* 0\.866\d* 0 0 cm/);
    expect(marked).toMatch(/0\.866\d* 0\.(5|4999)\d* -0\.(5|4999)\d* 0\.866\d* 0 0 cm/);
    // A title with fit_width: a horizontal scale other than 1 in a cm operator.
    expect(plain).toMatch(/\n(?!1 )[\d.]+ 0 0 1 [\d.]+ [\d.]+ cm/);
  });

  it('reads CSS hex colours and leaves others unpainted', () => {
    expect(pdfColour('#fff', null)).toEqual({ type: 'RGB', red: 1, green: 1, blue: 1 });
    expect(pdfColour('none', null)).toBeNull();
    expect(pdfColour(undefined, '#000')).toEqual({ type: 'RGB', red: 0, green: 0, blue: 0 });
  });
});
