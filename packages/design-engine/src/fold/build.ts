/*
 * Dieline → fold model. Panels that share a stretch of edge are joined there: at a crease they
 * hinge on the crease line, elsewhere (a locking tab on its wall) they are one rigid body. A
 * breadth-first walk from each piece's root turns the joins into a tree. Every crease folds away
 * from the printed side; the family spec says by how much.
 */
import type { MaterialType } from '@packsmith/contracts';
import type { Dieline, Panel, PanelRole } from '../dieline/types.js';
import { familySpec, type FamilySpec } from './families.js';
import {
  basisRows,
  centroid,
  cross3,
  dot3,
  edges,
  flat3,
  IDENTITY,
  multiply,
  norm3,
  outlinePoints,
  pathSegments,
  rotationAbout,
  type Segment,
  sharedStretch,
  sub3,
  transformDirection,
  transformPoint,
  translation,
  triangulate,
  type Mat4,
  type Vec2,
  type Vec3,
} from './geometry.js';
import type { FoldedModel, FoldPanel, Hinge, PanelPrint, Pose } from './types.js';

/** Roles printed with the design's faces; the rest are structural (background colour). */
const STRUCTURAL: ReadonlySet<PanelRole> = new Set<PanelRole>([
  'inner-wall',
  'tuck',
  'dust-flap',
  'end-flap',
  'glue-flap',
  'lock-flap',
  'ear',
  'turn-in',
  'overlap',
  'seal',
]);

export const isStructural = (role: PanelRole): boolean => STRUCTURAL.has(role);

interface Join {
  readonly a: string;
  readonly b: string;
  readonly stretch: Segment;
  readonly kind: 'crease' | 'rigid';
}

/** Every pair of panels sharing a stretch of edge, and whether a crease runs along it. */
export function panelJoins(d: Dieline): Join[] {
  const outlines = new Map(d.panels.map((p) => [p.id, edges(outlinePoints(p.shape))]));
  const creases = d.creases.flatMap(pathSegments);
  const cuts = d.cuts.flatMap(pathSegments);
  const joins: Join[] = [];
  for (let i = 0; i < d.panels.length; i++) {
    for (let j = i + 1; j < d.panels.length; j++) {
      const pa = d.panels[i]!;
      const pb = d.panels[j]!;
      let best: Segment | undefined;
      for (const ea of outlines.get(pa.id)!) {
        for (const eb of outlines.get(pb.id)!) {
          const s = sharedStretch(ea, eb);
          if (s && (!best || span(s) > span(best))) best = s;
        }
      }
      if (!best) continue;
      if (cuts.some((c) => sharedStretch(best, c))) continue;
      const crease = creases.map((c) => sharedStretch(best, c)).find((s) => s !== undefined);
      joins.push({ a: pa.id, b: pb.id, stretch: crease ?? best, kind: crease ? 'crease' : 'rigid' });
    }
  }
  return joins;
}

const span = (s: Segment) => Math.hypot(s.b[0] - s.a[0], s.b[1] - s.a[1]);

interface Draft {
  readonly panel: Panel;
  readonly outline: Vec2[];
  hinge?: Hinge;
  piece: string;
}

/**
 * The fold model of a folding family's dieline, or undefined for families that are not folded.
 * `material` is the catalogue's for the box.
 */
