import sharp from 'sharp';
import type { FileService } from '../files/index.js';
import type { LogoSource } from './editor.design-doc.js';

/**
 * The brief's logo (project.logo, a file of the owner's) as the design engine takes it, the way the
 * design job reads it (design.job.ts logoBytes, the engine's logoData): PNG and JPEG as they are,
 * other formats sharp reads as PNG. A logo gone or unreadable: undefined (the document is made
 * without it, as the design job designs without it).
 */
export function createLogoLoader(files: Pick<FileService, 'resolveOwnedImage' | 'read'>) {
  return async (userId: string, url: string): Promise<LogoSource | undefined> => {
    try {
      const { key } = await files.resolveOwnedImage(userId, url);
      const bytes = await files.read(key);
      const meta = await sharp(bytes).metadata();
      if (!meta.width || !meta.height) return undefined;
      if (meta.format === 'png' || meta.format === 'jpeg') {
        return { data: new Uint8Array(bytes), width: meta.width, height: meta.height, mime: meta.format === 'png' ? 'image/png' : 'image/jpeg' };
      }
      return { data: new Uint8Array(await sharp(bytes).png().toBuffer()), width: meta.width, height: meta.height, mime: 'image/png' };
    } catch {
      return undefined;
    }
  };
}
