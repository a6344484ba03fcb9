/**
 * Reads the brand back from rendered fronts with Debian's tesseract, as a shopper's eye
 * would: the name must come back exactly (case-insensitive, whitespace-normalised).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { variedBriefs } from './artwork.fixtures.js';
import type { PanelSpec } from './panel-art.js';
import { renderPanelArt } from './panel-art.js';
import { svgToPng, widthForLongest } from './render.js';

const TESSERACT = '/usr/bin/tesseract';
const run = promisify(execFile);
const hasTesseract = existsSync(TESSERACT);
if (!hasTesseract) console.warn(`OCR test skipped: ${TESSERACT} is missing (apt-get install tesseract-ocr)`);

const norm = (s: string) => s.toUpperCase().replace(/\s+/g, ' ').trim();

/**
 * Exact read-back: the whole name on one OCR line, or — for a wordmark the layout broke over
 * several lines — each drawn line exactly, in order, on its own OCR line.
 */
function brandReadBack(ocr: string, brand: string, drawnLines: readonly string[]): boolean {
  const lines = ocr.split('\n').map(norm).filter(Boolean);
  if (norm(lines.join(' ')).includes(norm(brand))) return true;
  let at = 0;
  for (const drawn of drawnLines) {
    const idx = lines.findIndex((l, i) => i >= at && l.includes(norm(drawn)));
    if (idx < 0) return false;
    at = idx + 1;
  }
  return drawnLines.length > 0;
}

describe.skipIf(!hasTesseract)('OCR read-back of the brand', () => {
  const dir = mkdtempSync(join(tmpdir(), 'packsmith-ocr-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the brand exactly on every front of a varied set (styles, colours, long/short names, logos)', { timeout: 180_000 }, async () => {
    const portrait: PanelSpec = { role: 'front', widthMm: 90, heightMm: 140 };
    const landscape: PanelSpec = { role: 'front', widthMm: 150, heightMm: 110 };
    const briefs = variedBriefs();
    const jobs = [
      ...briefs.map((b) => ({ brief: b, panel: portrait, seed: b.seed ?? 0 })),
      ...briefs.filter((_, i) => i % 3 === 0).map((b) => ({ brief: b, panel: landscape, seed: (b.seed ?? 0) + 100 })),
    ];
    expect(jobs.length).toBeGreaterThanOrEqual(12);
    const results: { brand: string; layout: string; ok: boolean; ocr: string }[] = [];
    for (let k = 0; k < jobs.length; k += 2) {
      results.push(
        ...(await Promise.all(
          jobs.slice(k, k + 2).map(async ({ brief, panel, seed }, j) => {
            const art = renderPanelArt({ brief: { ...brief, seed }, panel, seed });
            const file = join(dir, `front-${k + j}.png`);
            writeFileSync(file, svgToPng(art.svg, widthForLongest(panel.widthMm, panel.heightMm, 1024)));
            const { stdout } = await run(TESSERACT, [file, '-', '--psm', '6']);
            const drawn = art.textZones.find((z) => z.role === 'brand')?.lines ?? [];
            return { brand: brief.brand ?? '', layout: art.layoutId, ok: brandReadBack(stdout, brief.brand ?? '', drawn), ocr: norm(stdout) };
          }),
        )),
      );
    }
    const passed = results.filter((r) => r.ok).length;
    console.info(`OCR brand read-back: ${passed}/${results.length} (${((100 * passed) / results.length).toFixed(1)}%)`);
    for (const r of results) expect(r.ok, `${r.brand} on ${r.layout} read as "${r.ocr}"`).toBe(true);
  });

  it('accepts only exact reads', () => {
    expect(brandReadBack('Lumen\nCold Brew', 'LUMEN', ['LUMEN'])).toBe(true);
    expect(brandReadBack('WILLOW &\n@ junk\nTHYME', 'Willow & Thyme', ['WILLOW &', 'THYME'])).toBe(true);
    expect(brandReadBack('HAZEL § OAK', 'Hazel & Oak', ['HAZEL & OAK'])).toBe(false);
    expect(brandReadBack('THYME\nWILLOW &', 'Willow & Thyme', ['WILLOW &', 'THYME'])).toBe(false);
  });
});