export function foldDieline(d: Dieline, material: MaterialType): FoldedModel | undefined {
  const spec = familySpec(d);
  if (!spec) return undefined;
  const byId = new Map(d.panels.map((p) => [p.id, p]));
  const joins = panelJoins(d);
  const neighbours = new Map<string, Join[]>();
  for (const j of joins) {
    neighbours.set(j.a, [...(neighbours.get(j.a) ?? []), j]);
    neighbours.set(j.b, [...(neighbours.get(j.b) ?? []), j]);
  }

  // Pieces: connected groups of panels, each rooted at its family root.
  const order: Draft[] = [];
  const seen = new Set<string>();
  const roots: Panel[] = [];
  const component = (start: string): Set<string> => {
    const out = new Set<string>([start]);
    const queue = [start];
    while (queue.length) {
      const id = queue.shift()!;
      for (const j of neighbours.get(id) ?? []) {
        const other = j.a === id ? j.b : j.a;
        if (!out.has(other)) {
          out.add(other);
          queue.push(other);
        }
      }
    }
    return out;
  };
  for (const p of d.panels) {
    if (seen.has(p.id)) continue;
    const members = component(p.id);
    const rootId = spec.roots.find((r) => members.has(r)) ?? largest(d.panels.filter((q) => members.has(q.id))).id;
    const root = byId.get(rootId)!;
    roots.push(root);
    for (const id of members) seen.add(id);
  }
  for (const root of roots) {
    const queue: Draft[] = [{ panel: root, outline: outlinePoints(root.shape), piece: root.id }];
    const visited = new Set<string>([root.id]);
    while (queue.length) {
      const draft = queue.shift()!;
      order.push(draft);
      for (const j of neighbours.get(draft.panel.id) ?? []) {
        const childId = j.a === draft.panel.id ? j.b : j.a;
        if (visited.has(childId)) continue;
        visited.add(childId);
        const child = byId.get(childId)!;
        const closed = j.kind === 'crease' ? spec.closedDeg(child) : 0;
        const open = j.kind === 'crease' ? (spec.openDeg(child) ?? closed) : 0;
        queue.push({
          panel: child,
          outline: outlinePoints(child.shape),
          piece: root.id,
          hinge: { parent: draft.panel.id, a: j.stretch.a, b: j.stretch.b, kind: j.kind, closedDeg: closed, openDeg: open },
        });
      }
    }
  }

  const lift = spec.lift?.(d) ?? {};
  // The lid chain: panels the family swings open, and every panel of a piece lifted off.
  const lidIds = new Set(order.filter((o) => spec.openDeg(o.panel) !== undefined || (lift[o.piece] ?? 0) !== 0).map((o) => o.panel.id));
  // A rigid child is part of its parent's body: same stage, same lid chain.
  for (const o of order) if (o.hinge?.kind === 'rigid' && lidIds.has(o.hinge.parent)) lidIds.add(o.panel.id);
  const stageOf = (o: Draft): number => {
    if (!o.hinge) return 0;
    if (o.hinge.kind === 'rigid') return stageOf(order.find((q) => q.panel.id === o.hinge!.parent)!);
    return Math.min(spec.stages - 1, Math.max(0, spec.stage(o.panel)));
  };

  const places = new Map<string, Mat4>();
  const first = roots[0]!;
  for (const r of roots) places.set(r.id, r === first || !spec.place ? IDENTITY : spec.place(d, r, first));

  const thickness = Number(d.params.thickness ?? 0);
  const skeleton: FoldPanel[] = order.map((o) => ({
    id: o.panel.id,
    role: o.panel.role,
    outline: o.outline,
    triangles: triangulate(o.outline),
    ...(o.hinge ? { hinge: o.hinge } : {}),
    print: 'plain',
    offset: 0,
    lid: lidIds.has(o.panel.id),
    stage: stageOf(o),
  }));
  const pieces = roots.map((r) => ({ root: r.id, place: places.get(r.id)! }));
  const pieceOf = new Map(order.map((o) => [o.panel.id, o.piece]));

  // The closed pack, before layering, in the first piece's flat space.
  const closed = rawPose(skeleton, pieces, 1, 0, false);
  const frontPanel = d.panels.find((p) => p.role === 'front') ?? first;
  const frame = faceFrame(frontPanel, closed.get(frontPanel.id)!);

  const inFrame = (id: string, p: Vec2): Vec3 => transformPoint(frame, transformPoint(closed.get(id)!, flat3(p)));
  const box = bounds(skeleton.flatMap((p) => p.outline.map((q) => inFrame(p.id, q))));
  const pieceCentre = new Map<string, Vec3>();
  for (const r of roots) {
    const pts = skeleton.filter((p) => pieceOf.get(p.id) === r.id).flatMap((p) => p.outline.map((q) => transformPoint(closed.get(p.id)!, flat3(q))));
    const b = bounds(pts);
    pieceCentre.set(r.id, [(b.min[0] + b.max[0]) / 2, (b.min[1] + b.max[1]) / 2, (b.min[2] + b.max[2]) / 2]);
  }

  const panels: FoldPanel[] = skeleton.map((p) => {
    const m = closed.get(p.id)!;
    let offset = 0;
    const layers = p.hinge?.kind === 'crease' ? spec.layer(byId.get(p.id)!) : 0;
    if (layers > 0) {
      // Towards the inside of the closed piece, along the panel's own normal.
      const n = transformDirection(m, [0, 0, 1]);
      const c = centroid(p.outline);
      const toCentre = sub3(pieceCentre.get(pieceOf.get(p.id)!)!, transformPoint(m, flat3(c)));
      offset = (dot3(n, toCentre) >= 0 ? 1 : -1) * layers * Math.max(thickness, 0.3);
    }
    const print = isStructural(p.role)
      ? 'plain'
      : projectPrint(p, (q) => inFrame(p.id, q), transformDirection(frame, transformDirection(m, [0, 0, 1])), box, spec.bottomTop);
    return { ...p, offset, print };
  });

  // Display: the face frame, laid on its base for lid-first boxes, standing on y = 0, centred.
  const lie: Mat4 = spec.lieFlat ? rotationAbout([0, 0, 0], [1, 0, 0], -Math.PI / 2) : IDENTITY;
  const shown = multiply(lie, frame);
  const shownBox = bounds(skeleton.flatMap((p) => p.outline.map((q) => transformPoint(shown, transformPoint(closed.get(p.id)!, flat3(q))))));
  const display = multiply(translation([-(shownBox.min[0] + shownBox.max[0]) / 2, -shownBox.min[1], -(shownBox.min[2] + shownBox.max[2]) / 2]), shown);

  return {
    kind: 'folded',
    boxId: d.boxId,
    family: d.family,
    material,
    thickness,
    panels,
    openable: lidIds.size > 0 || Object.keys(lift).length > 0,
    size: { width: box.max[0] - box.min[0], height: box.max[1] - box.min[1], depth: box.max[2] - box.min[2] },
    lieFlat: spec.lieFlat,
    stages: spec.stages,
    display,
    pieceLift: lift,
    pieces,
  };
}

