import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BOX_TYPES } from '@packsmith/contracts';
import { describe, expect, it } from 'vitest';
import { renderDieline } from './registry.js';
import { dielineToSvg } from './svg.js';

/*
 * Golden files: the SVG of every box type at its default size, committed under __golden__.
 * A change to any generator shows up as a reviewable diff. Regenerate on purpose with
 *   UPDATE_GOLDEN=1 npx vitest run --project unit packages/design-engine/src/dieline/golden.test.ts
 */
const GOLDEN_DIR = join(dirname(fileURLToPath(import.meta.url)), '__golden__');
const update = process.env.UPDATE_GOLDEN === '1';

describe('golden dieline SVGs', () => {
  it.each(BOX_TYPES.map((b) => [b.id, b.slug] as const))('box %i (%s) matches its golden file', (id, slug) => {
    const svg = dielineToSvg(renderDieline(id), { showBleed: true, showLabels: true });
    const file = join(GOLDEN_DIR, `${id}-${slug}.svg`);
    if (update) {
      mkdirSync(GOLDEN_DIR, { recursive: true });
      writeFileSync(file, svg);
      return;
    }
    if (!existsSync(file)) throw new Error(`Missing golden ${file}: run with UPDATE_GOLDEN=1 to create it, then review and commit it.`);
    expect(svg).toBe(readFileSync(file, 'utf8'));
  });

  it('writes a print-size SVG: millimetre width, height and viewBox including the bleed', () => {
    const d = renderDieline(101);
    const svg = dielineToSvg(d);
    expect(svg).toContain(`width="${d.size.width + 6}mm"`);
    expect(svg).toContain(`height="${Math.round((d.size.height + 6) * 1000) / 1000}mm"`);
    expect(svg).toContain('viewBox="-3 -3 ');
    expect(svg).toMatch(/<g id="cut"[^>]*stroke="#e4007c"/);
    expect(svg).toMatch(/<g id="crease"[^>]*stroke-dasharray/);
    expect(svg).toContain('<rect id="bleed"');
    expect(svg).not.toContain('<text');
    expect(dielineToSvg(d, { showBleed: false })).not.toContain('id="bleed"');
    expect(dielineToSvg(d, { showLabels: true })).toContain('>front</text>');
  });
});
