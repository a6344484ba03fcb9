import { describe, expect, it } from 'vitest';
import { slotIndex, SLOTS } from './mesh.js';
import { frameCamera, slotMaterials, studioLighting } from './packshot.js';
import { rasterize, type Lighting, type SurfaceMaterial } from './rasterizer.js';
import { buildShape, type ShapeSpec } from './shapes.js';
import { BLANK_PRINT_BYTE, renderGroupSurfaceMaps, renderSurfaceMaps } from './surface-maps.js';
import { linearToSrgb255, prepareTexture, SRGB_TO_LINEAR, type Texture } from './texture.js';

const BOX: ShapeSpec = { kind: 'box', width: 60, height: 150, depth: 40 };
const CAN: ShapeSpec = { kind: 'cylinder', variant: 'can', diameter: 66, height: 115 };

/** A texture whose red byte is 16 + x and green byte 16 + y: the texel a pixel shows can be read back from its colour. */
function ramp(width: number, height: number): Texture {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([16 + x, 16 + y, 0, 255], (y * width + x) * 4);
  return { width, height, data };
}

/** Only ambient white light of 1 and no reflections: the rendered linear colour is the texture's. */
const FLAT_LIGHT: Lighting = {
  key: { direction: [0, 1, 0], color: [0, 0, 0] },
  fill: { direction: [0, 1, 0], color: [0, 0, 0] },
  ambientSky: [1, 1, 1],
  ambientGround: [1, 1, 1],
  envTop: [0, 0, 0],
  envBottom: [0, 0, 0],
  strips: [
    { dirX: 1, dirZ: 0, intensity: 0 },
    { dirX: -1, dirZ: 0, intensity: 0 },
  ],
  floorOcclusion: 0,
};

