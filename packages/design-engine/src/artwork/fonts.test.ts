import { Resvg } from '@resvg/resvg-js';
import { describe, expect, it } from 'vitest';
import { type TextStyle, allFaces, fitText, fontFace, measureLine } from './fonts.js';
import { resvgFontOptions } from './render.js';

const style = (pkg: Parameters<typeof fontFace>[0], weight: number, tracking = 0): TextStyle => ({
  face: fontFace(pkg, weight),
  uppercase: false,
  tracking,
  lineHeight: 1.1,
});

describe('font files', () => {
  it('finds the TTF of every face and reads the family name resvg matches', () => {
    expect(fontFace('inter', 600).family).toBe('Inter');
    expect(fontFace('playfair-display', 400, true).family).toBe('Playfair Display');
    expect(fontFace('bebas-neue').family).toBe('Bebas Neue');
    for (const f of allFaces()) {
      expect(f.file.endsWith('.ttf')).toBe(true);
      expect(f.metrics.unitsPerEm).toBeGreaterThan(0);
    }
  });
});

describe('measureLine', () => {
  it('predicts the ink box resvg draws (within 3% of the size)', () => {
    const cases: [TextStyle, string][] = [
      [style('inter', 800), 'Hazel & Oak 42'],
      [style('playfair-display', 600, 0.08), 'AURUM Parfum'],
      [style('bebas-neue', 400, 0.03), 'RETRO ROCKET'],
      [style('fredoka', 600), 'Pip Pop gummy'],
      [style('cormorant-garamond', 600), 'Willow & Thyme'],
      [style('pacifico', 400), 'Chicken Dog Treats'],
    ];
    const size = 20;
    for (const [s, text] of cases) {
      const m = measureLine(text, s, size);
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="100" viewBox="0 0 600 100"><text x="10" y="60" font-family="${s.face.family}" font-weight="${s.face.weight}" font-size="${size}"${s.tracking ? ` letter-spacing="${s.tracking * size}"` : ''}>${text.replace('&', '&amp;')}</text></svg>`;
      const bbox = new Resvg(svg, { font: resvgFontOptions() }).getBBox();
      expect(bbox, text).toBeDefined();
      if (!bbox) continue;
      const tol = size * 0.03;
      expect(Math.abs(bbox.x - (10 + m.inkLeft)), `${text} left`).toBeLessThan(tol);
      // Kerning only ever tightens a line, so resvg's right edge is at most ours.
      expect(bbox.x + bbox.width, `${text} right`).toBeLessThan(10 + m.inkRight + tol);
      expect(bbox.x + bbox.width, `${text} right`).toBeGreaterThan(10 + m.inkRight - size * 0.25);
      expect(Math.abs(bbox.y - (60 - m.inkTop)), `${text} top`).toBeLessThan(tol);
      expect(Math.abs(bbox.y + bbox.height - (60 + m.inkBottom)), `${text} bottom`).toBeLessThan(tol);
    }
  });
});

describe('fitText', () => {
  it('never overflows its box, wrapping at word boundaries before shrinking', () => {
    const s = style('montserrat', 700);
    for (const text of ['Oda', 'The Extraordinary Northern Coast Company', 'Supercalifragilisticexpialidocious Provisions', 'A B C D E F G H']) {
      for (const [w, h] of [
        [60, 30],
        [30, 60],
        [80, 12],
      ] as const) {
        const f = fitText(text, s, { maxWidth: w, maxHeight: h, maxSize: 14, maxLines: 3 });
        expect(f.width).toBeLessThanOrEqual(w + 1e-6);
        expect(f.height).toBeLessThanOrEqual(h + 1e-6);
        expect(f.lines.map((l) => l.text).join(' ')).toBe(text);
      }
    }
    const long = fitText('The Extraordinary Northern Coast Company', s, { maxWidth: 70, maxHeight: 40, maxSize: 12, maxLines: 3 });
    expect(long.lines.length).toBeGreaterThan(1);
  });
});
