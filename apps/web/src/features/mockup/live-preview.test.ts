import { describe, expect, it } from 'vitest';
import type { MockupSurface } from '@packsmith/contracts';
import { decodeMaps, hexColour, placementMap, planSurfaces, renderPreview, type PreviewImage } from './live-preview';
import { DEFAULT_PLACEMENT, designBox } from './placement';

const apply = (m: ReturnType<typeof placementMap>, u: number, v: number) => [m[0] * u + m[1] * v + m[2], m[3] * u + m[4] * v + m[5]] as const;

describe('the live preview follows the same placement as the editor and the server', () => {
  it('at the default placement the area’s centre shows the design’s centre, and the design covers the area', () => {
    const m = placementMap({ width: 200, height: 100 }, { width: 100, height: 100 }, DEFAULT_PLACEMENT);
    const [x, y] = apply(m, 0.5, 0.5);
    expect(x).toBeCloseTo(99.5, 6);
    expect(y).toBeCloseTo(49.5, 6);
    // The area's top edge is the design's top edge (cover: the height fits).
    expect(apply(m, 0.5, 0)[1]).toBeCloseTo(-0.5, 6);
  });

  it('a moved, scaled, turned design lands where the editor draws it', () => {
    const design = { width: 400, height: 400 };
    const area = { width: 100, height: 200 };
    const p = { scale: 0.5, offset_x: 0.2, offset_y: -0.1, rotation: 90 };
    const box = designBox(p, design, area);
    // The editor's box centre, in fractions of the area, is where the design's centre texel lands.
    const cu = (box.left + box.width / 2) / 100;
    const cv = (box.top + box.height / 2) / 100;
    const [x, y] = apply(placementMap(design, area, p), cu, cv);
    expect(x).toBeCloseTo(199.5, 6);
    expect(y).toBeCloseTo(199.5, 6);
  });
});

describe('renderPreview', () => {
  // 2 × 1 px: the left pixel is surface 1 (fully covered, shading 1 = 127.5/255 × 2), the right one off the pack.
  const scene = new Uint8ClampedArray([10, 20, 30, 255, 40, 50, 60, 255]);
  const surface = new Uint8ClampedArray([1, 1, 1, 255, 0, 0, 0, 255]);
  const uv = new Uint8ClampedArray([128, 128, 255, 255, 0, 0, 0, 255]);
  const light = new Uint8ClampedArray([128, 0, 0, 255, 0, 0, 0, 255]);
  const maps = decodeMaps(2, 1, scene, surface, uv, light);
  const red: PreviewImage = { rgba: new Uint8ClampedArray([255, 0, 0, 255]), width: 1, height: 1 };

  it('prints the design on its surface, lit by the shading, and leaves the rest of the scene alone', () => {
    const out = new Uint8ClampedArray(8);
    renderPreview(maps, [{ surface: 0, image: red, area: { width: 10, height: 10 }, placement: DEFAULT_PLACEMENT }], 'paper', out);
    expect(out[0]).toBeGreaterThan(240);
    expect(out[1]).toBeLessThan(5);
    expect([...out.slice(4)]).toEqual([40, 50, 60, 255]);
  });

  it('kraft shows the board through a light ink; metal shows bare metal where there is no ink', () => {
    const white: PreviewImage = { rgba: new Uint8ClampedArray([255, 255, 255, 255]), width: 1, height: 1 };
    const clear: PreviewImage = { rgba: new Uint8ClampedArray([0, 0, 0, 0]), width: 1, height: 1 };
    const at = (image: PreviewImage, material: 'kraft' | 'metal' | 'paper') => {
      const out = new Uint8ClampedArray(8);
      renderPreview(maps, [{ surface: 0, image, area: { width: 10, height: 10 }, placement: DEFAULT_PLACEMENT }], material, out);
      return [...out.slice(0, 3)];
    };
    const kraft = at(white, 'kraft');
    expect(kraft[0]).toBeGreaterThan(kraft[2] ?? 0);
    const metal = at(clear, 'metal');
    expect(metal[0]).toBeLessThan(at(clear, 'paper')[0] ?? 0);
  });

  it('a flat colour fills a surface a design has no face for', () => {
    const out = new Uint8ClampedArray(8);
    renderPreview(maps, [{ surface: 0, colour: hexColour('#0000ff') }], 'paper', out);
    expect(out[2]).toBeGreaterThan(240);
    expect(out[0]).toBeLessThan(5);
  });
});

describe('which image goes on which surface (as the server decides)', () => {
  const box: MockupSurface[] = [
    { role: 'front', design_area: { width: 1, height: 1 } },
    { role: 'left', design_area: { width: 1, height: 1 } },
    { role: 'top', design_area: { width: 1, height: 1 } },
  ];
  it('a design of ours: each surface its own face (placed on the main ones), missing faces in the ground colour', () => {
    expect(planSurfaces(box, { url: '/d.png', faces: { front: '/f.png', left: '/l.png' }, background: '#123456' })).toEqual([
      { surface: 0, url: '/f.png', placed: true },
      { surface: 1, url: '/l.png', placed: false },
      { surface: 2, colour: '#123456' },
    ]);
  });
  it('any other image: the first surface, and the front of every pack of a group', () => {
    expect(planSurfaces(box, { url: '/u.png', faces: null, background: '#fff' })).toEqual([{ surface: 0, url: '/u.png', placed: true }]);
    const group: MockupSurface[] = [
      { role: 'front', item: 0, design_area: { width: 1, height: 1 } },
      { role: 'left', item: 0, design_area: { width: 1, height: 1 } },
      { role: 'wrap', item: 1, design_area: { width: 1, height: 1 } },
    ];
    expect(planSurfaces(group, { url: '/u.png', faces: null, background: '#fff' }).map((p) => p.surface)).toEqual([0, 2]);
  });
});
