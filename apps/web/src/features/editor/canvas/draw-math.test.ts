import { describe, expect, it } from 'vitest';
import type { EditorLayer } from '@packsmith/contracts';
import { panelSvg } from '@packsmith/editor';
import {
  barcodeDrawing,
  bleedSegments,
  containBox,
  coverCrop,
  gradientPoints,
  rasterPxPerMm,
  rasterSize,
  selectionAnnouncement,
  svgSizedTo,
  textLayout,
} from './draw-math';
import { text, tuckEnd } from './test-doc';

type Of<K extends EditorLayer['kind']> = Extract<EditorLayer, { kind: K }>;

describe('text as render-svg sets it', () => {
  const layer = text('t', {
    text: 'One\nTwo\nThree',
    x: 5,
    y: 8,
    w: 40,
    size_pt: 12,
    line_height: 1.4,
    tracking: 100,
    align: 'right',
    font: { family: 'Lora', weight: 600, italic: true },
  }) as Of<'text'>;

  it('puts every line where the printed SVG does', () => {
    const svg = panelSvg(tuckEnd([{ panel: 'front', layer }]), 'front');
    const printed = [...svg.matchAll(/<text x="([0-9.]+)" y="([0-9.]+)"[^>]*letter-spacing="([0-9.]+)"[^>]*>([^<]*)<\/text>/g)].map((m) => ({
      x: Number(m[1]),
      y: Number(m[2]),
      spacing: Number(m[3]),
      text: m[4],
    }));
    const t = textLayout(layer);
    expect(printed).toHaveLength(3);
    t.lines.forEach((line, i) => {
      expect(line.text).toBe(printed[i]!.text);
      expect(line.x).toBeCloseTo(printed[i]!.x, 3);
      expect(line.baseline).toBeCloseTo(printed[i]!.y, 3);
    });
    expect(t.trackingMm).toBeCloseTo(printed[0]!.spacing, 3);
    expect(t.align).toBe('right');
    expect(t.font).toBe(`italic 600 ${t.sizeMm}px "Lora"`);
  });
});

describe('barcodeDrawing', () => {
  const bc: Of<'barcode'> = {
    id: 'b',
    name: '',
    x: 4,
    y: 6,
    w: 37.29,
    h: 25.93,
    rotation: 0,
    opacity: 1,
    locked: false,
    hidden: false,
    kind: 'barcode',
    symbology: 'ean13',
    digits: '4006381333931',
    colour: '#000000',
    background: '#ffffff',
  };

  it('draws the bars the print has, inside the layer box', () => {
    const d = barcodeDrawing(bc)!;
    const svg = panelSvg(tuckEnd([{ panel: 'front', layer: bc }]), 'front');
    const path = /<path d="([^"]+)" fill="#000000"/.exec(svg)![1]!;
    const bars = [...path.matchAll(/M([0-9.]+) ([0-9.]+)h([0-9.]+)/g)];
    expect(d.bars).toHaveLength(bars.length);
    d.bars.forEach((b, i) => {
      expect(b.x).toBeCloseTo(Number(bars[i]![1]), 3);
      expect(b.y).toBeCloseTo(Number(bars[i]![2]), 3);
      expect(b.w).toBeCloseTo(Number(bars[i]![3]), 3);
    });
    for (const b of d.bars) {
      expect(b.x).toBeGreaterThanOrEqual(bc.x - 1e-6);
      expect(b.x + b.w).toBeLessThanOrEqual(bc.x + bc.w + 1e-6);
    }
    expect(d.digits.map((t) => t.text).join('')).toBe('4006381333931');
    expect(d.background).not.toBeNull();
  });

  it('draws nothing for digits the symbology refuses', () => {
    expect(barcodeDrawing({ ...bc, digits: '123' })).toBeNull();
  });
});

