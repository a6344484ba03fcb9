/**
 * IMAGE_PROVIDER=openai: the OpenAI images API (and servers that speak it).
 * - POST {base}/images/generations, JSON {model, prompt, n, size[, response_format]}.
 * - POST {base}/images/edits, multipart/form-data: image (PNG), mask (PNG whose transparent
 *   pixels mark the area to repaint), prompt, n, size, model[, response_format].
 * Answers carry `b64_json` or a `url`; a url is downloaded only from the configured server's own
 * origin (never a host an answer names: no server-side request forgery).
 */
import sharp from 'sharp';
import { z } from 'zod';
import { type CallBudget, abortError, budget, fetchWithRetry, httpError, readLimited } from './http.js';
import {
  type ImageEditRequest,
  type ImageGenerateRequest,
  type ImageProvider,
  ImageProviderError,
  MAX_IMAGES_PER_CALL,
  checkedImages,
} from './image-provider.js';

export interface OpenAiImagesOptions {
  /** e.g. https://api.openai.com/v1 (paths /images/generations and /images/edits are appended). */
  baseUrl: string;
  apiKey: string | null;
  /** gpt-image-1 (default), dall-e-3, dall-e-2, or the name a compatible server knows. */
  model: string;
  /** Time limit of one generate/edit call, retries included. */
  timeoutMs: number;
  /** Retries after the first attempt on 429/5xx/network errors (default 2). */
  retries?: number;
  /** First backoff, doubled per retry unless Retry-After says otherwise (default 1000 ms). */
  retryDelayMs?: number;
  fetch?: typeof fetch;
}

/** A JSON answer with up to 8 base64 images; a downloaded image. */
const MAX_ANSWER_BYTES = 200 * 1024 * 1024;
const MAX_IMAGE_BYTES = 40 * 1024 * 1024;

const ImagesAnswer = z.object({
  data: z.array(z.object({ b64_json: z.string().nullish(), url: z.string().nullish() })).min(1),
});

/** gpt-image models always answer base64 and reject `response_format`; older and compatible ones default to URLs. */
const answersBase64Always = (model: string) => /^gpt-image/i.test(model);

/**
 * The size to ask for: the nearest the model supports to the wanted aspect ratio. Unknown
 * models (compatible servers) get the size asked for, rounded to multiples of 8.
 */
export function openAiSize(model: string, width: number, height: number): string {
  const aspect = width / height;
  const wide = aspect > 1.2;
  const tall = aspect < 1 / 1.2;
  if (answersBase64Always(model)) return wide ? '1536x1024' : tall ? '1024x1536' : '1024x1024';
  if (model === 'dall-e-3') return wide ? '1792x1024' : tall ? '1024x1792' : '1024x1024';
  if (model === 'dall-e-2') {
    const side = Math.max(width, height);
    return side <= 256 ? '256x256' : side <= 512 ? '512x512' : '1024x1024';
  }
  const r8 = (v: number) => Math.max(64, Math.round(v / 8) * 8);
  return `${r8(width)}x${r8(height)}`;
}

/** OpenAI has no negative prompt: what to avoid is said in words. */
function promptWith(prompt: string, negative: string | undefined): string {
  return negative?.trim() ? `${prompt.trim()}\n\nAvoid: ${negative.trim()}.` : prompt.trim();
}

