import type { Vec3 } from './math.js';
import { MeshBuilder, type Mesh, type Slot } from './mesh.js';

/*
 * Small building blocks for the parts of a pack that are not surfaces of revolution: a pump's
 * nozzle, a trigger sprayer's shroud, a straw, bag handles. All in millimetres; windings
 * counter-clockwise seen from outside, like every other mesh of the renderer.
 */

/** One mesh holding all of `meshes` (each keeps its slots). */
export function merge(...meshes: readonly Mesh[]): Mesh {
  const b = new MeshBuilder();
  for (const m of meshes) b.append(m);
  return b.build();
}

/** Ridges round a lathe part (a crown cap's flutes, a screw cap's knurl): radius × (1 + depth·cos(count·θ)) between y0 and y1. */
export function flute(mesh: Mesh, count: number, depth: number, y0: number, y1: number): Mesh {
  const positions = new Float32Array(mesh.positions);
  const normals = new Float32Array(mesh.normals);
  for (let i = 0; i < positions.length; i += 3) {
    const y = positions[i + 1]!;
    if (y < y0 || y > y1) continue;
    const x = positions[i]!;
    const z = positions[i + 2]!;
    const theta = Math.atan2(x, z);
    const k = 1 + depth * Math.cos(count * theta);
    positions[i] = x * k;
    positions[i + 2] = z * k;
    // Tilt the normal round the axis by the slope of the ridge, so the flutes catch the light.
    const nx = normals[i]!;
    const nz = normals[i + 2]!;
    const horizontal = Math.hypot(nx, nz);
    if (horizontal < 0.3) continue;
    const tilt = Math.atan(depth * count * Math.sin(count * theta));
    const c = Math.cos(tilt);
    const s = Math.sin(tilt);
    normals[i] = nx * c + nz * s;
    normals[i + 2] = -nx * s + nz * c;
  }
  return { ...mesh, positions, normals };
}

/**
 * Corner cutting (Chaikin): each pass replaces every corner of a closed outline by two points a
 * quarter of the way along its edges. Two passes turn a sketched polygon into a smooth, still
 * convex, outline.
 */
export function roundCorners(outline: readonly (readonly [number, number])[], passes = 2): [number, number][] {
  let pts: [number, number][] = outline.map(([x, y]) => [x, y]);
  for (let p = 0; p < passes; p++) {
    const next: [number, number][] = [];
    for (let k = 0; k < pts.length; k++) {
      const [ax, ay] = pts[k]!;
      const [bx, by] = pts[(k + 1) % pts.length]!;
      next.push([0.75 * ax + 0.25 * bx, 0.75 * ay + 0.25 * by], [0.25 * ax + 0.75 * bx, 0.25 * ay + 0.75 * by]);
    }
    pts = next;
  }
  return pts;
}

