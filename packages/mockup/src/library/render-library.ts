/**
 * Renders a library template: the scene as JPEG (and a 512 px thumbnail) with its maps.
 */
import sharp from 'sharp';
import { DEFAULT_TEMPLATE_SIZE, renderTemplate } from '../template/index.js';
import type { TemplateMaps } from '../types.js';
import { libraryTemplate, type LibraryTemplateSpec } from './templates.js';

/** Long side of a library thumbnail, px. */
export const THUMBNAIL_SIZE = 512;
export const SCENE_JPEG_QUALITY = 90;

export interface RenderedLibraryTemplate {
  readonly spec: LibraryTemplateSpec;
  /** The empty template at `size` × `size`, JPEG quality 90. */
  readonly sceneJpeg: Buffer;
  /** The scene scaled to 512 px on its long side, JPEG. */
  readonly thumbnailJpeg: Buffer;
  readonly maps: TemplateMaps;
}

/** Renders the library template `id` at `size` px. Same id and size, same bytes. Throws for an unknown id. */
export async function renderLibraryTemplate(id: string, size: number = DEFAULT_TEMPLATE_SIZE): Promise<RenderedLibraryTemplate> {
  const spec = libraryTemplate(id);
  if (!spec) throw new Error(`Unknown library template: ${id}`);
  const t = renderTemplate({ ...spec.render, size });
  const scene = sharp(t.sceneRgb, { raw: { width: t.width, height: t.height, channels: 3 } });
  const [sceneJpeg, thumbnailJpeg] = await Promise.all([
    scene.clone().jpeg({ quality: SCENE_JPEG_QUALITY, mozjpeg: false }).toBuffer(),
    scene.clone().resize({ width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, fit: 'inside', kernel: 'lanczos3' }).jpeg({ quality: 85 }).toBuffer(),
  ]);
  return { spec, sceneJpeg, thumbnailJpeg, maps: t.maps };
}
