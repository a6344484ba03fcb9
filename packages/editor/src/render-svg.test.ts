import { describe, expect, it } from 'vitest';
import type { EditorDocument, EditorLayer } from '@packsmith/contracts';
import { artwork } from '@packsmith/design-engine';
import sharp from 'sharp';
import { applyCommand } from './commands.js';
import { newDocument } from './dieline.js';
import { backgroundLayer, textLayer } from './fixtures.js';
import { panelSvg, sheetSvg } from './render-svg.js';

function doc(layers: [string, EditorLayer][]): EditorDocument {
  return layers.reduce((d, [panel_id, layer]) => applyCommand(d, { type: 'add', panel_id, layer }), newDocument(101));
}

/** RGB of the pixel at (x, y) mm of an SVG whose viewBox starts at (−3, −3), rendered at 4 px/mm. */
async function colourAt(svg: string, widthMm: number, x: number, y: number): Promise<[number, number, number]> {
  const png = artwork.svgToPng(svg, Math.round(widthMm * 4));
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (Math.round((y + 3) * 4) * info.width + Math.round((x + 3) * 4)) * 3;
  return [data[i]!, data[i + 1]!, data[i + 2]!];
}

describe('panel SVG', () => {
  it('is the panel grown by the bleed, in mm, with the background filling the bleed', async () => {
    const d = doc([['front', backgroundLayer('bg', '#ff0000')]]);
    const svg = panelSvg(d, 'front');
    expect(svg).toContain('width="66.45mm" height="156.9mm" viewBox="-3 -3 66.45 156.9"');
    expect(await colourAt(svg, 66.45, -2, -2)).toEqual([255, 0, 0]);
  });

  it('sets text live in its font at its size in mm, lines by the line height, anchored by alignment', () => {
    const d = doc([['front', textLayer('t', { text: 'Oat\nMilk & Co', size_pt: 36, align: 'center', x: 10, w: 40, y: 20, tracking: 50 })]]);
    const svg = panelSvg(d, 'front');
    // 36 pt = 12.7 mm; first baseline 0.8 em below the top, the second 1.2 em further.
    expect(svg).toContain('<text x="30" y="30.16" font-family="Inter" font-weight="400" font-size="12.7" letter-spacing="0.635" text-anchor="middle"');
    expect(svg).toContain('y="45.4"');
    expect(svg).toContain('>Milk &amp; Co</text>');
  });

  it('turns a layer about its centre and leaves hidden layers out', () => {
    const d = doc([
      ['front', textLayer('t', { rotation: 90, x: 10, y: 10, w: 20, h: 10 })],
      ['front', textLayer('h', { text: 'Secret', hidden: true })],
    ]);
    const svg = panelSvg(d, 'front');
    expect(svg).toContain('transform="rotate(90 20 15)"');
    expect(svg).not.toContain('Secret');
  });

  it('draws a barcode as vector bars with its digits', () => {
    const barcode: EditorLayer = {
      id: 'b',
      name: 'EAN',
      kind: 'barcode',
      x: 5,
      y: 100,
      w: 37.29,
      h: 25.93,
      rotation: 0,
      opacity: 1,
      locked: false,
      hidden: false,
      symbology: 'ean13',
      digits: '4006381333931',
      colour: '#000000',
      background: '#ffffff',
    };
    const svg = panelSvg(doc([['back', barcode]]), 'back');
    expect(svg).toMatch(/<path d="M[^"]+Z" fill="#000000"\/>/);
    expect((svg.match(/<text /g) ?? []).length).toBe(13);
  });
});

describe('sheet SVG', () => {
  it('places each panel turned into its place on the flat sheet, bled 3 mm past the cut', async () => {
    // The top panel is turned 180° on the sheet: its upright top-left lands at its sheet bottom-right.
    const d = doc([
      ['front', backgroundLayer('bg', '#0000ff')],
      ['top', backgroundLayer('tb', '#ffffff')],
      [
        'top',
        { ...backgroundLayer('x', '#ffffff'), kind: 'shape', shape: 'rect', x: 0, y: 0, w: 10, h: 10, fill: '#00ff00', stroke: null, corner_radius_mm: 0 },
      ],
    ]);
    const svg = sheetSvg(d);
    expect(svg).toContain('viewBox="-3 -3 222.8 270.16"');
    const top = d.dieline.panels.find((p) => p.id === 'top')!;
    const corner = { x: top.rect.x + top.rect.width - 2, y: top.rect.y + top.rect.height - 2 };
    expect(await colourAt(svg, 222.8, corner.x, corner.y)).toEqual([0, 255, 0]);
    // The front's blue runs into the bleed below it, where the bottom panel has no artwork of its own.
    const front = d.dieline.panels.find((p) => p.id === 'front')!;
    expect(await colourAt(svg, 222.8, front.rect.x + 10, front.rect.y + front.rect.height + 2)).toEqual([0, 0, 255]);
    expect(svg).not.toContain('id="cut"');
    expect(sheetSvg(d, { dieline: true })).toContain('id="cut"');
  });
});
