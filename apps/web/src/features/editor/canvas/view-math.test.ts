import { describe, expect, it } from 'vitest';
import { PX_PER_MM_100 } from '../editor.store';
import { tuckEnd } from './test-doc';
import {
  FIT_PADDING_PX,
  MAX_PX_PER_MM,
  MIN_PX_PER_MM,
  fitView,
  layerScreenCorners,
  panelAt,
  panelToScreen,
  screenDeltaToPanel,
  screenToPanel,
  screenToSheet,
  sheetExtent,
  sheetToScreen,
  steppedZoom,
  wheelZoomFactor,
  zoomAbout,
} from './view-math';

const doc = tuckEnd();
const panel = (id: string) => doc.dieline.panels.find((p) => p.id === id)!;

describe('fitView', () => {
  it('shows the whole sheet with its bleed, centred, touching the padding on the tighter side', () => {
    const extent = sheetExtent(doc);
    expect(extent.x).toBe(-doc.dieline.bleed_mm);
    const vp = { width: 1200, height: 800 };
    const v = fitView(extent, vp);
    const tl = sheetToScreen(v, { x: extent.x, y: extent.y });
    const br = sheetToScreen(v, { x: extent.x + extent.w, y: extent.y + extent.h });
    expect(tl.x).toBeGreaterThanOrEqual(FIT_PADDING_PX - 1e-6);
    expect(tl.y).toBeGreaterThanOrEqual(FIT_PADDING_PX - 1e-6);
    expect(br.x).toBeLessThanOrEqual(vp.width - FIT_PADDING_PX + 1e-6);
    expect(br.y).toBeLessThanOrEqual(vp.height - FIT_PADDING_PX + 1e-6);
    // Centred on both axes, and one axis uses all the room.
    expect((tl.x + br.x) / 2).toBeCloseTo(600, 6);
    expect((tl.y + br.y) / 2).toBeCloseTo(400, 6);
    expect(Math.min(tl.x, tl.y)).toBeCloseTo(FIT_PADDING_PX, 6);
  });

  it('stays inside the zoom limits for tiny and huge viewports', () => {
    const extent = sheetExtent(doc);
    expect(fitView(extent, { width: 10, height: 10 }).pxPerMm).toBe(MIN_PX_PER_MM);
    expect(fitView({ x: 0, y: 0, w: 0.01, h: 0.01 }, { width: 5000, height: 5000 }).pxPerMm).toBe(MAX_PX_PER_MM);
  });
});

describe('zoomAbout', () => {
  it('keeps the sheet point under the pointer where it is', () => {
    const v = { pxPerMm: 2, panX: 100, panY: 50 };
    const pointer = { x: 420, y: 310 };
    const before = screenToSheet(v, pointer);
    const z = zoomAbout(v, 7.5, pointer);
    expect(z.pxPerMm).toBe(7.5);
    const after = screenToSheet(z, pointer);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
  });

  it('clamps to the limits', () => {
    expect(zoomAbout({ pxPerMm: 1, panX: 0, panY: 0 }, 1e6, { x: 0, y: 0 }).pxPerMm).toBe(MAX_PX_PER_MM);
    expect(zoomAbout({ pxPerMm: 1, panX: 0, panY: 0 }, 0, { x: 0, y: 0 }).pxPerMm).toBe(MIN_PX_PER_MM);
  });
});

describe('wheel and step zoom', () => {
  it('zooms in on wheel up, out on wheel down, by inverse factors, and treats lines as 16 px', () => {
    expect(wheelZoomFactor(-100)).toBeGreaterThan(1);
    expect(wheelZoomFactor(100)).toBeLessThan(1);
    expect(wheelZoomFactor(-100) * wheelZoomFactor(100)).toBeCloseTo(1, 9);
    expect(wheelZoomFactor(3, 1)).toBeCloseTo(wheelZoomFactor(48), 9);
    // A wild delta is capped.
    expect(wheelZoomFactor(-100000)).toBe(wheelZoomFactor(-200));
  });

  it('steps through round percentages from wherever it is', () => {
    expect(steppedZoom(PX_PER_MM_100, 1) / PX_PER_MM_100).toBeCloseTo(1.5, 9);
    expect(steppedZoom(PX_PER_MM_100, -1) / PX_PER_MM_100).toBeCloseTo(0.75, 9);
    expect(steppedZoom(PX_PER_MM_100 * 0.9, 1) / PX_PER_MM_100).toBeCloseTo(1, 9);
    expect(steppedZoom(PX_PER_MM_100 * 0.9, -1) / PX_PER_MM_100).toBeCloseTo(0.75, 9);
    expect(steppedZoom(MAX_PX_PER_MM, 1)).toBe(MAX_PX_PER_MM);
  });
});

describe('screen ↔ sheet ↔ panel', () => {
  const v = { pxPerMm: 3, panX: 40, panY: -20 };

  it('round-trips a point through the screen', () => {
    const p = { x: 123.4, y: 56.7 };
    const back = screenToSheet(v, sheetToScreen(v, p));
    expect(back.x).toBeCloseTo(p.x, 9);
    expect(back.y).toBeCloseTo(p.y, 9);
  });

  it('places an upright panel point at rect + point, scaled and panned', () => {
    const front = panel('front');
    const s = panelToScreen(v, front, { x: 5, y: 7 });
    expect(s.x).toBeCloseTo((front.rect.x + 5) * 3 + 40, 9);
    expect(s.y).toBeCloseTo((front.rect.y + 7) * 3 - 20, 9);
    const back = screenToPanel(v, front, s);
    expect(back.x).toBeCloseTo(5, 9);
    expect(back.y).toBeCloseTo(7, 9);
  });

  it('turns screen movements into a 180° panel’s coordinates (right on screen is left in the artwork)', () => {
    const top = panel('top');
    expect(top.rotation).toBe(180);
    const d = screenDeltaToPanel(v, top, 30, 15);
    expect(d.x).toBeCloseTo(-10, 9);
    expect(d.y).toBeCloseTo(-5, 9);
    const f = screenDeltaToPanel(v, panel('front'), 30, 15);
    expect(f.x).toBeCloseTo(10, 9);
    expect(f.y).toBeCloseTo(5, 9);
  });

  it('gives a layer’s screen corners with its rotation', () => {
    const front = panel('front');
    const cs = layerScreenCorners({ pxPerMm: 1, panX: 0, panY: 0 }, front, { x: 0, y: 0, w: 10, h: 10, rotation: 90 });
    // A square turned 90° about its centre has the same corners, cycled.
    expect(cs[0]!.x).toBeCloseTo(front.rect.x + 10, 9);
    expect(cs[0]!.y).toBeCloseTo(front.rect.y, 9);
  });

  it('finds the panel under a sheet point', () => {
    const front = panel('front');
    expect(panelAt(doc, { x: front.rect.x + 1, y: front.rect.y + 1 })?.id).toBe('front');
    expect(panelAt(doc, { x: -50, y: -50 })).toBeNull();
  });
});