const cross = (a: Vec3, b: Vec3): Vec3 => [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
const norm = (a: Vec3): Vec3 => {
  const l = Math.hypot(a[0], a[1], a[2]) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};

/**
 * A round tube along a polyline (a straw, a pump nozzle, a rope handle), frames carried along
 * the path without twisting. `radius` is one value or one per path point; `caps` closes the ends.
 */
export function sweep(path: readonly Vec3[], radius: number | readonly number[], slot: Slot, sides = 14, caps = true): Mesh {
  const b = new MeshBuilder();
  const n = path.length;
  const rad = (i: number): number => (typeof radius === 'number' ? radius : radius[i]!);
  const tangent = (i: number): Vec3 => {
    const a = path[Math.max(0, i - 1)]!;
    const c = path[Math.min(n - 1, i + 1)]!;
    return norm([c[0] - a[0], c[1] - a[1], c[2] - a[2]]);
  };
  let t = tangent(0);
  // Any vector not along the first tangent starts the frame.
  let nrm = norm(cross(t, Math.abs(t[1]) < 0.9 ? [0, 1, 0] : [1, 0, 0]));
  const rings: number[][] = [];
  const ringFrames: [Vec3, Vec3][] = [];
  for (let i = 0; i < n; i++) {
    const ti = tangent(i);
    // Parallel transport: remove the new tangent's component from the previous normal.
    const d = nrm[0] * ti[0] + nrm[1] * ti[1] + nrm[2] * ti[2];
    nrm = norm([nrm[0] - d * ti[0], nrm[1] - d * ti[1], nrm[2] - d * ti[2]]);
    t = ti;
    const bin = cross(t, nrm);
    ringFrames.push([nrm, bin]);
    const p = path[i]!;
    const ring: number[] = [];
    for (let j = 0; j <= sides; j++) {
      const phi = (j / sides) * 2 * Math.PI;
      const c = Math.cos(phi);
      const s = Math.sin(phi);
      const dir: Vec3 = [c * nrm[0] + s * bin[0], c * nrm[1] + s * bin[1], c * nrm[2] + s * bin[2]];
      const r = rad(i);
      ring.push(b.vertex([p[0] + r * dir[0], p[1] + r * dir[1], p[2] + r * dir[2]], dir, j / sides, i / Math.max(1, n - 1)));
    }
    rings.push(ring);
  }
  for (let i = 0; i + 1 < n; i++) {
    for (let j = 0; j < sides; j++) b.quad(rings[i]![j]!, rings[i]![j + 1]!, rings[i + 1]![j + 1]!, rings[i + 1]![j]!, slot);
  }
  if (caps) {
    for (const [i, sign] of [
      [0, -1],
      [n - 1, 1],
    ] as const) {
      const ti = tangent(i);
      const nn: Vec3 = [ti[0] * sign, ti[1] * sign, ti[2] * sign];
      const [fn, fb] = ringFrames[i]!;
      const p = path[i]!;
      const centre = b.vertex(p, nn, 0.5, 0.5);
      const ring: number[] = [];
      for (let j = 0; j <= sides; j++) {
        const phi = (j / sides) * 2 * Math.PI;
        const c = Math.cos(phi) * rad(i);
        const s = Math.sin(phi) * rad(i);
        ring.push(b.vertex([p[0] + c * fn[0] + s * fb[0], p[1] + c * fn[1] + s * fb[1], p[2] + c * fn[2] + s * fb[2]], nn, 0.5, 0.5));
      }
      for (let j = 0; j < sides; j++) {
        if (sign < 0) b.triangle(centre, ring[j + 1]!, ring[j]!, slot);
        else b.triangle(centre, ring[j]!, ring[j + 1]!, slot);
      }
    }
  }
  return b.build();
}

/**
 * A convex outline in the XY plane (counter-clockwise), extruded from z0 to z1 with rounded
 * edges: the side view of a trigger sprayer's shroud or lever. The sides curve over a quarter
 * round of radius `bevel` (default 70 % of the half depth) into flat front and back faces, so
 * the part shades as a moulding, not as a cut-out. `smooth` passes of corner cutting round the
 * outline itself (each inset ring is rounded the same way, so the rings keep in step).
 */
export function extrude(
  outline: readonly (readonly [number, number])[],
  z0: number,
  z1: number,
  slot: Slot,
  opts: { bevel?: number; smooth?: number } = {},
): Mesh {
  const b = new MeshBuilder();
  const n = outline.length;
  const hz = (z1 - z0) / 2;
  const zc = (z0 + z1) / 2;
  const edgeN = outline.map((p, k): [number, number] => {
    const q = outline[(k + 1) % n]!;
    const l = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
    return [(q[1] - p[1]) / l, -(q[0] - p[0]) / l];
  });
  // Keep the bevel inside a thin part: at most 60 % of the outline's inradius (from its centroid).
  const cx = outline.reduce((t, p) => t + p[0], 0) / n;
  const cy = outline.reduce((t, p) => t + p[1], 0) / n;
  const inradius = Math.min(...outline.map((p, k) => Math.abs((cx - p[0]) * edgeN[k]![0] + (cy - p[1]) * edgeN[k]![1])));
  const bv = Math.min(opts.bevel ?? hz * 0.7, hz, inradius * 0.6);
  /**
   * The outline drawn in by `d` at its narrowest, then rounded. It is scaled towards its centroid
   * rather than offset edge by edge: an offset collapses short edges and folds the ring over
   * itself, a scaled convex outline stays convex and keeps its points in step with the others.
   */
  const inset = (d: number): [number, number][] => {
    const f = 1 - d / inradius;
    return roundCorners(
      outline.map(([x, y]): [number, number] => [cx + (x - cx) * f, cy + (y - cy) * f]),
      opts.smooth ?? 0,
    );
  };
  const steps = 4;
  // Rings from the back face round the side to the front face: a quarter round (angle -90° … 0°),
  // the straight middle of the wall, and a quarter round (0° … 90°) into the front face.
  const rings: { z: number; pts: [number, number][]; c: number; s: number }[] = [];
  for (const [from, base] of [
    [-Math.PI / 2, zc - (hz - bv)],
    [0, zc + (hz - bv)],
  ] as const) {
    for (let i = 0; i <= steps; i++) {
      const a = from + (Math.PI / 2) * (i / steps);
      const c = Math.cos(a);
      const s = Math.sin(a);
      rings.push({ z: base + bv * s, pts: inset(bv * (1 - c)), c, s });
    }
  }
  const m = rings[0]!.pts.length;
  // Side normals from each point's neighbours on the widest ring: the outline is smooth, or meant to read so.
  const wide = rings[steps]!.pts;
  const sideN = wide.map((_, k): [number, number] => {
    const p = wide[(k - 1 + m) % m]!;
    const q = wide[(k + 1) % m]!;
    const l = Math.hypot(q[0] - p[0], q[1] - p[1]) || 1;
    return [(q[1] - p[1]) / l, -(q[0] - p[0]) / l];
  });
  const grid = rings.map((r) => r.pts.map(([x, y], k) => b.vertex([x, y, r.z], [sideN[k]![0] * r.c, sideN[k]![1] * r.c, r.s], 0.5, 0.5)));
  for (let i = 0; i + 1 < rings.length; i++) {
    for (let k = 0; k < m; k++) {
      const k1 = (k + 1) % m;
      b.quad(grid[i]![k]!, grid[i]![k1]!, grid[i + 1]![k1]!, grid[i + 1]![k]!, slot);
    }
  }
  for (const [r, sign] of [
    [rings[rings.length - 1]!, 1],
    [rings[0]!, -1],
  ] as const) {
    const ids = r.pts.map(([x, y]) => b.vertex([x, y, r.z], [0, 0, sign], 0.5, 0.5));
    for (let k = 1; k + 1 < m; k++) {
      if (sign > 0) b.triangle(ids[0]!, ids[k]!, ids[k + 1]!, slot);
      else b.triangle(ids[0]!, ids[k + 1]!, ids[k]!, slot);
    }
  }
  return b.build();
}