export function createOpenAiImageProvider(options: OpenAiImagesOptions): ImageProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const origin = new URL(base).origin;
  const doFetch = options.fetch ?? fetch;
  const retry = { retries: options.retries ?? 2, retryDelayMs: options.retryDelayMs ?? 1000 };
  const auth: Record<string, string> = options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {};
  const what = (op: string) => `OpenAI images ${op} (${origin}, model ${options.model})`;

  /** Base64 images as they come; URLs downloaded from our own server only. */
  async function imagesOf(res: Response, b: CallBudget, op: string): Promise<Buffer[]> {
    let parsed: z.infer<typeof ImagesAnswer>;
    try {
      const json: unknown = JSON.parse((await readLimited(res, MAX_ANSWER_BYTES, what(op))).toString('utf8'));
      const checked = ImagesAnswer.safeParse(json);
      if (!checked.success) throw new ImageProviderError(`${what(op)}: the answer has no images`, 0);
      parsed = checked.data;
    } catch (err) {
      if (b.signal.aborted) throw abortError(b, what(op));
      if (err instanceof ImageProviderError) throw err;
      throw new ImageProviderError(`${what(op)}: unreadable answer (${err instanceof Error ? err.message : String(err)})`, 0);
    }
    const images = await Promise.all(
      parsed.data.map(async (item) => {
        if (item.b64_json) return Buffer.from(item.b64_json, 'base64');
        if (item.url) return download(item.url, b, op);
        throw new ImageProviderError(`${what(op)}: an answer item has neither b64_json nor url`, 0);
      }),
    );
    return checkedImages(images, what(op));
  }

  async function download(url: string, b: CallBudget, op: string): Promise<Buffer> {
    let target: URL;
    try {
      target = new URL(url, base);
    } catch {
      throw new ImageProviderError(`${what(op)}: the answer's image url is not a URL`, 0);
    }
    // Only the configured server itself: an answer must not make us fetch any other address.
    if (target.origin !== origin || (target.protocol !== 'https:' && target.protocol !== 'http:')) {
      throw new ImageProviderError(`${what(op)}: refusing to download an image from ${target.origin} (only ${origin} is trusted; ask for b64_json)`, 0);
    }
    const res = await fetchWithRetry(doFetch, target.toString(), () => ({ method: 'GET', headers: { ...auth } }), b, retry, what(op));
    if (!res.ok) throw await httpError(res, `${what(op)} image download`, 'IMAGE_API_KEY');
    try {
      return await readLimited(res, MAX_IMAGE_BYTES, what(op));
    } catch (err) {
      if (b.signal.aborted) throw abortError(b, what(op));
      throw err;
    }
  }

  async function call(op: 'generations' | 'edits', b: CallBudget, init: () => RequestInit): Promise<Buffer[]> {
    const res = await fetchWithRetry(doFetch, `${base}/images/${op}`, init, b, retry, what(op));
    if (!res.ok) throw await httpError(res, what(op), 'IMAGE_API_KEY');
    return imagesOf(res, b, op);
  }

  /** dall-e-3 makes one image per request: several are asked for in parallel. */
  async function perImage(count: number, one: (n: number) => Promise<Buffer[]>): Promise<Buffer[]> {
    const n = Math.max(1, Math.min(MAX_IMAGES_PER_CALL, Math.round(count)));
    if (options.model !== 'dall-e-3') return one(n);
    return (await Promise.all(Array.from({ length: n }, () => one(1)))).flat();
  }

  // Older and compatible servers answer URLs unless asked for base64.
  const format: { response_format?: 'b64_json' } = answersBase64Always(options.model) ? {} : { response_format: 'b64_json' };

  return {
    name: 'openai',
    async generate(request: ImageGenerateRequest) {
      const b = budget(request.signal, options.timeoutMs);
      const size = openAiSize(options.model, request.width, request.height);
      return perImage(request.count, (n) =>
        call('generations', b, () => ({
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', ...auth },
          body: JSON.stringify({ model: options.model, prompt: promptWith(request.prompt, request.negativePrompt), n, size, ...format }),
        })),
      );
    },
    async edit(request: ImageEditRequest) {
      const b = budget(request.signal, options.timeoutMs);
      const size = openAiSize(options.model, request.width, request.height);
      // The API takes PNGs, the mask with an alpha channel.
      const [image, mask] = await Promise.all([sharp(request.image).png().toBuffer(), sharp(request.mask).ensureAlpha().png().toBuffer()]);
      return perImage(request.count, (n) =>
        call('edits', b, () => {
          // A fresh form per attempt: a request body can be read once.
          const form = new FormData();
          form.append('model', options.model);
          form.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'image.png');
          form.append('mask', new Blob([new Uint8Array(mask)], { type: 'image/png' }), 'mask.png');
          form.append('prompt', promptWith(request.prompt, request.negativePrompt));
          form.append('n', String(n));
          form.append('size', size);
          if (format.response_format) form.append('response_format', format.response_format);
          return { method: 'POST', headers: { accept: 'application/json', ...auth }, body: form };
        }),
      );
    },
  };
}
