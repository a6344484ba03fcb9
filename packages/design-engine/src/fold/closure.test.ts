import { boxById, type BoxId } from '@packsmith/contracts';
import { describe, expect, it } from 'vitest';
import { DIELINE_REGISTRY, renderDieline } from '../dieline/registry.js';
import type { PanelRole } from '../dieline/types.js';
import { foldDieline, posePanels, posedPoint } from './build.js';
import { cross3, dot3, len3, sub3, type Vec2, type Vec3 } from './geometry.js';
import { foldedBoxIds } from './preview-model.js';
import type { FoldedModel, FoldPanel, Pose } from './types.js';

/*
 * The closed fold has no gap and no overlap between neighbouring faces beyond the board
 * thickness. The outside of a closed pack is a polyhedron: every edge of an outside face meets
 * an edge of another outside face. So, folded to closed (unlayered: every panel on its crease
 * plane, the mid-plane of the board), each free edge of an outside face (one that is not the
 * fold it shares with a neighbouring face) must find a parallel edge of another face of the
 * same piece, and the distance between the two lines is the gap or overlap there. An edge with
 * no neighbour within reach is open (a sleeve's ends, a tray's rim): those are pinned per box,
 * so a closure that falls short (or overshoots) shows up as a new open edge or a gap.
 */

const FACE_ROLES: ReadonlySet<PanelRole> = new Set(['front', 'back', 'left', 'right', 'top', 'bottom', 'lid', 'wall']);
const SCALES = [0.6, 1, 2] as const;
const CALIPERS: Record<string, readonly number[]> = {
  'reverse-tuck-end': [0.4, 1.5],
  'straight-tuck-end': [0.4, 1.5],
  'auto-lock-bottom': [0.4, 1.5],
  sleeve: [0.4, 1.5],
  'two-piece-rigid': [1.5, 2],
  'display-box': [0.4, 1.5],
  'mailer-0427': [1.5, 3],
  'rsc-0201': [1.5, 3],
};
/**
 * The faces of each box with an edge that meets nothing on the closed pack: open ends and rims,
 * a counter display's header (it stands free above the tray) and the auto-lock bottom's walls,
 * whose floor is made of the lock flaps (structural panels, layered by fold.test.ts).
 */
const OPEN: Partial<Record<BoxId, readonly string[]>> = {
  103: ['back', 'front', 'left', 'right'],
  104: ['base-back-wall', 'base-front-wall', 'base-left-wall', 'base-right-wall', 'lid-back-wall', 'lid-front-wall', 'lid-left-wall', 'lid-right-wall'],
  105: ['back', 'front', 'left', 'right'],
  107: ['front-lip', 'header', 'left', 'right'],
  203: ['back', 'front', 'left', 'right'],
};

interface Edge {
  readonly panel: string;
  readonly a: Vec3;
  readonly b: Vec3;
}

const parentOf = (m: FoldedModel) => new Map(m.panels.map((p) => [p.id, p.hinge?.parent]));

function rootOf(parents: Map<string, string | undefined>, id: string): string {
  let at = id;
  for (let p = parents.get(at); p !== undefined; p = parents.get(at)) at = p;
  return at;
}

const sheetEdges = (p: FoldPanel): [Vec2, Vec2][] => p.outline.map((q, i) => [q, p.outline[(i + 1) % p.outline.length]!]);

/** Whether the sheet edge lies along a fold this panel shares with another face (its own hinge or a child's). */
function isFaceFold(m: FoldedModel, p: FoldPanel, [a, b]: [Vec2, Vec2]): boolean {
  const hinges = m.panels.filter(
    (q) =>
      q.hinge && FACE_ROLES.has(q.role) && (q.id === p.id ? FACE_ROLES.has(m.panels.find((r) => r.id === q.hinge!.parent)!.role) : q.hinge.parent === p.id),
  );
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  return hinges.some((q) => {
    const h = q.hinge!;
    const onLine = (v: Vec2) =>
      Math.abs((h.b[0] - h.a[0]) * (v[1] - h.a[1]) - (h.b[1] - h.a[1]) * (v[0] - h.a[0])) / Math.hypot(h.b[0] - h.a[0], h.b[1] - h.a[1]) < 0.01;
    return onLine(a) && onLine(b) && Math.hypot(h.b[0] - h.a[0], h.b[1] - h.a[1]) >= 0.5 * len;
  });
}

function posedEdges(pose: Pose, p: FoldPanel): Edge[] {
  return sheetEdges(p).map(([a, b]) => ({ panel: p.id, a: posedPoint(pose, p.id, a), b: posedPoint(pose, p.id, b) }));
}

