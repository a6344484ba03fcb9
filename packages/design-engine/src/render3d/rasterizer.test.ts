import { describe, expect, it } from 'vitest';
import { lookAt, multiply, perspective, type Vec3 } from './math.js';
import type { MaterialParams } from './materials.js';
import { MeshBuilder, slotIndex, type Mesh, type Slot } from './mesh.js';
import { rasterize, type Lighting, type RasterImage, type SurfaceMaterial } from './rasterizer.js';
import { linearToSrgbByte, prepareTexture, SRGB_TO_LINEAR, type Texture } from './texture.js';

const SIZE = 64;
// At distance 10 a field of view of 2·atan(0.1) spans exactly [-1, 1] in x and y.
const FOV = (2 * Math.atan(0.1) * 180) / Math.PI;
const EYE: Vec3 = [0, 0, 10];
const VIEW_PROJ = multiply(perspective(FOV, 1, 1, 100), lookAt(EYE, [0, 0, 0]));

const dark = { direction: [0, 0, 1] as Vec3, color: [0, 0, 0] as const };
/** Ambient light of 1 and nothing else: a surface shows exactly its albedo. */
const UNLIT: Lighting = {
  key: dark,
  fill: dark,
  ambientSky: [1, 1, 1],
  ambientGround: [1, 1, 1],
  envTop: [0, 0, 0],
  envBottom: [0, 0, 0],
  strips: [
    { dirX: 0, dirZ: 1, intensity: 0 },
    { dirX: 0, dirZ: 1, intensity: 0 },
  ],
  floorOcclusion: 0,
};
const MATT: MaterialParams = { baseColor: [0.5, 0.5, 0.5], roughness: 1, specular: 0, reflectance: 0, metallic: 0, opacity: 1 };

function materials(entries: Partial<Record<Slot, SurfaceMaterial>>): (SurfaceMaterial | undefined)[] {
  const out: (SurfaceMaterial | undefined)[] = [];
  for (const [slot, m] of Object.entries(entries) as [Slot, SurfaceMaterial][]) out[slotIndex(slot)] = m;
  return out;
}

/** Axis-aligned quad at depth z facing +Z (towards the camera), counter-clockwise. */
function quad(b: MeshBuilder, x0: number, y0: number, x1: number, y1: number, z: number, slot: Slot, normal: Vec3 = [0, 0, 1]): void {
  const bl = b.vertex([x0, y0, z], normal, 0, 1);
  const br = b.vertex([x1, y0, z], normal, 1, 1);
  const tr = b.vertex([x1, y1, z], normal, 1, 0);
  const tl = b.vertex([x0, y1, z], normal, 0, 0);
  b.quad(bl, br, tr, tl, slot);
}

function pixel(img: RasterImage, x: number, y: number): [number, number, number, number] {
  const o = ((y - img.y) * img.width + (x - img.x)) * 4;
  return [img.rgba[o]!, img.rgba[o + 1]!, img.rgba[o + 2]!, img.rgba[o + 3]!];
}

const srgb = (p: readonly number[]): number[] => p.slice(0, 3).map(linearToSrgbByte);

/** 4×4 blocks of distinct colours, each block 16 texels. */
function checkerTexture(): { tex: Texture; colorAt: (bx: number, by: number) => [number, number, number] } {
  const colorAt = (bx: number, by: number): [number, number, number] => [30 + bx * 50, 200 - by * 45, 60 + ((bx + by) % 2) * 120];
  const data = new Uint8Array(64 * 64 * 4);
  for (let y = 0; y < 64; y++) {
    for (let x = 0; x < 64; x++) {
      const c = colorAt(x >> 4, y >> 4);
      data.set([c[0], c[1], c[2], 255], (y * 64 + x) * 4);
    }
  }
  return { tex: { width: 64, height: 64, data }, colorAt };
}

const draw = (mesh: Mesh, mats: (SurfaceMaterial | undefined)[], lighting: Lighting = UNLIT, extra: { samples?: 1 | 4; cull?: boolean } = {}): RasterImage =>
  rasterize({ mesh, materials: mats, viewProj: VIEW_PROJ, eye: EYE, lighting }, { width: SIZE, height: SIZE, ...extra });

