import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { computeLabel } from './compute.js';
import { drawingToSvg, type LabelDrawing } from './drawing.js';
import type { LabelInput, LabelResult, NutrientsInput } from './index.js';
import { amountLines } from './layout/eu-table.js';
import { textWidth } from './metrics.js';
import { renderLabel, type RenderOptions } from './render.js';
import { FDA_SAMPLE_NUTRIENTS } from './samples.js';

/*
 * Golden files: one label of each format. A layout change shows up as a reviewable diff. Regenerate on
 * purpose with
 *   UPDATE_GOLDEN=1 npx vitest run --project unit packages/nutrition/src/render.test.ts
 */
const GOLDEN = join(dirname(fileURLToPath(import.meta.url)), '__golden__');
const update = process.env.UPDATE_GOLDEN === '1';

const FDA: NutrientsInput = { ...FDA_SAMPLE_NUTRIENTS };
const US_SERVING = { size_text: '2/3 cup', grams_or_ml: 55, per_container: 8 };
const BAR: NutrientsInput = { energy_kj: 1618, energy_kcal: 385, fat: 12, saturated_fat: 4.2, carbohydrate: 60, sugars: 25, fiber: 3, protein: 7, salt: 0.84 };
const EU_SERVING = { size_text: '1 bar', grams_or_ml: 30 };

const us = (format: LabelInput['format'], extra: Partial<LabelInput> = {}) =>
  computeLabel({ region: 'us', format, serving: US_SERVING, nutrients: FDA, ...extra });
const CASES: { name: string; label: LabelResult; options?: RenderOptions }[] = [
  { name: 'us-tabular', label: us('tabular') },
  { name: 'us-linear', label: us('linear') },
  { name: 'us-dual', label: us('dual', { serving: { ...US_SERVING, per_container: 2.5 } }) },
  {
    name: 'us-simplified',
    label: computeLabel({
      region: 'us',
      format: 'simplified',
      serving: { size_text: '1 pouch', grams_or_ml: 113, per_container: 4 },
      nutrients: { energy_kcal: 70, fat: 0, sodium: 0, carbohydrate: 17, sugars: 12, added_sugars: 0, protein: 0, vitamin_c: 27 },
      options: { children_1_3: true },
    }),
  },
  {
    name: 'ca-standard',
    label: computeLabel({
      region: 'ca',
      serving: { size_text: '1/2 cup', size_text_fr: '1/2 tasse', grams_or_ml: 125, unit: 'ml' },
      nutrients: {
        energy_kcal: 80,
        fat: 0.5,
        saturated_fat: 0,
        trans_fat: 0,
        carbohydrate: 18,
        fiber: 2,
        sugars: 15,
        protein: 3,
        cholesterol: 0,
        sodium: 0,
        potassium: 170,
        calcium: 20,
        iron: 0.2,
      },
    }),
  },
  { name: 'eu-table', label: computeLabel({ region: 'eu', format: 'table', serving: EU_SERVING, nutrients: BAR }) },
  { name: 'eu-linear', label: computeLabel({ region: 'eu', format: 'linear', serving: EU_SERVING, nutrients: BAR }) },
  { name: 'uk-table', label: computeLabel({ region: 'uk', format: 'table', serving: EU_SERVING, nutrients: BAR }) },
  { name: 'uk-fop', label: computeLabel({ region: 'uk', format: 'table', serving: EU_SERVING, nutrients: BAR }), options: { part: 'fop' } },
];

/** Every text run of the drawing, and the whole text as one string. */
const texts = (d: LabelDrawing) => d.items.flatMap((it) => (it.kind === 'text' ? [it.spans.map((s) => s.text).join('')] : []));
const allText = (d: LabelDrawing) => texts(d).join(' ');

