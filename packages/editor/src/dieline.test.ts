import { describe, expect, it } from 'vitest';
import { EditorDocumentSchema } from '@packsmith/contracts';
import { renderDieline } from '@packsmith/design-engine/dieline';
import { applyCommand } from './commands.js';
import { DocumentError, newDocument, withDimensions } from './dieline.js';
import { textLayer } from './fixtures.js';
import { panelToSheet, sheetToPanel } from './geometry.js';

describe('the document dieline', () => {
  it('is derived from the engine: panels upright with their safe areas, folds as segments', () => {
    const doc = newDocument('reverse-tuck-end');
    expect(EditorDocumentSchema.safeParse(doc).success).toBe(true);
    expect(doc.box).toEqual({ id: 101, slug: 'reverse-tuck-end' });
    expect(doc.dimensions).toEqual({ length: 60, width: 40, height: 150 });
    expect(doc.thickness_mm).toBe(0.45);
    expect(doc.dieline.bleed_mm).toBe(3);
    expect(doc.dieline.safe_mm).toBe(3);
    const engine = renderDieline(101);
    expect(doc.dieline.folds.length).toBeGreaterThanOrEqual(engine.creases.length);
    const front = doc.dieline.panels.find((p) => p.role === 'front')!;
    expect(front).toMatchObject({ width: 60.45, height: 150.9, rotation: 0, safe: { x: 3, y: 3, width: 54.45, height: 144.9 } });
    const top = doc.dieline.panels.find((p) => p.id === 'top')!;
    expect(top.rotation).toBe(180);
    // The top's safe area, seen upright, keeps 3 mm from every edge as on the sheet.
    expect(top.safe).toEqual({ x: 3, y: 3, width: 54.45, height: 34.45 });
  });

  it('maps panel coordinates to the sheet and back for every quarter turn', () => {
    for (const rotation of [0, 90, 180, 270] as const) {
      const turned = rotation === 90 || rotation === 270;
      const panel = { rect: { x: 10, y: 20, width: turned ? 30 : 50, height: turned ? 50 : 30 }, rotation, width: 50, height: 30 };
      const p = { x: 7, y: 4 };
      const s = panelToSheet(panel, p);
      expect(s.x).toBeGreaterThanOrEqual(10);
      expect(s.x).toBeLessThanOrEqual(10 + panel.rect.width);
      expect(sheetToPanel(panel, s)).toEqual(p);
    }
    // Turned 90° clockwise, the upright top-left is the sheet rect's top-right.
    expect(panelToSheet({ rect: { x: 0, y: 0, width: 30, height: 50 }, rotation: 90, width: 50, height: 30 }, { x: 0, y: 0 })).toEqual({ x: 30, y: 0 });
  });

  it('is derived again at new dimensions, layers kept on their panels', () => {
    const doc = applyCommand(newDocument(101), { type: 'add', panel_id: 'front', layer: textLayer('t', { x: 20, y: 70 }) });
    const bigger = withDimensions(doc, { height: 170 }, 0.5);
    expect(bigger.dimensions.height).toBe(170);
    expect(bigger.thickness_mm).toBe(0.5);
    const front = bigger.dieline.panels.find((p) => p.id === 'front')!;
    expect(front.height).toBeCloseTo(171, 6);
    const t = bigger.panels.find((p) => p.panel_id === 'front')!.layers[0]!;
    // Kept relative to the panel's centre: 20.05 mm taller (board included) moves it down by half of that.
    expect(t.y).toBeCloseTo(70 + (171 - 150.9) / 2, 3);
    expect(EditorDocumentSchema.safeParse(bigger).success).toBe(true);
  });

  it('names the field of an impossible size', () => {
    expect(() => withDimensions(newDocument(101), { length: -5 })).toThrow(DocumentError);
    expect(() => withDimensions(newDocument(101), { length: -5 })).toThrow(/dimensions\.length/);
    expect(() => newDocument(999)).toThrow('box: no box type 999');
  });
});
