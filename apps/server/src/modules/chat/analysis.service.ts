import { AnalyzeItemSchema, Msg } from '@packsmith/contracts';
import type { z } from 'zod';
import { badRequest, notFound } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import type { ProjectEmitter } from '../../realtime/emitter.js';
import type { Storage } from '../../storage/storage.js';
import type { FileService } from '../files/index.js';
import type { ProjectAccess } from '../project/index.js';
import type { AnalysisRepo } from './analysis.repo.js';
import { DesignMetaSchema, designsMetaOf, type DesignMeta } from './design-brief.js';
import { dominantPalette, promptSentence, styleFromPalette } from './image-analysis.js';

type AnalyzeItem = z.infer<typeof AnalyzeItemSchema>;

const RASTER = new Set(['image/png', 'image/jpeg']);

/**
 * POST /api/chat/analyze, DELETE /api/project/analyze and POST /api/generate/prompt. Image URLs go
 * through resolveOwnedImage and are read from our storage, never fetched. Our own designs are
 * analysed from their flat front (no studio background) and carry what we remember of their brief.
 */
export function createAnalysisService(deps: {
  repo: AnalysisRepo;
  access: Pick<ProjectAccess, 'assertOwner'>;
  files: Pick<FileService, 'resolveOwnedImage' | 'read'>;
  storage: Pick<Storage, 'publicUrl'>;
  realtime: ProjectEmitter;
}) {
  const { repo, files } = deps;

  /** The image's bytes and canonical URL (how designs_meta keys it). */
  async function ownedRaster(userId: string, url: string): Promise<{ canonical: string; bytes: () => Promise<Buffer> }> {
    const { key, row } = await files.resolveOwnedImage(userId, url);
    if (!RASTER.has(row.mime)) throw badRequest(Msg.uploadImageFile);
    return { canonical: deps.storage.publicUrl(key), bytes: () => files.read(key) };
  }

  /** Reads the flat front of one of our designs when it is still there, else the image itself. */
  async function analysisBytes(userId: string, image: { bytes: () => Promise<Buffer> }, meta: DesignMeta | null): Promise<Buffer> {
    if (meta) {
      try {
        return await (await ownedRaster(userId, meta.front_url)).bytes();
      } catch {
        // The front was deleted: the packshot still shows the design.
      }
    }
    return image.bytes();
  }

  async function describe(userId: string, imageUrl: string, meta: DesignMeta | null, image: { bytes: () => Promise<Buffer> }) {
    const palette = await dominantPalette(await analysisBytes(userId, image, meta));
    const style = [...new Set([...(meta?.style ?? []), ...styleFromPalette(palette)])];
    const text = meta ? [meta.brand, meta.product].filter((t) => t.trim() !== '') : [];
    return { image_url: imageUrl, palette, style, text };
  }

  return {
    async analyze(userId: string, projectId: string, imageUrl: string): Promise<AnalyzeItem> {
      const project = await deps.access.assertOwner(userId, projectId);
      const image = await ownedRaster(userId, imageUrl);
      const meta = designsMetaOf(project.data)[image.canonical] ?? null;
      const item: AnalyzeItem = { analyze_id: newId(), ...(await describe(userId, imageUrl, meta, image)), create_at: Date.now() };
      const saved = await repo.updateList(projectId, (list) => ({ list: [...list, item], result: item }));
      if (!saved) throw notFound('Project not found.');
      deps.realtime.emitToProject(projectId, 'project:updated', { project_id: projectId });
      return item;
    },

    async remove(userId: string, projectId: string, analyzeId: string): Promise<{ analyze_list: AnalyzeItem[] }> {
      await deps.access.assertOwner(userId, projectId);
      const saved = await repo.updateList(projectId, (list) => {
        const kept = list.filter((entry) => !(entry && typeof entry === 'object' && 'analyze_id' in entry && entry.analyze_id === analyzeId));
        return { list: kept, result: kept.length !== list.length };
      });
      if (!saved) throw notFound('Project not found.');
      if (!saved.result) throw notFound('Analysis not found.');
      deps.realtime.emitToProject(projectId, 'project:updated', { project_id: projectId });
      return {
        analyze_list: saved.list.flatMap((entry) => {
          const parsed = AnalyzeItemSchema.safeParse(entry);
          return parsed.success ? [parsed.data] : [];
        }),
      };
    },

    async prompt(userId: string, imageUrl: string): Promise<{ prompt: string }> {
      const image = await ownedRaster(userId, imageUrl);
      const parsed = DesignMetaSchema.safeParse(await repo.designMetaOf(userId, image.canonical));
      const meta = parsed.success ? parsed.data : null;
      const analysis = await describe(userId, imageUrl, meta, image);
      return { prompt: promptSentence(analysis, meta) };
    },
  };
}
export type AnalysisService = ReturnType<typeof createAnalysisService>;