describe.each(CASES)('$name layout', ({ name, label, options }) => {
  const d = renderLabel(label, options);

  it('matches its golden file', () => {
    const svg = drawingToSvg(d);
    const file = join(GOLDEN, `${name}.svg`);
    if (update) {
      mkdirSync(GOLDEN, { recursive: true });
      writeFileSync(file, svg);
      return;
    }
    if (!existsSync(file)) throw new Error(`Missing golden ${file}: run with UPDATE_GOLDEN=1 to create it, then review and commit it.`);
    expect(svg).toBe(readFileSync(file, 'utf8'));
  });

  it('fits its default width and stays inside the label', () => {
    expect(d.overflow).toEqual([]);
    for (const it of d.items) {
      if (it.kind !== 'rect') continue;
      expect(it.x).toBeGreaterThanOrEqual(0);
      expect(it.y).toBeGreaterThanOrEqual(0);
      expect(it.x + it.w).toBeLessThanOrEqual(d.width_mm + 1e-6);
      expect(it.y + it.h).toBeLessThanOrEqual(d.height_mm + 1e-6);
    }
    for (const it of d.items) if (it.kind === 'text') expect(it.y).toBeLessThan(d.height_mm);
  });

  it('prints every amount and percent of the label', () => {
    const text = allText(d);
    if (options?.part === 'fop') {
      const p = label.fop_panel!;
      for (const a of p.energy.amount.split(' / ')) expect(texts(d)).toContain(a);
      expect(texts(d)).toContain(p.energy.ri);
      for (const item of Object.values(p.items)) {
        expect(texts(d)).toContain(item.amount);
        expect(texts(d)).toContain(item.ri);
      }
      return;
    }
    if (label.linear_text) {
      // Runs of another size are their own items: compare without spaces.
      expect(text.replace(/\s+/g, '')).toContain(label.linear_text.replace(/\s+/g, ''));
      return;
    }
    for (const l of label.lines) {
      for (const a of amountLines(l.amount)) expect(text).toContain(a);
      if (l.dv) expect(text).toContain(l.dv);
      if (l.container_amount) expect(text).toContain(l.container_amount);
      if (l.container_dv) expect(text).toContain(l.container_dv);
      if (l.portion_amount) for (const a of amountLines(l.portion_amount)) expect(text).toContain(a);
      if (l.portion_dv) expect(text).toContain(l.portion_dv);
    }
    for (const s of label.statements) expect(text.replace(/\s+/g, ' ')).toContain(s);
  });
});

