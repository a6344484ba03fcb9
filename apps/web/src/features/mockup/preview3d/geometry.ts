/*
 * three.js geometry from the preview model: one small geometry per folded panel (flat, in the
 * panel's own flat space; the pose moves it), or the render3d mesh with one group per slot.
 */
import type { FoldPanel, MeshModel } from '@packsmith/design-engine/preview3d';
import { BufferAttribute, BufferGeometry } from 'three';

/** Board relief is laid out per 100 mm of sheet (uv channel 1). */
export const SHEET_UV_MM = 100;

/**
 * A panel's surface in its flat space. `inside`: the unprinted back of the board, facing −z with
 * the winding reversed, so it draws with the same front-side program as the outside.
 */
export function panelGeometry(panel: FoldPanel, inside = false): BufferGeometry {
  const n = panel.outline.length;
  const position = new Float32Array(n * 3);
  const normal = new Float32Array(n * 3);
  const uv = new Float32Array(n * 2);
  const uv1 = new Float32Array(n * 2);
  panel.outline.forEach(([x, y], i) => {
    position[i * 3] = x;
    position[i * 3 + 1] = -y;
    normal[i * 3 + 2] = inside ? -1 : 1;
    if (panel.print !== 'plain' && !inside) {
      const [u, v] = panel.print.uv[i]!;
      uv[i * 2] = u;
      uv[i * 2 + 1] = v;
    }
    uv1[i * 2] = x / SHEET_UV_MM;
    uv1[i * 2 + 1] = y / SHEET_UV_MM;
  });
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(position, 3));
  g.setAttribute('normal', new BufferAttribute(normal, 3));
  g.setAttribute('uv', new BufferAttribute(uv, 2));
  g.setAttribute('uv1', new BufferAttribute(uv1, 2));
  const index = panel.triangles.slice();
  if (inside) for (let t = 0; t < index.length; t += 3) [index[t + 1], index[t + 2]] = [index[t + 2]!, index[t + 1]!];
  g.setIndex(index);
  g.computeBoundingSphere();
  return g;
}

/** The mesh with its triangles sorted by slot, one draw group per slot; `slots[i]` is group i's slot name. */
export function meshGeometry(model: MeshModel): { geometry: BufferGeometry; slots: string[] } {
  const bySlot = new Map<number, number[]>();
  for (let t = 0; t < model.slots.length; t++) {
    const s = model.slots[t]!;
    let list = bySlot.get(s);
    if (!list) bySlot.set(s, (list = []));
    list.push(model.indices[t * 3]!, model.indices[t * 3 + 1]!, model.indices[t * 3 + 2]!);
  }
  const g = new BufferGeometry();
  g.setAttribute('position', new BufferAttribute(model.positions, 3));
  g.setAttribute('normal', new BufferAttribute(model.normals, 3));
  g.setAttribute('uv', new BufferAttribute(model.uvs, 2));
  const index = new Uint32Array(model.indices.length);
  const slots: string[] = [];
  let at = 0;
  for (const s of [...bySlot.keys()].sort((a, b) => a - b)) {
    const list = bySlot.get(s)!;
    index.set(list, at);
    g.addGroup(at, list.length, slots.length);
    slots.push(model.slotNames[s]!);
    at += list.length;
  }
  g.setIndex(new BufferAttribute(index, 1));
  g.computeBoundingSphere();
  return { geometry: g, slots };
}
