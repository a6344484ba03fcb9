import sharp from 'sharp';
import { encodeTemplateMaps, renderLibraryTemplate, type TemplateSurface } from '@packsmith/mockup';

/** A library template rendered and encoded: every file it is stored as, and its maps' metadata. */
export interface RenderedMockupTemplate {
  sceneJpeg: Buffer;
  thumbnailJpeg: Buffer;
  thumbnailWidth: number;
  thumbnailHeight: number;
  surfacePng: Buffer;
  uvPng: Buffer;
  lightPng: Buffer;
  width: number;
  height: number;
  surfaces: TemplateSurface[];
}

/** Renders a library template at `size` px (1.5–3 s of CPU at 2048) and encodes its maps. */
export async function renderMockupTemplate(id: string, size: number): Promise<RenderedMockupTemplate> {
  const t = await renderLibraryTemplate(id, size);
  const [maps, thumb] = await Promise.all([encodeTemplateMaps(t.maps), sharp(t.thumbnailJpeg).metadata()]);
  return {
    sceneJpeg: t.sceneJpeg,
    thumbnailJpeg: t.thumbnailJpeg,
    thumbnailWidth: thumb.width,
    thumbnailHeight: thumb.height,
    surfacePng: maps.surfacePng,
    uvPng: maps.uvPng,
    lightPng: maps.lightPng,
    width: maps.meta.width,
    height: maps.meta.height,
    surfaces: maps.meta.surfaces.map((s) => ({ ...s, designArea: { ...s.designArea } })),
  };
}

/** Renders templates: in a worker thread (mockup-worker.ts) or on this one. */
export interface MockupRenderer {
  render(id: string, size: number): Promise<RenderedMockupTemplate>;
  close?(): Promise<void>;
}

/** Renders on the calling thread (where no worker can start). */
export const localMockupRenderer: MockupRenderer = { render: renderMockupTemplate };