describe('layouts', () => {
  it('US simplified draws its "Not a significant source" statement and the children 1–3 footnote', () => {
    const c = CASES.find((x) => x.name === 'us-simplified')!;
    const text = allText(renderLabel(c.label));
    expect(text).toContain('Not a significant source of');
    expect(text).toContain('1,000 calories');
    expect(text).toContain('Total Sugars 12g'); // significant, so kept
    expect(text).not.toContain('Dietary Fiber');
  });

  it("US dual prints both column headings and each column's calories", () => {
    const c = CASES.find((x) => x.name === 'us-dual')!;
    const t = texts(renderLabel(c.label));
    expect(t).toEqual(expect.arrayContaining(['Per serving', 'Per container', '230', '580', 'Includes Added Sugars']));
  });

  it('Canada prints both titles, both serving lines, the shared %DV once and the bold footnote words', () => {
    const c = CASES.find((x) => x.name === 'ca-standard')!;
    const d = renderLabel(c.label);
    const t = texts(d);
    expect(t).toEqual(
      expect.arrayContaining([
        'Nutrition Facts',
        'Valeur nutritive',
        'Per 1/2 cup (125 mL)',
        'pour 1/2 tasse (125 mL)',
        '% Daily Value*',
        '% valeur quotidienne*',
      ]),
    );
    expect(t.filter((x) => x === '0 %')).toHaveLength(1 + 1); // saturated + trans (one, shared) and sodium
    const bold = d.items.flatMap((it) => (it.kind === 'text' ? it.spans.filter((s) => s.weight === 'bold').map((s) => s.text) : []));
    expect(bold).toEqual(expect.arrayContaining(['a little', 'a lot', 'peu', 'beaucoup']));
    // The shared %DV sits between the saturated and trans rows.
    const at = (s: string) =>
      d.items.find(
        (it) =>
          it.kind === 'text' &&
          it.spans
            .map((x) => x.text)
            .join('')
            .startsWith(s),
      );
    const sat = at('Saturated');
    const trans = at('+ Trans');
    const pct = d.items.filter((it) => it.kind === 'text' && it.spans[0]?.text === '0 %')[0];
    expect(pct && sat && trans && pct.y > sat.y && pct.y < trans.y).toBe(true);
  });

  it('EU type is at least 1.2 mm x-height, 0.9 mm for small packages', () => {
    const eu = CASES.find((x) => x.name === 'eu-table')!.label;
    const sizes = (d: LabelDrawing) => d.items.flatMap((it) => (it.kind === 'text' ? [it.size] : []));
    expect(Math.min(...sizes(renderLabel(eu)))).toBeGreaterThanOrEqual(1.2 / 0.523);
    const small = renderLabel(eu, { small_package: true });
    expect(Math.min(...sizes(small))).toBeGreaterThanOrEqual(0.9 / 0.523);
    expect(Math.min(...sizes(small))).toBeLessThan(1.2 / 0.523);
  });

  it('UK front of pack colours each box from fop and says what the figures are for', () => {
    const c = CASES.find((x) => x.name === 'uk-fop')!;
    const d = renderLabel(c.label, { part: 'fop' });
    const t = texts(d);
    expect(t).toContain('Each 1 bar (30 g) contains');
    expect(t).toContain("of an adult's reference intake");
    expect(t).toContain('Typical values (as sold) per 100 g: Energy 1618 kJ / 385 kcal');
    expect(c.label.fop).toEqual({ fat: 'amber', saturates: 'amber', sugars: 'red', salt: 'amber' });
    const fills = d.items.flatMap((it) => (it.kind === 'rect' && it.fill && it.fill !== '#fff' ? [it.fill] : []));
    expect(fills).toEqual(['#ffb700', '#ffb700', '#e8413c', '#ffb700']);
    expect(t.filter((x) => x === 'MED')).toHaveLength(3);
    expect(() => renderLabel(CASES.find((x) => x.name === 'eu-table')!.label, { part: 'fop' })).toThrow(/UK labels/);
  });

  it.each([
    ['us-tabular', 80],
    ['us-dual', 45],
    ['us-linear', 8],
    ['ca-standard', 35],
    ['eu-table', 30],
    ['eu-linear', 8],
    ['uk-fop', 30],
  ])('%s reports overflow at %i mm', (name, width) => {
    const c = CASES.find((x) => x.name === name)!;
    expect(renderLabel(c.label, { ...c.options, width_mm: width }).overflow.length).toBeGreaterThan(0);
  });

  it('refuses a format the region has no layout for', () => {
    const eu = CASES.find((x) => x.name === 'eu-table')!.label;
    expect(() => renderLabel({ ...eu, format: 'dual' })).toThrow(/no dual layout for region eu/);
  });
});

describe('panel fit', () => {
  const standard = us('standard');

  it('says a label fits when it does', () => {
    const r = renderLabel(standard, { panel: { width_mm: 100, height_mm: 200 } });
    expect(r.fit).toEqual({ fits: true, message: expect.stringMatching(/^The label is 66 × [\d.]+ mm; the panel is 100 × 200 mm: it fits\.$/), suggest: [] });
  });

  it('a standard label too tall for a wide, short panel: try tabular, then linear', () => {
    const r = renderLabel(standard, { panel: { width_mm: 150, height_mm: 60 } });
    expect(r.fit?.fits).toBe(false);
    expect(r.fit?.suggest).toEqual(['tabular', 'linear']);
    expect(r.fit?.message).toMatch(
      /^The label is 66 × [\d.]+ mm; the panel is 150 × 60 mm: it is too tall\. At the panel's width, try the tabular or linear formats\.$/,
    );
    // The suggestion was laid out: the tabular label at 150 mm is really no taller than 60 mm.
    const tab = renderLabel(us('tabular'), { width_mm: 150 });
    expect(tab.height_mm).toBeLessThanOrEqual(60);
    expect(tab.overflow).toEqual([]);
  });

  it('a small panel that only the linear paragraph fits', () => {
    const r = renderLabel(standard, { panel: { width_mm: 70, height_mm: 40 } });
    expect(r.fit?.suggest).toEqual(['linear']);
    expect(r.fit?.message).toContain('too tall');
    expect(r.fit?.message).toContain('try the linear format.');
  });

  it('a panel nothing fits, and a label whose rows overflow its width', () => {
    const r = renderLabel(standard, { width_mm: 30, panel: { width_mm: 30, height_mm: 20 } });
    expect(r.fit?.fits).toBe(false);
    expect(r.fit?.suggest).toEqual([]);
    expect(r.fit?.message).toMatch(
      /it is too tall and \d+ rows are wider than the label\. No format of this region fits it at the panel's width: use a larger panel\.$/,
    );
  });

  it('the same format at the panel width is suggested when it fits there', () => {
    const eu = CASES.find((x) => x.name === 'eu-table')!.label;
    const natural = renderLabel(eu);
    const r = renderLabel(eu, { width_mm: natural.width_mm + 20, panel: { width_mm: natural.width_mm, height_mm: 100 } });
    expect(r.fit?.message).toContain('too wide');
    expect(r.fit?.suggest[0]).toBe('table');
  });

  it('the front-of-pack panel answers its own fit, with no other format to suggest', () => {
    const uk = CASES.find((x) => x.name === 'uk-fop')!.label;
    const r = renderLabel(uk, { part: 'fop', panel: { width_mm: 40, height_mm: 20 } });
    expect(r.fit).toEqual({
      fits: false,
      message: expect.stringMatching(
        /^The front-of-pack panel is 80 × [\d.]+ mm; the panel is 40 × 20 mm: it is too wide and too tall\. Use a larger panel\.$/,
      ),
      suggest: [],
    });
  });

  it('refuses a panel without a size', () => {
    expect(() => renderLabel(standard, { panel: { width_mm: 0, height_mm: 10 } })).toThrow(/panel: width_mm and height_mm/);
  });
});

