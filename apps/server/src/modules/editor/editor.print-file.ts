/**
 * The print order's print-ready PDF (issue 17: "the same exporter serves the print order screen"):
 * the owner's latest editor document of a design when there is one (the one reopening in the
 * editor finds), else the design engine's document of the design as opening it would build it,
 * rendered by the editor's exporter (the worker thread's runner) without a watermark and stored
 * as a private file of the owner's. The plan (Business) is the caller's check.
 */
import { NO_BOX_ID, boxById, type EditorDocument } from '@packsmith/contracts';
import { withDimensions } from '@packsmith/editor';
import type { DesignMeta } from '../chat/index.js';
import { designDocument, type LogoLoader } from './editor.design-doc.js';
import { createExportStore, type ExportStoreDeps } from './editor.export-store.js';
import type { ExportRunner } from './editor.files.js';
import type { EditorRepo } from './editor.repo.js';
import { designBrief, storedDocument } from './editor.rules.js';

/** A print file takes a sheet of synchronous resvg and pdf-lib work; past this the request goes without it. */
export const PRINT_FILE_TIMEOUT_MS = 60_000;

export interface PrintFileDeps extends ExportStoreDeps {
  repo: Pick<EditorRepo, 'find' | 'findEditorProject'>;
  logo?: LogoLoader;
  render: ExportRunner;
  now?: () => number;
}

/** What the print file is made of: the design project, the design (its designs_meta entry) and the requested size. */
export interface PrintFileSource {
  userId: string;
  project: { id: string; logo: string; data: Record<string, unknown> | null };
  design: { url: string; meta: DesignMeta };
  /** The request's inside size by the dieline's parameter names, for the box it was priced as; applied to a document built from the design only. */
  size?: { boxId: number; dimensions: Readonly<Record<string, number>> };
}

export interface PrintFileResult {
  url: string;
  /** Where the document came from: the owner's editor document, or the design engine's. */
  from: 'editor' | 'design';
  width_mm: number;
  height_mm: number;
}

export function createPrintFiles(deps: PrintFileDeps) {
  const now = deps.now ?? (() => Date.now());
  const exports = createExportStore(deps);

  /** The editor document the owner would reopen for this design (the newest), else the design engine's. */
  async function documentOf(src: PrintFileSource): Promise<{ doc: EditorDocument; from: PrintFileResult['from'] }> {
    const earlier = await deps.repo.findEditorProject(src.userId, src.project.id, src.design.url);
    const row = earlier ? await deps.repo.find(earlier.id) : null;
    if (row) return { doc: storedDocument(row.document), from: 'editor' };
    const brief = designBrief(src.design.meta, src.project.data?.box_id);
    if (brief.boxId !== NO_BOX_ID && !boxById(brief.boxId)) throw new Error(`box ${brief.boxId}: not in the catalogue`);
    const made = await designDocument(deps.logo, src.userId, src.project.logo, brief, src.design.meta.design_seed ?? src.design.meta.seed);
    const doc = made.document;
    // The requested size only for the box the design is (a request priced as another box keeps the design's size).
    const sized = src.size && src.size.boxId === doc.box.id ? withDimensions(doc, src.size.dimensions) : doc;
    return { doc: sized, from: 'design' };
  }

  return {
    async make(src: PrintFileSource): Promise<PrintFileResult> {
      const { doc, from } = await documentOf(src);
      const inlined = await exports.withInlineImages(src.userId, doc);
      const at = new Date(now());
      const file = await deps.render(
        inlined,
        { format: 'pdf', watermark: false, date: at.toISOString().slice(0, 10) },
        AbortSignal.timeout(PRINT_FILE_TIMEOUT_MS),
      );
      const url = await exports.store(src.userId, file, at);
      return { url, from, width_mm: file.width_mm, height_mm: file.height_mm };
    },
  };
}
export type PrintFiles = ReturnType<typeof createPrintFiles>;
