import { z } from 'zod';
import type { DesignFaces } from '@packsmith/contracts';
import { renderAtlasFace } from '@packsmith/design-engine';
import { DESIGN_PX_PER_MM } from '@packsmith/mockup';
import type { Storage } from '../../storage/storage.js';
import { DesignFacesMetaSchema as AtlasSchema, type DesignFacesMeta as Atlas } from '../chat/index.js';
import type { FileService } from '../files/index.js';
import type { MockupCommits } from './mockup.commits.js';
import type { MockupRepo } from './mockup.repo.js';

/**
 * What the mockup studio reads of a design-chat design's meta (chat/design-brief.ts DesignMeta):
 * only these fields, loosely, so the chat module may grow its meta without breaking mockups. The
 * faces atlas is parsed apart (with the chat module's own schema): a design made before atlases
 * existed, or with a damaged one, is still a design, shown by its flat front.
 */
export const DesignRefMetaSchema = z.object({
  front_url: z.string(),
  box_id: z.number().int(),
  /** The design's colours, its ground first (design-engine paletteColors). */
  palette: z.array(z.string()).optional(),
  faces: z.unknown().optional(),
});
export type DesignRefMeta = z.infer<typeof DesignRefMetaSchema>;

/** One of the caller's design-chat designs. */
export interface FoundDesign {
  projectId: string;
  /** Its packshot URL: how the project's data.designs_meta keys it. */
  packshotUrl: string;
  meta: DesignRefMeta;
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
   * writable by its owner, so a stored URL is never trusted); null when the URL is no design of
   * theirs. Faces not drawn yet are drawn from the design's atlas, stored as the caller's files and
   * remembered in the meta (`faces.face_urls`), so later calls reuse them.
   */
  facesFor(userId: string, canonicalUrl: string): Promise<DesignFaces | null>;
}

/** Draws one face of a stored atlas as a PNG (design-engine's renderAtlasFace; tests may count calls). */
export type FaceRenderer = (atlasSvg: string, face: FaceRole, widthPx: number, heightPx: number) => Promise<Buffer>;

/** The face roles an atlas holds (design-engine FaceName). */
export const FACE_ROLES = ['front', 'back', 'left', 'right', 'top', 'bottom', 'wrap'] as const;
export type FaceRole = (typeof FACE_ROLES)[number];
const isFaceRole = (role: string): role is FaceRole => (FACE_ROLES as readonly string[]).includes(role);

export const engineFaceRenderer: FaceRenderer = (atlasSvg, face, widthPx, heightPx) => renderAtlasFace(atlasSvg, face, widthPx, heightPx);

/** Longest side a face is drawn at: 300 dpi of the face (the templates' design areas), capped here. */
export const FACE_MAX_SIDE = 2048;

/** A face's size in pixels: its size in mm at 300 dpi, the longest side at most FACE_MAX_SIDE. */
export function facePixels(rect: { width: number; height: number }): { width: number; height: number } {
  const w = Math.max(1, rect.width * DESIGN_PX_PER_MM);
  const h = Math.max(1, rect.height * DESIGN_PX_PER_MM);
  const k = Math.min(1, FACE_MAX_SIDE / Math.max(w, h));
  return { width: Math.max(1, Math.round(w * k)), height: Math.max(1, Math.round(h * k)) };
}

const HEX = /^#[0-9a-f]{6}$/i;

export function createDesignFacesSource(deps: {
  repo: Pick<MockupRepo, 'findDesign'>;
  files: Pick<FileService, 'resolveOwnedImage' | 'read' | 'saveGenerated'>;
  storage: Pick<Storage, 'publicUrl'>;
  /** Drawn faces are remembered in the design's meta under its project's row lock. */
  commits: Pick<MockupCommits, 'commitFaceUrls'>;
  render?: FaceRenderer;
  log: { warn(obj: Record<string, unknown>, msg: string): void };
}): DesignFacesSource {
  const { repo, files, storage, log } = deps;
  const render = deps.render ?? engineFaceRenderer;
  // Two requests for one design's faces at once draw them once.
  const inFlight = new Map<string, Promise<DesignFaces | null>>();

  async function find(userId: string, canonicalUrl: string): Promise<FoundDesign | null> {
    const stored = await repo.findDesign(userId, canonicalUrl);
    if (!stored) return null;
    const meta = DesignRefMetaSchema.safeParse(stored.meta);
    return meta.success ? { projectId: stored.projectId, packshotUrl: stored.packshotUrl, meta: meta.data } : null;
  }

  /** The storage key of a file the user may use, or null. */
  async function usableKey(userId: string, url: string): Promise<string | null> {
    try {
      return (await files.resolveOwnedImage(userId, url)).key;
    } catch {
      return null;
    }
  }

  /** Faces drawn from the atlas: the ones remembered, and the missing ones drawn, stored and remembered now. */
  async function atlasFaces(userId: string, design: FoundDesign, atlas: Atlas): Promise<Record<string, string>> {
    const faces: Record<string, string> = {};
    const missing: FaceRole[] = [];
    for (const role of Object.keys(atlas.rects).filter(isFaceRole)) {
      const remembered = atlas.face_urls?.[role];
      const key = remembered ? await usableKey(userId, remembered) : null;
      if (key) faces[role] = storage.publicUrl(key);
      else missing.push(role);
    }
    if (missing.length === 0) return faces;
    const atlasKey = await usableKey(userId, atlas.url);
    if (!atlasKey) return faces;
    const svg = (await files.read(atlasKey)).toString('utf8');
    const drawn: Record<string, string> = {};
    for (const role of missing) {
      const rect = atlas.rects[role];
      if (!rect) continue;
      const size = facePixels(rect);
      try {
        drawn[role] = (await files.saveGenerated(userId, await render(svg, role, size.width, size.height))).url;
      } catch (err) {
        // One face that does not draw leaves its surfaces in the ground colour; the others still show.
        log.warn({ err, role, design: design.packshotUrl }, 'mockup: a design face could not be drawn');
      }
    }
    if (Object.keys(drawn).length > 0) {
      const kept = await deps.commits.commitFaceUrls({ projectId: design.projectId, packshotUrl: design.packshotUrl, faceUrls: drawn });
      if (!kept) log.warn({ design: design.packshotUrl }, 'mockup: the design’s project is gone; its drawn faces are not remembered');
    }
    return { ...faces, ...drawn };
  }

  async function facesOf(userId: string, design: FoundDesign): Promise<DesignFaces> {
    const atlas = AtlasSchema.safeParse(design.meta.faces);
    const ground = atlas.success ? atlas.data.background : design.meta.palette?.[0];
    const background = ground && HEX.test(ground) ? ground : '#ffffff';
    const faces = atlas.success ? await atlasFaces(userId, design, atlas.data) : {};
    // Without an atlas (a design made before faces were kept) or a front in it, the flat front is the front face.
    if (!faces.front && !faces.wrap) {
      const front = await usableKey(userId, design.meta.front_url);
      if (front) faces.front = storage.publicUrl(front);
    }
    return { box_id: design.meta.box_id, background, faces };
  }

  return {
    find,
    async facesFor(userId, canonicalUrl) {
      const design = await find(userId, canonicalUrl);
      if (!design) return null;
      const key = `${userId}\u0000${design.packshotUrl}`;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = facesOf(userId, design).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return pending;
    },
  };
}
