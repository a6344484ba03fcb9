import fontkit from '@pdf-lib/fontkit';
import type { Dieline, PathMm } from '@packsmith/design-engine/dieline';
import { cmyk, degrees, PDFDocument, PDFName, PDFOperator, PDFOperatorNames as Op, setDashPattern, type PDFFont, type PDFNumber, type PDFPage } from 'pdf-lib';
import { embedArtwork, placeImage, type PlacedImage } from './artwork.js';
import { drawDocumentArtwork, type DocumentArtwork, type DocumentArtworkReport } from './document-artwork.js';
import { embedSubset } from './fonts.js';
import { DEFAULT_SLUG_MM, pageGeometry, PT_PER_MM, toPagePath, type PageGeometry, type PageRectMm } from './geometry.js';
import { markOperators } from './marks.js';
import { colourSpaceKey, INKS, installPrintResources, layerKey, num, OVERPRINT_GS, type LayerName, type SpotInk } from './spot.js';

/** Artwork of the whole flat sheet, covering the dieline's bleed box edge to edge. */
import type { PrintArtwork } from './artwork.js';
export type { PrintArtwork } from './artwork.js';
export type { DocumentArtwork, DocumentArtworkReport } from './document-artwork.js';

export interface PrintPdfInput {
  /** The engine's dieline: its bounding box is the trim, its outlines the cut, its creases the folds. */
  readonly dieline: Dieline;
  /**
   * A picture placed over the bleed box (trim + bleed on every side) at whatever resolution it has
   * (300 dpi expected), or an editor document drawn layer by layer: live text in subset fonts,
   * images at their own pixels, vector shapes (document-artwork.ts).
   */
  readonly artwork: PrintArtwork | DocumentArtwork;
  /** TrueType/OpenType bytes of the faces used for the info block and the watermark (embedded as subsets). */
  readonly fonts: { readonly regular: Uint8Array; readonly bold?: Uint8Array };
  readonly info: {
    /** Box type name ('Straight tuck end box'). */
    readonly boxName: string;
    /** Inside dimensions, mm. */
    readonly inside: { readonly length: number; readonly width: number; readonly height: number };
    /** Board ('0.45 mm SBS 350 g/m²'). */
    readonly board: string;
    /** Date printed in the slug and used as the file's creation date, YYYY-MM-DD. */
    readonly date: string;
  };
  /** Diagonal text over the artwork (previews); none on a print file. */
  readonly watermark?: string;
  /** Slug outside the bleed for marks, mm (default 12). */
  readonly slugMm?: number;
}

export interface PrintPdfResult {
  readonly bytes: Uint8Array;
  /** Page (MediaBox) size, mm. */
  readonly pageMm: { readonly width: number; readonly height: number };
  /** A picture artwork's pixel size and the resolution it prints at on the bleed box (null for a document's). */
  readonly artwork: { readonly width: number; readonly height: number; readonly dpi: number } | null;
  /** What a document's artwork was drawn with (null for a picture). */
  readonly layers: DocumentArtworkReport | null;
}

/** Raised for input the exporter cannot use; the message names the field. */
export class PrintPdfInputError extends Error {}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const CUT_WIDTH_PT = 0.5;
const CREASE_WIDTH_PT = 0.5;
/** Crease dashes, mm: display only (RIPs and cutting tables read the path, not the dash). */
const CREASE_DASH_MM = [3, 1.5] as const;
const INFO_SIZE_PT = 6;

function validate(input: PrintPdfInput): void {
  const { artwork, info, dieline } = input;
  if (!(dieline.size.width > 0 && dieline.size.height > 0)) throw new PrintPdfInputError('dieline: the sheet has no size.');
  if (dieline.outlines.length === 0) throw new PrintPdfInputError('dieline.outlines: there is no cut outline.');
  const b = artwork.kind === 'document' ? new Uint8Array() : artwork.bytes;
  if (artwork.kind === 'document' && artwork.document.dieline.panels.length === 0)
    throw new PrintPdfInputError('artwork.document: the document has no panels.');
  if (artwork.kind === 'png' && !PNG_SIGNATURE.every((v, i) => b[i] === v)) throw new PrintPdfInputError('artwork.bytes: not a PNG file.');
  if (artwork.kind === 'jpeg' && !(b[0] === 0xff && b[1] === 0xd8)) throw new PrintPdfInputError('artwork.bytes: not a JPEG file.');
  if (input.fonts.regular.length < 12) throw new PrintPdfInputError('fonts.regular: not a font file.');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(info.date) || Number.isNaN(Date.parse(info.date))) throw new PrintPdfInputError('info.date: use YYYY-MM-DD.');
  if (!info.boxName.trim()) throw new PrintPdfInputError('info.boxName: required.');
  const { length, width, height } = info.inside;
  if (![length, width, height].every((v) => Number.isFinite(v) && v >= 0)) throw new PrintPdfInputError('info.inside: dimensions must be numbers ≥ 0 mm.');
  if (input.watermark !== undefined && (input.watermark.trim() === '' || input.watermark.length > 80)) {
    throw new PrintPdfInputError('watermark: 1 to 80 characters.');
  }
  if (input.slugMm !== undefined && !(input.slugMm >= 6 && input.slugMm <= 50)) throw new PrintPdfInputError('slugMm: between 6 and 50 mm.');
}

