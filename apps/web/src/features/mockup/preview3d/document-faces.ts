/*
 * The 3D preview's face images made from an editor document (issue 17): the flat sheet as the
 * print file draws it, mapped onto each face through the fold model's own (u, v) of every
 * printed panel — so the preview shows exactly the artwork of the sheet, turned as it folds.
 * Pure geometry here; drawing is in DocumentPreview3D.
 */
import type { EditorDocument } from '@packsmith/contracts';
import type { FoldedModel, Vec2 } from '@packsmith/design-engine/preview3d';

/** x' = a·x + c·y + e, y' = b·x + d·y + f (canvas setTransform order). */
export interface Affine {
  a: number;
  b: number;
  c: number;
  d: number;
  e: number;
  f: number;
}

export const apply = (m: Affine, p: Vec2): Vec2 => [m.a * p[0] + m.c * p[1] + m.e, m.b * p[0] + m.d * p[1] + m.f];

export function compose(outer: Affine, inner: Affine): Affine {
  return {
    a: outer.a * inner.a + outer.c * inner.b,
    b: outer.b * inner.a + outer.d * inner.b,
    c: outer.a * inner.c + outer.c * inner.d,
    d: outer.b * inner.c + outer.d * inner.d,
    e: outer.a * inner.e + outer.c * inner.f + outer.e,
    f: outer.b * inner.e + outer.d * inner.f + outer.f,
  };
}

/** The affine map taking three points to three others (null when the first three are collinear). */
export function affineFrom(src: readonly Vec2[], dst: readonly Vec2[]): Affine | null {
  // Three points far apart, for a well-conditioned solve.
  const n = src.length;
  if (n < 3) return null;
  let best: [number, number, number] | null = null;
  let bestArea = 0;
  for (let i = 0; i < n; i++)
    for (let j = i + 1; j < n; j++)
      for (let k = j + 1; k < n; k++) {
        const area = Math.abs((src[j]![0] - src[i]![0]) * (src[k]![1] - src[i]![1]) - (src[k]![0] - src[i]![0]) * (src[j]![1] - src[i]![1]));
        if (area > bestArea) {
          bestArea = area;
          best = [i, j, k];
        }
      }
  if (!best || bestArea < 1e-9) return null;
  const [p0, p1, p2] = best.map((i) => src[i]!) as [Vec2, Vec2, Vec2];
  const [q0, q1, q2] = best.map((i) => dst[i]!) as [Vec2, Vec2, Vec2];
  const det = (p1[0] - p0[0]) * (p2[1] - p0[1]) - (p2[0] - p0[0]) * (p1[1] - p0[1]);
  // Columns of the linear part: solve [dx1 dx2; dy1 dy2] per output coordinate.
  const solve = (r0: number, r1: number, r2: number) => {
    const m = ((r1 - r0) * (p2[1] - p0[1]) - (r2 - r0) * (p1[1] - p0[1])) / det;
    const k = ((r2 - r0) * (p1[0] - p0[0]) - (r1 - r0) * (p2[0] - p0[0])) / det;
    return [m, k, r0 - m * p0[0] - k * p0[1]] as const;
  };
  const [a, c, e] = solve(q0[0], q1[0], q2[0]);
  const [b, d, f] = solve(q0[1], q1[1], q2[1]);
  return { a, b, c, d, e, f };
}

export interface FacePlacement {
  panelId: string;
  /** Document sheet mm → face uv (0–1). */
  toUv: Affine;
  /** The panel's outline on the face, uv. */
  clip: readonly Vec2[];
}

export interface FacePlan {
  face: string;
  /** The face's size in mm (so its image keeps the sheet's resolution in both directions). */
  widthMm: number;
  heightMm: number;
  panels: FacePlacement[];
}

function bbox(points: readonly Vec2[]) {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...xs) - x, height: Math.max(...ys) - y };
}

/**
 * For every face of the folded pack: which panels of the document show on it and how sheet
 * millimetres land on the face image. The fold model is built at the box's default size; a
 * document of another size is mapped panel by panel (its rect onto the model panel's box).
 */
export function facePlans(doc: EditorDocument, model: FoldedModel): FacePlan[] {
  const byFace = new Map<string, FacePlacement[]>();
  const sizes = new Map<string, { w: number; h: number }>();
  const docPanels = new Map(doc.dieline.panels.map((p) => [p.id, p]));
  for (const fp of model.panels) {
    if (fp.print === 'plain') continue;
    const dp = docPanels.get(fp.id);
    if (!dp) continue;
    const foldToUv = affineFrom(fp.outline, fp.print.uv);
    if (!foldToUv) continue;
    const fb = bbox(fp.outline);
    const r = dp.rect;
    const docToFold: Affine = {
      a: fb.width / r.width,
      b: 0,
      c: 0,
      d: fb.height / r.height,
      e: fb.x - (r.x * fb.width) / r.width,
      f: fb.y - (r.y * fb.height) / r.height,
    };
    const toUv = compose(foldToUv, docToFold);
    const face = fp.print.face;
    const list = byFace.get(face) ?? [];
    list.push({ panelId: fp.id, toUv, clip: fp.print.uv });
    byFace.set(face, list);
    // mm per unit of u and of v: the lengths of the inverse map's columns.
    const det = toUv.a * toUv.d - toUv.b * toUv.c;
    if (Math.abs(det) > 1e-12) {
      const w = Math.hypot(toUv.d / det, -toUv.b / det);
      const h = Math.hypot(-toUv.c / det, toUv.a / det);
      const seen = sizes.get(face);
      if (!seen || w * h > seen.w * seen.h) sizes.set(face, { w, h });
    }
  }
  return [...byFace.entries()].map(([face, panels]) => ({ face, widthMm: sizes.get(face)?.w ?? 100, heightMm: sizes.get(face)?.h ?? 100, panels }));
}