/** Gap between two parallel, overlapping edges; undefined when they are not a pair. */
function gap(e: Edge, f: Edge, reach: number): number | undefined {
  const u = sub3(e.b, e.a);
  const le = len3(u);
  const v = sub3(f.b, f.a);
  const lf = len3(v);
  if (le < 0.5 || lf < 0.5) return undefined;
  if (len3(cross3(u, v)) / (le * lf) > Math.sin((2 * Math.PI) / 180)) return undefined;
  const dir: Vec3 = [u[0] / le, u[1] / le, u[2] / le];
  const s0 = dot3(sub3(f.a, e.a), dir);
  const s1 = dot3(sub3(f.b, e.a), dir);
  const lo = Math.max(0, Math.min(s0, s1));
  const hi = Math.min(le, Math.max(s0, s1));
  if (hi - lo < 0.25 * Math.min(le, lf)) return undefined;
  const mid = (lo + hi) / 2;
  const p: Vec3 = [e.a[0] + dir[0] * mid, e.a[1] + dir[1] * mid, e.a[2] + dir[2] * mid];
  const w = sub3(p, f.a);
  const d = len3(cross3(w, v)) / lf;
  return d <= reach ? d : undefined;
}

function closure(m: FoldedModel, reach: number): { worst: { edge: string; gap: number }; open: Record<string, number> } {
  const pose = posePanels(m, { t: 1, layered: false });
  const parents = parentOf(m);
  const faces = m.panels.filter((p) => FACE_ROLES.has(p.role));
  const related = (a: string, b: string) => parents.get(a) === b || parents.get(b) === a;
  let worst = { edge: '', gap: 0 };
  const open: Record<string, number> = {};
  for (const p of faces) {
    const mine = posedEdges(pose, p);
    sheetEdges(p).forEach((se, i) => {
      if (isFaceFold(m, p, se)) return;
      const e = mine[i]!;
      let best: number | undefined;
      for (const q of faces) {
        if (q.id === p.id || related(p.id, q.id) || rootOf(parents, q.id) !== rootOf(parents, p.id)) continue;
        for (const f of posedEdges(pose, q)) {
          const g = gap(e, f, reach);
          if (g !== undefined && (best === undefined || g < best)) best = g;
        }
      }
      if (best === undefined) open[p.id] = (open[p.id] ?? 0) + 1;
      else if (best > worst.gap) worst = { edge: `${p.id}#${i}`, gap: best };
    });
  }
  return { worst, open };
}

describe('the closed fold of every folding box type', () => {
  for (const id of foldedBoxIds()) {
    const entry = DIELINE_REGISTRY[id];
    it(`${id} ${entry.family}: neighbouring faces meet within the board thickness, small to large`, () => {
      const material = boxById(id)!.material;
      let cases = 0;
      for (const k of SCALES) {
        for (const t of CALIPERS[entry.family] ?? []) {
          const sized: Record<string, number> = { thickness: t };
          for (const key of ['length', 'width', 'height', 'lidHeight']) {
            const v = entry.defaults[key];
            if (typeof v === 'number') sized[key] = Math.round(v * k * 10) / 10;
          }
          if (!entry.schema.safeParse({ ...entry.defaults, ...sized }).success) continue;
          const d = renderDieline(id, sized);
          const m = foldDieline(d, material);
          if (!m) throw new Error(`${id} does not fold`);
          const inside = ['length', 'width', 'height'].map((key) => Number(d.params[key])).filter((v) => v > 0);
          const { worst, open } = closure(m, 0.25 * Math.min(...inside));
          expect(worst.gap, `${id} ×${k} t ${t}: ${worst.edge}`).toBeLessThanOrEqual(t + 1e-6);
          expect(Object.keys(open).sort(), `${id} ×${k} t ${t}: faces with open edges`).toEqual(OPEN[id] ?? []);
          cases++;
        }
      }
      expect(cases).toBeGreaterThanOrEqual(4);
    });
  }

  it('measures a closure that falls short: a tube panel 3 mm too narrow leaves a 3 mm gap', () => {
    const d = renderDieline(102, { length: 80, width: 40, height: 120, thickness: 0.4, glueFlap: 12 });
    const m = foldDieline(d, boxById(102)!.material)!;
    const left = m.panels.find((p) => p.id === 'left')!;
    const x0 = Math.min(...left.outline.map(([x]) => x));
    const shrunk: FoldedModel = {
      ...m,
      panels: m.panels.map((p) => (p.id === 'left' ? { ...p, outline: p.outline.map(([x, y]): Vec2 => [x > x0 + 1 ? x - 3 : x, y]) } : p)),
    };
    expect(closure(m, 10).worst.gap).toBeLessThan(1e-6);
    expect(closure(shrunk, 10).worst.gap).toBeCloseTo(3, 6);
  });
});