describe('rasterizer G-buffer', () => {
  it('leaves the colour output as it is', () => {
    const mesh = buildShape(BOX);
    const cam = frameCamera(mesh, 25, 10, 18, 128, 0.8);
    const tex = ramp(64, 64);
    const materials = slotMaterials({ shape: BOX, textures: { front: tex, side: tex } }, mesh);
    const scene = { mesh, materials, viewProj: cam.viewProj, eye: cam.eye, lighting: studioLighting(25, [0.8, 0.8, 0.8], 150) };
    const plain = rasterize(scene, { width: 128, height: 128, region: cam.region });
    const surfaceOfSlot = new Uint8Array(SLOTS.length);
    surfaceOfSlot[slotIndex('front')] = 1;
    const withMaps = rasterize(scene, { width: 128, height: 128, region: cam.region, gbuffer: { surfaceOfSlot } });
    expect(plain.gbuffer).toBeUndefined();
    expect(withMaps.rgba).toEqual(plain.rgba);
    expect(withMaps.gbuffer?.surface.some((s) => s === 1)).toBe(true);
  });

  it.each([
    ['box front', BOX, 'front', 25],
    ['can wrap', CAN, 'wrap', 0],
  ] as const)('gives the texture coordinates the renderer samples (%s)', (_name, shape, slot, yaw) => {
    const size = 384;
    const mesh = buildShape(shape);
    const cam = frameCamera(mesh, yaw, 10, 18, size, 0.8);
    // Fewer texels than pixels: sampled at mip level 0, whose bytes hold the ramp exactly.
    const tex = ramp(64, 64);
    const flat: SurfaceMaterial = { baseColor: [0, 0, 0], roughness: 1, specular: 0, reflectance: 0, metallic: 0, opacity: 1, texture: prepareTexture(tex) };
    const materials: (SurfaceMaterial | undefined)[] = SLOTS.map(() => ({ ...flat, texture: undefined }));
    materials[slotIndex(slot)] = flat;
    const surfaceOfSlot = new Uint8Array(SLOTS.length);
    surfaceOfSlot[slotIndex(slot)] = 1;
    const img = rasterize(
      { mesh, materials, viewProj: cam.viewProj, eye: cam.eye, lighting: FLAT_LIGHT },
      { width: size, height: size, region: cam.region, gbuffer: { surfaceOfSlot } },
    );
    const g = img.gbuffer!;
    let worst = 0;
    let sum = 0;
    let checked = 0;
    for (let y = 2; y < img.height - 2; y++) {
      for (let x = 2; x < img.width - 2; x++) {
        const i = y * img.width + x;
        // Well inside the surface: the colour there is one texture sample, unblended with an edge.
        if (g.surface[i] !== 1 || g.coverage[i] !== 1) continue;
        if (g.surface[i - 2] !== 1 || g.surface[i + 2] !== 1 || g.surface[i - 2 * img.width] !== 1 || g.surface[i + 2 * img.width] !== 1) continue;
        const tu = g.u[i]! * 64 - 0.5;
        const tv = g.v[i]! * 64 - 0.5;
        if (tu < 2 || tu > 61 || tv < 2 || tv > 61) continue;
        const readU = linearToSrgb255(img.rgba[i * 4]!) - 16;
        const readV = linearToSrgb255(img.rgba[i * 4 + 1]!) - 16;
        worst = Math.max(worst, Math.abs(readU - tu), Math.abs(readV - tv));
        sum += Math.abs(readU - tu) + Math.abs(readV - tv);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(1000);
    // Texels: the uv map points where the renderer samples the texture.
    expect(worst).toBeLessThan(0.1);
    expect(sum / (2 * checked)).toBeLessThan(0.02);
  });
});

describe('renderSurfaceMaps', () => {
  it('is deterministic, and maps every printable face of a box', () => {
    const a = renderSurfaceMaps({ shape: BOX, size: 128 });
    const b = renderSurfaceMaps({ shape: BOX, size: 128 });
    expect(Buffer.from(a.rgba).equals(Buffer.from(b.rgba))).toBe(true);
    expect(a.shading).toEqual(b.shading);
    expect(a.surfaces).toEqual(['front', 'back', 'left', 'right', 'top', 'bottom']);
    const seen = new Set(a.surface);
    // Default view: the front, the right side and the top.
    expect([...seen].sort()).toEqual([0, 1, 4, 5]);
  });

  it('lights the blank print as the packshot does: albedo × shading + specular gives the blank scene', () => {
    const r = renderSurfaceMaps({ shape: BOX, size: 160 });
    let n = 0;
    let err = 0;
    for (let i = 0; i < r.surface.length; i++) {
      if (r.surface[i] === 0 || r.coverage[i] !== 1) continue;
      const predicted = Math.min(1, SRGB_TO_LINEAR[BLANK_PRINT_BYTE]! * r.shading[i]! + r.specular[i]!);
      const lin = SRGB_TO_LINEAR[r.rgba[i * 4 + 1]!]!;
      err += Math.abs(predicted - lin);
      n++;
    }
    expect(n).toBeGreaterThan(1000);
    // The renderer rolls highlights off above 0.8 where the maps are linear: close, not equal.
    expect(err / n).toBeLessThan(0.12);
  });

  it('lights daylight scenes differently from the studio', () => {
    const studio = renderSurfaceMaps({ shape: CAN, size: 96 });
    const day = renderSurfaceMaps({ shape: CAN, size: 96, light: 'daylight' });
    expect(studio.surfaces).toEqual(['wrap']);
    expect(day.shading).not.toEqual(studio.shading);
    expect(day.u).toEqual(studio.u);
  });
});

describe('renderGroupSurfaceMaps', () => {
  it('numbers the surfaces of every item in turn and shows each item, left to right', () => {
    const g = renderGroupSurfaceMaps({ items: [{ shape: BOX }, { shape: CAN }], size: 96, camera: { yawDeg: 0, pitchDeg: 5 } });
    expect(g.surfaces).toEqual(['front', 'back', 'left', 'right', 'top', 'bottom', 'wrap']);
    expect(g.surfaceItems).toEqual([0, 0, 0, 0, 0, 0, 1]);
    // Mean x of the box's front and of the can's wrap: the box stands left of the can.
    const meanX = (n: number): number => {
      let sum = 0;
      let count = 0;
      for (let i = 0; i < g.surface.length; i++) {
        if (g.surface[i] !== n) continue;
        sum += i % 96;
        count++;
      }
      expect(count).toBeGreaterThan(50);
      return sum / count;
    };
    expect(meanX(1)).toBeLessThan(meanX(7));
  });

  it('takes 2 or 3 items', () => {
    expect(() => renderGroupSurfaceMaps({ items: [{ shape: BOX }], size: 32 })).toThrow(/2 to 3 items/);
    expect(() => renderGroupSurfaceMaps({ items: [{ shape: BOX }, { shape: BOX }, { shape: BOX }, { shape: BOX }], size: 32 })).toThrow(/2 to 3 items/);
  });
});
