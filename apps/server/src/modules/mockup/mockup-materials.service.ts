import { Msg, type CompositeMaterial, type MockupMaterial } from '@packsmith/contracts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import type { Storage } from '../../storage/storage.js';
import type { FileService } from '../files/index.js';
import type { CompositeRow, MaterialRow, MockupMaterialsRepo } from './mockup-materials.repo.js';

const isRaster = (mime: string) => mime === 'image/png' || mime === 'image/jpeg';

/**
 * Mockup materials (SPEC §3 mockupUserMaterial: the caller's designs and logos kept for the studio)
 * and saved compositions. Owner only: every image passes resolveOwnedImage (a foreign URL 400,
 * someone else's private file 403) and must be a PNG or JPEG.
 */
export function createMockupMaterials(deps: { repo: MockupMaterialsRepo; files: Pick<FileService, 'resolveOwnedImage'>; storage: Pick<Storage, 'publicUrl'> }) {
  const { repo, files, storage } = deps;

  const materialDto = (row: MaterialRow): MockupMaterial => ({ id: row.id, material_url: storage.publicUrl(row.fileKey), create_at: row.createdAt.getTime() });
  const compositeDto = (row: CompositeRow): CompositeMaterial => ({
    id: row.id,
    preview_url: storage.publicUrl(row.previewKey),
    data: row.data,
    create_at: row.createdAt.getTime(),
  });

  /** The storage key of an image the caller may use; refusals name the field. */
  async function rasterKey(userId: string, field: string, url: string): Promise<string> {
    try {
      const { key, row } = await files.resolveOwnedImage(userId, url);
      if (!isRaster(row.mime)) throw badRequest(Msg.uploadImageFile);
      return key;
    } catch (err) {
      if (err instanceof AppError) throw new AppError(err.code, `${field}: ${err.message}`);
      throw err;
    }
  }

  return {
    /** POST /api/material: keeps the image (once: the same image again answers the same item). */
    async addMaterial(userId: string, materialUrl: string): Promise<MockupMaterial> {
      const fileKey = await rasterKey(userId, 'material_url', materialUrl);
      return materialDto(await repo.addMaterial({ id: newId(), userId, fileKey }));
    },

    /** GET /api/material/list: newest first. */
    async materials(userId: string): Promise<MockupMaterial[]> {
      return (await repo.listMaterials(userId)).map(materialDto);
    },

    /** DELETE /api/material: unknown 404, someone else's 403. The image file stays (results may show it). */
    async deleteMaterial(userId: string, id: string): Promise<{ id: string }> {
      const row = await repo.findMaterial(id);
      if (!row) throw notFound('No material with this id.');
      if (row.userId !== userId) throw forbidden('This material belongs to someone else.');
      if (!(await repo.deleteMaterial(id, userId))) throw notFound('No material with this id.');
      return { id };
    },

    /** POST /api/composite/material: the preview image and the settings that re-create the composition. */
    async addComposite(userId: string, input: { preview_url: string; data: Record<string, unknown> }): Promise<CompositeMaterial> {
      const previewKey = await rasterKey(userId, 'preview_url', input.preview_url);
      return compositeDto(await repo.addComposite({ id: newId(), userId, previewKey, data: input.data }));
    },

    /** GET /api/composite/material/list: newest first. */
    async composites(userId: string): Promise<CompositeMaterial[]> {
      return (await repo.listComposites(userId)).map(compositeDto);
    },
  };
}
export type MockupMaterialsService = ReturnType<typeof createMockupMaterials>;
