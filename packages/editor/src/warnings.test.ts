import { describe, expect, it } from 'vitest';
import type { EditorDocument, EditorLayer } from '@packsmith/contracts';
import { applyCommand } from './commands.js';
import { newDocument } from './dieline.js';
import { backgroundLayer, imageLayer, textLayer } from './fixtures.js';
import { dpiAt, layerDpi, panelWarnings } from './warnings.js';

function withLayers(layers: EditorLayer[], panel = 'front'): EditorDocument {
  return layers.reduce((d, layer) => applyCommand(d, { type: 'add', panel_id: panel, layer }), newDocument(101));
}
const kinds = (d: EditorDocument, panel = 'front') => panelWarnings(d, panel).map((w) => `${w.layer_id}:${w.kind}`);

describe('fold, safe-zone and bleed warnings (reverse tuck end, front 60.45 × 150.9 mm)', () => {
  it('is quiet for text well inside the safe zone', () => {
    expect(kinds(withLayers([textLayer('t', { x: 10, y: 20, w: 30, h: 10 })]))).toEqual([]);
  });

  it('flags text crossing the fold to the right side panel, and leaving the safe zone', () => {
    expect(kinds(withLayers([textLayer('t', { x: 50, y: 20, w: 20, h: 10 })]))).toEqual(['t:fold', 't:safe']);
  });

  it('flags text in the safe margin but not over a fold as safe only', () => {
    expect(kinds(withLayers([textLayer('t', { x: 1, y: 20, w: 20, h: 10 })]))).toEqual(['t:safe']);
  });

  it('finds a fold crossed by a turned layer whose box does not reach it', () => {
    // A long text turned 90° about its centre: upright it reaches the fold, turned it does not.
    const d = withLayers([textLayer('t', { x: 10, y: 60, w: 55, h: 5, rotation: 90 })]);
    expect(kinds(d)).toEqual([]);
    const flat = withLayers([textLayer('t', { x: 10, y: 60, w: 55, h: 5 })]);
    expect(kinds(flat)).toContain('t:fold');
  });

  it('flags a logo past the cut (the tuck end side of the glue flap is trimmed)', () => {
    const logo: EditorLayer = {
      id: 'logo',
      name: 'Logo',
      kind: 'logo',
      x: 5,
      y: -6,
      w: 4,
      h: 10,
      rotation: 0,
      opacity: 1,
      locked: false,
      hidden: false,
      source: { type: 'image', url: '/files/logo.png', natural: { width: 2000, height: 2000 } },
    };
    // On the glue flap its top runs above the sheet: nothing is there but the bleed.
    expect(kinds(withLayers([logo], 'glue-flap'), 'glue-flap')).toContain('logo:bleed');
  });

  it('does not check hidden layers', () => {
    expect(kinds(withLayers([textLayer('t', { x: 50, y: 20, w: 20, h: 10, hidden: true })]))).toEqual([]);
  });

  it('flags text that does not read on its background colour', () => {
    const d = withLayers([backgroundLayer('bg', '#ffff00'), textLayer('t', { x: 10, y: 20, w: 30, h: 10, colour: '#ffffff' })]);
    expect(kinds(d)).toEqual(['t:contrast']);
  });
});

describe('dpi at printed size', () => {
  it('is natural px / (mm / 25.4)', () => {
    expect(dpiAt(1200, 101.6)).toBeCloseTo(300, 9);
    expect(layerDpi(imageLayer('i', { w: 101.6, h: 20 }), { width: 60, height: 150 })).toBeCloseTo(300, 9);
  });

  it('counts only the cropped part and warns under 300 dpi', () => {
    const cropped = imageLayer('i', { w: 50.8, h: 20, crop: { x: 0, y: 0, w: 0.5, h: 1 } });
    expect(layerDpi(cropped, { width: 60, height: 150 })).toBeCloseTo(300, 9);
    const d = withLayers([
      imageLayer('big', { x: 10, y: 10, w: 40, h: 26.67 }),
      imageLayer('small', { x: 10, y: 50, w: 40, h: 40, natural: { width: 400, height: 400 } }),
    ]);
    const w = panelWarnings(d, 'front').filter((x) => x.kind === 'dpi');
    expect(w.map((x) => x.layer_id)).toEqual(['small']);
    expect(w[0]?.message).toContain('254 dpi');
  });

  it('measures a background image over the panel and its bleed, and skips vectors', () => {
    const bg = backgroundLayer('bg', '#ffffff', { fill: { type: 'image', url: '/files/bg.jpg', natural: { width: 1000, height: 2000 } } });
    expect(layerDpi(bg, { width: 60.45, height: 150.9 })).toBeCloseTo(25.4 * Math.min(1000 / 66.45, 2000 / 156.9), 6);
    expect(layerDpi(imageLayer('v', { url: 'data:image/svg+xml;base64,PHN2Zy8+' }), { width: 1, height: 1 })).toBeNull();
  });
});