function largest(panels: readonly Panel[]): Panel {
  return panels.reduce((a, b) => (b.bounds.width * b.bounds.height > a.bounds.width * a.bounds.height ? b : a));
}

interface Box3 {
  readonly min: Vec3;
  readonly max: Vec3;
}

function bounds(points: readonly Vec3[]): Box3 {
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (const p of points) {
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k]!, p[k]!);
      max[k] = Math.max(max[k]!, p[k]!);
    }
  }
  return { min: [min[0]!, min[1]!, min[2]!], max: [max[0]!, max[1]!, max[2]!] };
}

/** Which way is up in a panel's artwork, flat 3D space (artworkRotation turns upright art clockwise on the sheet). */
export function artUp(rotation: Panel['artworkRotation']): Vec3 {
  switch (rotation) {
    case 0:
      return [0, 1, 0];
    case 90:
      return [1, 0, 0];
    case 180:
      return [0, -1, 0];
    case 270:
      return [-1, 0, 0];
  }
}

/**
 * The frame of the design's face images (render3d's box: front towards +Z, up +Y): the front
 * panel's printed normal becomes +Z and its artwork's up +Y.
 */
function faceFrame(front: Panel, m: Mat4): Mat4 {
  const z = norm3(transformDirection(m, [0, 0, 1]));
  const y = norm3(transformDirection(m, artUp(front.artworkRotation)));
  const x = cross3(y, z);
  return basisRows(x, y, z);
}

type BoxFace = PanelPrint['face'];

/**
 * A printed panel's face and uv: the face its closed normal points through, the uv of that
 * face on render3d's box (`boxMesh`: uv (0, 0) at each face's top-left seen from outside),
 * the bottom turned as the family's spec says (FamilySpec.bottomTop).
 */
function projectPrint(p: FoldPanel, at: (q: Vec2) => Vec3, normal: Vec3, box: Box3, bottomTop: FamilySpec['bottomTop']): PanelPrint | 'plain' {
  const axes: readonly [BoxFace, Vec3][] = [
    ['front', [0, 0, 1]],
    ['back', [0, 0, -1]],
    ['right', [1, 0, 0]],
    ['left', [-1, 0, 0]],
    ['top', [0, 1, 0]],
    ['bottom', [0, -1, 0]],
  ];
  const [face, along] = axes.reduce((a, b) => (dot3(b[1], normal) > dot3(a[1], normal) ? b : a));
  // A panel not square to a face (none today) keeps the background colour.
  if (dot3(along, normal) < 0.95) return 'plain';
  const { min, max } = box;
  const W = max[0] - min[0];
  const H = max[1] - min[1];
  const D = max[2] - min[2];
  const uvOf = (q: Vec3): Vec2 => {
    const [x, y, z] = q;
    switch (face) {
      case 'front':
        return [(x - min[0]) / W, (max[1] - y) / H];
      case 'back':
        return [(max[0] - x) / W, (max[1] - y) / H];
      case 'left':
        return [(z - min[2]) / D, (max[1] - y) / H];
      case 'right':
        return [(max[2] - z) / D, (max[1] - y) / H];
      case 'top':
        return [(x - min[0]) / W, (z - min[2]) / D];
      case 'bottom':
        return bottomTop === 'back' ? [(max[0] - x) / W, (z - min[2]) / D] : [(x - min[0]) / W, (max[2] - z) / D];
    }
  };
  return { face, uv: p.outline.map((q) => uvOf(at(q))) };
}

