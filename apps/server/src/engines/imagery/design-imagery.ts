/**
 * Imagery for design jobs from the configured image engine: what each design of a set gets
 * (half backdrops, half illustrations), and the repaint of an edited design's art zone. Never
 * throws for the engine's sake: a failed or slow engine is logged and the designs are made by
 * the procedural engine alone (the user is charged once and not refused). Only the job's own
 * abort (shutdown) propagates.
 */
import sharp from 'sharp';
import { z } from 'zod';
import { type ImageProvider, MAX_IMAGES_PER_CALL } from './image-provider.js';
import { type ImageryBrief, type ImageryKind, imageryPrompt } from './imagery-prompt.js';

/** The part of an imagery image a design's front shows, as fractions (the engine's ImageZone). */
export const ImageZoneSchema = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  w: z.number().min(0).max(1),
  h: z.number().min(0).max(1),
  shape: z.enum(['rect', 'circle', 'rounded']),
});
export type ImageZone = z.infer<typeof ImageZoneSchema>;

/** The imagery a stored design used: kept with its meta so an edit can reuse or repaint it. */
export const StoredImagerySchema = z.object({
  kind: z.enum(['background', 'illustration']),
  url: z.string(),
  zone: ImageZoneSchema,
});
export type StoredImagery = z.infer<typeof StoredImagerySchema>;

/** One design's imagery: the engine places a background as the backdrop, an illustration in the art zone. */
export interface ImagerySource {
  kind: ImageryKind;
  bytes: Buffer;
}

export interface ImageryLog {
  warn(obj: Record<string, unknown>, msg: string): void;
}

/** Longest side imagery is asked for at: the design engine embeds it at 1024 px. */
const IMAGERY_PX = 1024;

/** Width × height for a backdrop of this aspect ratio (width ÷ height), longest side 1024. */
export function backdropSize(aspect: number): { width: number; height: number } {
  const a = Number.isFinite(aspect) && aspect > 0 ? Math.min(4, Math.max(0.25, aspect)) : 1;
  return a >= 1 ? { width: IMAGERY_PX, height: Math.round(IMAGERY_PX / a) } : { width: Math.round(IMAGERY_PX * a), height: IMAGERY_PX };
}

/** Which kind of imagery design `i` of `count` gets: one design → a backdrop; several → backdrops and illustrations in turn. */
export function kindFor(i: number, count: number): ImageryKind {
  return count === 1 || i % 2 === 0 ? 'background' : 'illustration';
}

/**
 * The inpainting mask of an art zone: a PNG of the image's size, opaque everywhere except the
 * zone, which is transparent (what OpenAI's edits and the ComfyUI inpaint workflow repaint).
 */
