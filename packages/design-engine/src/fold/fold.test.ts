import { BOX_TYPES, type BoxId } from '@packsmith/contracts';
import { describe, expect, it } from 'vitest';
import { renderDieline } from '../dieline/registry.js';
import type { Panel } from '../dieline/types.js';
import { panelArt } from '../pipeline/box-model/art.js';
import { boxModel } from '../pipeline/box-model/model.js';
import { SLOTS } from '../render3d/mesh.js';
import { artUp, foldDieline, posePanels, posedPoint } from './build.js';
import type { Vec2, Vec3 } from './geometry.js';
import { foldedBoxIds, previewModel, UnknownPreviewBoxError } from './preview-model.js';
import { FACE_NAMES, type FoldedModel, type Pose } from './types.js';

const ALL_IDS = BOX_TYPES.map((b) => b.id);
/** Folding cartons and corrugated boxes: folded from their dieline (the pillow box's creases are curved: a mesh). */
const FOLDED: readonly BoxId[] = [101, 102, 103, 104, 105, 107, 201, 202, 203, 204];

function folded(id: number): FoldedModel {
  const m = previewModel(id);
  if (m.kind !== 'folded') throw new Error(`box ${id} is not folded`);
  return m;
}

const dist = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

function poseBounds(m: FoldedModel, pose: Pose): { min: Vec3; max: Vec3 } {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const p of m.panels) {
    for (const q of p.outline) {
      const v = posedPoint(pose, p.id, q);
      for (let k = 0; k < 3; k++) {
        min[k] = Math.min(min[k]!, v[k]!);
        max[k] = Math.max(max[k]!, v[k]!);
      }
    }
  }
  return { min: [min[0]!, min[1]!, min[2]!], max: [max[0]!, max[1]!, max[2]!] };
}

describe('previewModel', () => {
  it('gives every catalogue box a model: folding cartons and corrugated boxes folded, the rest as meshes', () => {
    for (const id of ALL_IDS) {
      const m = previewModel(id);
      expect(m.boxId).toBe(id);
      expect(m.kind).toBe(FOLDED.includes(id) ? 'folded' : 'mesh');
    }
    expect(foldedBoxIds()).toEqual(FOLDED);
    // 0 is "no box chosen": the default reverse tuck end box.
    expect(previewModel(0).boxId).toBe(101);
    expect(() => previewModel(999)).toThrow(UnknownPreviewBoxError);
  });

  it('is deterministic', () => {
    for (const id of FOLDED) {
      const m = boxModel(id);
      expect(foldDieline(renderDieline(id), m.material)).toEqual(foldDieline(renderDieline(id), m.material));
    }
  });

  it('takes the material from the catalogue', () => {
    for (const b of BOX_TYPES) expect(previewModel(b.id).material).toBe(b.material);
  });
});