const op = (name: Op, ...args: (PDFName | PDFNumber)[]) => PDFOperator.of(name, args);

/**
 * The print-ready PDF of a dieline and its artwork: one page of trim + bleed + slug, exactly in
 * millimetres; the artwork on the bleed box; the cut outline (and interior cuts) in the
 * CutContour spot ink and the folds in the Crease spot ink, both overprinting, each in its own
 * layer; crop and registration marks and an info block in the slug. See docs/PRINT-PDF.md.
 */
export async function exportPrintPdf(input: PrintPdfInput): Promise<PrintPdfResult> {
  validate(input);
  const { dieline, info } = input;
  const geo = pageGeometry(dieline, input.slugMm ?? DEFAULT_SLUG_MM);
  const created = new Date(`${info.date}T00:00:00Z`);

  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  doc.setTitle(`${info.boxName}: print-ready dieline`);
  doc.setProducer('Packsmith');
  doc.setCreator('Packsmith');
  doc.setCreationDate(created);
  doc.setModificationDate(created);

  const lines = infoLines(input);
  const texts = [...lines, input.watermark ?? ''];
  const regular = await embedSubset(doc, input.fonts.regular, texts);
  const bold = input.fonts.bold ? await embedSubset(doc, input.fonts.bold, texts) : regular;

  const page = doc.addPage([geo.media.width * PT_PER_MM, geo.media.height * PT_PER_MM]);
  setBox(page, 'setMediaBox', geo.media);
  setBox(page, 'setBleedBox', geo.bleedBox);
  setBox(page, 'setTrimBox', geo.trimBox);
  installPrintResources(doc, page);

  const art = input.artwork;
  // Embedded before the layer opens: the page's operators only ever hold a finished layer.
  const image = art.kind === 'document' ? null : await embedArtwork(doc, page, art);
  let report: DocumentArtworkReport | null = null;
  page.pushOperators(beginLayer('Artwork'));
  if (image) drawArtwork(page, image, geo);
  else if (art.kind === 'document') report = await drawDocumentArtwork(doc, page, geo, art);
  if (input.watermark) drawWatermark(page, bold, input.watermark, geo);
  page.pushOperators(op(Op.EndMarkedContent));
  inLayer(page, 'Marks', () => {
    page.pushOperators(...markOperators(geo));
    drawInfo(page, regular, bold, lines, geo);
  });
  inLayer(page, 'Crease', () => page.pushOperators(...strokeInk(INKS.crease, dieline.creases, geo, CREASE_WIDTH_PT, CREASE_DASH_MM)));
  inLayer(page, 'CutContour', () => page.pushOperators(...strokeInk(INKS.cut, [...dieline.outlines, ...dieline.cuts], geo, CUT_WIDTH_PT)));

  // No object streams: prepress tools (and older RIPs) read a classic cross-reference table best.
  const bytes = await doc.save({ useObjectStreams: false });
  const bleedWidthIn = geo.bleedBox.width / 25.4;
  return {
    bytes,
    pageMm: { width: geo.media.width, height: geo.media.height },
    artwork: image ? { width: image.width, height: image.height, dpi: Math.round((image.width / bleedWidthIn) * 10) / 10 } : null,
    layers: report,
  };
}

function setBox(page: PDFPage, which: 'setMediaBox' | 'setBleedBox' | 'setTrimBox', r: PageRectMm): void {
  page[which](r.x * PT_PER_MM, r.y * PT_PER_MM, r.width * PT_PER_MM, r.height * PT_PER_MM);
}

/** `/OC /OC_<layer> BDC … EMC` around whatever `draw` puts on the page. */
function inLayer(page: PDFPage, layer: LayerName, draw: () => void): void {
  page.pushOperators(beginLayer(layer));
  draw();
  page.pushOperators(op(Op.EndMarkedContent));
}

const beginLayer = (layer: LayerName) => op(Op.BeginMarkedContentSequence, PDFName.of('OC'), PDFName.of(layerKey(layer)));

function drawArtwork(page: PDFPage, image: PlacedImage, geo: PageGeometry): void {
  const b = geo.bleedBox;
  // Scaled by the placement matrix only: the image's pixels go into the file as they came.
  page.pushOperators(...placeImage(image, b.x * PT_PER_MM, b.y * PT_PER_MM, b.width * PT_PER_MM, b.height * PT_PER_MM));
}

