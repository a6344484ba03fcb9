/**
 * The brand must be legible on the packshot itself: tesseract reads it back exactly from
 * the 1024 px packshot of every brief of a varied set (every kind of pack, every style
 * family, short and long names, with and without a logo).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeBusyPhoto, makeIllustration } from '../artwork/artwork.fixtures.js';
import { hasTesseract, ocrBrand, ocrCases, readsBrand, TESSERACT } from './pipeline.fixtures.js';
import { renderDesignSet } from './render-design-set.js';
import { closeDesignWorkers } from './worker-pool.js';

if (!hasTesseract) console.warn(`Packshot OCR test skipped: ${TESSERACT} is missing (apt-get install tesseract-ocr)`);

describe('brand read-back matcher', () => {
  it('accepts the exact name, even with a badge ring read as marks between its words', () => {
    expect(readsBrand('Lumen\nCold Brew', 'LUMEN')).toBe(true);
    expect(readsBrand('WILLOW &\nTHYME', 'Willow & Thyme')).toBe(true);
    expect(readsBrand('( HAZEL \\ | \\ & OAK )', 'Hazel & Oak')).toBe(true);
  });

  it('rejects a wrong, missing or extra character', () => {
    expect(readsBrand('HAZEL | OAK', 'Hazel & Oak')).toBe(false);
    expect(readsBrand('HAZEL : OAK', 'Hazel & Oak')).toBe(false);
    expect(readsBrand('VELVET MOOT', 'Velvet Moon')).toBe(false);
    expect(readsBrand('LEST', 'Zest')).toBe(false);
    expect(readsBrand('VELVET X MOON', 'Velvet Moon')).toBe(false);
  });
});

describe.skipIf(!hasTesseract)('OCR of the brand on the packshot', () => {
  const dir = mkdtempSync(join(tmpdir(), 'packsmith-packshot-ocr-'));
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await closeDesignWorkers();
  });

  it('reads the brand back exactly from every 1024 px packshot of a varied set of briefs', { timeout: 300_000 }, async () => {
    const cases = ocrCases();
    expect(cases.length).toBeGreaterThanOrEqual(12);
    const results = await Promise.all(
      cases.map(async (c, i) => {
        const [design] = await renderDesignSet({ brief: c.brief, count: 1, seed: c.seed, size: 1024 });
        const file = join(dir, `packshot-${i}.png`);
        writeFileSync(file, design!.packshotPng);
        const read = await ocrBrand(file, c.brief.brand);
        return { ...c, layout: design!.layoutId, ...read };
      }),
    );
    const passed = results.filter((r) => r.ok).length;
    console.info(`Packshot OCR brand read-back: ${passed}/${results.length} (${((100 * passed) / results.length).toFixed(0)}%)`);
    for (const r of results) expect(r.ok, `${r.brief.brand} (${r.name}, ${r.layout}) read as "${r.text}"`).toBe(true);
  });

  it('reads the brand back when a busy photograph is the backdrop (or an illustration takes the art zone)', { timeout: 300_000 }, async () => {
    // The same varied briefs, each design's backdrop a busy photo-like image no text colour reads on.
    const cases = ocrCases();
    const photos = [makeBusyPhoto(768, 768, 7), makeBusyPhoto(1024, 640, 21)];
    const illustration = makeIllustration();
    const results = await Promise.all(
      cases.map(async (c, i) => {
        const imagery = i % 4 === 3 ? { illustration } : { background: photos[i % 2]! };
        const [design] = await renderDesignSet({ brief: c.brief, count: 1, seed: c.seed, size: 1024, imagery });
        const file = join(dir, `packshot-imagery-${i}.png`);
        writeFileSync(file, design!.packshotPng);
        const read = await ocrBrand(file, c.brief.brand);
        return { ...c, kind: Object.keys(imagery)[0], layout: design!.layoutId, ...read };
      }),
    );
    const passed = results.filter((r) => r.ok).length;
    console.info(`Packshot OCR brand read-back with imagery: ${passed}/${results.length} (${((100 * passed) / results.length).toFixed(0)}%)`);
    for (const r of results) expect(r.ok, `${r.brief.brand} (${r.name}, ${r.kind}, ${r.layout}) read as "${r.text}"`).toBe(true);
  });
});