const smoothstep = (x: number): number => (x <= 0 ? 0 : x >= 1 ? 1 : x * x * (3 - 2 * x));

/** How far a panel of `stage` has folded at overall progress t (0 flat … 1 closed): stages overlap by half. */
export function stageProgress(t: number, stage: number, stages: number): number {
  if (t >= 1) return 1;
  if (t <= 0) return 0;
  const unit = 1 / (stages + 0.5);
  return smoothstep((t - stage * unit) / (1.5 * unit));
}

function rawPose(panels: readonly FoldPanel[], pieces: FoldedModel['pieces'], t: number, open: number, layered: boolean, stages = 1): Map<string, Mat4> {
  const out = new Map<string, Mat4>();
  const places = new Map(pieces.map((p) => [p.root, p.place]));
  for (const p of panels) {
    const f = stageProgress(t, p.stage, stages);
    let m: Mat4;
    if (!p.hinge) {
      m = places.get(p.id) ?? IDENTITY;
    } else {
      const parent = out.get(p.hinge.parent) ?? IDENTITY;
      const h = p.hinge;
      if (h.kind === 'rigid') {
        m = parent;
      } else {
        const deg = (h.closedDeg + (h.openDeg - h.closedDeg) * open) * f;
        m = multiply(parent, hingeRotation(p, deg));
      }
    }
    if (layered && p.offset !== 0) m = multiply(m, translation([0, 0, p.offset * f]));
    out.set(p.id, m);
  }
  return out;
}

/** Rotation about a panel's crease by `deg`, positive away from the printed side (flat 3D space of the parent). */
function hingeRotation(p: FoldPanel, deg: number): Mat4 {
  const h = p.hinge!;
  const a = flat3(h.a);
  const b = flat3(h.b);
  const axis = norm3(sub3(b, a));
  const c = flat3(centroid(p.outline));
  // In-plane direction from the crease towards the panel.
  const rel = sub3(c, a);
  const s = norm3(sub3(rel, [axis[0] * dot3(rel, axis), axis[1] * dot3(rel, axis), 0]));
  // d × s = −Z: turning about d by a positive angle sends the panel behind its printed side.
  const d = cross3(s, [0, 0, -1]);
  return rotationAbout(a, d, (deg * Math.PI) / 180);
}

export interface PoseOptions {
  /** 0 flat sheet … 1 closed pack (default 1). */
  readonly t?: number;
  /** 0 closed … 1 open: swings only the lid and tuck chain, lifts a lid off its base (default 0). */
  readonly open?: number;
  /** Layer flaps under the faces as board does (default true); false gives the bare hinge motion. */
  readonly layered?: boolean;
  /** Lift the pose so its lowest point rests on y = 0 (default true). */
  readonly settle?: boolean;
}

/** Each panel's matrix (flat 3D space → display space) at fold progress `t` and opening `open`. */
export function posePanels(model: FoldedModel, options: PoseOptions = {}): Pose {
  const t = clamp01(options.t ?? 1);
  const open = clamp01(options.open ?? 0);
  const raw = rawPose(model.panels, model.pieces, t, open, options.layered ?? true, model.stages);
  const display = model.display;
  const lifts = model.pieceLift;
  const pieceOf = new Map<string, string>();
  for (const p of model.panels) pieceOf.set(p.id, p.hinge ? (pieceOf.get(p.hinge.parent) ?? p.hinge.parent) : p.id);
  const out = new Map<string, Mat4>();
  for (const p of model.panels) {
    const lift = (lifts[pieceOf.get(p.id)!] ?? 0) * smoothstep(open);
    out.set(p.id, multiply(translation([0, lift, 0]), multiply(display, raw.get(p.id)!)));
  }
  if (options.settle ?? true) {
    let minY = Infinity;
    for (const p of model.panels) for (const q of p.outline) minY = Math.min(minY, transformPoint(out.get(p.id)!, flat3(q))[1]);
    if (Number.isFinite(minY) && Math.abs(minY) > 1e-9) {
      const shift = translation([0, -minY, 0]);
      for (const [id, mat] of out) out.set(id, multiply(shift, mat));
    }
  }
  return out;
}

const clamp01 = (x: number): number => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

/** A panel's outline point in display space under a pose. */
export function posedPoint(pose: Pose, panelId: string, p: Vec2): Vec3 {
  const m = pose.get(panelId);
  if (!m) throw new Error(`no panel ${panelId} in this pose`);
  return transformPoint(m, flat3(p));
}

export type { FamilySpec };
