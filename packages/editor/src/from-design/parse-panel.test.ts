import { describe, expect, it } from 'vitest';
import { halfTurns } from '../geometry.js';
import { children, parsePanelArt, type ParseHelpers } from './parse-panel.js';

/** Every glyph 0.5 em wide: enough to tell alignments apart. */
const helpers: ParseHelpers = {
  measure: (text, _f, _w, _i, size, track) => text.length * size * 0.5 + Math.max(0, text.length - 1) * track,
  iconName: (body) => (body === '<circle cx="12" cy="12" r="10" />' ? 'circle' : null),
};

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 50 100"><defs><linearGradient id="g1"/></defs>' +
  '<g data-layer="background"><rect x="0" y="0" width="50" height="100" fill="#faf1ec"/><rect x="0" y="80" width="50" height="20" fill="url(#g1)"/></g><!--/background-->' +
  '<g data-layer="ornaments"><g transform="translate(10 5) scale(0.5)" fill="none" stroke="#a05f39" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round"><circle cx="12" cy="12" r="10" /></g><line x1="1" y1="2" x2="3" y2="2" stroke="#000000"/></g><!--/ornaments-->' +
  '<g data-layer="text">' +
  '<text x="5" y="40" font-family="Lora" font-weight="700" font-style="italic" font-size="4" fill="#2e190d">TWO</text>' +
  '<text x="7" y="45" font-family="Lora" font-weight="700" font-style="italic" font-size="4" fill="#2e190d">A</text>' +
  '<g transform="rotate(-90 25 50)"><text x="20" y="51" font-family="Inter" font-weight="400" font-size="2" letter-spacing="0.2" fill="#111111">Side &amp; up</text></g>' +
  '</g><!--/text--></svg>';

describe('parsing the engine panel SVG', () => {
  const layers = parsePanelArt({ svg, widthMm: 50, heightMm: 100, lineCounts: [2, 1], idPrefix: 'p-' }, helpers);

  it('splits top-level elements', () => {
    expect(children('<a/><b x="1"><c/></b><!--x--><d></d>').map((e) => e.tag)).toEqual(['a', 'b', 'd']);
  });

  it('takes the ground, keeps the rest of the background as vector artwork, and the icon as an icon layer', () => {
    expect(layers.map((l) => l.kind)).toEqual(['background', 'image', 'icon', 'image', 'text', 'text']);
    expect(layers[0]).toMatchObject({ fill: { type: 'colour', colour: '#faf1ec' } });
    const art = layers[1]!;
    expect(art.kind === 'image' && Buffer.from(art.url.split(',')[1]!, 'base64').toString()).toContain('url(#g1)');
    expect(art.kind === 'image' && Buffer.from(art.url.split(',')[1]!, 'base64').toString()).toContain('<linearGradient id="g1"/>');
    expect(layers[2]).toMatchObject({ kind: 'icon', icon: 'circle', x: 10, y: 5, w: 12, h: 12, colour: '#a05f39', stroke_width: 1.5 });
  });

  it('groups a text element of two lines, centred, with its line height', () => {
    const t = layers[4]!;
    expect(t).toMatchObject({
      kind: 'text',
      text: 'TWO\nA',
      font: { family: 'Lora', weight: 700, italic: true },
      align: 'center',
      line_height: 1.25,
      colour: '#2e190d',
    });
    // Centres 8 and 8: the box is centred there, 6 mm wide (the longer line), top 0.8 em above the baseline.
    expect(t.x + t.w / 2).toBeCloseTo(8, 6);
    expect(t.w).toBeCloseTo(6, 6);
    expect(t.y).toBeCloseTo(40 - 3.2, 6);
  });

  it('keeps a turned text where the engine turned it, its tracking in 1/1000 em', () => {
    const t = layers[5]!;
    expect(t).toMatchObject({ kind: 'text', text: 'Side & up', rotation: -90, tracking: 100 });
    // The engine turned about (25, 50); the layer turns about its own centre, moved to where that turn put it.
    const cx = 20 + t.w / 2;
    const cy = 51 - 1.6 + t.h / 2;
    const rad = -Math.PI / 2;
    const want = { x: 25 + (cx - 25) * Math.cos(rad) - (cy - 50) * Math.sin(rad), y: 50 + (cx - 25) * Math.sin(rad) + (cy - 50) * Math.cos(rad) };
    expect(t.x + t.w / 2).toBeCloseTo(want.x, 6);
    expect(t.y + t.h / 2).toBeCloseTo(want.y, 6);
  });

  it('keeps an icon the engine turned past a full turn within half a turn either way (a wreath turns its leaves up to ~460°)', () => {
    const turned = svg.replace('translate(10 5) scale(0.5)"', 'translate(10 5) scale(0.5) rotate(462.5 12 12)"');
    const icon = parsePanelArt({ svg: turned, widthMm: 50, heightMm: 100, lineCounts: [2, 1], idPrefix: 'p-' }, helpers).find((l) => l.kind === 'icon');
    expect(icon).toMatchObject({ kind: 'icon', rotation: 102.5 });
    expect([halfTurns(0), halfTurns(180), halfTurns(181), halfTurns(-181), halfTurns(-720), halfTurns(450)]).toEqual([0, 180, -179, 179, 0, 90]);
  });
});
