import { z } from 'zod';
import type { DesignFaces } from '@packsmith/contracts';
import type { Storage } from '../../storage/storage.js';
import type { FileService } from '../files/index.js';
import type { MockupRepo } from './mockup.repo.js';

/**
 * What the mockup studio reads of a design-chat design's meta (chat/design-brief.ts DesignMeta):
 * only these fields, loosely, so the chat module may grow its meta without breaking mockups.
 */
export const DesignFacesMetaSchema = z.object({
  front_url: z.string(),
  box_id: z.number().int(),
  /** The design's colours, its ground first (design-engine paletteColors). */
  palette: z.array(z.string()).optional(),
});
export type DesignFacesMeta = z.infer<typeof DesignFacesMetaSchema>;

/** One of the caller's design-chat designs. */
export interface FoundDesign {
  projectId: string;
  /** Its packshot URL: how the project's data.designs_meta keys it. */
  packshotUrl: string;
  meta: DesignFacesMeta;
}

/**
 * The one place the mockup studio learns a design's faces (front, back, left, right, top, bottom,
 * wrap): the result call, the render job and GET /api/mockup/design/faces all ask it.
 */
export interface DesignFacesSource {
  /** The caller's design behind this canonical image URL (its packshot or its flat front), or null. One query. */
  find(userId: string, canonicalUrl: string): Promise<FoundDesign | null>;
  /**
   * The design's faces by role, every URL one the caller may use (re-resolved: a project's data is
   * writable by its owner, so a stored URL is never trusted); null when the URL is no design of theirs.
   */
  facesFor(userId: string, canonicalUrl: string): Promise<DesignFaces | null>;
}

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * Faces from what designs store today: the flat front (front_url) is the front face; the other
 * faces have no image of their own, so they show the design's ground colour.
 */
export function createDesignFacesSource(deps: {
  repo: Pick<MockupRepo, 'findDesign'>;
  files: Pick<FileService, 'resolveOwnedImage'>;
  storage: Pick<Storage, 'publicUrl'>;
}): DesignFacesSource {
  const { repo, files, storage } = deps;

  async function find(userId: string, canonicalUrl: string): Promise<FoundDesign | null> {
    const stored = await repo.findDesign(userId, canonicalUrl);
    if (!stored) return null;
    const meta = DesignFacesMetaSchema.safeParse(stored.meta);
    return meta.success ? { projectId: stored.projectId, packshotUrl: stored.packshotUrl, meta: meta.data } : null;
  }

  /** The canonical URL of a file the user may use, or null. */
  async function usable(userId: string, url: string): Promise<string | null> {
    try {
      return storage.publicUrl((await files.resolveOwnedImage(userId, url)).key);
    } catch {
      return null;
    }
  }

  return {
    find,
    async facesFor(userId, canonicalUrl) {
      const design = await find(userId, canonicalUrl);
      if (!design) return null;
      const front = await usable(userId, design.meta.front_url);
      const ground = design.meta.palette?.[0];
      const byRole: Record<string, string> = front ? { front } : {};
      return { box_id: design.meta.box_id, background: ground && HEX.test(ground) ? ground : '#ffffff', faces: byRole };
    },
  };
}
