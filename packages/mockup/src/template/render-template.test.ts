import { createHash } from 'node:crypto';
import { BOX_TYPES } from '@packsmith/contracts';
import { describe, expect, it } from 'vitest';
import { renderTemplate } from './render-template.js';

const hash = (b: Uint8Array | Float32Array): string =>
  createHash('sha256')
    .update(new Uint8Array(b.buffer, b.byteOffset, b.byteLength))
    .digest('hex');

describe('renderTemplate', () => {
  it('is deterministic for a spec', () => {
    const spec = { boxId: 101, size: 128, camera: { yawDeg: 30, pitchDeg: 12 }, light: 'daylight' } as const;
    const a = renderTemplate(spec);
    const b = renderTemplate(spec);
    expect(hash(a.sceneRgb)).toBe(hash(b.sceneRgb));
    for (const k of ['coverage', 'u', 'v', 'shading', 'specular', 'depth'] as const) expect(hash(a.maps[k])).toBe(hash(b.maps[k]));
    expect(hash(a.maps.surface)).toBe(hash(b.maps.surface));
    expect(a.sceneRgb.length).toBe(128 * 128 * 3);
  });

  it('renders the default box for id 0: the reverse tuck end carton, six printable faces', () => {
    const t = renderTemplate({ boxId: 0, size: 96 });
    expect(t.maps.surfaces.map((s) => s.role)).toEqual(['front', 'back', 'left', 'right', 'top', 'bottom']);
    // The design area keeps the face's proportions (a 60 × 150 mm front).
    const front = t.maps.surfaces[0]!.designArea;
    expect(front.width / front.height).toBeCloseTo(60 / 150, 2);
  });

  // Every catalogue box: past vitest's default 5 s when the machine is shared.
  it('maps every catalogue box with a visible printable surface', { timeout: 30_000 }, () => {
    for (const box of BOX_TYPES) {
      const t = renderTemplate({ boxId: box.id, size: 48 });
      const { maps } = t;
      expect(maps.surfaces.length, box.slug).toBeGreaterThan(0);
      let shown = 0;
      for (let i = 0; i < maps.surface.length; i++) {
        const s = maps.surface[i]!;
        if (s === 0) {
          expect(maps.depth[i]).toBe(1);
          continue;
        }
        shown++;
        expect(s).toBeLessThanOrEqual(maps.surfaces.length);
        expect(maps.depth[i]).toBeLessThan(1);
      }
      expect(shown, box.slug).toBeGreaterThan(50);
    }
  });

  it('gives a round pack one wrap surface whose u runs round it, 0.5 facing the camera', () => {
    const t = renderTemplate({ boxId: 701, size: 128 });
    const { maps } = t;
    expect(maps.surfaces.map((s) => s.role)).toEqual(['wrap']);
    const row = 64;
    const us: number[] = [];
    for (let x = 0; x < 128; x++) if (maps.surface[row * 128 + x] === 1 && maps.coverage[row * 128 + x] === 1) us.push(maps.u[row * 128 + x]!);
    expect(us.length).toBeGreaterThan(40);
    // Left to right across the can, u increases through the front (0.5) and spans about half the wrap.
    for (let i = 1; i < us.length; i++) expect(us[i]!).toBeGreaterThan(us[i - 1]!);
    expect(us[Math.floor(us.length / 2)]!).toBeCloseTo(0.5, 1);
    expect(us.at(-1)! - us[0]!).toBeGreaterThan(0.35);
  });

  it("renders a group side by side, every pack's printable surfaces surfaces of the template", () => {
    const t = renderTemplate({ boxId: 0, boxIds: [101, 701, 501], size: 128 });
    const { maps } = t;
    expect(maps.surfaces.map((s) => `${s.item}:${s.role}`)).toEqual([
      '0:front',
      '0:back',
      '0:left',
      '0:right',
      '0:top',
      '0:bottom',
      '1:wrap',
      '2:front',
      '2:back',
      '2:bottom',
    ]);
    // Left to right: the carton's front, the can's wrap, the pouch's front, in that order along a row.
    const firstX = (item: number): number => {
      for (let x = 0; x < 128; x++) {
        for (let y = 0; y < 128; y++) {
          const s = maps.surface[y * 128 + x]!;
          if (s !== 0 && maps.surfaces[s - 1]!.item === item) return x;
        }
      }
      return -1;
    };
    expect(firstX(0)).toBeGreaterThanOrEqual(0);
    expect(firstX(0)).toBeLessThan(firstX(1));
    expect(firstX(1)).toBeLessThan(firstX(2));
    // Each pack's design area is its own: the can's wrap is not the carton's front.
    expect(maps.surfaces[6]!.designArea).not.toEqual(maps.surfaces[0]!.designArea);
  });

  it('renders a single pack as before when boxIds is not given, and refuses groups of 1 or 4', () => {
    const a = renderTemplate({ boxId: 101, size: 48 });
    expect(a.maps.surfaces.every((s) => s.item === undefined)).toBe(true);
    expect(() => renderTemplate({ boxId: 0, boxIds: [101], size: 32 })).toThrow(/2 to 3 items/);
    expect(() => renderTemplate({ boxId: 0, boxIds: [101, 101, 101, 101], size: 32 })).toThrow(/2 to 3 items/);
  });

  it('throws for a box id outside the catalogue', () => {
    expect(() => renderTemplate({ boxId: 999, size: 32 })).toThrow(/Unknown box type/);
  });
});
