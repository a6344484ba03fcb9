import { describe, expect, it } from 'vitest';
import { MATERIAL_TYPES, MockupPlacementSchema } from '@packsmith/contracts';
import { PRINT_MATERIALS, type CylinderGeometry } from '@packsmith/mockup';
import {
  assignSurfaces,
  cropProblem,
  customTemplateKind,
  enginePlacement,
  faceFor,
  frontSurfaces,
  overhang,
  printMaterialOf,
  surfaceProblem,
  utcDay,
  type SurfaceSource,
} from './mockup-rules.js';

describe('printMaterialOf', () => {
  it('maps every catalogue material to one of the engine’s five', () => {
    for (const m of MATERIAL_TYPES) expect(PRINT_MATERIALS).toContain(printMaterialOf(m.id));
  });

  it('boards print as paper or kraft, plastics by finish, metal and glass as themselves', () => {
    expect(printMaterialOf('WHITE_BOARD')).toBe('paper');
    expect(printMaterialOf('KRAFT')).toBe('kraft');
    expect(printMaterialOf('FLUTE')).toBe('kraft');
    expect(printMaterialOf('PLASTIC_GLOSSY')).toBe('glossy');
    expect(printMaterialOf('PLASTIC_MATT')).toBe('paper');
    expect(printMaterialOf('METAL_GLOSSY')).toBe('metal');
    expect(printMaterialOf('METAL_MATT')).toBe('metal');
    expect(printMaterialOf('GLASS_GLOSSY')).toBe('glass');
    expect(printMaterialOf('GLASS_MATT')).toBe('glass');
  });
});

describe('enginePlacement', () => {
  it('renames the contract’s fields and keeps zod’s defaults', () => {
    expect(enginePlacement(MockupPlacementSchema.parse({ scale: 0.5, offset_x: 0.1, offset_y: -0.2, rotation: 15 }))).toEqual({
      scale: 0.5,
      offsetX: 0.1,
      offsetY: -0.2,
      rotation: 15,
    });
    expect(enginePlacement(MockupPlacementSchema.parse({}))).toEqual({ scale: 1, offsetX: 0, offsetY: 0, rotation: 0 });
  });

  it('no placement is the engine’s default (cover, centred)', () => {
    expect(enginePlacement(undefined)).toEqual({});
    expect(enginePlacement(null)).toEqual({});
  });
});

describe('cropProblem', () => {
  const image = { width: 1200, height: 800 };

  it('accepts crops inside the image, edges included', () => {
    expect(cropProblem('default_design_area', { x: 0, y: 0, width: 1200, height: 800 }, image)).toBeNull();
    expect(cropProblem('default_design_area', { x: 200, y: 100, width: 1000, height: 700 }, image)).toBeNull();
  });

  it('names the field and the image size when the crop runs past the right or bottom edge', () => {
    const wide = cropProblem('default_design_area', { x: 201, y: 0, width: 1000, height: 10 }, image);
    expect(wide).toMatch(/^default_design_area/);
    expect(wide).toMatch(/1200×800 px/);
    expect(wide).toMatch(/1201/);
    const tall = cropProblem('item_list[2].default_design_area', { x: 0, y: 700, width: 10, height: 101 }, image);
    expect(tall).toMatch(/^item_list\[2\]\.default_design_area/);
    expect(tall).toMatch(/801/);
  });
});

describe('surfaceProblem', () => {
  it('accepts surfaces the template has', () => {
    expect(surfaceProblem([{ surface: 0 }, { surface: 5 }], 6)).toBeNull();
    expect(surfaceProblem([], 1)).toBeNull();
  });

  it('names the first bad item and how many surfaces there are', () => {
    expect(surfaceProblem([{ surface: 0 }, { surface: 6 }], 6)).toBe('item_list[1].surface: this template has 6 surfaces (0–5); 6 is not one of them.');
    expect(surfaceProblem([{ surface: 1 }], 1)).toBe('item_list[0].surface: this template has one surface (0); 1 is not one of them.');
  });
});

const box = ['front', 'back', 'left', 'right', 'top', 'bottom'].map((role) => ({ role }));
const urlOf = (s: SurfaceSource | undefined) => (s && 'url' in s ? s.url : s && 'colour' in s ? `colour:${s.colour}` : undefined);
const main = { url: '/files/design.png', crop: { x: 0, y: 0, width: 10, height: 10 }, placement: { scale: 0.8 } };

