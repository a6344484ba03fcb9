/**
 * IMAGE_PROVIDER=comfyui: a workflow run on a ComfyUI server over its HTTP and websocket API.
 *
 *   ws  {url}/ws?clientId=C              opened first, so no event of our prompt is missed
 *   POST {url}/prompt {prompt, client_id} → {prompt_id}
 *   ws  progress {value, max}            → onProgress
 *       executing {node: null, prompt_id} → done;  execution_error → failed
 *   GET  {url}/history/{prompt_id}       → the output images
 *   GET  {url}/view?filename=&subfolder=&type= per image
 *
 * Edits first upload the image and its mask (POST /upload/image, multipart) and run the inpaint
 * workflow, whose LoadImageMask reads the mask's alpha: transparent = repaint, as OpenAI's.
 * If the websocket drops, completion is polled from /history until the time limit.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { WebSocket } from 'ws';
import { z } from 'zod';
import { type Workflow, fillWorkflow, outputImages } from './comfyui-workflow.js';
import { type CallBudget, abortError, budget, fetchWithRetry, httpError, readLimited } from './http.js';
import {
  type ImageEditRequest,
  type ImageGenerateRequest,
  type ImageProvider,
  ImageProviderError,
  MAX_IMAGES_PER_CALL,
  checkedImages,
} from './image-provider.js';

export interface ComfyUiOptions {
  /** e.g. http://127.0.0.1:8188 */
  url: string;
  /** txt2img workflow (API format) with the placeholders of comfyui-workflow.ts. */
  workflow: Workflow;
  /** Inpainting workflow for edits ({{image}} and {{mask}} besides the others). */
  inpaintWorkflow: Workflow;
  /** Time limit of one generate/edit call, queueing and sampling included. */
  timeoutMs: number;
  retries?: number;
  retryDelayMs?: number;
  /** How often completion is polled from /history when the websocket is gone (default 1000 ms). */
  pollMs?: number;
  fetch?: typeof fetch;
}

const MAX_IMAGE_BYTES = 40 * 1024 * 1024;
const MAX_JSON_BYTES = 16 * 1024 * 1024;

const PromptAnswer = z.object({ prompt_id: z.string().min(1) });
const UploadAnswer = z.object({ name: z.string().min(1), subfolder: z.string().default(''), type: z.string().default('input') });
const WsMessage = z.object({ type: z.string(), data: z.record(z.string(), z.unknown()).default({}) });

/** SD models want sides in multiples of 64 and about a megapixel; the aspect ratio is kept. */
export function comfySize(width: number, height: number): { width: number; height: number } {
  const scale = Math.sqrt((1024 * 1024) / Math.max(1, width * height));
  const r64 = (v: number) => Math.max(512, Math.min(2048, Math.round((v * scale) / 64) * 64));
  return { width: r64(width), height: r64(height) };
}

/** What the prompt's events said: a promise settled by `executing` null or an error, and progress. */
interface Watch {
  done: Promise<'done' | 'closed'>;
  setPromptId(id: string): void;
  close(): void;
}