export async function artZoneMask(width: number, height: number, zone: ImageZone): Promise<Buffer> {
  const x = zone.x * width;
  const y = zone.y * height;
  const w = Math.max(1, zone.w * width);
  const h = Math.max(1, zone.h * height);
  let hole: string;
  if (zone.shape === 'circle') {
    const rx = w / 2;
    const ry = h / 2;
    hole = `M${x} ${y + ry}a${rx} ${ry} 0 1 0 ${w} 0a${rx} ${ry} 0 1 0 ${-w} 0Z`;
  } else {
    const r = zone.shape === 'rounded' ? Math.min(w, h) * 0.12 : 0;
    hole = `M${x + r} ${y}H${x + w - r}Q${x + w} ${y} ${x + w} ${y + r}V${y + h - r}Q${x + w} ${y + h} ${x + w - r} ${y + h}H${x + r}Q${x} ${y + h} ${x} ${y + h - r}V${y + r}Q${x} ${y} ${x + r} ${y}Z`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path fill="#000" fill-rule="evenodd" d="M0 0H${width}V${height}H0Z${hole}"/></svg>`;
  return sharp(Buffer.from(svg)).ensureAlpha().png().toBuffer();
}

export interface NewDesignsRequest {
  brief: ImageryBrief;
  count: number;
  seed: number;
  /** Width ÷ height of the box's backdrop (its front, or the whole band round a body). */
  backdropAspect: number;
  signal: AbortSignal;
  onProgress?: (fraction: number) => void;
}

export interface EditRequest {
  source: { kind: ImageryKind; bytes: Buffer; zone: ImageZone };
  brief: ImageryBrief;
  count: number;
  seed: number;
  /** The words changed what the imagery shows (product, elements, style, colours): repaint its art zone. */
  repaint: boolean;
  signal: AbortSignal;
  onProgress?: (fraction: number) => void;
}

export type DesignImagery = ReturnType<typeof createDesignImagery>;

export function createDesignImagery(deps: { provider: ImageProvider; log: ImageryLog }) {
  const { provider, log } = deps;

  /** One call for `n` images of a kind; null (logged) when the engine fails. */
  async function ask(kind: ImageryKind, n: number, req: NewDesignsRequest, onProgress: (f: number) => void): Promise<Buffer[] | null> {
    const { prompt, negativePrompt } = imageryPrompt(kind, req.brief);
    const size = kind === 'background' ? backdropSize(req.backdropAspect) : { width: IMAGERY_PX, height: IMAGERY_PX };
    try {
      return await provider.generate({
        prompt,
        negativePrompt,
        ...size,
        count: Math.min(n, MAX_IMAGES_PER_CALL),
        seed: (req.seed + (kind === 'background' ? 0 : 7919)) >>> 0,
        signal: req.signal,
        onProgress,
      });
    } catch (err) {
      if (req.signal.aborted) throw err;
      log.warn({ err, provider: provider.name, kind }, 'imagery: the image engine failed; those designs are made by the procedural engine alone');
      return null;
    }
  }

  return {
    /** Per design of a new set: its imagery, or null where the engine gave none. */
    async forNewDesigns(req: NewDesignsRequest): Promise<(ImagerySource | null)[]> {
      const kinds = Array.from({ length: req.count }, (_, i) => kindFor(i, req.count));
      const wanted = (k: ImageryKind) => kinds.filter((x) => x === k).length;
      const fractions = { background: 0, illustration: 0 };
      const asked = (['background', 'illustration'] as const).filter((k) => wanted(k) > 0);
      const progress = () => req.onProgress?.(asked.reduce((s, k) => s + fractions[k], 0) / asked.length);
      const results = await Promise.all(asked.map(async (k) => [k, await ask(k, wanted(k), req, (f) => ((fractions[k] = f), progress()))] as const));
      const got = new Map<ImageryKind, Buffer[]>(
        results.filter((r): r is readonly [ImageryKind, Buffer[]] => r[1] !== null && r[1].length > 0).map(([k, v]) => [k, v]),
      );
      const seen = { background: 0, illustration: 0 };
      return kinds.map((k) => {
        // A kind the engine failed on borrows the other kind's images: imagery on every design it can.
        const kind = got.has(k) ? k : k === 'background' ? 'illustration' : 'background';
        const images = got.get(kind);
        if (!images) return null;
        return { kind, bytes: images[seen[kind]++ % images.length]! };
      });
    },

    /**
     * Per design of an edit: the edited design's imagery, repainted in its art zone when the words
     * changed what it shows; kept as it was otherwise, or when the repaint fails.
     */
    async forEdit(req: EditRequest): Promise<(ImagerySource | null)[]> {
      const keep = (): (ImagerySource | null)[] => Array.from({ length: req.count }, () => ({ kind: req.source.kind, bytes: req.source.bytes }));
      if (!req.repaint) return keep();
      try {
        const image = sharp(req.source.bytes);
        const meta = await image.metadata();
        const width = meta.width ?? IMAGERY_PX;
        const height = meta.height ?? IMAGERY_PX;
        const [png, mask] = await Promise.all([image.png().toBuffer(), artZoneMask(width, height, req.source.zone)]);
        const { prompt, negativePrompt } = imageryPrompt(req.source.kind, req.brief);
        const images = await provider.edit({
          image: png,
          mask,
          prompt,
          negativePrompt,
          width,
          height,
          count: Math.min(req.count, MAX_IMAGES_PER_CALL),
          seed: req.seed >>> 0,
          signal: req.signal,
          onProgress: req.onProgress,
        });
        return Array.from({ length: req.count }, (_, i) => ({ kind: req.source.kind, bytes: images[i % images.length]! }));
      } catch (err) {
        if (req.signal.aborted) throw err;
        log.warn({ err, provider: provider.name, kind: req.source.kind }, 'imagery: repainting the edited design failed; it keeps its imagery');
        return keep();
      }
    },
  };
}
