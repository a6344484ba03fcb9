import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { drawingToSvg, type GlyphOutliner, type LabelDrawing } from './drawing.js';
import { svgToDrawing } from './drawing-parse.js';

const GOLDEN = join(dirname(fileURLToPath(import.meta.url)), '__golden__');
const goldens = readdirSync(GOLDEN).filter((f) => f.endsWith('.svg'));

describe('a label drawing read back from its SVG', () => {
  it.each(goldens)('%s: every item comes back, and drawing it again gives the same SVG', (file) => {
    const svg = readFileSync(join(GOLDEN, file), 'utf8');
    const drawing = svgToDrawing(svg);
    expect(drawing).not.toBeNull();
    expect(drawing!.items.length).toBeGreaterThanOrEqual(5);
    expect(drawing!.items.some((i) => i.kind === 'text' && i.spans.some((s) => /\d/.test(s.text)))).toBe(true);
    expect(drawingToSvg(drawing!)).toBe(svg);
  });

  const sample: LabelDrawing = {
    width_mm: 50.8,
    height_mm: 80.25,
    title: 'Facts & <figures>',
    frame: { stroke_width: 0.3, stroke: '#222' },
    background: '#fffdf5',
    items: [
      { kind: 'text', x: 1.5, y: 6.2, size: 5.5, spans: [{ text: 'Nutrition Facts', weight: 'black' }], fit_width: 47.8 },
      {
        kind: 'text',
        x: 49.3,
        y: 12,
        size: 2.4,
        anchor: 'end',
        fill: '#555555',
        spans: [{ text: 'Amount ' }, { text: '"per" serving', weight: 'bold', italic: true }, { text: ' 5 < 6 & 7' }],
      },
      { kind: 'rect', x: 1.5, y: 13, w: 47.8, h: 1.2 },
      { kind: 'rect', x: 1.5, y: 15, w: 47.8, h: 10, fill: 'none', stroke: '#000', stroke_width: 0.2 },
      { kind: 'text', x: 25.4, y: 30, size: 2, anchor: 'middle', spans: [{ text: 'Ingredients', italic: true }] },
    ],
    overflow: [],
  };

  it('keeps weights, italics, anchors, fills, stretched runs and escaped characters', () => {
    const back = svgToDrawing(drawingToSvg(sample));
    expect(back).toEqual({ ...sample });
  });

  it('answers null for an SVG it did not write: watermarked, outlined, or another drawing', () => {
    expect(svgToDrawing(drawingToSvg(sample, { watermark: 'Packsmith preview' }))).toBeNull();
    const outliner: GlyphOutliner = { outline: (text, _w, _i, size) => ({ d: 'M0 0h1v1z', width: text.length * size * 0.5 }) };
    expect(svgToDrawing(drawingToSvg(sample, { outliner }))).toBeNull();
    expect(svgToDrawing('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle r="4"/></svg>')).toBeNull();
    expect(svgToDrawing(drawingToSvg(sample).replace('<rect x="1.5" y="13"', '<rect x="1.5" y="13" transform="rotate(4)"'))).toBeNull();
  });
});
