import { UPLOAD_MAX_SIDE, UPLOAD_MIN_SIDE } from '@packsmith/contracts';
import type { PreparedImage } from '../../api/upload';

/**
 * The size a 3D preview snapshot is stored at: uploads take 1024–2048 px (SPEC §5), so a small canvas
 * is scaled up to 1024 on its short side and a large one down to 2048 on its long side (the long side
 * wins for a very wide canvas). Proportions are kept.
 */
export function snapshotSize(width: number, height: number): { width: number; height: number } {
  const short = Math.min(width, height);
  const long = Math.max(width, height);
  if (short <= 0) return { width: UPLOAD_MIN_SIDE, height: UPLOAD_MIN_SIDE };
  let scale = short < UPLOAD_MIN_SIDE ? UPLOAD_MIN_SIDE / short : 1;
  if (long * scale > UPLOAD_MAX_SIDE) scale = UPLOAD_MAX_SIDE / long;
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
}

/** The snapshot PNG redrawn at `snapshotSize`, ready for uploadPrepared. */
export async function fitSnapshot(png: Blob): Promise<PreparedImage> {
  const bitmap = await createImageBitmap(png);
  try {
    const size = snapshotSize(bitmap.width, bitmap.height);
    if (size.width === bitmap.width && size.height === bitmap.height) return { blob: png, name: 'mockup-3d.png', ...size, resized: false };
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('No 2D canvas');
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('The snapshot could not be encoded');
    return { blob, name: 'mockup-3d.png', ...size, resized: true };
  } finally {
    bitmap.close();
  }
}