describe('folded cartons', () => {
  it('have one panel per dieline panel, one root per piece and a hinge on a crease for every other panel but locking tabs', () => {
    for (const id of FOLDED) {
      const m = folded(id);
      const d = renderDieline(id);
      expect(m.panels.map((p) => p.id).sort()).toEqual(d.panels.map((p) => p.id).sort());
      const roots = m.panels.filter((p) => !p.hinge).map((p) => p.id);
      expect(roots).toEqual(id === 104 ? ['lid-top', 'base-bottom'] : [m.family === 'mailer-0427' || m.family === 'display-box' ? 'base' : 'front']);
      const seen = new Set<string>();
      for (const p of m.panels) {
        if (p.hinge) {
          // Parents come first, so a pose can be built in one pass.
          expect(seen.has(p.hinge.parent)).toBe(true);
          if (p.hinge.kind === 'rigid') expect(p.role).toBe('lock-flap');
        }
        seen.add(p.id);
        expect(p.triangles.length % 3).toBe(0);
        expect(p.triangles.length / 3).toBe(p.outline.length - 2);
      }
    }
  });

  it('close to a solid the size of the dieline faces (the box model), within the board thickness', () => {
    for (const id of FOLDED) {
      const m = folded(id);
      const shape = boxModel(id).shape;
      if (shape.kind !== 'box') throw new Error('cartons have box shapes');
      const tol = 2 * m.thickness + 0.01;
      expect(Math.abs(m.size.width - shape.width), `${id} width`).toBeLessThanOrEqual(tol);
      expect(Math.abs(m.size.height - shape.height), `${id} height`).toBeLessThanOrEqual(tol);
      expect(Math.abs(m.size.depth - shape.depth), `${id} depth`).toBeLessThanOrEqual(tol);
      // The closed pose fills exactly that box (display space: lid-first boxes lie on their base).
      const b = poseBounds(m, posePanels(m, { t: 1, layered: false }));
      const extent = [b.max[0] - b.min[0], b.max[1] - b.min[1], b.max[2] - b.min[2]].sort((x, y) => x - y);
      const size = [m.size.width, m.size.height, m.size.depth].sort((x, y) => x - y);
      for (let k = 0; k < 3; k++) expect(extent[k]).toBeCloseTo(size[k]!, 6);
      expect(b.min[1]).toBeCloseTo(0, 9);
      expect((b.min[0] + b.max[0]) / 2).toBeCloseTo(0, 6);
      expect((b.min[2] + b.max[2]) / 2).toBeCloseTo(0, 6);
    }
  });

  it('put every outside face of a tube carton, a slotted box and a mailer on the closed solid’s surface', () => {
    for (const id of [101, 102, 103, 105, 201, 202, 203, 204] as const) {
      const m = folded(id);
      const pose = posePanels(m, { t: 1, layered: false });
      const b = poseBounds(m, pose);
      for (const p of m.panels) {
        if (p.print === 'plain') continue;
        const pts = p.outline.map((q) => posedPoint(pose, p.id, q));
        // Each printed panel lies in one of the six planes of the bounding box.
        const onPlane = [0, 1, 2].some((k) => [b.min[k]!, b.max[k]!].some((plane) => pts.every((v) => Math.abs(v[k]! - plane) < 2 * m.thickness + 1e-6)));
        expect(onPlane, `${id} ${p.id}`).toBe(true);
      }
    }
  });

  it('keep hinged panels attached: shared crease ends coincide at every stage of folding and opening', () => {
    for (const id of FOLDED) {
      const m = folded(id);
      for (const t of [0, 0.2, 0.45, 0.7, 0.9, 1]) {
        for (const open of [0, 0.5, 1]) {
          const pose = posePanels(m, { t, open, layered: false });
          const layered = posePanels(m, { t, open });
          for (const p of m.panels) {
            if (!p.hinge) continue;
            for (const end of [p.hinge.a, p.hinge.b]) {
              expect(dist(posedPoint(pose, p.id, end), posedPoint(pose, p.hinge.parent, end)), `${id} ${p.id} t=${t} open=${open}`).toBeLessThan(1e-6);
              // Layered, a flap stands off its crease by its own offset only.
              const gap = dist(posedPoint(layered, p.id, end), posedPoint(layered, p.hinge.parent, end));
              const parent = m.panels.find((q) => q.id === p.hinge!.parent)!;
              expect(gap).toBeLessThanOrEqual(Math.abs(p.offset) + Math.abs(parent.offset) + 1e-6);
            }
          }
        }
      }
    }
  });

  it('lie flat at t = 0: every panel in one plane, the sheet as drawn', () => {
    for (const id of FOLDED) {
      const m = folded(id);
      const pose = posePanels(m, { t: 0 });
      const d = renderDieline(id);
      const front = m.panels.find((p) => !p.hinge)!;
      const o = posedPoint(pose, front.id, [0, 0]);
      const ex = posedPoint(pose, front.id, [1, 0]);
      const ey = posedPoint(pose, front.id, [0, 1]);
      const ax: Vec3 = [ex[0] - o[0], ex[1] - o[1], ex[2] - o[2]];
      const ay: Vec3 = [ey[0] - o[0], ey[1] - o[1], ey[2] - o[2]];
      for (const p of m.panels) {
        if (m.pieces.length > 1 && !m.pieces.some((piece) => piece.root === front.id)) continue;
        const piece = m.pieces.findIndex((q) => q.root === rootOf(m, p.id));
        if (piece !== 0) continue;
        for (const q of p.outline) {
          const v = posedPoint(pose, p.id, q);
          const expected: Vec3 = [o[0] + ax[0] * q[0] + ay[0] * q[1], o[1] + ax[1] * q[0] + ay[1] * q[1], o[2] + ax[2] * q[0] + ay[2] * q[1]];
          expect(dist(v, expected), `${id} ${p.id}`).toBeLessThan(1e-6);
        }
      }
      expect(d.panels.length).toBe(m.panels.length);
    }
  });

  it('swing only the lid and tuck chain when opened', () => {
    for (const id of FOLDED) {
      const m = folded(id);
      const closed = posePanels(m, { t: 1, open: 0 });
      const opened = posePanels(m, { t: 1, open: 1 });
      const moved = m.panels.filter((p) => p.outline.some((q) => dist(posedPoint(closed, p.id, q), posedPoint(opened, p.id, q)) > 1e-6));
      expect(
        moved.every((p) => p.lid),
        `${id}: ${moved.map((p) => p.id).join(', ')}`,
      ).toBe(true);
      expect(moved.length > 0).toBe(m.openable);
    }
    // The tuck ends' top closure, the mailer's lid, the rigid box's whole lid.
    const lid = (id: number) =>
      folded(id)
        .panels.filter((p) => p.lid)
        .map((p) => p.id)
        .sort();
    expect(lid(101)).toEqual(['left-top-dust-flap', 'right-top-dust-flap', 'top', 'top-tuck']);
    expect(lid(201)).toEqual(['lid', 'lid-left-dust-flap', 'lid-right-dust-flap', 'lid-tuck']);
    expect(lid(104).every((p) => p.startsWith('lid-'))).toBe(true);
    expect(folded(105).openable).toBe(false);
    expect(folded(203).openable).toBe(false);
    // Opened, the tuck end's lid stands up off the top.
    const m = folded(101);
    const top = m.panels.find((p) => p.id === 'top')!;
    const heights = top.outline.map((q) => posedPoint(posePanels(m, { open: 1 }), 'top', q)[1]);
    expect(Math.max(...heights)).toBeGreaterThan(m.size.height + 0.8 * m.size.depth);
  });

  it('fold structural flaps inside the faces they tuck behind, never through them', () => {
    for (const id of FOLDED) {
      const m = folded(id);
      const pose = posePanels(m, { t: 1 });
      const b = poseBounds(m, posePanels(m, { t: 1, layered: false }));
      for (const p of m.panels) {
        if (p.print !== 'plain') continue;
        for (const q of p.outline) {
          const v = posedPoint(pose, p.id, q);
          for (let k = 0; k < 3; k++) {
            expect(v[k]!, `${id} ${p.id}`).toBeGreaterThanOrEqual(b.min[k]! - 1e-6);
            expect(v[k]!, `${id} ${p.id}`).toBeLessThanOrEqual(b.max[k]! + 1e-6);
          }
        }
      }
    }
  });
});

