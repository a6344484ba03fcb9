/**
 * Print files of a label, all made from its drawing primitives (packages/nutrition/src/drawing.ts),
 * never from the preview's markup: SVG with the text outlined, PNG at 300 dpi from that SVG, and a
 * PDF at the label's true size with the text set in embedded subset Arimo faces.
 */
import { randomInt } from 'node:crypto';
import fontkit from '@pdf-lib/fontkit';
import { Resvg } from '@resvg/resvg-js';
import { drawingToSvg, type DrawRect, type DrawText, type LabelDrawing } from '@packsmith/nutrition';
import {
  PDFDocument,
  concatTransformationMatrix,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  rotateDegrees,
  translate,
  type Color,
  type PDFFont,
  type PDFPage,
} from 'pdf-lib';
import { evenGlyphRecords } from '@packsmith/print-pdf';
import sharp from 'sharp';
import { arimoBytes, arimoFonts, faceOf, type FaceName } from './label-fonts.js';

/** Printed on free accounts' previews (SPEC §6), in SVG, PNG and PDF alike. */
export const WATERMARK_TEXT = 'Packsmith preview';
export const PNG_DPI = 300;
const MM_PER_INCH = 25.4;
const PT_PER_MM = 72 / MM_PER_INCH;

/**
 * Largest PNG drawn, in pixels (a 300 × 420 mm label is ~17.6 Mpx): a panel typed in metres would
 * otherwise ask resvg and sharp for gigabytes. The SVG and PDF have no such limit.
 */
export const MAX_PNG_PIXELS = 40_000_000;

/** Pixel width of a PNG of `widthMm` at 300 dpi. */
export const pngWidthPx = (widthMm: number): number => Math.round((widthMm / MM_PER_INCH) * PNG_DPI);

export interface OutputOptions {
  watermark?: boolean;
}

/** The label as a standalone SVG in mm, every glyph a path (no <text>, no font needed to open it). */
export function labelSvg(drawing: LabelDrawing, options: OutputOptions = {}): string {
  return drawingToSvg(drawing, { outliner: arimoFonts().outliner, ...(options.watermark ? { watermark: WATERMARK_TEXT } : {}) });
}

/** The outlined SVG rasterised at 300 dpi, with the PNG's pHYs chunk saying so. */
export async function labelPng(drawing: LabelDrawing, options: OutputOptions = {}): Promise<{ png: Buffer; width: number; height: number }> {
  const width = pngWidthPx(drawing.width_mm);
  if (width * pngWidthPx(drawing.height_mm) > MAX_PNG_PIXELS) throw new RangeError('label too large for a 300 dpi PNG');
  const svg = labelSvg(drawing, options);
  const rendered = new Resvg(svg, { fitTo: { mode: 'width', value: width }, background: '#ffffff', font: { loadSystemFonts: false } }).render();
  const png = await sharp(rendered.asPng()).withMetadata({ density: PNG_DPI }).png().toBuffer();
  return { png, width: rendered.width, height: rendered.height };
}

