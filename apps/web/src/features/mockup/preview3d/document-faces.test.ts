import { previewModel, type FoldedModel } from '@packsmith/design-engine/preview3d';
import { newDocument } from '@packsmith/editor';
import { describe, expect, it } from 'vitest';
import { affineFrom, apply, facePlans } from './document-faces';

describe('document faces for the 3D preview', () => {
  it('solves the affine map of three points', () => {
    const m = affineFrom(
      [
        [0, 0],
        [10, 0],
        [0, 20],
      ],
      [
        [1, 2],
        [1, 3],
        [0, 2],
      ],
    )!;
    expect(apply(m, [10, 20])).toEqual([expect.closeTo(0, 9), expect.closeTo(3, 9)]);
    expect(
      affineFrom(
        [
          [0, 0],
          [1, 1],
          [2, 2],
        ],
        [
          [0, 0],
          [1, 1],
          [2, 2],
        ],
      ),
    ).toBeNull();
  });

  it('puts the front panel of a tuck-end box on the front face, its corners on the face corners', () => {
    const doc = newDocument(101);
    const model = previewModel(101) as FoldedModel;
    expect(model.kind).toBe('folded');
    const plans = facePlans(doc, model);
    const front = plans.find((p) => p.face === 'front')!;
    expect(front.panels.map((p) => p.panelId)).toEqual(['front']);
    const panel = doc.dieline.panels.find((p) => p.id === 'front')!;
    const r = panel.rect;
    const uv = [apply(front.panels[0]!.toUv, [r.x, r.y]), apply(front.panels[0]!.toUv, [r.x + r.width, r.y + r.height])];
    for (const [u, v] of uv) {
      expect(Math.min(Math.abs(u), Math.abs(u - 1))).toBeLessThan(1e-6);
      expect(Math.min(Math.abs(v), Math.abs(v - 1))).toBeLessThan(1e-6);
    }
    // The face keeps the panel's size: 60 × 150 mm for this box's default.
    expect(front.widthMm).toBeCloseTo(panel.width, 1);
    expect(front.heightMm).toBeCloseTo(panel.height, 1);
    expect(new Set(plans.map((p) => p.face))).toEqual(new Set(['front', 'back', 'left', 'right', 'top', 'bottom']));
  });

  it('maps a document of another size panel by panel', () => {
    const doc = newDocument(101, { length: 80, width: 50, height: 120 });
    const plans = facePlans(doc, previewModel(101) as FoldedModel);
    const front = plans.find((p) => p.face === 'front')!;
    const r = doc.dieline.panels.find((p) => p.id === 'front')!.rect;
    const [u, v] = apply(front.panels[0]!.toUv, [r.x + r.width / 2, r.y + r.height / 2]);
    expect(u).toBeCloseTo(0.5, 6);
    expect(v).toBeCloseTo(0.5, 6);
  });
});