/** Which way the panel's artwork points up, in the uv of its face image. */
function uvUp(panel: Panel, uv: readonly Vec2[], outline: readonly Vec2[]): Vec2 {
  // The panel's sheet → uv map is affine: solve it from three outline points.
  const [i, j, k] = bestTriangle(outline);
  const [p0, p1, p2] = [outline[i]!, outline[j]!, outline[k]!];
  const [u0, u1, u2] = [uv[i]!, uv[j]!, uv[k]!];
  const det = (p1[0] - p0[0]) * (p2[1] - p0[1]) - (p2[0] - p0[0]) * (p1[1] - p0[1]);
  const up = artUp(panel.artworkRotation);
  // Sheet space is y down; artUp is in flat 3D space (Y = −y).
  const dx = up[0];
  const dy = -up[1];
  const a = (dx * (p2[1] - p0[1]) - dy * (p2[0] - p0[0])) / det;
  const b = (dy * (p1[0] - p0[0]) - dx * (p1[1] - p0[1])) / det;
  return [(u1[0] - u0[0]) * a + (u2[0] - u0[0]) * b, (u1[1] - u0[1]) * a + (u2[1] - u0[1]) * b];
}

function bestTriangle(pts: readonly Vec2[]): [number, number, number] {
  let best: [number, number, number] = [0, 1, 2];
  let area = 0;
  for (let j = 1; j < pts.length; j++) {
    for (let k = j + 1; k < pts.length; k++) {
      const a = Math.abs((pts[j]![0] - pts[0]![0]) * (pts[k]![1] - pts[0]![1]) - (pts[k]![0] - pts[0]![0]) * (pts[j]![1] - pts[0]![1]));
      if (a > area) {
        area = a;
        best = [0, j, k];
      }
    }
  }
  return best;
}

function rootOf(m: FoldedModel, id: string): string {
  let p = m.panels.find((q) => q.id === id)!;
  while (p.hinge) p = m.panels.find((q) => q.id === p.hinge!.parent)!;
  return p.id;
}

