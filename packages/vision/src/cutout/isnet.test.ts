/**
 * The ISNet engine end to end on real bytes: rejections a person understands, the geometry of a
 * cut-out, progress and cancellation, and accuracy over the generated photo set.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CutoutRejected } from '../types.js';
import { BACKGROUND_KINDS, DEFAULT_TEST_PHOTO_COUNT, decodeMask, generateTestPhotos, maskIoU, renderTestPhoto, testPhotoSpecs } from '../testset/index.js';
import { planBackground, renderBackground } from '../testset/backgrounds.js';
import { createRng } from '../testset/random.js';
import { createCutoutEngine, NO_PRODUCT_MESSAGE, UNREADABLE_MESSAGE } from './index.js';
import { retargetIsnet } from './onnx-resolution.js';

const engine = createCutoutEngine({ engine: 'isnet' });

beforeAll(async () => {
  await engine.warmUp();
}, 120_000);
afterAll(async () => {
  await engine.dispose();
});

async function rejection(bytes: Buffer): Promise<CutoutRejected> {
  const error: unknown = await engine.cutout(bytes).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CutoutRejected);
  return error as CutoutRejected;
}

describe('ISNet cut-out: photos it cannot use', () => {
  it('says an unreadable file is unreadable: random bytes, text, a truncated PNG, an SVG', async () => {
    const photo = await renderTestPhoto(testPhotoSpecs({ count: 1 })[0] ?? testPhotoSpecs()[0]!);
    const cases = [
      Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251)),
      Buffer.from('hello, this is a text file renamed to photo.png\n'),
      photo.photo.subarray(0, Math.floor(photo.photo.length / 2)),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200"><rect width="600" height="900" x="300" y="150" fill="red"/></svg>'),
    ];
    for (const bytes of cases) {
      const e = await rejection(bytes);
      expect(e.reason).toBe('unreadable');
      expect(e.message).toBe(UNREADABLE_MESSAGE);
    }
  });

  it('finds no product in a blank photo', async () => {
    const blank = await sharp({ create: { width: 1200, height: 1024, channels: 3, background: '#d8d4cc' } })
      .jpeg()
      .toBuffer();
    const e = await rejection(blank);
    expect(e.reason).toBe('no_product');
    expect(e.message).toBe(NO_PRODUCT_MESSAGE);
  });

  it('finds no product in photos of an empty backdrop (paper, gradient, concrete, wood, linen)', async () => {
    for (const kind of BACKGROUND_KINDS.filter((k) => k !== 'busy')) {
      const rng = createRng(5);
      const bg = await renderBackground(planBackground(kind, rng, 1024), rng, 1536, 1024, []);
      const e = await rejection(
        await sharp(bg, { raw: { width: 1536, height: 1024, channels: 3 } })
          .png()
          .toBuffer(),
      );
      expect(e.reason, kind).toBe('no_product');
    }
  }, 60_000);
});

describe('ISNet cut-out: one photo', () => {
  it('returns a full-resolution cut-out cropped to the product, its mask and extracted_coordinates', async () => {
    const spec = testPhotoSpecs().find((s) => s.kind === 'bottle' && s.background === 'wood' && s.products === 1);
    if (!spec) throw new Error('no such test photo');
    const photo = await renderTestPhoto(spec);
    const fractions: number[] = [];
    const result = await engine.cutout(photo.photo, { onProgress: (f) => fractions.push(f) });

    const c = result.coordinates;
    expect([c.totalWidth, c.totalHeight]).toEqual([photo.width, photo.height]);
    expect(c.rotation).toBe(0);
    const cut = await sharp(result.cutoutPng).metadata();
    expect([cut.width, cut.height, cut.channels, cut.format]).toEqual([c.cropWidth, c.cropHeight, 4, 'png']);
    expect([c.width, c.height]).toEqual([c.cropWidth, c.cropHeight]);

    const mask = await decodeMask(result.maskPng);
    const maskMeta = await sharp(result.maskPng).metadata();
    expect(maskMeta.channels).toBe(1);
    const truth = await decodeMask(photo.maskPng);
    expect(maskIoU(mask, truth)).toBeGreaterThan(0.97);

    // The crop holds the whole product with a small margin, and nothing of the mask lies outside it.
    let tx0 = Infinity;
    let ty0 = Infinity;
    let tx1 = -1;
    let ty1 = -1;
    let outside = 0;
    for (let y = 0; y < truth.height; y++) {
      for (let x = 0; x < truth.width; x++) {
        const i = y * truth.width + x;
        if ((truth.data[i] ?? 0) >= 128) [tx0, ty0, tx1, ty1] = [Math.min(tx0, x), Math.min(ty0, y), Math.max(tx1, x), Math.max(ty1, y)];
        const inside = x >= c.x && x < c.x + c.width && y >= c.y && y < c.y + c.height;
        if (!inside && (mask.data[i] ?? 0) > 0) outside++;
      }
    }
    expect(outside).toBe(0);
    expect(c.x).toBeLessThanOrEqual(tx0);
    expect(c.y).toBeLessThanOrEqual(ty0);
    expect(c.x + c.width).toBeGreaterThan(tx1);
    expect(c.y + c.height).toBeGreaterThan(ty1);
    const margin = 0.02 * Math.max(photo.width, photo.height) + 8;
    expect(tx0 - c.x).toBeLessThan(margin);
    expect(c.y + c.height - ty1).toBeLessThan(margin);

    // The cut-out's alpha is the mask's crop.
    const alpha = await sharp(result.cutoutPng).extractChannel(3).raw().toBuffer();
    const maskCrop = await sharp(result.maskPng).extract({ left: c.x, top: c.y, width: c.width, height: c.height }).extractChannel(0).raw().toBuffer();
    expect(alpha.equals(maskCrop)).toBe(true);

    expect(fractions[0]).toBe(0);
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.every((f, i) => i === 0 || f >= (fractions[i - 1] ?? 0))).toBe(true);
    expect(Object.keys(result.timings)).toEqual(expect.arrayContaining(['decode', 'segment', 'refine', 'alpha', 'colour', 'encode', 'total']));
  }, 60_000);

  it('stops between stages when its signal is aborted', async () => {
    const photo = await renderTestPhoto(testPhotoSpecs()[3]!);
    const controller = new AbortController();
    const seen: number[] = [];
    const error: unknown = await engine
      .cutout(photo.photo, {
        signal: controller.signal,
        onProgress: (f) => {
          seen.push(f);
          if (f >= 0.1) controller.abort();
        },
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect((error as Error).name).toBe('AbortError');
    expect(Math.max(...seen)).toBeLessThan(0.6);
  }, 60_000);
});

describe('ISNet network resolution', () => {
  it('refuses sizes the graph cannot take', () => {
    expect(() => retargetIsnet(new Uint8Array(0), 1000)).toThrow(/multiple of 32/);
    expect(() => retargetIsnet(new Uint8Array(0), 2048)).toThrow(/multiple of 32/);
  });

  it('also runs the int8 "small" weights, re-targeted to 768 px (plain backdrops only)', async () => {
    // The graph stores its resize targets differently (initialisers, not Constant nodes); this
    // checks that path. The int8 weights themselves are much weaker on textured backdrops
    // (IoU 0.07–0.6 on wood and concrete, at 768 and at their native 1024 alike), hence "medium".
    const small = createCutoutEngine({ engine: 'isnet', modelSize: 'small', inputSize: 768 });
    try {
      for await (const p of generateTestPhotos({ only: (s) => s.index === 0 || s.index === 28, maxSide: 1536 })) {
        const r = await small.cutout(p.photo);
        expect(maskIoU(await decodeMask(r.maskPng), await decodeMask(p.maskPng)), p.name).toBeGreaterThan(0.95);
      }
    } finally {
      await small.dispose();
    }
  }, 120_000);
});

describe('ISNet accuracy on the generated photo set', () => {
  it(`cuts out all ${DEFAULT_TEST_PHOTO_COUNT} photos with mean IoU ≥ 0.97 and worst ≥ 0.90`, async () => {
    const rows: { name: string; iou: number; ms: number }[] = [];
    for await (const p of generateTestPhotos()) {
      const t = performance.now();
      const r = await engine.cutout(p.photo);
      rows.push({ name: p.name, iou: maskIoU(await decodeMask(r.maskPng), await decodeMask(p.maskPng)), ms: performance.now() - t });
    }
    const mean = rows.reduce((a, r) => a + r.iou, 0) / rows.length;
    const worst = rows.reduce((a, r) => (r.iou < a.iou ? r : a));
    const ms = rows.map((r) => r.ms).sort((a, b) => a - b);
    console.log(
      `ISNet cut-out IoU over ${rows.length} generated photos: mean ${mean.toFixed(4)}, worst ${worst.iou.toFixed(4)} (${worst.name}); ` +
        `time per photo median ${Math.round(ms[Math.floor(ms.length / 2)] ?? 0)} ms, max ${Math.round(ms.at(-1) ?? 0)} ms`,
    );
    expect(rows.length).toBe(DEFAULT_TEST_PHOTO_COUNT);
    expect(mean).toBeGreaterThanOrEqual(0.97);
    expect(worst.iou).toBeGreaterThanOrEqual(0.9);
  }, 600_000);
});
