/**
 * The export files of an editor document (Node only: resvg, pdf-lib). Pure of storage and
 * records: editor.jobs.ts stores what these make.
 */
import { readFileSync } from 'node:fs';
import { boxById, EDITOR_EXPORT_DPI, type EditorDocument, type EditorExportFormat } from '@packsmith/contracts';
import { artwork } from '@packsmith/design-engine';
import { renderDieline } from '@packsmith/design-engine/dieline';
import { panelSvg, sheetSvg, withDimensions } from '@packsmith/editor';
import { LABEL_FONT, exportPrintPdf, type LayerPicture } from '@packsmith/print-pdf';
import { svgPicture } from '@packsmith/print-pdf/svg-artwork';
import { Resvg } from '@resvg/resvg-js';
import { WorkerUnavailable, createWorkerClient } from '../../lib/worker-client.js';
import { arimoBytes, arimoFiles } from '../nutrition/index.js';
import { insideOf, materialWords } from './editor.rules.js';

export interface ExportedFile {
  ext: 'pdf' | 'svg' | 'png';
  mime: string;
  bytes: Buffer;
  width_mm: number;
  height_mm: number;
  /** The size registered with the file, px (at 300 dpi for rasters and PDFs, CSS px for an SVG). */
  widthPx: number;
  heightPx: number;
}

const WEIGHTS = [100, 200, 300, 400, 500, 600, 700, 800, 900] as const;
let fontFilesCache: string[] | null = null;

/** Every shipped face of every family the document may name (the design engine's font packages, and Arimo), found once. */
export function shippedFontFiles(): string[] {
  if (fontFilesCache) return fontFilesCache;
  const files: string[] = [];
  for (const pkg of artwork.FONT_PACKAGES) {
    for (const weight of WEIGHTS) {
      for (const italic of [false, true]) {
        try {
          files.push(artwork.fontFace(pkg, weight, italic).file);
        } catch {
          // This family has no such weight: resvg falls back to the nearest one it has.
        }
      }
    }
  }
  // And the nutrition label's face: its SVG asks for Helvetica, Arial, sans-serif, none shipped, so resvg's default face is Arimo (as in the label's own files).
  files.push(...arimoFiles());
  fontFilesCache = files;
  return files;
}

let interCache: { regular: Uint8Array; bold: Uint8Array } | null = null;

/** The info block's and the watermark's faces (Inter, shipped with the design engine). */
function infoFonts(): { regular: Uint8Array; bold: Uint8Array } {
  interCache ??= {
    regular: new Uint8Array(readFileSync(artwork.fontFace('inter', 400).file)),
    bold: new Uint8Array(readFileSync(artwork.fontFace('inter', 700).file)),
  };
  return interCache;
}

const faceBytes = new Map<string, Uint8Array>();

/**
 * The TTF of a face the document names: the family's package (its name in kebab case) at the
 * weight asked, else the nearest weight it ships, the italic else the upright — the choice resvg
 * makes for the PNG exports, so the PDF sets the same face. Arimo is the nutrition label's.
 */
export function shippedFace(family: string, weight: number, italic: boolean): Uint8Array {
  const key = `${family}:${weight}${italic ? 'i' : ''}`;
  const cached = faceBytes.get(key);
  if (cached) return cached;
  if (family === LABEL_FONT) {
    // The nutrition label's face (the label generator ships Arimo in four styles).
    const arimo = arimoBytes();
    return weight >= 600 ? (italic ? arimo.boldItalic : arimo.bold) : italic ? arimo.italic : arimo.regular;
  }
  const pkg = artwork.FONT_PACKAGES.find((p) => p === family.toLowerCase().replace(/\s+/g, '-')) ?? 'inter';
  const byDistance = [...WEIGHTS].sort((a, b) => Math.abs(a - weight) - Math.abs(b - weight) || b - a);
  for (const style of italic ? [true, false] : [false]) {
    for (const w of byDistance) {
      try {
        const bytes = new Uint8Array(readFileSync(artwork.fontFace(pkg, w, style).file));
        faceBytes.set(key, bytes);
        return bytes;
      } catch {
        // Not shipped at this weight: the next nearest.
      }
    }
  }
  throw new Error(`font ${family}: no face shipped`);
}

/** A layer's own SVG as a PNG with transparency, of its drawn part (the print PDF's pictures of what it cannot draw as vectors). */
function picture(svg: string, widthPx: number): LayerPicture | null {
  return svgPicture(svg, widthPx, { fontFiles: shippedFontFiles(), defaultFontFamily: LABEL_FONT });
}

const pxAt = (mm: number, dpi: number) => Math.max(1, Math.round((mm / 25.4) * dpi));