/** '#rgb' or '#rrggbb' → a PDF colour; anything else ('none', a name) → null (not painted). */
export function pdfColour(css: string | undefined, fallback: string | null): Color | null {
  const v = css ?? fallback;
  if (!v) return null;
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(v.trim());
  if (!m?.[1]) return null;
  const hex = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  const n = parseInt(hex, 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

const POSTSCRIPT_NAMES: Readonly<Record<FaceName, string>> = {
  regular: 'Arimo-Regular',
  bold: 'Arimo-Bold',
  italic: 'Arimo-Italic',
  boldItalic: 'Arimo-BoldItalic',
};

/** Six capital letters, different for each subset of a document with near certainty. */
function subsetTag(): string {
  let tag = '';
  for (let i = 0; i < 6; i++) tag += String.fromCharCode(65 + randomInt(26));
  return tag;
}

interface Sheet {
  page: PDFPage;
  heightPt: number;
  font(face: FaceName): Promise<PDFFont>;
}

function drawRect(s: Sheet, r: DrawRect): void {
  const fill = pdfColour(r.fill, '#000');
  const stroke = r.stroke ? pdfColour(r.stroke, null) : null;
  s.page.drawRectangle({
    x: r.x * PT_PER_MM,
    y: s.heightPt - (r.y + r.h) * PT_PER_MM,
    width: r.w * PT_PER_MM,
    height: r.h * PT_PER_MM,
    ...(fill ? { color: fill } : {}),
    ...(stroke ? { borderColor: stroke, borderWidth: (r.stroke_width ?? 0.1) * PT_PER_MM } : {}),
  });
}

/**
 * One run on its baseline: the spans one after another, anchored like the SVG, and a run with
 * fit_width scaled horizontally to exactly that width (a `cm` matrix around the run, as the SVG's
 * textLength stretches glyphs and spacing).
 */
async function drawText(s: Sheet, t: DrawText, paint: { color: Color; opacity?: number }): Promise<void> {
  const size = t.size * PT_PER_MM;
  const runs: { text: string; font: PDFFont; width: number }[] = [];
  for (const span of t.spans) {
    if (!span.text) continue;
    const font = await s.font(faceOf(span.weight ?? 'regular', span.italic ?? false));
    runs.push({ text: span.text, font, width: font.widthOfTextAtSize(span.text, size) });
  }
  const natural = runs.reduce((w, r) => w + r.width, 0);
  const scale = t.fit_width !== undefined && natural > 0 ? (t.fit_width * PT_PER_MM) / natural : 1;
  const total = natural * scale;
  const x0 = t.x * PT_PER_MM;
  const start = t.anchor === 'end' ? x0 - total : t.anchor === 'middle' ? x0 - total / 2 : x0;
  const baseline = s.heightPt - t.y * PT_PER_MM;
  s.page.pushOperators(pushGraphicsState(), concatTransformationMatrix(scale, 0, 0, 1, start, baseline));
  let x = 0;
  for (const r of runs) {
    s.page.drawText(r.text, { x, y: 0, size, font: r.font, color: paint.color, ...(paint.opacity !== undefined ? { opacity: paint.opacity } : {}) });
    x += r.width;
  }
  s.page.pushOperators(popGraphicsState());
}

/** The diagonal watermark of drawing.ts's watermarkSvg, in PDF: the same rows, size, colour and angle. */
async function drawWatermark(s: Sheet, w: number, h: number): Promise<void> {
  const size = Math.max(3, Math.min(w, h) / 9);
  const step = size * 3.2;
  const cx = (w / 2) * PT_PER_MM;
  const cy = s.heightPt - (h / 2) * PT_PER_MM;
  // SVG's rotate(-30) turns counter-clockwise on screen (y down); in PDF space (y up) that is +30°.
  s.page.pushOperators(pushGraphicsState(), translate(cx, cy), rotateDegrees(30), translate(-cx, -cy));
  const colour = pdfColour('#c0392b', null) ?? rgb(0.75, 0.22, 0.17);
  for (let y = -h; y < h * 2; y += step) {
    await drawText(
      s,
      { kind: 'text', x: w / 2, y, size, spans: [{ text: WATERMARK_TEXT, weight: 'bold' }], anchor: 'middle' },
      { color: colour, opacity: 0.28 },
    );
  }
  s.page.pushOperators(popGraphicsState());
}

/** A one-page PDF whose page is the label's true size (mm → pt), text in embedded subset Arimo. */
export async function labelPdf(drawing: LabelDrawing, options: OutputOptions = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(drawing.title);
  pdf.setProducer('Packsmith');
  pdf.setCreator('Packsmith nutrition label generator');
  const widthPt = drawing.width_mm * PT_PER_MM;
  const heightPt = drawing.height_mm * PT_PER_MM;
  const page = pdf.addPage([widthPt, heightPt]);
  const embedded = new Map<FaceName, Promise<PDFFont>>();
  const bytes = arimoBytes();
  const font = (face: FaceName): Promise<PDFFont> => {
    let f = embedded.get(face);
    if (!f) {
      // A subset's BaseFont carries a six-letter tag and '+' (ISO 32000-1 §9.6.4); pdf-lib's own name is a numeric suffix.
      // Padded glyph records: @pdf-lib/fontkit's subsets otherwise shift glyphs after an odd-length one (print-pdf/fonts.ts).
      f = pdf.embedFont(evenGlyphRecords(bytes[face]), { subset: true, customName: `${subsetTag()}+${POSTSCRIPT_NAMES[face]}` });
      embedded.set(face, f);
    }
    return f;
  };
  const sheet: Sheet = { page, heightPt, font };
  const black = rgb(0, 0, 0);
  if (drawing.frame) {
    // Stroked inside the label's edge, over the background, as the SVG draws it.
    const sw = drawing.frame.stroke_width;
    const background = pdfColour(drawing.background, '#fff');
    page.drawRectangle({
      x: (sw / 2) * PT_PER_MM,
      y: (sw / 2) * PT_PER_MM,
      width: (drawing.width_mm - sw) * PT_PER_MM,
      height: (drawing.height_mm - sw) * PT_PER_MM,
      ...(background ? { color: background } : {}),
      borderColor: pdfColour(drawing.frame.stroke, '#000') ?? black,
      borderWidth: sw * PT_PER_MM,
    });
  } else {
    const background = pdfColour(drawing.background, null);
    if (background) page.drawRectangle({ x: 0, y: 0, width: widthPt, height: heightPt, color: background });
  }
  for (const item of drawing.items) {
    if (item.kind === 'rect') drawRect(sheet, item);
    else await drawText(sheet, item, { color: pdfColour(item.fill, '#000') ?? black });
  }
  if (options.watermark) await drawWatermark(sheet, drawing.width_mm, drawing.height_mm);
  return pdf.save();
}
