import type { Vec3 } from './math.js';

/**
 * Named parts of a product surface. Each triangle belongs to one slot; the
 * packshot decides per slot which texture and which material it gets, so a box
 * face, a bottle label and a bottle cap can look different on one mesh.
 */
export const SLOTS = [
  'front',
  'back',
  'left',
  'right',
  'top',
  'bottom',
  'wrap',
  'body',
  'cap',
  'rim',
  'inner',
  // Parts that carry no artwork: each gets a flat material of its own (rubber, metal, clear plastic…),
  // and tests find a pack's closure, lid or seal by its slot.
  'collar',
  'bulb',
  'nozzle',
  'trigger',
  'capsule',
  'cork',
  'metal',
  'lid',
  'straw',
  'handle',
  'seal',
  'zipper',
  'crimp',
  'glass',
  'hole',
  'tape',
] as const;
export type Slot = (typeof SLOTS)[number];

const SLOT_INDEX: Readonly<Record<Slot, number>> = Object.fromEntries(SLOTS.map((s, i) => [s, i])) as Record<Slot, number>;

export const slotIndex = (slot: Slot): number => SLOT_INDEX[slot];

/**
 * Indexed triangle mesh in millimetres. Front faces wind counter-clockwise when
 * seen from outside, and vertex normals point outwards.
 */
export interface Mesh {
  /** xyz per vertex. */
  readonly positions: Float32Array;
  /** Unit normal xyz per vertex. */
  readonly normals: Float32Array;
  /** uv per vertex, v = 0 at the top of the texture image. */
  readonly uvs: Float32Array;
  /** Three vertex indices per triangle. */
  readonly indices: Uint32Array;
  /** Slot index (see {@link SLOTS}) per triangle: the triangle's material id. */
  readonly slots: Uint8Array;
}

export interface Bounds {
  readonly min: Vec3;
  readonly max: Vec3;
}

/** Accumulates vertices and triangles, then packs them into typed arrays. */
export class MeshBuilder {
  private readonly pos: number[] = [];
  private readonly nrm: number[] = [];
  private readonly uv: number[] = [];
  private readonly idx: number[] = [];
  private readonly slot: number[] = [];

  get vertexCount(): number {
    return this.pos.length / 3;
  }

  vertex(p: Vec3, n: Vec3, u: number, v: number): number {
    this.pos.push(p[0], p[1], p[2]);
    const len = Math.hypot(n[0], n[1], n[2]) || 1;
    this.nrm.push(n[0] / len, n[1] / len, n[2] / len);
    this.uv.push(u, v);
    return this.pos.length / 3 - 1;
  }

  triangle(a: number, b: number, c: number, slot: Slot): void {
    this.idx.push(a, b, c);
    this.slot.push(slotIndex(slot));
  }

  /** Quad a-b-c-d, counter-clockwise seen from its front. */
  quad(a: number, b: number, c: number, d: number, slot: Slot): void {
    this.triangle(a, b, c, slot);
    this.triangle(a, c, d, slot);
  }

  /** Appends another mesh (e.g. a cap onto a bottle body). */
  append(mesh: Mesh): void {
    const base = this.vertexCount;
    for (const v of mesh.positions) this.pos.push(v);
    for (const v of mesh.normals) this.nrm.push(v);
    for (const v of mesh.uvs) this.uv.push(v);
    for (const i of mesh.indices) this.idx.push(i + base);
    for (const s of mesh.slots) this.slot.push(s);
  }

  build(): Mesh {
    return {
      positions: Float32Array.from(this.pos),
      normals: Float32Array.from(this.nrm),
      uvs: Float32Array.from(this.uv),
      indices: Uint32Array.from(this.idx),
      slots: Uint8Array.from(this.slot),
    };
  }
}

export function meshBounds(mesh: Mesh): Bounds {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  const p = mesh.positions;
  for (let i = 0; i < p.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = p[i + k]!;
      if (v < min[k]!) min[k] = v;
      if (v > max[k]!) max[k] = v;
    }
  }
  return { min: [min[0]!, min[1]!, min[2]!], max: [max[0]!, max[1]!, max[2]!] };
}

export const triangleCount = (mesh: Mesh): number => mesh.indices.length / 3;

/**
 * Moves every vertex through `f` and carries the normals along with the
 * cofactor of the numerical Jacobian, which stays valid where `f` squashes a
 * dimension to nothing (a tube's crimped end).
 */
export function deformMesh(mesh: Mesh, f: (p: Vec3) => Vec3): Mesh {
  const positions = new Float32Array(mesh.positions.length);
  const normals = new Float32Array(mesh.normals.length);
  const eps = 1e-3;
  for (let i = 0; i < mesh.positions.length; i += 3) {
    const p: Vec3 = [mesh.positions[i]!, mesh.positions[i + 1]!, mesh.positions[i + 2]!];
    const q = f(p);
    positions[i] = q[0];
    positions[i + 1] = q[1];
    positions[i + 2] = q[2];
    // Columns of the Jacobian: d f / d x, d f / d y, d f / d z.
    const column = (qe: Vec3): Vec3 => [(qe[0] - q[0]) / eps, (qe[1] - q[1]) / eps, (qe[2] - q[2]) / eps];
    const c0 = column(f([p[0] + eps, p[1], p[2]]));
    const c1 = column(f([p[0], p[1] + eps, p[2]]));
    const c2 = column(f([p[0], p[1], p[2] + eps]));
    // cof(J) n = (c1 x c2) n0 + (c2 x c0) n1 + (c0 x c1) n2.
    const n0 = mesh.normals[i]!;
    const n1 = mesh.normals[i + 1]!;
    const n2 = mesh.normals[i + 2]!;
    const a = crossArr(c1, c2);
    const b = crossArr(c2, c0);
    const c = crossArr(c0, c1);
    let nx = a[0] * n0 + b[0] * n1 + c[0] * n2;
    let ny = a[1] * n0 + b[1] * n1 + c[1] * n2;
    let nz = a[2] * n0 + b[2] * n1 + c[2] * n2;
    const len = Math.hypot(nx, ny, nz) || 1;
    nx /= len;
    ny /= len;
    nz /= len;
    normals[i] = nx;
    normals[i + 1] = ny;
    normals[i + 2] = nz;
  }
  return { positions, normals, uvs: mesh.uvs, indices: mesh.indices, slots: mesh.slots };
}

function crossArr(a: Vec3, b: Vec3): Vec3 {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]];
}

/** Mean radius about the Y axis and height span of the triangles in `slot` (e.g. the label area of a wrap). */
export function slotExtent(mesh: Mesh, slot: Slot): { radius: number; height: number } | undefined {
  const want = slotIndex(slot);
  let sumR = 0;
  let count = 0;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let t = 0; t < mesh.slots.length; t++) {
    if (mesh.slots[t] !== want) continue;
    for (let k = 0; k < 3; k++) {
      const i = mesh.indices[t * 3 + k]! * 3;
      const x = mesh.positions[i]!;
      const y = mesh.positions[i + 1]!;
      const z = mesh.positions[i + 2]!;
      sumR += Math.hypot(x, z);
      count++;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
    }
  }
  return count ? { radius: sumR / count, height: maxY - minY } : undefined;
}
