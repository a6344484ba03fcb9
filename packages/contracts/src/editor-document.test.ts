import { describe, expect, it } from 'vitest';
import { EditorLayerSchema, editorIssueMessage, gs1CheckDigit } from './editor-document.js';

const text = {
  id: 't1',
  name: 'Brand',
  kind: 'text',
  x: 1,
  y: 1,
  w: 10,
  h: 5,
  rotation: 0,
  opacity: 1,
  locked: false,
  hidden: false,
  text: 'Nordbake',
  font: { family: 'Inter', weight: 700, italic: false },
  size_pt: 18,
  tracking: 0,
  line_height: 1.2,
  align: 'center',
  colour: '#112233',
};

function message(layer: unknown): string {
  const r = EditorLayerSchema.safeParse(layer);
  if (r.success) return 'ok';
  return editorIssueMessage(r.error);
}

describe('editor layer schema', () => {
  it('accepts a text layer', () => expect(message(text)).toBe('ok'));

  it.each([
    [{ ...text, size_pt: 1 }, 'size_pt must be at least 2.'],
    [{ ...text, text: 'x'.repeat(2001) }, 'text: at most 2000 characters.'],
    [{ ...text, font: { ...text.font, family: 'Comic Sans' } }, 'font.family must be one of'],
    [{ ...text, font: { ...text.font, weight: 450 } }, 'font.weight must be 100, 200 … 900.'],
    [{ ...text, colour: 'red' }, 'colour must be a colour like #1a2b3c.'],
    [{ ...text, w: 0 }, 'w must be at least 0.1.'],
    [{ ...text, kind: 'sticker' }, 'kind must be'],
    [{ ...text, id: 'a b' }, 'id may hold letters'],
  ])('names the field: %#', (layer, want) => expect(message(layer)).toContain(want));

  it('checks a barcode digit count and check digit', () => {
    const bar = { ...text, kind: 'barcode', symbology: 'ean13', digits: '4006381333931', colour: '#000000', background: null };
    expect(message(bar)).toBe('ok');
    expect(message({ ...bar, digits: '4006381333932' })).toBe('digits: the check digit should be 1.');
    expect(message({ ...bar, symbology: 'upca', digits: '036000291452' })).toBe('ok');
    expect(message({ ...bar, symbology: 'upca' })).toBe('digits: a UPC-A has 12 digits.');
    expect(gs1CheckDigit('03600029145')).toBe(2);
  });

  it('refuses scripts in inline SVG and non-image URLs', () => {
    const logo = { ...text, kind: 'logo', source: { type: 'svg', svg: '<svg onload="x()"></svg>' } };
    expect(message(logo)).toContain('may not hold scripts');
    const image = { ...text, kind: 'image', url: 'javascript:alert(1)', natural: { width: 10, height: 10 }, crop: { x: 0, y: 0, w: 1, h: 1 } };
    expect(message(image)).toContain('url must be an http(s) URL');
  });
});
