import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { PEER_COLOURS, closedPortUrl, colourShare, startComfyUiPeer, type ComfyUiPeer } from '../../../test/image-peers.js';
import { comfySize, createComfyUiProvider } from './comfyui.js';
import { DEFAULT_INPAINT, DEFAULT_TXT2IMG, WorkflowError, fillWorkflow, loadWorkflow, outputImages, placeholdersOf } from './comfyui-workflow.js';
import { artZoneMask } from './design-imagery.js';
import { ImageProviderError } from './image-provider.js';

const txt2img = loadWorkflow(DEFAULT_TXT2IMG, 'default', ['prompt', 'negative_prompt', 'width', 'height', 'seed', 'batch_size']);
const inpaint = loadWorkflow(DEFAULT_INPAINT, 'default inpaint', ['prompt', 'image', 'mask', 'seed', 'batch_size']);

const peers: ComfyUiPeer[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
});
async function peer() {
  const p = await startComfyUiPeer();
  peers.push(p);
  return p;
}
const never = () => new AbortController().signal;
const provider = (url: string, extra: Partial<Parameters<typeof createComfyUiProvider>[0]> = {}) =>
  createComfyUiProvider({ url, workflow: txt2img, inpaintWorkflow: inpaint, timeoutMs: 5_000, retryDelayMs: 5, pollMs: 20, ...extra });

