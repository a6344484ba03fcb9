/** The AI packaging editor's public face (README.md): documents, versions, exports, panel redesigns. */
export { createEditorRepo, type EditorRepo, type EditorDocumentRow, type EditorVersionRow } from './editor.repo.js';
export { createEditorService, EditorMsg, type EditorService, type PreparedOpen } from './editor.service.js';
export { createEditorJobs, EditorJobMsg } from './editor.jobs.js';
export { createWorkerExports } from './editor.files.js';
export { createPrintFiles, PRINT_FILE_TIMEOUT_MS, type PrintFiles, type PrintFileSource, type PrintFileResult } from './editor.print-file.js';
export { EDITOR_EXPORT_KIND } from './editor.input.js';
export { editorDocumentGate } from './editor.rules.js';
export { createLogoLoader } from './editor.logo.js';
