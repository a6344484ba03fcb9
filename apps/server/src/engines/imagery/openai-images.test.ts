import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { PEER_COLOURS, closedPortUrl, colourShare, startOpenAiImagesPeer, type OpenAiImagesPeer } from '../../../test/image-peers.js';
import { artZoneMask } from './design-imagery.js';
import { ImageProviderError } from './image-provider.js';
import { createOpenAiImageProvider, openAiSize } from './openai-images.js';

const peers: OpenAiImagesPeer[] = [];
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((p) => p.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((r) => (s.closeAllConnections(), s.close(() => r())))));
});

async function peer(apiKey: string | null = 'sk-test') {
  const p = await startOpenAiImagesPeer({ apiKey });
  peers.push(p);
  return p;
}

const never = () => new AbortController().signal;
const provider = (url: string, extra: Partial<Parameters<typeof createOpenAiImageProvider>[0]> = {}) =>
  createOpenAiImageProvider({ baseUrl: url, apiKey: 'sk-test', model: 'gpt-image-1', timeoutMs: 5_000, retryDelayMs: 5, ...extra });

const request = { prompt: 'A meadow at dawn; no text.', negativePrompt: 'text, logo', width: 832, height: 1216, count: 2, seed: 5 };

describe('OpenAI images adapter against a local peer', () => {
  it('generates: bearer key, JSON body with model, n and the nearest supported size; answers PNGs', async () => {
    const p = await peer();
    const images = await provider(p.url).generate({ ...request, signal: never() });
    expect(images).toHaveLength(2);
    for (const img of images) {
      expect((await sharp(img).metadata()).format).toBe('png');
      expect(await colourShare(img, PEER_COLOURS.generated.rgb)).toBeGreaterThan(0.4);
    }
    const [seen] = p.requests;
    expect(seen).toMatchObject({ method: 'POST', path: '/v1/images/generations', authorization: 'Bearer sk-test' });
    expect(seen?.json).toMatchObject({ model: 'gpt-image-1', n: 2, size: '1024x1536' });
    // gpt-image models always answer base64 and reject response_format.
    expect(seen?.json).not.toHaveProperty('response_format');
    expect(seen?.json?.prompt).toContain('A meadow at dawn');
    expect(seen?.json?.prompt).toContain('Avoid: text, logo.');
  });

  it('maps sizes per model', () => {
    expect(openAiSize('gpt-image-1', 1024, 400)).toBe('1536x1024');
    expect(openAiSize('gpt-image-1', 1000, 1000)).toBe('1024x1024');
    expect(openAiSize('dall-e-3', 400, 1024)).toBe('1024x1792');
    expect(openAiSize('dall-e-2', 500, 300)).toBe('512x512');
    expect(openAiSize('sdxl-turbo', 833, 1217)).toBe('832x1216');
  });

  it('asks older models for b64_json, and downloads url answers from the configured server only', async () => {
    const p = await peer();
    p.script = () => 'url';
    const images = await provider(p.url, { model: 'dall-e-2' }).generate({ ...request, count: 1, signal: never() });
    expect(images).toHaveLength(1);
    expect(await colourShare(images[0]!, PEER_COLOURS.generated.rgb)).toBeGreaterThan(0.4);
    expect(p.requests[0]?.json).toMatchObject({ response_format: 'b64_json', size: '1024x1024' });
  });

  it('refuses an image url on another host without requesting it', async () => {
    let hits = 0;
    const other = http.createServer((_req, res) => {
      hits++;
      res.end('nope');
    });
    servers.push(other);
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/secret.png`;
    const p = await peer();
    p.script = () => ({ body: { data: [{ url: otherUrl }] } });
    const err = await provider(p.url)
      .generate({ ...request, signal: never() })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageProviderError);
    expect(String(err)).toMatch(/refusing to download an image from http:\/\/127\.0\.0\.1:\d+/);
    expect(hits).toBe(0);
  });

  it('edits: multipart with the image, a mask whose transparent pixels mark the art zone, prompt, n and size', async () => {
    const p = await peer();
    const image = await sharp({ create: { width: 512, height: 512, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const mask = await artZoneMask(512, 512, { x: 0.25, y: 0.25, w: 0.5, h: 0.5, shape: 'circle' });
    const images = await provider(p.url).edit({ image, mask, prompt: 'Make it blue; no text.', width: 512, height: 512, count: 1, signal: never() });
    expect(await colourShare(images[0]!, PEER_COLOURS.edited.rgb)).toBeGreaterThan(0.4);
    const seen = p.requests[0]!;
    expect(seen.path).toBe('/v1/images/edits');
    expect(seen.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.authorization).toBe('Bearer sk-test');
    expect(seen.form?.fields).toMatchObject({ model: 'gpt-image-1', prompt: 'Make it blue; no text.', n: '1', size: '1024x1024' });
    const sent = seen.form!.files;
    expect(sent.image?.type).toBe('image/png');
    expect((await sharp(sent.image!.bytes).metadata()).format).toBe('png');
    // The mask went as a PNG with alpha: transparent in the zone's middle, opaque in the corner.
    const { data, info } = await sharp(sent.mask!.bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    expect(alphaAt(256, 256)).toBe(0);
    expect(alphaAt(10, 10)).toBe(255);
  });

  it('says which key to check on 401, without retrying', async () => {
    const p = await peer('sk-right');
    const err = await provider(p.url)
      .generate({ ...request, signal: never() })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageProviderError);
    expect((err as ImageProviderError).status).toBe(401);
    expect(String(err)).toMatch(/HTTP 401.*IMAGE_API_KEY.*Incorrect API key/);
    expect(p.requests).toHaveLength(1);
  });

  it('retries a 500 and a 429 (Retry-After) and then uses the answer', async () => {
    const p = await peer();
    p.script = (_req, n) =>
      n === 1
        ? { status: 500, body: { error: { message: 'overloaded' } } }
        : n === 2
          ? { status: 429, body: { error: { message: 'slow down' } }, headers: { 'retry-after': '0' } }
          : undefined;
    const images = await provider(p.url).generate({ ...request, signal: never() });
    expect(images).toHaveLength(2);
    expect(p.requests).toHaveLength(3);
  });

  it("gives up after two retries with the server's words", async () => {
    const p = await peer();
    p.script = () => ({ status: 503, body: { error: { message: 'maintenance' } } });
    const err = await provider(p.url)
      .generate({ ...request, signal: never() })
      .catch((e: unknown) => e);
    expect(String(err)).toMatch(/HTTP 503\) after retries: maintenance/);
    expect(p.requests).toHaveLength(3);
  });

  it("names a rejected request's reason (400)", async () => {
    const p = await peer();
    p.script = () => ({ status: 400, body: { error: { message: 'Your request was rejected by the safety system.' } } });
    const err = await provider(p.url)
      .generate({ ...request, signal: never() })
      .catch((e: unknown) => e);
    expect(String(err)).toMatch(/HTTP 400\): Your request was rejected by the safety system/);
    expect(p.requests).toHaveLength(1);
  });

  it('ends a call that gets no answer at the time limit', async () => {
    const p = await peer();
    p.script = () => ({ hang: true });
    const started = Date.now();
    const err = await provider(p.url, { timeoutMs: 300 })
      .generate({ ...request, signal: never() })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageProviderError);
    expect(String(err)).toMatch(/no answer within 300 ms \(IMAGE_TIMEOUT_MS\)/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("stops when the caller aborts, with the caller's reason", async () => {
    const p = await peer();
    p.script = () => ({ hang: true });
    const ac = new AbortController();
    setTimeout(() => ac.abort(new Error('shutting down')), 50);
    const err = await provider(p.url)
      .generate({ ...request, signal: ac.signal })
      .catch((e: unknown) => e);
    expect(err).not.toBeInstanceOf(ImageProviderError);
    expect(String(err)).toContain('shutting down');
  });

  it('rejects answers that are not images, and servers that are down', async () => {
    const p = await peer();
    p.script = () => ({ body: { data: [{ b64_json: Buffer.from('not a picture').toString('base64') }] } });
    await expect(provider(p.url).generate({ ...request, signal: never() })).rejects.toThrow(/not a usable image/);
    p.script = () => ({ body: { data: [] } });
    await expect(provider(p.url).generate({ ...request, signal: never() })).rejects.toThrow(/has no images/);
    const down = await closedPortUrl();
    await expect(provider(`${down}/v1`, { retries: 1 }).generate({ ...request, signal: never() })).rejects.toThrow(/cannot reach http:\/\/127\.0\.0\.1/);
  });

  it('makes one request per image for dall-e-3 (n must be 1 there)', async () => {
    const p = await peer();
    const images = await provider(p.url, { model: 'dall-e-3' }).generate({ ...request, count: 3, signal: never() });
    expect(images).toHaveLength(3);
    expect(p.requests.map((r) => r.json?.n)).toEqual([1, 1, 1]);
    expect(p.requests[0]?.json?.size).toBe('1024x1792');
  });
});
