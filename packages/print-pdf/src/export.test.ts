import { renderDieline, type Dieline, type PathMm } from '@packsmith/design-engine/dieline';
import { inflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { exportPrintPdf, PrintPdfInputError, type PrintPdfInput } from './export.js';
import { pageGeometry, PT_PER_MM } from './geometry.js';
import { readPrintPdf, type PrintPdfReadBack, type StrokeRecord } from './read-back.js';
import { artworkPng, bleedPixels, interFonts } from './test-fixtures.js';

const fonts = interFonts();
const info = { boxName: 'Straight tuck end box', inside: { length: 70, width: 30, height: 120 }, board: '0.45 mm SBS', date: '2026-12-02' };

async function exported(d: Dieline, more: Partial<PrintPdfInput> = {}, dpi = 300) {
  const artwork = { kind: 'png' as const, bytes: await artworkPng(d, dpi) };
  const result = await exportPrintPdf({ dieline: d, artwork, fonts, info, ...more });
  return { result, back: await readPrintPdf(result.bytes) };
}

const inLayer = (s: StrokeRecord, name: string) => s.layers.includes(name);
const spot = (back: PrintPdfReadBack, ink: string) => [...back.colourSpaces].find(([, v]) => v.ink === ink)?.[0];

/** The dieline path's vertices (line ends, arc ends) in page points, as the exporter maps them. */
function vertices(d: Dieline, path: PathMm): { x: number; y: number }[] {
  const geo = pageGeometry(d);
  return [geo.toPage(path.start.x, path.start.y), ...path.segments.map((s) => geo.toPage(s.to.x, s.to.y))];
}

describe('exportPrintPdf: a straight tuck end box', () => {
  const d = renderDieline(102, { length: 70, width: 30, height: 120, thickness: 0.45 });

  it('sizes the page as trim + 3 mm bleed + 12 mm slug, exactly in mm, with MediaBox, BleedBox and TrimBox', async () => {
    const { result, back } = await exported(d);
    const w = d.size.width;
    const h = d.size.height;
    expect(result.pageMm.width).toBeCloseTo(w + 30, 9);
    const near = (a: readonly number[], b: readonly number[]) => a.forEach((v, i) => expect(Math.abs(v - b[i]!)).toBeLessThan(0.01));
    near(back.media, [0, 0, w + 30, h + 30]);
    near(back.bleed!, [12, 12, 12 + w + 6, 12 + h + 6]);
    near(back.trim!, [15, 15, 15 + w, 15 + h]);
    expect(back.pageCount).toBe(1);
  });

  it('declares CutContour and Crease as Separation spaces over DeviceCMYK (magenta, cyan) and the marks in All', async () => {
    const { back } = await exported(d);
    const byInk = new Map([...back.colourSpaces.values()].map((c) => [c.ink, c]));
    expect(byInk.get('CutContour')).toMatchObject({ family: 'Separation', alternate: 'DeviceCMYK', c1: [0, 1, 0, 0] });
    expect(byInk.get('Crease')).toMatchObject({ family: 'Separation', alternate: 'DeviceCMYK', c1: [1, 0, 0, 0] });
    expect(byInk.get('All')).toMatchObject({ family: 'Separation', alternate: 'DeviceCMYK', c1: [1, 1, 1, 1] });
  });

  it('puts Artwork, Marks, Crease and CutContour in the catalogue as optional-content groups', async () => {
    const { back } = await exported(d);
    expect(back.catalogueLayers).toEqual(['Artwork', 'Marks', 'Crease', 'CutContour']);
    expect([...back.layerKeys.values()].sort()).toEqual(['Artwork', 'Crease', 'CutContour', 'Marks']);
  });

  it('strokes cut and crease only inside their own layer, overprinting, and never uses them elsewhere', async () => {
    const { back } = await exported(d);
    const cut = spot(back, 'CutContour')!;
    const crease = spot(back, 'Crease')!;
    const cutStrokes = back.strokes.filter((s) => s.colourSpace === cut);
    const creaseStrokes = back.strokes.filter((s) => s.colourSpace === crease);
    expect(cutStrokes.length).toBe(d.outlines.length + d.cuts.length);
    expect(creaseStrokes.length).toBe(d.creases.length);
    for (const s of cutStrokes) expect(s.layers).toEqual(['CutContour']);
    for (const s of creaseStrokes) expect(s.layers).toEqual(['Crease']);
    for (const s of [...cutStrokes, ...creaseStrokes]) expect(s.overprint).toBe(true);
    // The overprint state the strokes use is /OP true /op true /OPM 1.
    expect([...back.extGStates.values()]).toContainEqual({ OP: true, op: true, OPM: 1 });
    // Nothing else is painted in the die inks, and those layers hold nothing else.
    for (const use of back.colourSpaceUses.filter((u) => u.key === cut || u.key === crease)) {
      expect(use.layers).toEqual([use.key === cut ? 'CutContour' : 'Crease']);
    }
    for (const s of back.strokes.filter((x) => inLayer(x, 'CutContour') || inLayer(x, 'Crease'))) expect([cut, crease]).toContain(s.colourSpace);
    expect(back.images.every((i) => i.layers.join() === 'Artwork')).toBe(true);
    expect(back.texts.every((t) => !t.layers.includes('CutContour') && !t.layers.includes('Crease'))).toBe(true);
  });

  it('draws the cut path on the dieline’s cut outline, vertex for vertex', async () => {
    const { back } = await exported(d);
    const cut = spot(back, 'CutContour')!;
    const strokes = back.strokes.filter((s) => s.colourSpace === cut);
    d.outlines.forEach((outline, k) => {
      const drawn = strokes[k]!.subpaths[0]!.points.filter((p) => !p.control);
      const want = vertices(d, outline);
      expect(drawn.length).toBe(want.length);
      drawn.forEach((p, i) => {
        expect(Math.abs(p.x - want[i]!.x) / PT_PER_MM).toBeLessThan(0.01);
        expect(Math.abs(p.y - want[i]!.y) / PT_PER_MM).toBeLessThan(0.01);
      });
      expect(strokes[k]!.subpaths[0]!.closed).toBe(outline.closed);
    });
    // Back to sheet mm: the drawn cut spans exactly the trim box.
    const xs = strokes.flatMap((s) => s.subpaths.flatMap((p) => p.points.filter((q) => !q.control).map((q) => q.x / PT_PER_MM - 15)));
    expect(Math.min(...xs)).toBeCloseTo(0, 2);
    expect(Math.max(...xs)).toBeCloseTo(d.size.width, 2);
  });

  it('embeds the artwork at its full pixel size, placed over the bleed box', async () => {
    const { result, back } = await exported(d);
    const px = bleedPixels(d);
    expect(back.images).toHaveLength(1);
    const img = back.images[0]!;
    expect({ width: img.width, height: img.height }).toEqual(px);
    expect(result.artwork?.dpi).toBeCloseTo(300, 0);
    expect(img.x / PT_PER_MM).toBeCloseTo(12, 2);
    expect(img.y / PT_PER_MM).toBeCloseTo(12, 2);
    expect(img.placedWidthPt / PT_PER_MM).toBeCloseTo(d.bleedBox.width, 2);
    expect(img.placedHeightPt / PT_PER_MM).toBeCloseTo(d.bleedBox.height, 2);
  });

  it('embeds its fonts as subsets (FontFile2, a six-letter subset tag) and writes the info block in the Marks layer', async () => {
    const { back } = await exported(d);
    const type0 = back.fonts.filter((f) => f.subtype === 'Type0');
    expect(type0.length).toBeGreaterThanOrEqual(1);
    for (const f of back.fonts) {
      expect(f.baseFont).toMatch(/^[A-Z]{6}\+Inter/);
      expect(f.embedded).toBe('FontFile2');
    }
    expect(back.texts.length).toBeGreaterThanOrEqual(3);
    expect(back.texts.every((t) => t.layers.join() === 'Marks')).toBe(true);
  });

  it('draws crop and registration marks in All, in the slug only', async () => {
    const { back } = await exported(d);
    const all = spot(back, 'All')!;
    const marks = back.strokes.filter((s) => s.colourSpace === all);
    // 4 corners × 2 crop marks + 3 targets × (circle + 2 cross lines).
    expect(marks.length).toBe(8 + 9);
    const b = back.bleed!;
    for (const s of marks) {
      expect(s.layers).toEqual(['Marks']);
      for (const p of s.subpaths.flatMap((q) => q.points)) {
        const x = p.x / PT_PER_MM;
        const y = p.y / PT_PER_MM;
        const insideBleed = x > b[0] + 1e-6 && x < b[2] - 1e-6 && y > b[1] + 1e-6 && y < b[3] - 1e-6;
        expect(insideBleed).toBe(false);
      }
    }
  });

  it('is deterministic: the same input gives the same bytes', async () => {
    const a = await exported(d);
    const b = await exported(d);
    expect(Buffer.from(a.result.bytes).equals(Buffer.from(b.result.bytes))).toBe(true);
  });

  it('adds a watermark as text in the Artwork layer, clipped to the bleed box, only when asked', async () => {
    const plain = await exported(d);
    const marked = await exported(d, { watermark: 'PREVIEW · Packsmith' });
    expect(plain.back.texts.filter((t) => t.layers.join() === 'Artwork')).toHaveLength(0);
    expect(marked.back.texts.filter((t) => t.layers.join() === 'Artwork')).toHaveLength(1);
  });
});

describe('exportPrintPdf artwork', () => {
  const d = renderDieline(102);

  it('passes an RGB PNG through untouched: the image stream is the PNG’s own IDAT data, read with the PNG predictor', async () => {
    const png = await artworkPng(d, 100);
    const r = await exportPrintPdf({ dieline: d, artwork: { kind: 'png', bytes: png }, fonts, info });
    const doc = await PDFDocument.load(r.bytes);
    const images = doc.context
      .enumerateIndirectObjects()
      .filter(([, o]) => o instanceof PDFRawStream && o.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'));
    expect(images).toHaveLength(1);
    const stream = images[0]![1] as PDFRawStream;
    const parms = stream.dict.lookup(PDFName.of('DecodeParms'), PDFDict);
    expect(parms.get(PDFName.of('Predictor'))).toEqual(PDFNumber.of(15));
    expect(Buffer.from(stream.getContents()).equals(Buffer.from(idatOf(png)))).toBe(true);
    const rows = inflateSync(stream.getContents());
    expect(rows.length).toBe(r.artwork!.height * (1 + 3 * r.artwork!.width));
  });

  it('embeds a PNG with alpha through pdf-lib, every pixel kept, the alpha as a soft mask', async () => {
    const r = await exportPrintPdf({ dieline: d, artwork: { kind: 'png', bytes: await artworkPng(d, 100, { alpha: true }) }, fonts, info });
    const back = await readPrintPdf(r.bytes);
    expect({ width: back.images[0]!.width, height: back.images[0]!.height }).toEqual(bleedPixels(d, 100));
    expect(back.images[0]!.layers).toEqual(['Artwork']);
  });
});

/** The concatenated IDAT chunks of a PNG. */
function idatOf(png: Uint8Array): Uint8Array {
  const parts: Buffer[] = [];
  const buf = Buffer.from(png);
  for (let at = 8; at < buf.length;) {
    const length = buf.readUInt32BE(at);
    if (buf.toString('latin1', at + 4, at + 8) === 'IDAT') parts.push(buf.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return Buffer.concat(parts);
}

describe('exportPrintPdf: every path kind', () => {
  it('turns a pillow box’s curved cuts and creases into Béziers that stay on the arcs', async () => {
    const d = renderDieline(106);
    const { back } = await exported(d, {}, 72);
    const crease = spot(back, 'Crease')!;
    const curved = back.strokes.filter((s) => s.colourSpace === crease && s.subpaths[0]!.points.some((p) => p.control));
    expect(curved.length).toBeGreaterThan(0);
    const cut = back.strokes.filter((s) => s.colourSpace === spot(back, 'CutContour'));
    expect(cut.length).toBe(d.outlines.length + d.cuts.length);
  });

  it('draws interior cuts (a shopping bag’s rope holes) in CutContour too', async () => {
    const d = renderDieline(602);
    const { back } = await exported(d, {}, 72);
    const cut = back.strokes.filter((s) => s.colourSpace === spot(back, 'CutContour'));
    expect(d.cuts.length).toBeGreaterThan(0);
    expect(cut.length).toBe(d.outlines.length + d.cuts.length);
  });
});

describe('exportPrintPdf input', () => {
  const d = renderDieline(102);
  const base = async (): Promise<PrintPdfInput> => ({ dieline: d, artwork: { kind: 'png', bytes: await artworkPng(d, 30) }, fonts, info });

  it('names the field it cannot use', async () => {
    const ok = await base();
    await expect(exportPrintPdf({ ...ok, artwork: { kind: 'png', bytes: new Uint8Array([1, 2, 3]) } })).rejects.toThrow(/artwork\.bytes/);
    await expect(exportPrintPdf({ ...ok, info: { ...info, date: '2 Dec' } })).rejects.toThrow(/info\.date/);
    await expect(exportPrintPdf({ ...ok, watermark: '' })).rejects.toThrow(PrintPdfInputError);
    await expect(exportPrintPdf({ ...ok, slugMm: 2 })).rejects.toThrow(/slugMm/);
  });

  it('reports the resolution a low-resolution artwork prints at', async () => {
    const r = await exportPrintPdf(await base());
    expect(r.artwork?.dpi).toBeCloseTo(30, 0);
  });
});
