import { EditorExportResultSchema, type EditorDocument, type EditorLayer } from '@packsmith/contracts';
import type { FileAccess, FileRepo } from '../files/index.js';
import { JobFailure, type RecordJob } from '../generate/index.js';
import { newFileKey, type Storage } from '../../storage/storage.js';
import { exportDocument, type ExportRunner } from './editor.files.js';
import { EDITOR_EXPORT_KIND, EditorExportJobInputSchema, type EditorExportJobInput } from './editor.input.js';
import type { EditorRepo } from './editor.repo.js';
import { storedDocument } from './editor.rules.js';

export interface EditorJobDeps {
  repo: Pick<EditorRepo, 'find'>;
  storage: Storage;
  fileRepo: Pick<FileRepo, 'insert'>;
  resolveOwnedImage: FileAccess['resolveOwnedImage'];
  log: { warn(obj: Record<string, unknown>, msg: string): void };
  /** Makes the file (default: on this thread; the server passes the worker thread's runner). */
  render?: ExportRunner;
  now?: () => number;
}

export const EditorJobMsg = {
  gone: 'This editor document no longer exists.',
} as const;

/** A transparent pixel: stands in for an image the owner may no longer use (resvg must never read a path of ours). */
const BLANK_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/**
 * The editor's export record kind: reads the document as stored when it runs, inlines its images
 * (only files its owner may use: anything else becomes a blank pixel, so the renderer never
 * follows a URL or a path), makes the file, stores it as a file of the owner's and answers
 * EditorExportResultSchema. Free (cost 0): a failure has nothing to refund.
 */
export function createEditorJobs(deps: EditorJobDeps): RecordJob<EditorExportJobInput>[] {
  const now = deps.now ?? (() => Date.now());
  const render: ExportRunner = deps.render ?? ((doc, req) => exportDocument(doc, req));

  async function inline(userId: string, url: string, cache: Map<string, string>): Promise<string> {
    if (url.startsWith('data:')) return url;
    const known = cache.get(url);
    if (known) return known;
    let out = BLANK_PNG;
    try {
      const { key, row } = await deps.resolveOwnedImage(userId, url);
      const bytes = await deps.storage.get(key);
      if (bytes) out = `data:${row.mime};base64,${bytes.toString('base64')}`;
    } catch (err) {
      deps.log.warn({ err, url }, 'editor export: an image of the document is not a file its owner may use; left blank');
    }
    cache.set(url, out);
    return out;
  }

  async function withInlineImages(userId: string, doc: EditorDocument): Promise<EditorDocument> {
    const cache = new Map<string, string>();
    const layer = async (l: EditorLayer): Promise<EditorLayer> => {
      if (l.kind === 'image') return { ...l, url: await inline(userId, l.url, cache) };
      if (l.kind === 'background' && l.fill.type === 'image') return { ...l, fill: { ...l.fill, url: await inline(userId, l.fill.url, cache) } };
      if (l.kind === 'logo' && l.source.type === 'image') return { ...l, source: { ...l.source, url: await inline(userId, l.source.url, cache) } };
      return l;
    };
    const panels = [];
    for (const p of doc.panels) panels.push({ ...p, layers: await Promise.all(p.layers.map(layer)) });
    return { ...doc, panels };
  }

  const job: RecordJob<EditorExportJobInput> = {
    kind: EDITOR_EXPORT_KIND,
    cost: 0,
    input: EditorExportJobInputSchema,
    async run({ userId, input, reportProgress, signal }) {
      const row = await deps.repo.find(input.project_id);
      if (!row) throw new JobFailure(EditorJobMsg.gone);
      const doc = await withInlineImages(userId, storedDocument(row.document));
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
      const key = newFileKey(userId, file.ext, new Date(now()));
      await deps.storage.put(key, file.bytes, file.mime);
      try {
        await deps.fileRepo.insert({ key, userId, mime: file.mime, width: file.widthPx, height: file.heightPx, size: file.bytes.length, isPublic: false });
      } catch (err) {
        await deps.storage.delete(key).catch(() => undefined);
        throw err;
      }
      return EditorExportResultSchema.parse({
        imageUrls: [deps.storage.publicUrl(key)],
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
