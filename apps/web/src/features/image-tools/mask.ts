import type { Point, Size } from './geometry';

/** One brush stroke, in the image's pixels. */
export interface Stroke {
  points: readonly Point[];
  /** Diameter in image pixels. */
  size: number;
}

/** Paints strokes onto a 2D context (round caps and joins: a dab for a single point). */
export function drawStrokes(ctx: CanvasRenderingContext2D, strokes: readonly Stroke[], color: string): void {
  ctx.save();
  ctx.strokeStyle = color;
  ctx.fillStyle = color;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const s of strokes) {
    const [first, ...rest] = s.points;
    if (!first) continue;
    if (rest.length === 0) {
      ctx.beginPath();
      ctx.arc(first.x, first.y, s.size / 2, 0, Math.PI * 2);
      ctx.fill();
      continue;
    }
    ctx.lineWidth = s.size;
    ctx.beginPath();
    ctx.moveTo(first.x, first.y);
    for (const p of rest) ctx.lineTo(p.x, p.y);
    ctx.stroke();
  }
  ctx.restore();
}

/** The semi-transparent colour strokes are shown in while painting. */
export const OVERLAY_COLOR = 'rgba(139, 92, 246, 0.55)';

export class MaskExportError extends Error {
  constructor() {
    super('The mask could not be made in this browser.');
    this.name = 'MaskExportError';
  }
}

/**
 * The mask the erase and fill calls take: a PNG exactly the image's natural size, white where the
 * strokes are and black elsewhere (the server never resizes a mask).
 */
export function maskCanvas(strokes: readonly Stroke[], natural: Size, doc: Document = document): HTMLCanvasElement {
  const canvas = doc.createElement('canvas');
  canvas.width = natural.width;
  canvas.height = natural.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new MaskExportError();
  ctx.fillStyle = '#000000';
  ctx.fillRect(0, 0, natural.width, natural.height);
  drawStrokes(ctx, strokes, '#ffffff');
  return canvas;
}

export async function exportMask(strokes: readonly Stroke[], natural: Size): Promise<Blob> {
  const canvas = maskCanvas(strokes, natural);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new MaskExportError();
  return blob;
}
