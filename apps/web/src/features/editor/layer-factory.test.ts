import { describe, expect, it } from 'vitest';
import { EditorLayerSchema, isValidGtinLike } from './layer-factory.test-helpers';
import { newDocument, documentWarnings } from '@packsmith/editor';
import { newBarcodeLayer, newIconLayer, newImageLayer, newShapeLayer, newTextLayer, placeInSafe } from './layer-factory';

const doc = newDocument(101);
const panels = doc.dieline.panels;

describe('new layers', () => {
  it('are valid, inside the safe zone and raise no warning on every panel of a tuck-end box', () => {
    for (const panel of panels) {
      const layers = [
        newTextLayer(panel),
        newShapeLayer(panel, 'rect'),
        newShapeLayer(panel, 'ellipse'),
        newShapeLayer(panel, 'line'),
        newImageLayer(panel, '/files/x.png', { width: 3000, height: 2000 }),
        newBarcodeLayer(panel),
        newIconLayer(panel, 'leaf', '<path d="M1 1h2"/>'),
      ];
      for (const layer of layers) {
        expect(EditorLayerSchema.safeParse(layer).success, `${layer.kind} on ${panel.id}`).toBe(true);
        expect(layer.x).toBeGreaterThanOrEqual(panel.safe.x - 1e-6);
        expect(layer.y).toBeGreaterThanOrEqual(panel.safe.y - 1e-6);
        expect(layer.x + layer.w).toBeLessThanOrEqual(panel.safe.x + panel.safe.width + 0.01);
        expect(layer.y + layer.h).toBeLessThanOrEqual(panel.safe.y + panel.safe.height + 0.01);
      }
      const withLayers = { ...doc, panels: doc.panels.map((p) => (p.panel_id === panel.id ? { ...p, layers: layers.filter((l) => l.kind !== 'image') } : p)) };
      // A barcode may only shrink below its nominal size on a panel too small for it (a glue flap): that one is told.
      // (its bars are drawn at no less than the smallest magnification, so there it may also pass the safe line).
      const roomy = panel.safe.width >= 37.29 && panel.safe.height >= 25.93;
      const told = documentWarnings(withLayers).filter((w) => w.kind !== 'dpi' && (roomy || !w.layer_id.startsWith('barcode')));
      expect(told, panel.id).toEqual([]);
    }
  });

  it('an image starts at its 300 dpi print size when that fits', () => {
    const front = panels.find((p) => p.role === 'front')!;
    const img = newImageLayer(front, '/files/x.png', { width: 300, height: 150 });
    expect(img.w).toBeCloseTo(25.4, 1);
    expect(img.h).toBeCloseTo(12.7, 1);
  });

  it('a box too large for the safe area shrinks and keeps its aspect', () => {
    const front = panels.find((p) => p.role === 'front')!;
    const r = placeInSafe(front, front.safe.width * 4, front.safe.height);
    expect(r.w / r.h).toBeCloseTo((front.safe.width * 4) / front.safe.height, 1);
    expect(r.w).toBeLessThanOrEqual(front.safe.width + 0.01);
  });

  it('the sample barcode carries a valid check digit', () => {
    const b = newBarcodeLayer(panels[0]!);
    expect(b.digits).toHaveLength(13);
    expect(isValidGtinLike(b.digits)).toBe(true);
  });
});
