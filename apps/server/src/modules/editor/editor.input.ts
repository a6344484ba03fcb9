import { z } from 'zod';
import { EditorExportFormatSchema } from '@packsmith/contracts';

/** The generate record kind of an editor export (JOB_DEFINITIONS). */
export const EDITOR_EXPORT_KIND = 'editor_export' as const;

/** What an export record stores as its input: the file is made from the document as stored when the job runs. */
export const EditorExportJobInputSchema = z.object({
  project_id: z.string().min(1).max(64),
  format: EditorExportFormatSchema,
  watermark: z.boolean(),
  panel_id: z.string().min(1).max(64).optional(),
});
export type EditorExportJobInput = z.infer<typeof EditorExportJobInputSchema>;
