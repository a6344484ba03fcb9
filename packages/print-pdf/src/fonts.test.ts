import fontkit from '@pdf-lib/fontkit';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { embedSubset, evenGlyphRecords } from './fonts.js';
import { interFonts } from './test-fixtures.js';

/** The glyph records of a TrueType font: each glyph's bytes by its loca offsets. */
function glyphRecords(font: Uint8Array): { header: { contours: number; xMin: number; yMin: number; xMax: number; yMax: number } | null; bytes: Uint8Array }[] {
  const v = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const tables = new Map<string, { offset: number; length: number }>();
  for (let i = 0; i < v.getUint16(4); i++) {
    const at = 12 + 16 * i;
    tables.set(String.fromCharCode(...font.subarray(at, at + 4)), { offset: v.getUint32(at + 8), length: v.getUint32(at + 12) });
  }
  const head = tables.get('head')!;
  const loca = tables.get('loca')!;
  const glyf = tables.get('glyf')!;
  const long = v.getInt16(head.offset + 50) === 1;
  const count = loca.length / (long ? 4 : 2) - 1;
  const off = (i: number) => (long ? v.getUint32(loca.offset + 4 * i) : 2 * v.getUint16(loca.offset + 2 * i));
  return Array.from({ length: count }, (_, i) => {
    const start = glyf.offset + off(i);
    const bytes = font.subarray(start, glyf.offset + off(i + 1));
    const header =
      bytes.length >= 10
        ? { contours: v.getInt16(start), xMin: v.getInt16(start + 2), yMin: v.getInt16(start + 4), xMax: v.getInt16(start + 6), yMax: v.getInt16(start + 8) }
        : null;
    return { header, bytes };
  });
}

describe('font subsets', () => {
  const inter = interFonts().regular;

  it('pads every glyph record to four bytes, keeping its bytes', () => {
    const source = glyphRecords(inter);
    expect(source.some((g) => g.bytes.length % 2 === 1)).toBe(true);
    const padded = glyphRecords(evenGlyphRecords(inter));
    expect(padded).toHaveLength(source.length);
    padded.forEach((g, i) => {
      expect(g.bytes.length % 4).toBe(0);
      expect(Buffer.from(g.bytes.subarray(0, source[i]!.bytes.length)).equals(Buffer.from(source[i]!.bytes))).toBe(true);
    });
    // Still a font fontkit reads, with the same glyphs.
    const face = fontkit.create(evenGlyphRecords(inter));
    expect(face.numGlyphs).toBe(fontkit.create(inter).numGlyphs);
  });

  it('embeds a subset whose every glyph is a well-formed outline (an odd record no longer shifts the rest)', async () => {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const text = 'Packsmith · Straight tuck end box 4006381333931 × ÄÖÜ';
    const font = await embedSubset(doc, inter, [text]);
    const page = doc.addPage();
    page.drawText(text, { font, size: 10, x: 10, y: 10 });
    const saved = await PDFDocument.load(await doc.save());
    const descriptor = saved.context
      .enumerateIndirectObjects()
      .map(([, o]) => o)
      .find((o): o is PDFDict => o instanceof PDFDict && o.get(PDFName.of('FontFile2')) !== undefined);
    const file = descriptor?.lookup(PDFName.of('FontFile2'));
    expect(file).toBeInstanceOf(PDFRawStream);
    if (!(file instanceof PDFRawStream)) return;
    const subset = glyphRecords(decodePDFRawStream(file).decode());
    const drawn = subset.filter((g) => g.bytes.length > 0);
    expect(drawn.length).toBeGreaterThan(20);
    for (const g of drawn) {
      expect(g.header).not.toBeNull();
      const h = g.header!;
      expect(h.contours).toBeGreaterThanOrEqual(-1);
      expect(h.contours).toBeLessThan(100);
      expect(h.xMin).toBeLessThanOrEqual(h.xMax);
      expect(h.yMin).toBeLessThanOrEqual(h.yMax);
      expect(Math.max(Math.abs(h.xMin), Math.abs(h.xMax), Math.abs(h.yMin), Math.abs(h.yMax))).toBeLessThan(4096);
    }
  });
});