describe('rasterize', () => {
  it('reproduces the texture of a quad facing the camera', () => {
    const { tex, colorAt } = checkerTexture();
    const b = new MeshBuilder();
    quad(b, -1, -1, 1, 1, 0, 'front');
    const img = draw(b.build(), materials({ front: { ...MATT, texture: prepareTexture(tex) } }));
    // Each 16-pixel block maps onto 16 texels; check the middle of every block.
    for (let by = 0; by < 4; by++) {
      for (let bx = 0; bx < 4; bx++) {
        const p = pixel(img, bx * 16 + 8, by * 16 + 8);
        expect(p[3]).toBeCloseTo(1, 5);
        const got = srgb(p);
        const want = colorAt(bx, by);
        for (let k = 0; k < 3; k++) expect(Math.abs(got[k]! - want[k]!)).toBeLessThanOrEqual(2);
      }
    }
  });

  it('leaves pixels outside the geometry transparent', () => {
    const b = new MeshBuilder();
    quad(b, -0.5, -0.5, 0.5, 0.5, 0, 'front');
    const img = draw(b.build(), materials({ front: MATT }));
    expect(pixel(img, 2, 2)[3]).toBe(0);
    expect(pixel(img, 32, 32)[3]).toBeCloseTo(1, 5);
  });

  it('hides a far triangle behind a near one whatever the drawing order', () => {
    const red = { ...MATT, baseColor: [0.6, 0, 0] as const };
    const green = { ...MATT, baseColor: [0, 0.6, 0] as const };
    for (const nearFirst of [true, false]) {
      const b = new MeshBuilder();
      if (nearFirst) quad(b, -0.5, -0.5, 0.5, 0.5, 1, 'front');
      quad(b, -0.8, -0.8, 0.8, 0.8, -1, 'back');
      if (!nearFirst) quad(b, -0.5, -0.5, 0.5, 0.5, 1, 'front');
      const img = draw(b.build(), materials({ front: red, back: green }));
      const centre = pixel(img, 32, 32);
      expect(centre[0]).toBeCloseTo(0.6, 4);
      expect(centre[1]).toBeCloseTo(0, 4);
      // Where only the far quad is, it shows.
      const rim = pixel(img, 11, 32);
      expect(rim[1]).toBeCloseTo(0.6, 4);
    }
  });

  it('culls triangles facing away from the camera unless told not to', () => {
    const b = new MeshBuilder();
    // Clockwise from the camera: its back is towards us.
    const n: Vec3 = [0, 0, -1];
    const a = b.vertex([-0.5, -0.5, 0], n, 0, 0);
    const c = b.vertex([0.5, 0.5, 0], n, 0, 0);
    const d = b.vertex([0.5, -0.5, 0], n, 0, 0);
    b.triangle(a, c, d, 'front');
    const mesh = b.build();
    const culled = draw(mesh, materials({ front: MATT }));
    expect(pixel(culled, 40, 40)[3]).toBe(0);
    const kept = draw(mesh, materials({ front: MATT }), UNLIT, { cull: false });
    expect(pixel(kept, 40, 40)[3]).toBeCloseTo(1, 5);
  });

  it('lights a face turned towards the light more than one turned away', () => {
    const lit: Lighting = { ...UNLIT, ambientSky: [0.1, 0.1, 0.1], ambientGround: [0.1, 0.1, 0.1], key: { direction: [-0.6, 0, 0.8], color: [1, 1, 1] } };
    const b = new MeshBuilder();
    // Left quad's normal leans towards the light (to the left), the right one's away from it.
    quad(b, -0.9, -0.5, -0.1, 0.5, 0, 'left', [-0.5, 0, 0.866]);
    quad(b, 0.1, -0.5, 0.9, 0.5, 0, 'right', [0.5, 0, 0.866]);
    const img = draw(b.build(), materials({ left: MATT, right: MATT }), lit);
    const towards = pixel(img, 16, 32)[0];
    const away = pixel(img, 48, 32)[0];
    expect(towards).toBeGreaterThan(away * 1.5);
    // Lambert: albedo × (ambient + N·L).
    expect(towards).toBeCloseTo(0.5 * (0.1 + 0.5 * 0.6 + 0.866 * 0.8), 2);
  });

  it('adds a highlight on a glossy surface in the mirror direction of the light', () => {
    const lit: Lighting = { ...UNLIT, ambientSky: [0.2, 0.2, 0.2], ambientGround: [0.2, 0.2, 0.2], key: { direction: [0, 0, 1], color: [0.5, 0.5, 0.5] } };
    const b = new MeshBuilder();
    quad(b, -1, -1, 1, 1, 0, 'front');
    const mesh = b.build();
    const matt = pixel(draw(mesh, materials({ front: MATT }), lit), 32, 32)[0];
    const glossy = pixel(draw(mesh, materials({ front: { ...MATT, roughness: 0.2, specular: 0.8 } }), lit), 32, 32)[0];
    expect(glossy).toBeGreaterThan(matt + 0.2);
  });

  it('anti-aliases silhouettes with multisampling', () => {
    const b = new MeshBuilder();
    // A slanted edge crosses many pixels part-way.
    const n: Vec3 = [0, 0, 1];
    b.triangle(b.vertex([-0.9, -0.9, 0], n, 0, 0), b.vertex([0.9, -0.9, 0], n, 0, 0), b.vertex([0.9, 0.37, 0], n, 0, 0), 'front');
    const mesh = b.build();
    const partial = (img: RasterImage): number => {
      let count = 0;
      for (let i = 3; i < img.rgba.length; i += 4) if (img.rgba[i]! > 0.01 && img.rgba[i]! < 0.99) count++;
      return count;
    };
    expect(partial(draw(mesh, materials({ front: MATT }), UNLIT, { samples: 1 }))).toBe(0);
    expect(partial(draw(mesh, materials({ front: MATT }), UNLIT, { samples: 4 }))).toBeGreaterThan(40);
  });

  it('filters a minified texture instead of aliasing it', () => {
    // One-texel black and white stripes, 512 across a 32-pixel-wide quad: should average to grey.
    const data = new Uint8Array(512 * 16 * 4);
    for (let y = 0; y < 16; y++) for (let x = 0; x < 512; x++) data.set(x % 2 ? [255, 255, 255, 255] : [0, 0, 0, 255], (y * 512 + x) * 4);
    const b = new MeshBuilder();
    quad(b, -0.5, -0.5, 0.5, 0.5, 0, 'front');
    const img = draw(b.build(), materials({ front: { ...MATT, texture: prepareTexture({ width: 512, height: 16, data }) } }));
    const mid = (SRGB_TO_LINEAR[255]! + SRGB_TO_LINEAR[0]!) / 2;
    for (let x = 20; x < 44; x += 3) expect(pixel(img, x, 32)[0]).toBeCloseTo(mid, 1);
  });
});
