import { describe, expect, it } from 'vitest';
import { meshBounds, slotIndex, triangleCount, type Mesh } from './mesh.js';
import { buildShape, type ShapeSpec } from './shapes.js';

const SHAPES: readonly ShapeSpec[] = [
  { kind: 'box', width: 80, height: 110, depth: 40 },
  { kind: 'cylinder', diameter: 60, height: 100 },
  { kind: 'cylinder', diameter: 66, height: 122, variant: 'can' },
  { kind: 'cylinder', diameter: 80, height: 90, variant: 'jar' },
  { kind: 'bottle', diameter: 70, height: 240 },
  { kind: 'tube', diameter: 40, length: 170 },
  { kind: 'pouch', width: 140, height: 200 },
  { kind: 'cup', topDiameter: 90, bottomDiameter: 60, height: 110 },
];

/** Geometric normal of triangle t from its winding, unnormalised. */
function faceNormal(mesh: Mesh, t: number): [number, number, number] {
  const p = (k: number): [number, number, number] => {
    const i = mesh.indices[t * 3 + k]! * 3;
    return [mesh.positions[i]!, mesh.positions[i + 1]!, mesh.positions[i + 2]!];
  };
  const [a, b, c] = [p(0), p(1), p(2)];
  const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const v = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  return [u[1]! * v[2]! - u[2]! * v[1]!, u[2]! * v[0]! - u[0]! * v[2]!, u[0]! * v[1]! - u[1]! * v[0]!];
}

describe('shape meshes', () => {
  it.each(SHAPES.map((s) => [`${s.kind}${'variant' in s && s.variant ? `/${s.variant}` : ''}`, s] as const))(
    '%s stands on the floor, centred on the Y axis, with windings that agree with its normals',
    (_name, shape) => {
      const mesh = buildShape(shape);
      expect(triangleCount(mesh)).toBeGreaterThan(0);
      const { min, max } = meshBounds(mesh);
      expect(min[1]).toBeCloseTo(0, 6);
      expect((min[0] + max[0]) / 2).toBeCloseTo(0, 3);
      expect((min[2] + max[2]) / 2).toBeCloseTo(0, 1);
      // Back-face culling relies on this: a triangle's winding faces where its normals point.
      let disagree = 0;
      let total = 0;
      for (let t = 0; t < triangleCount(mesh); t++) {
        const n = faceNormal(mesh, t);
        const len = Math.hypot(...n);
        if (len < 1e-9) continue;
        let dot = 0;
        for (let k = 0; k < 3; k++) {
          const i = mesh.indices[t * 3 + k]! * 3;
          dot += (n[0] * mesh.normals[i]! + n[1] * mesh.normals[i + 1]! + n[2] * mesh.normals[i + 2]!) / len;
        }
        total++;
        if (dot <= 0) disagree++;
      }
      expect(total).toBeGreaterThan(0);
      expect(disagree).toBe(0);
    },
  );

  it('builds a box to its dimensions with the front texture upright on +Z', () => {
    const mesh = buildShape({ kind: 'box', width: 80, height: 110, depth: 40 });
    expect(meshBounds(mesh)).toEqual({ min: [-40, 0, -20], max: [40, 110, 20] });
    const front = slotIndex('front');
    const corners: string[] = [];
    for (let t = 0; t < triangleCount(mesh); t++) {
      if (mesh.slots[t] !== front) continue;
      for (let k = 0; k < 3; k++) {
        const i = mesh.indices[t * 3 + k]!;
        const [x, y, z] = [mesh.positions[i * 3]!, mesh.positions[i * 3 + 1]!, mesh.positions[i * 3 + 2]!];
        expect(z).toBe(20);
        corners.push(`${x},${y}:${mesh.uvs[i * 2]},${mesh.uvs[i * 2 + 1]}`);
      }
    }
    // Texture top-left (uv 0,0) at the top-left corner seen from the front.
    expect(corners).toContain('-40,110:0,0');
    expect(corners).toContain('40,0:1,1');
  });

  it('puts a bottle label on the straight part of the body only', () => {
    const mesh = buildShape({ kind: 'bottle', diameter: 70, height: 240 });
    const wrap = slotIndex('wrap');
    let ys: number[] = [];
    for (let t = 0; t < triangleCount(mesh); t++) {
      if (mesh.slots[t] !== wrap) continue;
      for (let k = 0; k < 3; k++) {
        const i = mesh.indices[t * 3 + k]! * 3;
        expect(Math.hypot(mesh.positions[i]!, mesh.positions[i + 2]!)).toBeCloseTo(35, 3);
        ys.push(mesh.positions[i + 1]!);
      }
    }
    ys = ys.sort((a, b) => a - b);
    expect(ys[0]!).toBeGreaterThan(0);
    expect(ys[ys.length - 1]!).toBeLessThan(240 * 0.75);
    expect(meshBounds(mesh).max[1]).toBeCloseTo(240, 6);
  });

  it('flattens a tube towards its crimped end', () => {
    const mesh = buildShape({ kind: 'tube', diameter: 40, length: 170 });
    const { min, max } = meshBounds(mesh);
    expect(max[1]).toBeCloseTo(170, 6);
    // Wider than round across, much thinner front to back at the top.
    expect(max[0] - min[0]).toBeGreaterThan(40 * 1.4);
    let topDepth = 0;
    for (let i = 0; i < mesh.positions.length; i += 3) {
      if (mesh.positions[i + 1]! > 165) topDepth = Math.max(topDepth, Math.abs(mesh.positions[i + 2]!));
    }
    expect(topDepth).toBeLessThan(4);
  });

  it('makes a cup wider at the rim than at the base, open at the top', () => {
    const mesh = buildShape({ kind: 'cup', topDiameter: 90, bottomDiameter: 60, height: 110 });
    const { min, max } = meshBounds(mesh);
    expect(max[0] - min[0]).toBeGreaterThan(90);
    // The inside is drawn: some triangles belong to the inner wall.
    expect(Array.from(mesh.slots).filter((s) => s === slotIndex('inner')).length).toBeGreaterThan(0);
  });
});
