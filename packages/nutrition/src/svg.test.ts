import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { computeLabel } from './compute.js';
import { FDA_SAMPLE_NUTRIENTS } from './samples.js';
import type { NutrientsInput } from './index.js';
import { textWidth, wrap } from './metrics.js';
import { usStandardSvg } from './svg.js';

/*
 * Golden file: FDA's sample label in the standard vertical format. A layout change shows up as a
 * reviewable diff. Regenerate on purpose with
 *   UPDATE_GOLDEN=1 npx vitest run --project unit packages/nutrition/src/svg.test.ts
 */
const GOLDEN = join(dirname(fileURLToPath(import.meta.url)), '__golden__');
const update = process.env.UPDATE_GOLDEN === '1';

const SAMPLE: NutrientsInput = { ...FDA_SAMPLE_NUTRIENTS };
const label = computeLabel({ region: 'us', format: 'standard', serving: { size_text: '2/3 cup', grams_or_ml: 55, per_container: 8 }, nutrients: SAMPLE });

describe('US standard vertical SVG', () => {
  it('matches its golden file', () => {
    const { svg } = usStandardSvg(label);
    const file = join(GOLDEN, 'us-standard.svg');
    if (update) {
      mkdirSync(GOLDEN, { recursive: true });
      writeFileSync(file, svg);
      return;
    }
    if (!existsSync(file)) throw new Error(`Missing golden ${file}: run with UPDATE_GOLDEN=1 to create it, then review and commit it.`);
    expect(svg).toBe(readFileSync(file, 'utf8'));
  });

  it('is drawn at true size in millimetres with every printed figure', () => {
    const r = usStandardSvg(label, { width_mm: 60 });
    expect(r.svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="60mm" height="[\d.]+mm" viewBox="0 0 60 [\d.]+">/);
    expect(r.height_mm).toBeGreaterThan(90);
    expect(r.height_mm).toBeLessThan(130);
    for (const l of label.lines.filter((x) => x.key !== 'added_sugars')) {
      expect(r.svg).toContain(`${l.amount}`);
      if (l.dv) expect(r.svg).toContain(`>${l.dv}<`);
    }
    expect(r.svg).toContain('Includes 10g Added Sugars');
    expect(r.svg).toContain('<tspan font-style="italic">Trans</tspan> Fat 0g');
    expect(r.svg).toContain('<tspan font-weight="bold">Total Fat</tspan> 8g');
    expect(r.svg).toContain('textLength="'); // "Nutrition Facts" fitted flush left and right
    // Two 7 pt bars (2.469 mm) and two 3 pt bars (1.058 mm).
    expect(r.svg.match(/height="2\.469"/g)).toHaveLength(2);
    expect(r.svg.match(/height="1\.058"/g)).toHaveLength(2);
    expect(r.overflow).toEqual([]);
  });

  it('reports rows that do not fit a narrow label', () => {
    const r = usStandardSvg(label, { width_mm: 30 });
    expect(r.overflow).toContain('carbohydrate');
  });

  it('wraps the footnote and the statements to the width', () => {
    const simplified = computeLabel({
      region: 'us',
      format: 'simplified',
      serving: { size_text: '1 can', grams_or_ml: 355, unit: 'ml' },
      nutrients: { energy_kcal: 0, fat: 0, sodium: 40, carbohydrate: 0, protein: 0 },
    });
    const r = usStandardSvg(simplified);
    expect(r.svg).toContain('Not a significant source of');
    expect(r.svg).not.toContain('Total Sugars');
  });

  it('measures text with Helvetica metrics', () => {
    // N 722 + u 556 + t 278 + r 333 + i 222 + t 278 + i 222 + o 556 + n 556 + space 278 + F 611 + a 556 + c 500 + t 278 + s 500
    expect(textWidth('Nutrition Facts', 1000)).toBe(6446);
    expect(textWidth('~', 1000)).toBe(584); // the last entry: both tables cover ' ' to '~'
    expect(textWidth('~', 1000, true)).toBe(584);
    expect(textWidth('A', 10, true)).toBe(7.22);
    expect(wrap('one two three four', 10, 45)).toEqual(['one two', 'three four']); // "three four" is 42.8 wide
    expect(wrap('one two three four', 10, 42)).toEqual(['one two', 'three', 'four']);
  });

  it('refuses other regions', () => {
    const eu = computeLabel({ region: 'eu', nutrients: { fat: 1 } });
    expect(() => usStandardSvg(eu)).toThrow(/US labels only/);
  });
});