describe('printed panels', () => {
  it('show the part of the face image the design engine drew their artwork on, upright', () => {
    let checked = 0;
    for (const id of FOLDED) {
      const m = folded(id);
      const bm = boxModel(id);
      for (const p of m.panels) {
        if (p.print === 'plain') continue;
        const panel = bm.dieline.panels.find((q) => q.id === p.id)!;
        const key = panelArt(panel).key;
        const canvas = bm.faces[p.print.face];
        const us = p.print.uv.map((u) => u[0]);
        const vs = p.print.uv.map((u) => u[1]);
        const rect = [Math.min(...us), Math.min(...vs), Math.max(...us) - Math.min(...us), Math.max(...vs) - Math.min(...vs)];
        for (const v of [...us, ...vs]) {
          expect(v).toBeGreaterThanOrEqual(-1e-9);
          expect(v).toBeLessThanOrEqual(1 + 1e-9);
        }
        // Full-overlap flaps each cover the whole face; a rigid lid's rim shows the base wall's image it covers.
        if (!canvas || id === 204 || (p.id.startsWith('lid-') && p.role === 'wall')) continue;
        const layers = canvas.layers.filter((l) => typeof l.source !== 'string' && l.source.key === key);
        const match = layers.find((l) =>
          [l.x / canvas.widthMm, l.y / canvas.heightMm, l.w / canvas.widthMm, l.h / canvas.heightMm].every((v, i) => Math.abs(v - rect[i]!) < 0.035),
        );
        expect(match, `${id} ${p.id} on ${p.print.face}`).toBeDefined();
        if (!match) continue;
        // The artwork's up, carried through the uv, points where the face canvas turned it.
        const up = uvUp(panel, p.print.uv, p.outline);
        const n = Math.hypot(up[0], up[1]);
        const expected: Vec2 = ({ 0: [0, -1], 90: [1, 0], 180: [0, 1], 270: [-1, 0] } as const)[match.rotation];
        expect((up[0] * expected[0] + up[1] * expected[1]) / n, `${id} ${p.id} upright`).toBeGreaterThan(0.99);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it('leave tucks, dust flaps, glue flaps and the rest of the structure plain', () => {
    for (const id of FOLDED) {
      for (const p of folded(id).panels) {
        const structural = ['inner-wall', 'tuck', 'dust-flap', 'glue-flap', 'lock-flap', 'ear', 'turn-in'].includes(p.role);
        if (structural) expect(p.print, `${id} ${p.id}`).toBe('plain');
        else expect(p.print, `${id} ${p.id}`).not.toBe('plain');
      }
    }
  });
});

describe('mesh models', () => {
  it('carry the render3d mesh of the box model and dress every slot it uses', () => {
    for (const id of ALL_IDS.filter((i) => !FOLDED.includes(i))) {
      const m = previewModel(id);
      if (m.kind !== 'mesh') throw new Error('mesh expected');
      expect(m.positions.length % 3).toBe(0);
      expect(m.normals.length).toBe(m.positions.length);
      expect(m.uvs.length / 2).toBe(m.positions.length / 3);
      expect(m.slots.length).toBe(m.indices.length / 3);
      expect(m.slotNames).toBe(SLOTS);
      for (const s of new Set(m.slots)) expect(m.looks[SLOTS[s]!], `${id} slot ${SLOTS[s]}`).toBeDefined();
      // Printed slots name a face image; the box model paints the front (or the wrap) of every pack.
      for (const look of Object.values(m.looks)) if (look.kind === 'print') expect(FACE_NAMES).toContain(look.face);
      const faces = Object.keys(boxModel(id).faces);
      expect(faces.includes('front') || faces.includes('wrap'), `${id}`).toBe(true);
      expect(m.size.height).toBeGreaterThan(10);
    }
  });

  it('print a round body’s front panel on its front arc when it has no wrap image', () => {
    const m = previewModel(701);
    if (m.kind !== 'mesh') throw new Error('mesh expected');
    const wrap = m.looks.wrap;
    expect(wrap?.kind).toBe('print');
    if (wrap?.kind !== 'print') return;
    expect(wrap.face).toBe('wrap');
    expect(wrap.fallback?.face).toBe('front');
    // u = 0.5 (the front) stays in the middle of the front image.
    expect(0.5 * wrap.fallback!.uScale + wrap.fallback!.uOffset).toBeCloseTo(0.5, 9);
    expect(wrap.fallback!.uScale).toBeGreaterThan(2);
  });
});