export function createComfyUiProvider(options: ComfyUiOptions): ImageProvider {
  const base = new URL(options.url.replace(/\/+$/, '') + '/');
  const origin = base.origin;
  const doFetch = options.fetch ?? fetch;
  const retry = { retries: options.retries ?? 2, retryDelayMs: options.retryDelayMs ?? 1000 };
  const pollMs = options.pollMs ?? 1000;
  const what = (op: string) => `ComfyUI ${op} (${origin})`;
  const at = (path: string) => new URL(path.replace(/^\//, ''), base).toString();

  async function json(res: Response, b: CallBudget, op: string): Promise<unknown> {
    try {
      return JSON.parse((await readLimited(res, MAX_JSON_BYTES, what(op))).toString('utf8'));
    } catch (err) {
      if (b.signal.aborted) throw abortError(b, what(op));
      if (err instanceof ImageProviderError) throw err;
      throw new ImageProviderError(`${what(op)}: unreadable answer`, 0);
    }
  }

  /** Opens the event socket; resolves once it is open (events of our prompt then cannot be missed). */
  function watch(clientId: string, b: CallBudget, onProgress: ((f: number) => void) | undefined): Promise<Watch> {
    const wsUrl = new URL(`ws?clientId=${encodeURIComponent(clientId)}`, base);
    wsUrl.protocol = wsUrl.protocol === 'https:' ? 'wss:' : 'ws:';
    return new Promise((resolveOpen, rejectOpen) => {
      const socket = new WebSocket(wsUrl);
      let promptId: string | null = null;
      let settle: ((v: 'done' | 'closed') => void) | null = null;
      let fail: ((e: Error) => void) | null = null;
      const early: { type: string; data: Record<string, unknown> }[] = [];
      const done = new Promise<'done' | 'closed'>((resolve, reject) => {
        settle = resolve;
        fail = reject;
      });
      // Nobody may be waiting yet when it fails: the rejection is handled where it is awaited.
      done.catch(() => undefined);
      const onAbort = () => socket.terminate();
      b.signal.addEventListener('abort', onAbort, { once: true });

      const handle = (m: { type: string; data: Record<string, unknown> }) => {
        if (m.data.prompt_id !== undefined && m.data.prompt_id !== promptId) return;
        if (m.type === 'progress') {
          const value = Number(m.data.value);
          const max = Number(m.data.max);
          if (Number.isFinite(value) && Number.isFinite(max) && max > 0) onProgress?.(Math.max(0, Math.min(1, value / max)));
        } else if (m.type === 'executing' && m.data.node === null && m.data.prompt_id === promptId) {
          settle?.('done');
        } else if (m.type === 'execution_success' && m.data.prompt_id === promptId) {
          settle?.('done');
        } else if (m.type === 'execution_error' && m.data.prompt_id === promptId) {
          const node = m.data.node_type ?? m.data.node_id;
          const message = typeof m.data.exception_message === 'string' ? m.data.exception_message.trim().slice(0, 300) : 'unknown error';
          const nodeName = typeof node === 'string' || typeof node === 'number' ? ` in node ${node}` : '';
          fail?.(new ImageProviderError(`${what('workflow')} failed${nodeName}: ${message}`, 0));
        } else if (m.type === 'execution_interrupted' && m.data.prompt_id === promptId) {
          fail?.(new ImageProviderError(`${what('workflow')} was interrupted on the server`, 0));
        }
      };

      socket.on('open', () =>
        resolveOpen({
          done,
          setPromptId(id) {
            promptId = id;
            for (const m of early.splice(0)) handle(m);
          },
          close() {
            b.signal.removeEventListener('abort', onAbort);
            socket.terminate();
          },
        }),
      );
      socket.on('message', (raw, isBinary) => {
        // Binary frames are live previews.
        if (isBinary) return;
        let parsed: z.infer<typeof WsMessage>;
        try {
          const checked = WsMessage.safeParse(JSON.parse(Buffer.isBuffer(raw) ? raw.toString() : Buffer.from(raw as ArrayBuffer).toString()));
          if (!checked.success) return;
          parsed = checked.data;
        } catch {
          return;
        }
        if (promptId === null) early.push(parsed);
        else handle(parsed);
      });
      socket.on('error', (err) => {
        rejectOpen(b.signal.aborted ? abortError(b, what('websocket')) : new ImageProviderError(`${what('websocket')}: cannot connect (${err.message})`, 0));
      });
      socket.on('close', () => {
        b.signal.removeEventListener('abort', onAbort);
        settle?.('closed');
      });
    });
  }

  /** Completion from /history when the websocket dropped: polled until done or the time limit. */
  async function pollHistory(promptId: string, b: CallBudget): Promise<void> {
    for (;;) {
      const res = await fetchWithRetry(doFetch, at(`/history/${encodeURIComponent(promptId)}`), () => ({ method: 'GET' }), b, retry, what('history'));
      if (!res.ok) throw await httpError(res, what('history'), null);
      const out = outputImages(await json(res, b, 'history'), promptId);
      if (out?.error) throw new ImageProviderError(`${what('workflow')}: ${out.error}`, 0);
      if (out && out.images.length > 0) return;
      await new Promise((r) => setTimeout(r, pollMs));
      if (b.signal.aborted) throw abortError(b, what('history'));
    }
  }

  /** Best effort: take our prompt off the queue and stop it if it is running. */
  function cancel(promptId: string): void {
    const post = (path: string, body: unknown) =>
      doFetch(at(path), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(5000),
      }).then(
        (r) => r.body?.cancel(),
        () => undefined,
      );
    void post('/queue', { delete: [promptId] });
    void post('/interrupt', { prompt_id: promptId });
  }

  async function run(workflow: Workflow, b: CallBudget, onProgress: ((f: number) => void) | undefined, count: number): Promise<Buffer[]> {
    const clientId = randomUUID();
    const events = await watch(clientId, b, onProgress);
    let promptId: string | null = null;
    try {
      const res = await fetchWithRetry(
        doFetch,
        at('/prompt'),
        () => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prompt: workflow, client_id: clientId }) }),
        b,
        retry,
        what('prompt'),
      );
      if (!res.ok) throw await httpError(res, what('prompt'), null);
      const answer = PromptAnswer.safeParse(await json(res, b, 'prompt'));
      if (!answer.success) throw new ImageProviderError(`${what('prompt')}: the answer has no prompt_id`, 0);
      promptId = answer.data.prompt_id;
      events.setPromptId(promptId);

      const ended = await Promise.race([
        events.done,
        new Promise<never>((_, reject) => {
          if (b.signal.aborted) reject(abortError(b, what('workflow')));
          b.signal.addEventListener('abort', () => reject(abortError(b, what('workflow'))), { once: true });
        }),
      ]);
      if (ended === 'closed') await pollHistory(promptId, b);

      const history = await fetchWithRetry(doFetch, at(`/history/${encodeURIComponent(promptId)}`), () => ({ method: 'GET' }), b, retry, what('history'));
      if (!history.ok) throw await httpError(history, what('history'), null);
      const out = outputImages(await json(history, b, 'history'), promptId);
      if (!out) throw new ImageProviderError(`${what('history')}: prompt ${promptId} is not in the history`, 0);
      if (out.error) throw new ImageProviderError(`${what('workflow')}: ${out.error}`, 0);
      const wanted = out.images.slice(0, Math.max(1, count));
      const images = await Promise.all(
        wanted.map(async (im) => {
          const q = new URLSearchParams({ filename: im.filename, subfolder: im.subfolder, type: im.type });
          const r = await fetchWithRetry(doFetch, at(`/view?${q.toString()}`), () => ({ method: 'GET' }), b, retry, what('view'));
          if (!r.ok) throw await httpError(r, what('view'), null);
          try {
            return await readLimited(r, MAX_IMAGE_BYTES, what('view'));
          } catch (err) {
            if (b.signal.aborted) throw abortError(b, what('view'));
            throw err;
          }
        }),
      );
      return await checkedImages(images, what('workflow'));
    } catch (err) {
      if (promptId && b.signal.aborted) cancel(promptId);
      throw err;
    } finally {
      events.close();
    }
  }

  async function upload(bytes: Buffer, name: string, b: CallBudget): Promise<string> {
    const res = await fetchWithRetry(
      doFetch,
      at('/upload/image'),
      () => {
        const form = new FormData();
        form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), name);
        form.append('type', 'input');
        form.append('overwrite', 'true');
        return { method: 'POST', body: form };
      },
      b,
      retry,
      what('upload'),
    );
    if (!res.ok) throw await httpError(res, what('upload'), null);
    const answer = UploadAnswer.safeParse(await json(res, b, 'upload'));
    if (!answer.success) throw new ImageProviderError(`${what('upload')}: the answer has no file name`, 0);
    return answer.data.subfolder ? `${answer.data.subfolder}/${answer.data.name}` : answer.data.name;
  }

  const batch = (count: number) => Math.max(1, Math.min(MAX_IMAGES_PER_CALL, Math.round(count)));
  const seedOf = (seed: number | undefined) => (seed ?? Math.floor(Math.random() * 2 ** 32)) >>> 0;

  return {
    name: 'comfyui',
    async generate(request: ImageGenerateRequest) {
      const b = budget(request.signal, options.timeoutMs);
      const size = comfySize(request.width, request.height);
      const workflow = fillWorkflow(options.workflow, {
        prompt: request.prompt,
        negative_prompt: request.negativePrompt ?? '',
        width: size.width,
        height: size.height,
        seed: seedOf(request.seed),
        batch_size: batch(request.count),
      });
      return run(workflow, b, request.onProgress, batch(request.count));
    },
    async edit(request: ImageEditRequest) {
      const b = budget(request.signal, options.timeoutMs);
      const id = randomUUID();
      const [image, mask] = await Promise.all([sharp(request.image).png().toBuffer(), sharp(request.mask).ensureAlpha().png().toBuffer()]);
      const [imageName, maskName] = await Promise.all([upload(image, `packsmith-${id}.png`, b), upload(mask, `packsmith-${id}-mask.png`, b)]);
      const workflow = fillWorkflow(options.inpaintWorkflow, {
        prompt: request.prompt,
        negative_prompt: request.negativePrompt ?? '',
        width: request.width,
        height: request.height,
        seed: seedOf(request.seed),
        batch_size: batch(request.count),
        image: imageName,
        mask: maskName,
      });
      return run(workflow, b, request.onProgress, batch(request.count));
    },
  };
}
