import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_KINDS, decodeMask, DEFAULT_TEST_PHOTO_COUNT, maskIoU, PRODUCT_KINDS, renderTestPhoto, softIoU, testPhotoSpecs } from './index.js';

const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

describe('generated product photo set', () => {
  it('covers every product kind on every background kind, at upload sizes', () => {
    const specs = testPhotoSpecs();
    expect(specs).toHaveLength(DEFAULT_TEST_PHOTO_COUNT);
    expect(DEFAULT_TEST_PHOTO_COUNT).toBeGreaterThanOrEqual(30);
    const combos = new Set(specs.map((s) => `${s.kind}/${s.background}`));
    expect(combos.size).toBe(PRODUCT_KINDS.length * BACKGROUND_KINDS.length);
    for (const s of specs) {
      expect(Math.min(s.width, s.height)).toBeGreaterThanOrEqual(1024);
      expect(Math.max(s.width, s.height)).toBeLessThanOrEqual(2048);
    }
    expect(specs.some((s) => s.products === 2)).toBe(true);
    expect(new Set(specs.map((s) => s.mime))).toEqual(new Set(['image/png', 'image/jpeg']));
  });

  it('renders the same bytes every time (deterministic)', async () => {
    const spec = testPhotoSpecs()[11];
    if (!spec) throw new Error('missing spec');
    const [a, b] = [await renderTestPhoto(spec), await renderTestPhoto(spec)];
    expect(sha(a.photo)).toBe(sha(b.photo));
    expect(sha(a.maskPng)).toBe(sha(b.maskPng));
  }, 30_000);

  it('gives a photo and a one-channel mask of the same size, the product well inside the frame', async () => {
    for (const spec of testPhotoSpecs().filter((s) => s.index % 7 === 2)) {
      const p = await renderTestPhoto(spec);
      const meta = await sharp(p.photo).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([p.width, p.height, p.mime === 'image/png' ? 'png' : 'jpeg']);
      const mask = await decodeMask(p.maskPng);
      expect((await sharp(p.maskPng).metadata()).channels).toBe(1);
      expect([mask.width, mask.height]).toEqual([p.width, p.height]);
      let fg = 0;
      for (let i = 0; i < mask.data.length; i++) if ((mask.data[i] ?? 0) >= 128) fg++;
      const coverage = fg / mask.data.length;
      expect(coverage, spec.name).toBeGreaterThan(0.02);
      expect(coverage, spec.name).toBeLessThan(0.5);
      // Nothing of the product touches the frame.
      for (let x = 0; x < mask.width; x++) expect(mask.data[x]).toBe(0);
    }
  }, 60_000);

  it('gives clear glass a partial true alpha inside an opaque silhouette', async () => {
    const spec = testPhotoSpecs().find((s) => s.kind === 'glass' && s.products === 1);
    if (!spec) throw new Error('missing spec');
    const p = await renderTestPhoto(spec);
    const [mask, alpha] = [await decodeMask(p.maskPng), await decodeMask(p.alphaPng)];
    expect(maskIoU(mask, mask)).toBe(1);
    let partial = 0;
    for (let i = 0; i < alpha.data.length; i++) if ((mask.data[i] ?? 0) === 255 && (alpha.data[i] ?? 0) > 40 && (alpha.data[i] ?? 0) < 200) partial++;
    expect(partial).toBeGreaterThan(10_000);
    expect(softIoU(alpha, mask)).toBeLessThan(0.95);
  }, 30_000);
});