function raster(svg: string, widthMm: number): Buffer {
  const r = new Resvg(svg, {
    fitTo: { mode: 'width', value: pxAt(widthMm, EDITOR_EXPORT_DPI) },
    font: { fontFiles: shippedFontFiles(), loadSystemFonts: false, defaultFontFamily: LABEL_FONT },
  });
  return Buffer.from(r.render().asPng());
}

/** The text printed on a watermarked preview. */
export const WATERMARK_TEXT = 'PREVIEW · Packsmith';

export interface ExportRequest {
  format: EditorExportFormat;
  watermark: boolean;
  panelId?: string;
  /** YYYY-MM-DD printed in the PDF's info block. */
  date: string;
}

/** The file of one export of `doc` (its images already inlined as data: URLs, see editor.jobs.ts). */
export async function exportDocument(stored: EditorDocument, req: ExportRequest): Promise<ExportedFile> {
  // The dieline derived again from the box and its dimensions: a saved document carries its own copy,
  // and the artwork, the sheet's size and the PDF's cut paths must all come from the same one.
  const doc = withDimensions(stored, stored.dimensions, stored.thickness_mm);
  const d = doc.dieline;
  const b = d.bleed_mm;
  if (req.format === 'svg') {
    const bytes = Buffer.from(sheetSvg(doc, { dieline: true }), 'utf8');
    const w = d.size.width + 2 * b;
    const h = d.size.height + 2 * b;
    return { ext: 'svg', mime: 'image/svg+xml', bytes, width_mm: w, height_mm: h, widthPx: pxAt(w, 96), heightPx: pxAt(h, 96) };
  }
  if (req.format === 'png') {
    const panel = req.panelId !== undefined ? d.panels.find((p) => p.id === req.panelId) : undefined;
    const w = (panel ? panel.width : d.size.width) + 2 * b;
    const h = (panel ? panel.height : d.size.height) + 2 * b;
    const bytes = raster(panel ? panelSvg(doc, panel.id) : sheetSvg(doc), w);
    return { ext: 'png', mime: 'image/png', bytes, width_mm: w, height_mm: h, widthPx: pxAt(w, EDITOR_EXPORT_DPI), heightPx: pxAt(h, EDITOR_EXPORT_DPI) };
  }
  // The engine's own dieline for the document's box at its dimensions: the cut and crease paths of the print file.
  const box = boxById(doc.box.id);
  if (!box) throw new Error(`box ${doc.box.id}: not in the catalogue`);
  const dieline = renderDieline(box.id, { ...doc.dimensions, thickness: doc.thickness_mm });
  const result = await exportPrintPdf({
    dieline,
    // Drawn layer by layer: live text in subsets of the shipped faces, images at their own pixels.
    artwork: { kind: 'document', document: doc, face: shippedFace, picture },
    fonts: infoFonts(),
    info: {
      boxName: box.name,
      inside: insideOf(doc.dimensions),
      board: `${doc.thickness_mm} mm ${materialWords(box.material)}`,
      date: req.date,
    },
    ...(req.watermark ? { watermark: WATERMARK_TEXT } : {}),
  });
  return {
    ext: 'pdf',
    mime: 'application/pdf',
    bytes: Buffer.from(result.bytes),
    width_mm: result.pageMm.width,
    height_mm: result.pageMm.height,
    widthPx: pxAt(result.pageMm.width, EDITOR_EXPORT_DPI),
    heightPx: pxAt(result.pageMm.height, EDITOR_EXPORT_DPI),
  };
}

/** What the export worker thread is asked. */
export interface ExportWorkerRequest {
  doc: EditorDocument;
  req: ExportRequest;
}

export type ExportRunner = (doc: EditorDocument, req: ExportRequest, signal?: AbortSignal) => Promise<ExportedFile>;

/**
 * Exports in a worker thread (editor-export-worker.ts), or on the calling thread when no worker can
 * start (a bundle without tsx, a test runner): the same function either way. close() ends the worker.
 */
export function createWorkerExports(opts: { log?: { warn(obj: Record<string, unknown>, msg: string): void } } = {}): {
  run: ExportRunner;
  close(): Promise<void>;
} {
  const client = createWorkerClient<ExportWorkerRequest, ExportedFile>(new URL('./editor-export-worker.mjs', import.meta.url), {
    name: 'editor exports',
    ...(opts.log ? { log: opts.log } : {}),
  });
  return {
    async run(doc, req, signal) {
      try {
        const file = await client.call({ doc, req }, signal ? { signal } : {});
        // A Buffer crosses the thread boundary as a plain Uint8Array.
        return { ...file, bytes: Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength) };
      } catch (err) {
        if (err instanceof WorkerUnavailable) return exportDocument(doc, req);
        throw err;
      }
    },
    close: () => client.close(),
  };
}
