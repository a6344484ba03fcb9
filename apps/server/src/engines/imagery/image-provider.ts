/**
 * A remote image engine (ARCHITECTURE §3: image generation, opt-in by IMAGE_PROVIDER). It makes
 * imagery only — backgrounds and illustrations without any text: names and logos are always
 * typeset by the design engine, which places this imagery into the dieline layout.
 */
import sharp from 'sharp';

export type ImageProviderName = 'openai' | 'comfyui';

export interface ImageGenerateRequest {
  prompt: string;
  /** What to keep out of the picture (ComfyUI's negative prompt; folded into the prompt for OpenAI). */
  negativePrompt?: string;
  /** Wanted size, px: each adapter picks the nearest size its engine supports. */
  width: number;
  height: number;
  /** Images wanted (1–8). */
  count: number;
  /** Reproducibility where the engine supports it (ComfyUI). */
  seed?: number;
  /** Aborts the call (the job is shutting down). The adapter's own time limit applies too. */
  signal: AbortSignal;
  /** 0–1 as the engine reports progress (ComfyUI); never called by engines that do not. */
  onProgress?: (fraction: number) => void;
}

export interface ImageEditRequest extends Omit<ImageGenerateRequest, 'width' | 'height'> {
  /** The image to change (PNG or JPEG; sent as PNG). */
  image: Buffer;
  /** PNG of the image's size whose transparent pixels mark the area to repaint. */
  mask: Buffer;
  width: number;
  height: number;
}

export interface ImageProvider {
  readonly name: ImageProviderName;
  /** New images from a prompt: PNG or JPEG bytes, `count` of them at most (at least one). */
  generate(request: ImageGenerateRequest): Promise<Buffer[]>;
  /** The image repainted where the mask is transparent: PNG or JPEG bytes. */
  edit(request: ImageEditRequest): Promise<Buffer[]>;
}

/**
 * A failed call, with a message an operator can act on. `status` is the HTTP status, 0 for
 * network errors, time-outs and unreadable answers.
 */
export class ImageProviderError extends Error {
  override name = 'ImageProviderError';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The most images one call asks for: designs reuse them cyclically beyond this. */
export const MAX_IMAGES_PER_CALL = 8;

const MAX_DIMENSION = 8192;

/**
 * Checks that every answer is a picture and hands it on as PNG or JPEG (the formats the design
 * engine embeds and our storage accepts): other formats sharp reads (WebP) become PNG.
 */
export async function checkedImages(images: readonly Buffer[], provider: string): Promise<Buffer[]> {
  if (images.length === 0) throw new ImageProviderError(`${provider} answered no image`, 0);
  return Promise.all(
    images.map(async (bytes, i) => {
      const meta = await sharp(bytes)
        .metadata()
        .catch(() => null);
      if (!meta?.width || !meta.height || meta.width > MAX_DIMENSION || meta.height > MAX_DIMENSION) {
        throw new ImageProviderError(`${provider} answered something that is not a usable image (image ${i + 1})`, 0);
      }
      if (meta.format === 'png' || meta.format === 'jpeg') return bytes;
      return sharp(bytes).png().toBuffer();
    }),
  );
}
