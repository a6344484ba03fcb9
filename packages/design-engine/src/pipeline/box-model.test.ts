import { BOX_TYPES } from '@packsmith/contracts';
import { describe, expect, it } from 'vitest';
import { boxModel, UnknownBoxError } from './box-model/index.js';

const STRUCTURAL = new Set(['inner-wall', 'tuck', 'dust-flap', 'end-flap', 'glue-flap', 'lock-flap', 'ear', 'turn-in', 'overlap', 'seal']);

describe('boxModel', () => {
  it('puts artwork on every printed panel of every catalogue box, at the panel size', () => {
    for (const box of BOX_TYPES) {
      const m = boxModel(box.id);
      // Only flaps, tucks, seals and the like are left to the background colour.
      for (const p of m.plainPanels) expect(STRUCTURAL.has(p.role), `${box.slug}: ${p.id} (${p.role}) has no artwork`).toBe(true);
      for (const r of m.regions) {
        if (r.kind !== 'rect') continue;
        const turned = r.rotation === 90 || r.rotation === 270;
        expect(turned ? r.art.heightMm : r.art.widthMm, `${box.slug} ${r.art.key} width`).toBeCloseTo(r.rect.width, 1);
        expect(turned ? r.art.widthMm : r.art.heightMm, `${box.slug} ${r.art.key} height`).toBeCloseTo(r.rect.height, 1);
      }
      expect(m.arts.filter((a) => a.role === 'front').length, `${box.slug} front arts`).toBeGreaterThanOrEqual(1);
      expect(m.arts).toContain(m.front);
      const faces = Object.values(m.faces);
      expect(faces.length, `${box.slug} faces`).toBeGreaterThan(0);
      for (const f of faces) expect(f.widthMm > 0 && f.heightMm > 0).toBe(true);
      // The flat front, the 3D front and the print file share one piece of artwork.
      const textured = m.faces.front ?? m.faces.wrap;
      expect(
        textured?.layers.some((l) => typeof l.source !== 'string' && l.source.key === m.front.key),
        `${box.slug}: the front artwork is on the 3D shape`,
      ).toBe(true);
      expect(
        m.regions.some((r) => r.art.key === m.front.key),
        `${box.slug}: the front artwork is on the print sheet`,
      ).toBe(true);
    }
  });

  it('maps 0 to the reverse tuck end box and refuses an unknown id with a message a person understands', () => {
    expect(boxModel(0).box.slug).toBe('reverse-tuck-end');
    expect(() => boxModel(999)).toThrow(UnknownBoxError);
    expect(() => boxModel(999)).toThrow(/Unknown box type 999: use a box id from the catalogue/);
  });

  it('stands a mailer on its back edge with the lid to the camera', () => {
    const m = boxModel(201);
    const lid = m.dieline.panels.find((p) => p.role === 'front');
    expect(lid?.id).toBe('lid');
    expect(m.shape).toMatchObject({ kind: 'box', width: m.front.widthMm, height: m.front.heightMm });
    // The back wall (the hinge side) is now on top, read from the front: turned half round.
    expect(m.faces.top?.layers[0]).toMatchObject({ rotation: 180 });
    expect(m.faces.left?.layers[0]).toMatchObject({ rotation: 90 });
    expect(m.faces.right?.layers[0]).toMatchObject({ rotation: 270 });
  });

  it('splits a wrap label in three and gives the front the third a cylinder shows', () => {
    const m = boxModel(701);
    const circumference = Math.PI * 66;
    expect(m.front.widthMm).toBeCloseTo(circumference / 3, 1);
    expect(m.regions.map((r) => r.art.role)).toEqual(['side', 'front', 'back']);
    expect(m.faces.wrap?.widthMm).toBeCloseTo(circumference, 1);
    // The label is shorter than the can's printable wall: centred, bare metal above and below.
    const front = m.faces.wrap?.layers[1];
    expect(front?.x).toBeCloseTo(circumference / 3, 1);
    expect((front?.y ?? 0) * 2 + (front?.h ?? 0)).toBeCloseTo(m.faces.wrap?.heightMm ?? 0, 3);
  });

  it('centres a bottle’s back label on the seam, half at each end of the wrap', () => {
    const m = boxModel(301);
    const wrap = m.faces.wrap;
    const back = wrap?.layers.filter((l) => l.source !== m.front) ?? [];
    expect(back).toHaveLength(2);
    expect(back[0]!.x + back[0]!.w / 2).toBeCloseTo(0, 3);
    expect(back[1]!.x + back[1]!.w / 2).toBeCloseTo(wrap?.widthMm ?? 0, 3);
    expect(back[0]!.cornerRadius).toBeGreaterThan(0);
  });

  it('fits a squeeze tube so its printed sleeve neither crops nor squashes', () => {
    const m = boxModel(801);
    expect(m.shape.kind).toBe('tube');
    expect(m.faces.wrap?.heightMm).toBeCloseTo(120, 3);
  });
});
