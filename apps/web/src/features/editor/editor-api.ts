import {
  accessCalls,
  editorCalls,
  EditorExportResultSchema,
  type EditorDocument,
  type EditorDocumentRecord,
  type EditorExportFormat,
  type EditorExportResult,
  type EditorLayer,
  type EditorNamedVersion,
} from '@packsmith/contracts';
import { apiCall } from '../../api/client';
import { ApiError } from '../../api/error-catalogue';
import { pollRecord } from '../chat/record-poller';

/**
 * The editor screen's calls (issue 17), one function each, so the page and its tests speak of
 * what happens ("open", "save") rather than of paths.
 */

export interface OpenRequest {
  project_id?: string;
  image_url?: string;
  box_id?: number;
  dimensions?: Record<string, number>;
}

export async function openEditor(request: OpenRequest): Promise<{ projectId: string; freeUse: boolean }> {
  const data = await apiCall(accessCalls.editorOpen, request);
  return { projectId: data.editor_project_id, freeUse: data.free_use };
}

export function loadDocument(projectId: string, signal?: AbortSignal): Promise<EditorDocumentRecord> {
  return apiCall(editorCalls.documentGet, { project_id: projectId }, { signal });
}

export type SaveOutcome = { kind: 'saved'; version: number } | { kind: 'stale' } | { kind: 'failed'; message: string };

/** Autosave: quiet (no toast per keystroke); a stale version is an outcome, not an error. */
export async function saveDocument(projectId: string, document: EditorDocument, version: number): Promise<SaveOutcome> {
  try {
    const data = await apiCall(editorCalls.documentSave, { project_id: projectId, document, version }, { silent: true });
    return { kind: 'saved', version: data.version };
  } catch (e) {
    if (e instanceof ApiError && e.failure.kind === 'code' && e.code === 400 && /changed elsewhere/.test(e.message)) return { kind: 'stale' };
    return { kind: 'failed', message: e instanceof Error ? e.message : String(e) };
  }
}

export async function listVersions(projectId: string): Promise<EditorNamedVersion[]> {
  return (await apiCall(editorCalls.versionList, { project_id: projectId })).list;
}

export function keepVersion(projectId: string, name: string): Promise<EditorNamedVersion> {
  return apiCall(editorCalls.versionCreate, { project_id: projectId, name });
}

export function restoreVersion(projectId: string, versionId: string): Promise<EditorDocumentRecord> {
  return apiCall(editorCalls.versionRestore, { project_id: projectId, version_id: versionId });
}

export function redesignPanel(projectId: string, panelId: string, prompt?: string): Promise<{ panel_id: string; layers: EditorLayer[] }> {
  return apiCall(editorCalls.redesignPanel, { project_id: projectId, panel_id: panelId, ...(prompt ? { prompt } : {}) });
}

export interface ExportRequest {
  format: EditorExportFormat;
  watermark?: boolean;
  panel_id?: string;
}

export class ExportFailed extends Error {}

/** Starts an export and follows its record to the file; `onProgress` gets 0–100. */
export async function exportDocument(
  projectId: string,
  request: ExportRequest,
  options: { signal?: AbortSignal; onProgress?(percent: number): void } = {},
): Promise<EditorExportResult> {
  const { record } = await apiCall(editorCalls.exportFile, { project_id: projectId, ...request });
  const outcome = await pollRecord(record.id, { signal: options.signal, onUpdate: (r) => options.onProgress?.(r.progress) });
  if (outcome.kind === 'done') {
    const parsed = EditorExportResultSchema.safeParse(outcome.record.data);
    if (parsed.success) return parsed.data;
    throw new ExportFailed('The export finished without a file. Please try again.');
  }
  if (outcome.kind === 'failed') throw new ExportFailed(outcome.record.error ?? 'The export failed. Please try again.');
  if (outcome.kind === 'refused') throw outcome.error;
  if (outcome.kind === 'cancelled') throw new ExportFailed('The export was cancelled.');
  throw new ExportFailed('The export is taking too long. Please try again.');
}