describe('ComfyUI workflows', () => {
  it('ships SDXL txt2img and inpaint workflows in API format with every placeholder', () => {
    expect([...placeholdersOf(txt2img)].sort()).toEqual(['batch_size', 'height', 'negative_prompt', 'prompt', 'seed', 'width']);
    expect(placeholdersOf(inpaint)).toEqual(new Set(['image', 'mask', 'prompt', 'negative_prompt', 'seed', 'batch_size']));
    expect(Object.values(txt2img).map((n) => n.class_type)).toContain('SaveImage');
  });

  it('fills placeholders keeping types: a whole-value placeholder becomes a number, text is interpolated', () => {
    const wf = fillWorkflow(
      { '1': { class_type: 'X', inputs: { width: '{{width}}', text: 'a {{prompt}}!', list: ['{{seed}}', 2], keep: '{{unknown}}' } } },
      { width: 832, prompt: 'cat', seed: 7 },
    );
    expect(wf['1']?.inputs).toEqual({ width: 832, text: 'a cat!', list: [7, 2], keep: '{{unknown}}' });
  });

  it('refuses a workflow that is not in API format or lacks a placeholder, naming the setting', () => {
    const dir = mkdtempSync(join(tmpdir(), 'wf-'));
    try {
      writeFileSync(join(dir, 'ui.json'), JSON.stringify({ nodes: [], links: [] }));
      writeFileSync(join(dir, 'noprompt.json'), JSON.stringify({ '1': { class_type: 'SaveImage', inputs: {} } }));
      writeFileSync(join(dir, 'bad.json'), '{');
      expect(() => loadWorkflow(join(dir, 'ui.json'), 'COMFYUI_WORKFLOW', ['prompt'])).toThrow(/COMFYUI_WORKFLOW: .*API format/);
      expect(() => loadWorkflow(join(dir, 'noprompt.json'), 'COMFYUI_WORKFLOW', ['prompt'])).toThrow(/COMFYUI_WORKFLOW: .*\{\{prompt\}\}/);
      expect(() => loadWorkflow(join(dir, 'bad.json'), 'COMFYUI_WORKFLOW', ['prompt'])).toThrow(WorkflowError);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads output images from a history entry in node order, skipping previews', () => {
    const h = {
      p1: {
        outputs: {
          '12': { images: [{ filename: 'b.png', subfolder: '', type: 'output' }] },
          '9': {
            images: [
              { filename: 'a.png', subfolder: 's', type: 'output' },
              { filename: 'prev.png', subfolder: '', type: 'temp' },
            ],
          },
        },
        status: { status_str: 'success' },
      },
    };
    expect(outputImages(h, 'p1')?.images.map((i) => i.filename)).toEqual(['a.png', 'b.png']);
    expect(outputImages(h, 'p2')).toBeNull();
    expect(outputImages({ p1: { outputs: {}, status: { status_str: 'error' } } }, 'p1')?.error).toMatch(/error/);
  });

  it('sizes requests for SD: about a megapixel in multiples of 64, aspect kept', () => {
    expect(comfySize(1024, 1024)).toEqual({ width: 1024, height: 1024 });
    const tall = comfySize(832, 1216);
    expect(tall.width % 64).toBe(0);
    expect(tall.height % 64).toBe(0);
    expect(tall.width / tall.height).toBeCloseTo(832 / 1216, 1);
  });
});

describe('ComfyUI adapter against a local peer (HTTP + websocket)', () => {
  it('queues the filled workflow, follows progress on the websocket, and fetches the outputs from /history and /view', async () => {
    const p = await peer();
    const fractions: number[] = [];
    const images = await provider(p.url).generate({
      prompt: 'Olive grove at dusk; no text.',
      negativePrompt: 'text, logo',
      width: 832,
      height: 1216,
      count: 2,
      seed: 42,
      signal: never(),
      onProgress: (f) => fractions.push(f),
    });
    expect(images).toHaveLength(2);
    for (const img of images) expect(await colourShare(img, PEER_COLOURS.generated.rgb)).toBeGreaterThan(0.4);
    expect(fractions.map((f) => Math.round(f * 3))).toEqual([1, 2, 3]);
    const [sent] = p.prompts;
    expect(sent?.clientId).toMatch(/^[0-9a-f-]{36}$/);
    const size = comfySize(832, 1216);
    expect(sent?.workflow['5']?.inputs).toEqual({ width: size.width, height: size.height, batch_size: 2 });
    expect(sent?.workflow['6']?.inputs.text).toBe('Olive grove at dusk; no text.');
    expect(sent?.workflow['7']?.inputs.text).toBe('text, logo');
    expect(sent?.workflow['3']?.inputs.seed).toBe(42);
    expect(p.log).toEqual(['POST /prompt', `GET /history/${sent?.id}`, 'GET /view', 'GET /view']);
  });

  it('edits: uploads the image and its mask, then runs the inpaint workflow on them', async () => {
    const p = await peer();
    const image = await sharp({ create: { width: 640, height: 640, channels: 3, background: '#446688' } })
      .png()
      .toBuffer();
    const mask = await artZoneMask(640, 640, { x: 0.1, y: 0.1, w: 0.8, h: 0.8, shape: 'rounded' });
    const images = await provider(p.url).edit({ image, mask, prompt: 'Lemons instead; no text.', width: 640, height: 640, count: 1, seed: 3, signal: never() });
    expect(await colourShare(images[0]!, PEER_COLOURS.edited.rgb)).toBeGreaterThan(0.4);
    expect(p.uploads).toHaveLength(2);
    const [img, msk] = p.uploads;
    expect(img?.name).toMatch(/^packsmith-[0-9a-f-]+\.png$/);
    expect(msk?.name).toMatch(/-mask\.png$/);
    expect((await sharp(msk!.bytes).metadata()).hasAlpha).toBe(true);
    const wf = p.prompts[0]!.workflow;
    expect(wf['10']?.inputs.image).toBe(img?.name);
    expect(wf['11']?.inputs).toMatchObject({ image: msk?.name, channel: 'alpha' });
    expect(wf['13']?.inputs.amount).toBe(1);
  });

  it('retries /prompt after a 500', async () => {
    const p = await peer();
    p.behaviour.failPrompts = 1;
    const images = await provider(p.url).generate({ prompt: 'x', width: 512, height: 512, count: 1, signal: never() });
    expect(images).toHaveLength(1);
    expect(p.log.filter((l) => l === 'POST /prompt')).toHaveLength(2);
  });

  it('reports an execution_error with the node and the exception', async () => {
    const p = await peer();
    p.behaviour.executionError = 'CUDA out of memory';
    const err = await provider(p.url)
      .generate({ prompt: 'x', width: 512, height: 512, count: 1, signal: never() })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageProviderError);
    expect(String(err)).toMatch(/failed in node KSampler: CUDA out of memory/);
  });

  it('reports a workflow the server rejects (HTTP 400)', async () => {
    const p = await peer();
    p.behaviour.rejectPrompt = 'ckpt_name: Value not in list';
    await expect(provider(p.url).generate({ prompt: 'x', width: 512, height: 512, count: 1, signal: never() })).rejects.toThrow(
      /HTTP 400\): Prompt outputs failed validation/,
    );
  });

  it('ends a prompt that never finishes at the time limit and takes it off the queue', async () => {
    const p = await peer();
    p.behaviour.stall = true;
    const err = await provider(p.url, { timeoutMs: 400 })
      .generate({ prompt: 'x', width: 512, height: 512, count: 1, signal: never() })
      .catch((e: unknown) => e);
    expect(String(err)).toMatch(/no answer within 400 ms/);
    await new Promise((r) => setTimeout(r, 100));
    expect(p.log).toEqual(expect.arrayContaining(['POST /queue', 'POST /interrupt']));
  });

  it('finds the result in /history when the websocket drops', async () => {
    const p = await peer();
    p.behaviour.dropSocket = true;
    const images = await provider(p.url).generate({ prompt: 'x', width: 512, height: 512, count: 1, signal: never() });
    expect(images).toHaveLength(1);
    expect(p.log.filter((l) => l.startsWith('GET /history')).length).toBeGreaterThanOrEqual(2);
  });

  it('stops when the caller aborts, and says when the server is down', async () => {
    const p = await peer();
    p.behaviour.stall = true;
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error('shutting down')), 80);
    const err = await provider(p.url)
      .generate({ prompt: 'x', width: 512, height: 512, count: 1, signal: ac.signal })
      .catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(ImageProviderError);
    expect(String(err)).toContain('shutting down');
    await expect(provider(await closedPortUrl()).generate({ prompt: 'x', width: 512, height: 512, count: 1, signal: never() })).rejects.toThrow(
      /websocket.*cannot connect/,
    );
  });
});
