/**
 * What every export of an editor document does around the renderer: its images inlined (only files
 * its owner may use: anything else becomes a blank pixel, so the renderer never follows a URL or a
 * path), and the made file stored as a private file of the owner's. Shared by the export record
 * (editor.jobs.ts) and the print order's print file (editor.print-file.ts).
 */
import type { EditorDocument, EditorLayer } from '@packsmith/contracts';
import type { FileAccess, FileRepo } from '../files/index.js';
import { newFileKey, type Storage } from '../../storage/storage.js';
import type { ExportedFile } from './editor.files.js';

export interface ExportStoreDeps {
  storage: Storage;
  fileRepo: Pick<FileRepo, 'insert'>;
  resolveOwnedImage: FileAccess['resolveOwnedImage'];
  log: { warn(obj: Record<string, unknown>, msg: string): void };
}

/** A transparent pixel: stands in for an image the owner may no longer use (resvg must never read a path of ours). */
const BLANK_PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

export function createExportStore(deps: ExportStoreDeps) {
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

  return {
    /** The document with every image layer's file inlined as a data: URL. */
    async withInlineImages(userId: string, doc: EditorDocument): Promise<EditorDocument> {
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
    },

    /** Stores the file as a private file of the owner's; answers its URL. No file row: no stored bytes either. */
    async store(userId: string, file: ExportedFile, at: Date): Promise<string> {
      const key = newFileKey(userId, file.ext, at);
      await deps.storage.put(key, file.bytes, file.mime);
      try {
        await deps.fileRepo.insert({ key, userId, mime: file.mime, width: file.widthPx, height: file.heightPx, size: file.bytes.length, isPublic: false });
      } catch (err) {
        await deps.storage.delete(key).catch(() => undefined);
        throw err;
      }
      return deps.storage.publicUrl(key);
    },
  };
}
