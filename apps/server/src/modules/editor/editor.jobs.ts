import { EditorExportResultSchema } from '@packsmith/contracts';
import { JobFailure, type RecordJob } from '../generate/index.js';
import { createExportStore, type ExportStoreDeps } from './editor.export-store.js';
import { exportDocument, type ExportRunner } from './editor.files.js';
import { EDITOR_EXPORT_KIND, EditorExportJobInputSchema, type EditorExportJobInput } from './editor.input.js';
import type { EditorRepo } from './editor.repo.js';
import { storedDocument } from './editor.rules.js';

export interface EditorJobDeps extends ExportStoreDeps {
  repo: Pick<EditorRepo, 'find'>;
  /** Makes the file (default: on this thread; the server passes the worker thread's runner). */
  render?: ExportRunner;
  now?: () => number;
}

export const EditorJobMsg = {
  gone: 'This editor document no longer exists.',
} as const;

/**
 * The editor's export record kind: reads the document as stored when it runs, inlines its images
 * (editor.export-store.ts), makes the file, stores it as a file of the owner's and answers
 * EditorExportResultSchema. Free (cost 0): a failure has nothing to refund.
 */
export function createEditorJobs(deps: EditorJobDeps): RecordJob<EditorExportJobInput>[] {
  const now = deps.now ?? (() => Date.now());
  const render: ExportRunner = deps.render ?? ((doc, req) => exportDocument(doc, req));

  const exports = createExportStore(deps);

  const job: RecordJob<EditorExportJobInput> = {
    kind: EDITOR_EXPORT_KIND,
    cost: 0,
    input: EditorExportJobInputSchema,
    async run({ userId, input, reportProgress, signal }) {
      const row = await deps.repo.find(input.project_id);
      if (!row) throw new JobFailure(EditorJobMsg.gone);
      const doc = await exports.withInlineImages(userId, storedDocument(row.document));
      await reportProgress(20);
      const file = await render(
        doc,
        {
          format: input.format,
          watermark: input.watermark,
          ...(input.panel_id !== undefined ? { panelId: input.panel_id } : {}),
          date: new Date(now()).toISOString().slice(0, 10),
        },
        signal,
      );
      await reportProgress(80);
      const url = await exports.store(userId, file, new Date(now()));
      return EditorExportResultSchema.parse({
        imageUrls: [url],
        format: input.format,
        watermarked: input.format === 'pdf' && input.watermark,
        bytes: file.bytes.length,
        width_mm: Math.round(file.width_mm * 1000) / 1000,
        height_mm: Math.round(file.height_mm * 1000) / 1000,
        ...(input.panel_id !== undefined ? { panel_id: input.panel_id } : {}),
      });
    },
  };
  return [job];
}