describe('image fitting', () => {
  it('cover crops the middle of the image to the box’s proportions', () => {
    const c = coverCrop({ width: 1000, height: 500 }, { w: 100, h: 100 });
    expect(c).toEqual({ x: 250, y: 0, width: 500, height: 500 });
  });

  it('contain centres the whole image in the box', () => {
    expect(containBox({ width: 200, height: 100 }, { x: 0, y: 0, w: 40, h: 40 })).toEqual({ x: 0, y: 10, w: 40, h: 20 });
  });

  it('rasterises SVG layers at 8 px/mm by default, capped at 2048 px', () => {
    expect(rasterSize(10, 5)).toEqual({ wPx: 80, hPx: 40 });
    expect(rasterSize(10, 5, 32)).toEqual({ wPx: 320, hPx: 160 });
    expect(rasterSize(1000, 500)).toEqual({ wPx: 2048, hPx: 1024 });
  });

  it('re-rasterises only at zoom doublings, between 8 and 64 px/mm', () => {
    expect(rasterPxPerMm(3.7795)).toBe(8);
    expect(rasterPxPerMm(3.7795, 2)).toBe(8);
    expect(rasterPxPerMm(9)).toBe(16);
    expect(rasterPxPerMm(12)).toBe(16);
    expect(rasterPxPerMm(17)).toBe(32);
    expect(rasterPxPerMm(1000)).toBe(64);
  });
});

describe('svgSizedTo', () => {
  it('sets the size, keeps the viewBox and fits with meet', () => {
    const out = svgSizedTo('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 20" width="40mm" height="20mm"><rect/></svg>', 80, 40);
    expect(out).toContain('viewBox="0 0 40 20"');
    expect(out).toContain('width="80" height="40"');
    expect(out).toContain('preserveAspectRatio="xMidYMid meet"');
    expect(out.match(/width=/g)).toHaveLength(1);
    expect(out).toContain('<rect/>');
  });

  it('makes a viewBox from width and height, and adds the namespace an image needs', () => {
    const out = svgSizedTo('<svg width="30" height="10"><g/></svg>', 60, 20);
    expect(out).toContain('viewBox="0 0 30 10"');
    expect(out).toContain('xmlns="http://www.w3.org/2000/svg"');
  });
});

describe('gradientPoints', () => {
  it('runs left to right at 0° and top to bottom at 90°, across the box', () => {
    const box = { x: 0, y: 0, w: 100, h: 50 };
    const g0 = gradientPoints(0, box);
    expect(g0.start).toEqual({ x: 0, y: 25 });
    expect(g0.end).toEqual({ x: 100, y: 25 });
    const g90 = gradientPoints(90, box);
    expect(g90.start.x).toBeCloseTo(50, 9);
    expect(g90.start.y).toBeCloseTo(0, 9);
    expect(g90.end.y).toBeCloseTo(50, 9);
  });
});

describe('bleedSegments', () => {
  const doc = tuckEnd();
  const segs = bleedSegments(doc.dieline.panels, doc.dieline.bleed_mm);
  const b = doc.dieline.bleed_mm;

  it('runs outside the cut edges and never along a fold between two panels', () => {
    expect(segs.length).toBeGreaterThan(0);
    const front = doc.dieline.panels.find((p) => p.id === 'front')!;
    // Front's left side is shared with the glue flap, its right with the side panel: no bleed there.
    const onLeft = segs.filter(
      (s) => s.a.x === s.b.x && Math.abs(s.a.x - (front.rect.x - b)) < 1e-6 && s.a.y >= front.rect.y && s.b.y <= front.rect.y + front.rect.height,
    );
    expect(onLeft).toHaveLength(0);
    // The glue flap's outer (left) edge is a cut: a bleed line b mm outside it.
    const glue = doc.dieline.panels.find((p) => p.id === 'glue-flap')!;
    expect(segs.some((s) => s.a.x === s.b.x && Math.abs(s.a.x - (glue.rect.x - b)) < 1e-6)).toBe(true);
  });

  it('is empty without a bleed', () => {
    expect(bleedSegments(doc.dieline.panels, 0)).toEqual([]);
  });
});

describe('selectionAnnouncement', () => {
  const doc = tuckEnd([
    { panel: 'front', layer: text('brand', { name: 'Brand', w: 40, h: 12 }) },
    { panel: 'front', layer: text('b2', { name: '', text: 'Hello\nthere', w: 12.34, h: 5 }) },
  ]);

  it('names the kind, the layer and its size', () => {
    expect(selectionAnnouncement(doc, ['brand'])).toBe('Text “Brand” selected, 40 × 12 mm');
    expect(selectionAnnouncement(doc, ['b2'])).toBe('Text “Hello” selected, 12.3 × 5 mm');
  });

  it('counts several and says when nothing is selected', () => {
    expect(selectionAnnouncement(doc, ['brand', 'b2'])).toBe('2 layers selected');
    expect(selectionAnnouncement(doc, [])).toBe('Nothing selected');
    expect(selectionAnnouncement(null, ['x'])).toBe('Nothing selected');
  });
});
