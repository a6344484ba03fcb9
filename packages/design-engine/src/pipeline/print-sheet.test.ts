import { describe, expect, it } from 'vitest';
import { boxModel, type SheetRegion } from './box-model/index.js';
import { composePrintSheet, fanCells } from './print-sheet.js';
import { placeMatrix, prefixIds } from './svg-embed.js';

const apply = (m: readonly number[], x: number, y: number) => [m[0]! * x + m[2]! * y + m[4]!, m[1]! * x + m[3]! * y + m[5]!];
const parseMatrix = (s: string) => /matrix\(([^)]+)\)/.exec(s)![1]!.split(' ').map(Number);

/** A flat artwork SVG the way the artwork engine writes one. */
const art = (key: string, w: number, h: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w * 10}" height="${h * 10}" viewBox="0 0 ${w} ${h}"><defs><linearGradient id="g1"><stop offset="0" stop-color="#000"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#g1)" data-key="${key}"/></svg>`;

function artworkFor(boxId: number): Map<string, string> {
  const m = boxModel(boxId);
  return new Map(m.arts.map((a) => [a.key, art(a.key, a.widthMm, a.heightMm)]));
}

describe('placeMatrix', () => {
  it('turns upright artwork clockwise into the panel rectangle', () => {
    // 20 × 10 artwork into a 10 × 20 panel at (100, 50), turned 90°: its top-left corner lands top-right.
    const m = parseMatrix(placeMatrix(100, 50, 10, 20, 90, 20, 10));
    expect(apply(m, 0, 0)).toEqual([110, 50]);
    expect(apply(m, 20, 10)).toEqual([100, 70]);
    const half = parseMatrix(placeMatrix(0, 0, 20, 10, 180, 20, 10));
    expect(apply(half, 0, 0)).toEqual([20, 10]);
    const quarter = parseMatrix(placeMatrix(0, 0, 10, 20, 270, 20, 10));
    expect(apply(quarter, 0, 0)).toEqual([0, 20]);
    expect(apply(quarter, 20, 0)).toEqual([0, 0]);
  });
});

describe('prefixIds', () => {
  it('renames ids and every reference to them', () => {
    const out = prefixIds('<linearGradient id="g"/><rect fill="url(#g)"/><use href="#g"/><use xlink:href="#g"/>', 'a1-');
    expect(out).toBe('<linearGradient id="a1-g"/><rect fill="url(#a1-g)"/><use href="#a1-g"/><use xlink:href="#a1-g"/>');
  });
});

describe('composePrintSheet', () => {
  it('lays each piece of artwork once, on every panel, over the background-coloured flaps and under the dieline', () => {
    const m = boxModel(101);
    const svg = composePrintSheet(m, artworkFor(101), '#123456');
    const defined = [...svg.matchAll(/<g id="(art\d+)" clip-path/g)].map((x) => x[1]);
    expect(new Set(defined).size).toBe(defined.length);
    expect(defined.length).toBe(new Set(m.regions.map((r) => r.art.key)).size);
    const exact = svg.slice(svg.indexOf('<g id="artwork">'));
    expect([...exact.slice(0, exact.indexOf('</g>\n')).matchAll(/<use href="#art\d+" transform/g)]).toHaveLength(m.regions.length);
    const plain = /<g id="plain-panels" fill="#123456"[^>]*>(.*?)<\/g>/.exec(svg)?.[1] ?? '';
    expect(plain.match(/<path /g)).toHaveLength(m.plainPanels.length);
    // Gradient ids are made unique per piece of artwork.
    expect(svg).toContain('id="art1-g1"');
    expect(svg).not.toContain('url(#g1)');
    const order = ['<g id="artwork-bleed">', '<g id="plain-panels"', '<g id="artwork">', '<g id="crease"', '<g id="cut"'].map((s) => svg.indexOf(s));
    expect(order.every((v, i) => v > 0 && (i === 0 || v > order[i - 1]!))).toBe(true);
  });

  it('bends a cup’s artwork onto its fan within 0.3 mm everywhere', () => {
    const m = boxModel(901);
    const fans = m.regions.filter((r): r is Extract<SheetRegion, { kind: 'fan' }> => r.kind === 'fan');
    expect(fans).toHaveLength(3);
    for (const fan of fans) {
      const { widthMm: w, heightMm: h } = fan.art;
      const exact = (x: number, y: number) => {
        const phi = fan.phiStart + (x / w) * (fan.phiEnd - fan.phiStart);
        const r = fan.rOuter - (y / h) * (fan.rOuter - fan.rInner);
        return [fan.apex.x + r * Math.sin(phi), fan.apex.y - r * Math.cos(phi)];
      };
      const cells = fanCells(fan, w, h, 3);
      expect(cells.length).toBeLessThan(400);
      for (const c of cells) {
        for (const [x, y] of [
          [c.x0, c.y0],
          [c.x1, c.y0],
          [c.x0, c.y1],
          [c.x1, c.y1],
        ] as const) {
          const [ax, ay] = apply(c.matrix, x, y);
          const [ex, ey] = exact(x, y);
          expect(Math.hypot(ax! - ex!, ay! - ey!)).toBeLessThan(0.3);
        }
      }
      // Only the fan's two ends bleed past the outline.
      expect(cells.filter((c) => c.edge).length).toBe(
        (fan.bleedStart ? 1 : 0) * cells.filter((c) => c.x0 === 0).length + (fan.bleedEnd ? 1 : 0) * cells.filter((c) => Math.abs(c.x1 - w) < 1e-9).length,
      );
    }
  });
});