describe('every region and format', () => {
  const inputs: LabelInput[] = [
    ...(['standard', 'tabular', 'linear', 'dual', 'simplified'] as const).map((format) => ({
      region: 'us' as const,
      format,
      serving: { size_text: '1 cup', grams_or_ml: 240, unit: 'ml' as const, per_container: 2 },
      nutrients: { energy_kcal: 4, fat: 0.2, sodium: 3, carbohydrate: 0.8, protein: 0.4, sugars: 0.7, vitamin_c: 0.5, calcium: 100 },
      options: { below_2_percent: 'asterisk' as const },
    })),
    { region: 'ca', serving: { size_text: '1 bar', grams_or_ml: 60 }, nutrients: { ...FDA, vitamin_c: 12, polyunsaturated_fat: 1.5 } },
    { region: 'eu', format: 'table', nutrients: BAR },
    { region: 'eu', format: 'linear', serving: { grams_or_ml: 250, unit: 'ml' }, nutrients: { ...BAR, vitamin_c: 40 } },
    { region: 'uk', format: 'table', serving: { grams_or_ml: 330, unit: 'ml' }, nutrients: { energy_kcal: 42, sugars: 10.6, carbohydrate: 10.6, salt: 0.01 } },
  ];
  it.each(inputs.map((i) => [`${i.region} ${i.format ?? 'standard'}`, i] as const))('%s draws at its default width without overflow', (_, input) => {
    const label = computeLabel(input);
    const d = renderLabel(label);
    expect(d.overflow).toEqual([]);
    expect(d.width_mm).toBeGreaterThan(20);
    expect(d.height_mm).toBeGreaterThan(10);
    expect(allText(d)).not.toContain('undefined');
    if (label.region === 'uk') {
      const f = renderLabel(label, { part: 'fop' });
      expect(f.overflow).toEqual([]);
      expect(texts(f)).toContain('Each 330 ml portion contains');
      expect(texts(f)).toContain('Typical values (as sold) per 100 ml: Energy 176 kJ / 42 kcal');
    }
  });
});

describe('print output', () => {
  it('every layout outlines through a GlyphOutliner: no live text left, one path per run', () => {
    const outliner = {
      outline: (text: string, weight: string, _italic: boolean, size: number) => ({
        d: `M0 0h${text.length}`,
        width: textWidth(text, size, weight !== 'regular'),
      }),
    };
    for (const c of CASES) {
      const d = renderLabel(c.label, c.options);
      const svg = drawingToSvg(d, { outliner });
      expect(svg).not.toContain('<text');
      const runs = d.items.flatMap((it) => (it.kind === 'text' ? it.spans.filter((s) => s.text !== '') : []));
      expect([c.name, svg.match(/<path /g)?.length]).toEqual([c.name, runs.length]); // named, to tell which layout differs
    }
  });
});