describe('assignSurfaces', () => {
  it('an uploaded image goes on surface 0 only, with its crop and placement', () => {
    const out = assignSurfaces(box, { main, design: null, items: [] });
    expect([...out.keys()]).toEqual([0]);
    expect(out.get(0)).toEqual(main);
  });

  it('in a group template the image goes on every pack’s front (or wrap) surface', () => {
    const group = [
      { role: 'front', item: 0 },
      { role: 'left', item: 0 },
      { role: 'wrap', item: 1 },
      { role: 'back', item: 2 },
      { role: 'front', item: 2 },
    ];
    expect(frontSurfaces(group)).toEqual([0, 2, 4]);
    const out = assignSurfaces(group, { main, design: null, items: [] });
    expect([...out.keys()].sort()).toEqual([0, 2, 4]);
    expect(out.get(4)).toEqual(main);
  });

  it('a pack with neither front nor wrap shows the image on its first surface', () => {
    expect(
      frontSurfaces([
        { role: 'top', item: 0 },
        { role: 'left', item: 0 },
        { role: 'back', item: 1 },
      ]),
    ).toEqual([0, 2]);
  });

  it('a design puts each face on its role, a wrap takes the front, the rest the ground colour', () => {
    const design = { background: '#112233', faces: { front: '/f.png', left: '/l.png', top: '/t.png' } };
    const out = assignSurfaces([...box, { role: 'wrap' }], { main, design, items: [] });
    expect([0, 1, 2, 3, 4, 5, 6].map((i) => urlOf(out.get(i)))).toEqual([
      '/f.png',
      'colour:#112233',
      '/l.png',
      'colour:#112233',
      '/t.png',
      'colour:#112233',
      '/f.png',
    ]);
    // The user's placement moves the main faces; the others cover their areas; faces are never cropped.
    expect(out.get(0)).toEqual({ url: '/f.png', crop: null, placement: { scale: 0.8 } });
    expect(out.get(2)).toEqual({ url: '/l.png', crop: null, placement: {} });
  });

  it('items override their surfaces, the later one winning, and out-of-range items are ignored', () => {
    const items = [
      { surface: 2, url: '/a.png', crop: null, placement: {} },
      { surface: 0, url: '/b.png', crop: null, placement: { rotation: 90 } },
      { surface: 2, url: '/c.png', crop: null, placement: {} },
      { surface: 9, url: '/z.png', crop: null, placement: {} },
    ];
    const out = assignSurfaces(box, { main, design: null, items });
    expect([...out.entries()].map(([i, s]) => [i, urlOf(s)])).toEqual([
      [0, '/b.png'],
      [2, '/c.png'],
    ]);
    expect(out.get(0)).toMatchObject({ placement: { rotation: 90 } });
  });

  it('faceFor: a wrap or a photographed label falls back to the front, a front to the wrap, other roles to nothing', () => {
    expect(faceFor({ front: 'f' }, 'wrap')).toBe('f');
    expect(faceFor({ front: 'f' }, 'label')).toBe('f');
    expect(faceFor({ front: 'f', wrap: 'w' }, 'label')).toBe('w');
    expect(faceFor({ front: 'f', wrap: 'w' }, 'wrap')).toBe('w');
    expect(faceFor({ front: 'f' }, 'back')).toBeUndefined();
    // A bottle's design (one wrap face) on a box shows on its front.
    expect(faceFor({ wrap: 'w' }, 'front')).toBe('w');
    expect(faceFor({ wrap: 'w' }, 'left')).toBeUndefined();
  });
});

/** A vertical cylinder's silhouette: the body (band plus end ellipses) and, optionally, a neck above it. */
function cylinderMask(c: CylinderGeometry, neck: number): { data: Uint8Array; width: number; height: number } {
  const width = 200;
  const height = 300;
  const data = new Uint8Array(width * height);
  const [cx, cy] = c.centre;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const dx = Math.abs(x + 0.5 - cx);
      const t = y + 0.5 - cy;
      const body = dx <= c.radius && Math.abs(t) <= c.length / 2 + c.ellipse;
      const neckPart = dx <= c.radius * 0.3 && t < -(c.length / 2 + c.ellipse) && t >= -(c.length / 2 + c.ellipse) - neck;
      if (body || neckPart) data[y * width + x] = 255;
    }
  }
  return { data, width, height };
}

describe('customTemplateKind', () => {
  const c: CylinderGeometry = {
    axis: [0, 1],
    centre: [100, 170],
    radius: 40,
    length: 150,
    ellipse: 6,
    tilt: 0.15,
    corners: [
      [60, 95],
      [140, 95],
      [140, 245],
      [60, 245],
    ],
  };

  it('a flat face is a box on white board', () => {
    expect(customTemplateKind('quad', undefined, null)).toMatchObject({ category: 'Boxes', material: 'WHITE_BOARD' });
  });

  it('a label band with a neck beyond it is a bottle; without, a can or jar', () => {
    const bottle = cylinderMask(c, 50);
    expect(overhang(c, bottle)).toBeGreaterThan(45);
    expect(customTemplateKind('cylinder', c, bottle)).toMatchObject({ category: 'Bottles & Jugs', material: 'PLASTIC_GLOSSY' });
    const can = cylinderMask(c, 0);
    expect(overhang(c, can)).toBeLessThan(2);
    expect(customTemplateKind('cylinder', c, can)).toMatchObject({ category: 'Cans & Jars', material: 'PLASTIC_GLOSSY' });
    // A short cap (under 0.35 radii) is still a jar.
    expect(customTemplateKind('cylinder', c, cylinderMask(c, 10))).toMatchObject({ category: 'Cans & Jars' });
  });
});

describe('utcDay', () => {
  it('is the UTC calendar day', () => {
    expect(utcDay(new Date('2026-11-27T23:59:59.999Z'))).toBe('2026-11-27');
    expect(utcDay(new Date('2026-11-28T00:00:00.000Z'))).toBe('2026-11-28');
  });
});
