import { z } from 'zod';
import { defineCall } from '../call.js';
import { EditorDocumentSchema, EditorLayerSchema } from '../editor-document.js';
import { ChatMessageSchema, GenerateRecordSchema } from '../entities.js';

/*
 * The AI packaging editor (issue 17). An editor document is owned by a project of type ai_editor
 * (its parent the design it was opened from, if any); the document itself is stored with a
 * version number that every save must name: a save naming an older version than the stored one
 * is refused (code 400, EDITOR_STALE_MESSAGE) so two tabs never overwrite each other silently.
 * Opening the editor is accessCalls.editorOpen (POST /api/editor/open), which answers the editor
 * project's id. Exports are jobs with a generate record, like the photo shoot's calls.
 */

const ProjectId = z.string().min(1, 'project_id is required.').max(64);

/** The answer of a save whose version is older than the stored document's. */
export const EDITOR_STALE_MESSAGE = 'This design was changed elsewhere: reload it to get the latest version.';
/** The longest name of a named version. */
export const EDITOR_VERSION_NAME_MAX = 80;
/** Named versions kept per document (the oldest beyond this are dropped). */
export const EDITOR_MAX_NAMED_VERSIONS = 50;

export const EDITOR_EXPORT_FORMATS = ['pdf', 'svg', 'png'] as const;
export const EditorExportFormatSchema = z.enum(EDITOR_EXPORT_FORMATS, { error: 'format must be pdf, svg or png.' });
export type EditorExportFormat = z.infer<typeof EditorExportFormatSchema>;

/** Raster exports are made at this resolution (print). */
export const EDITOR_EXPORT_DPI = 300;

/** The stored document and what the screen needs around it. */
export const EditorDocumentRecordSchema = z.object({
  project_id: z.string(),
  /** The design project the document was opened from; null for a blank document. */
  parent_project_id: z.string().nullable(),
  name: z.string(),
  document: EditorDocumentSchema,
  /** Increases by one on every save; a save names the version it was made from. */
  version: z.number().int().min(1),
  updated_at: z.number().int(),
  /** Parts of the design the document could not take as layers (e.g. a cup's curved wall), in words. */
  notes: z.array(z.string()),
});
export type EditorDocumentRecord = z.infer<typeof EditorDocumentRecordSchema>;

export const EditorNamedVersionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The document version it holds. */
  version: z.number().int(),
  created_at: z.number().int(),
});
export type EditorNamedVersion = z.infer<typeof EditorNamedVersionSchema>;

export const documentGet = defineCall({
  method: 'GET',
  path: '/api/editor/document',
  auth: 'session',
  summary: 'The editor document of an ai_editor project (the owner only)',
  input: z.object({ project_id: ProjectId }),
  data: EditorDocumentRecordSchema,
});

export const documentSave = defineCall({
  method: 'PUT',
  path: '/api/editor/document',
  auth: 'session',
  summary: 'Save the editor document (autosave); a stale version answers 400 "changed elsewhere"',
  input: z.object({
    project_id: ProjectId,
    document: EditorDocumentSchema,
    /** The version this document was made from (the one last read or saved). */
    version: z.number().int('version must be a whole number.').min(1, 'version must be 1 or more.'),
  }),
  data: z.object({ version: z.number().int(), updated_at: z.number().int() }),
});

export const versionList = defineCall({
  method: 'GET',
  path: '/api/editor/versions',
  auth: 'session',
  summary: 'The named versions of an editor document, newest first',
  input: z.object({ project_id: ProjectId }),
  data: z.object({ list: z.array(EditorNamedVersionSchema) }),
});

export const versionCreate = defineCall({
  method: 'POST',
  path: '/api/editor/version',
  auth: 'session',
  summary: 'Keep the stored document as a named version',
  input: z.object({
    project_id: ProjectId,
    name: z.string().trim().min(1, 'name is required.').max(EDITOR_VERSION_NAME_MAX, `name is at most ${EDITOR_VERSION_NAME_MAX} characters.`),
  }),
  data: EditorNamedVersionSchema,
});

export const versionRestore = defineCall({
  method: 'POST',
  path: '/api/editor/version/restore',
  auth: 'session',
  summary: 'Make a named version the current document (saved as a new version; the named one stays)',
  input: z.object({ project_id: ProjectId, version_id: z.string().min(1, 'version_id is required.').max(64) }),
  data: EditorDocumentRecordSchema,
});

export const exportFile = defineCall({
  method: 'POST',
  path: '/api/editor/export',
  auth: 'session',
  summary:
    'Export the stored document: pdf (print-ready, Business; watermarked preview for everyone), svg of the sheet, png of the sheet or one panel at 300 dpi. Answers at once with {messages, record}; the finished record data.imageUrls holds the file',
  input: z.object({
    project_id: ProjectId,
    format: EditorExportFormatSchema,
    /** A watermarked preview (anyone who may open the editor); without it a pdf needs Business. */
    watermark: z.boolean().optional(),
    /** png only: one panel instead of the whole sheet. */
    panel_id: z.string().min(1).max(64).optional(),
  }),
  data: z.object({ messages: z.array(ChatMessageSchema), record: GenerateRecordSchema }),
});

/** What a finished export record's data holds. */
export const EditorExportResultSchema = z.object({
  imageUrls: z.array(z.string()).min(1),
  format: EditorExportFormatSchema,
  watermarked: z.boolean(),
  bytes: z.number().int(),
  /** The file's page or image size in mm (a pdf: the MediaBox, trim + bleed + slug). */
  width_mm: z.number(),
  height_mm: z.number(),
  panel_id: z.string().optional(),
});
export type EditorExportResult = z.infer<typeof EditorExportResultSchema>;

export const redesignPanel = defineCall({
  method: 'POST',
  path: '/api/editor/redesign_panel',
  auth: 'session',
  summary: "Run the design engine again for one panel, keeping the rest: answers that panel's new layers (apply them as one undoable step)",
  input: z.object({
    project_id: ProjectId,
    panel_id: z.string().min(1, 'panel_id is required.').max(64),
    /** What to change, in words (optional: without it a new variation of the same brief). */
    prompt: z.string().trim().max(500, 'prompt is at most 500 characters.').optional(),
  }),
  data: z.object({ panel_id: z.string(), layers: z.array(EditorLayerSchema) }),
});