/** Diagonal text across the bleed box, clipped to it so it never reaches the marks. */
function drawWatermark(page: PDFPage, font: PDFFont, text: string, geo: PageGeometry): void {
  const b = geo.bleedBox;
  const w = b.width * PT_PER_MM;
  const h = b.height * PT_PER_MM;
  const angle = Math.atan2(h, w);
  const diagonal = Math.hypot(w, h);
  const size = Math.max(6, Math.min(200, (0.7 * diagonal) / Math.max(1e-6, font.widthOfTextAtSize(text, 1))));
  const textW = font.widthOfTextAtSize(text, size);
  const textH = font.heightAtSize(size, { descender: false });
  // Centre the rotated text's box on the bleed box's centre.
  const cx = b.x * PT_PER_MM + w / 2;
  const cy = b.y * PT_PER_MM + h / 2;
  const x = cx - (Math.cos(angle) * textW) / 2 + (Math.sin(angle) * textH) / 2;
  const y = cy - (Math.sin(angle) * textW) / 2 - (Math.cos(angle) * textH) / 2;
  page.pushOperators(
    op(Op.PushGraphicsState),
    op(Op.AppendRectangle, num(b.x * PT_PER_MM), num(b.y * PT_PER_MM), num(w), num(h)),
    op(Op.ClipNonZero),
    op(Op.EndPath),
  );
  page.drawText(text, { x, y, size, font, rotate: degrees((angle * 180) / Math.PI), color: cmyk(0, 0, 0, 0.6), opacity: 0.35 });
  page.pushOperators(op(Op.PopGraphicsState));
}

function infoLines(input: PrintPdfInput): string[] {
  const { inside, boxName, board, date } = input.info;
  const n = (v: number) => String(Math.round(v * 100) / 100);
  return [
    `Packsmith · ${boxName}`,
    `Inside ${n(inside.length)} × ${n(inside.width)} × ${n(inside.height)} mm · board ${board} · ${date}`,
    `Cut: CutContour · Crease: Crease · bleed ${n(input.dieline.bleed)} mm · trim ${n(input.dieline.size.width)} × ${n(input.dieline.size.height)} mm`,
  ];
}

/** Three lines in the bottom slug, left-aligned on the bleed box, shrunk to fit a narrow page. */
function drawInfo(page: PDFPage, regular: PDFFont, bold: PDFFont, lines: readonly string[], geo: PageGeometry): void {
  const maxW = (geo.media.width - 2 * geo.slug) * PT_PER_MM;
  const widest = Math.max(...lines.map((l, i) => (i === 0 ? bold : regular).widthOfTextAtSize(l, 1)));
  const leading = 1.3;
  const fitHeight = (geo.slug * 0.75 * PT_PER_MM) / (lines.length * leading);
  const size = Math.max(3, Math.min(INFO_SIZE_PT, maxW / widest, fitHeight));
  const top = geo.slug * 0.85 * PT_PER_MM;
  lines.forEach((l, i) => {
    page.drawText(l, { x: geo.bleedBox.x * PT_PER_MM, y: top - size * leading * (i + 1), size, font: i === 0 ? bold : regular, color: cmyk(0, 0, 0, 1) });
  });
}

/** Stroke paths in one spot ink, overprinting, in page points. */
function strokeInk(ink: SpotInk, paths: readonly PathMm[], geo: PageGeometry, widthPt: number, dashMm?: readonly number[]): PDFOperator[] {
  const ops: PDFOperator[] = [
    op(Op.PushGraphicsState),
    op(Op.SetGraphicsStateParams, PDFName.of(OVERPRINT_GS)),
    op(Op.StrokingColorspace, PDFName.of(colourSpaceKey(ink))),
    op(Op.StrokingColorN, num(1)),
    op(Op.SetLineWidth, num(widthPt)),
    op(Op.SetLineJoinStyle, num(1)),
    op(Op.SetLineCapStyle, num(1)),
  ];
  if (dashMm)
    ops.push(
      setDashPattern(
        dashMm.map((d) => Math.round(d * PT_PER_MM * 1e3) / 1e3),
        0,
      ),
    );
  for (const path of paths) {
    const p = toPagePath(path, geo);
    ops.push(op(Op.MoveTo, num(p.start.x), num(p.start.y)));
    for (const piece of p.pieces) {
      if (piece.kind === 'line') ops.push(op(Op.LineTo, num(piece.to.x), num(piece.to.y)));
      else ops.push(op(Op.AppendBezierCurve, num(piece.c1.x), num(piece.c1.y), num(piece.c2.x), num(piece.c2.y), num(piece.to.x), num(piece.to.y)));
    }
    ops.push(op(p.closed ? Op.CloseAndStroke : Op.StrokePath));
  }
  ops.push(op(Op.PopGraphicsState));
  return ops;
}
