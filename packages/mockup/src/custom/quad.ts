/**
 * The printable face of a box: the faces a box shows differ in brightness (each faces the light at its own
 * angle), so the package's interior splits into regions of even luminance divided by strong edges. Each
 * region's hull is reduced to a quadrilateral whose sides are then moved onto the true edges (the matte's
 * 0.5 crossing on the silhouette, the luminance step between two faces) and intersected into corners.
 */
import type { PhotoContext } from './context.js';
import type { Box } from './image.js';
import type { Line, Vec } from './geometry.js';
import { convexHull, dist, fitLine, intersectLines, orderCorners, reduceConvexPolygon, signedArea, simplifyClosed } from './geometry.js';
import { boundaryPoints, histogramPercentile, labelComponents, sample } from './image.js';

export interface FaceCandidate {
  /** Clockwise on screen, top-left first. */
  corners: Vec[];
  area: number;
  /** 0..1: how square the corners are (1 = seen straight on). */
  frontality: number;
  score: number;
}

/** Finds the largest, most frontal quadrilateral face of the package; null when none is convincing. */
export function findQuadFace(ctx: PhotoContext): FaceCandidate | null {
  const { width, height, inside, lum, box } = ctx;
  const k = ctx.blur + 1;
  const on = new Uint8Array(width * height);
  const grad = new Float32Array(width * height);
  for (let y = Math.max(box.y0, k); y < Math.min(box.y1, height - k); y++) {
    for (let x = Math.max(box.x0, k); x < Math.min(box.x1, width - k); x++) {
      const i = y * width + x;
      if (!inside[i] || !inside[i - k] || !inside[i + k] || !inside[i - k * width] || !inside[i + k * width]) continue;
      const g = Math.max(Math.abs(lum[i + k]! - lum[i - k]!), Math.abs(lum[i + k * width]! - lum[i - k * width]!));
      grad[i] = g;
      on[i] = 1;
    }
  }
  const base = Math.max(0.02, 4 * histogramPercentile(grad, (i) => on[i] === 1, 0.5));
  // Faces lit almost alike are split on a second, finer pass when the first finds no clean face.
  for (const threshold of [base, base / 2]) {
    const face = facesAt(ctx, grad, on, threshold);
    if (face) return face;
  }
  return null;
}

function facesAt(ctx: PhotoContext, grad: Float32Array, valid: Uint8Array, threshold: number): FaceCandidate | null {
  const { width, height } = ctx;
  const on = new Uint8Array(valid.length);
  for (let i = 0; i < on.length; i++) on[i] = valid[i] && grad[i]! < threshold ? 1 : 0;
  const { labels, sizes, boxes } = labelComponents(on, width, height);
  const regions = sizes
    .map((size, label) => ({ size, label }))
    .filter((r) => r.label > 0 && r.size >= 0.03 * ctx.area)
    .sort((a, b) => b.size - a.size)
    .slice(0, 6);

  let best: FaceCandidate | null = null;
  for (const region of regions) {
    const candidate = fitRegion(ctx, grad, labels, region.label, region.size, threshold, boxes[region.label]!);
    if (candidate && (!best || candidate.score > best.score)) best = candidate;
  }
  return best;
}

function fitRegion(ctx: PhotoContext, grad: Float32Array, labels: Int32Array, label: number, size: number, threshold: number, box: Box): FaceCandidate | null {
  const pts = boundaryPoints(labels, label, ctx.width, ctx.height, box);
  const hull = simplifyClosed(convexHull(pts), 0.75);
  if (hull.length < 4) return null;
  const rough = reduceConvexPolygon(hull, 4);
  if (!rough) return null;
  const roughArea = Math.abs(signedArea(rough));
  // The region must fill its quadrilateral: a face, not an L-shaped union of faces or a round blob.
  if (roughArea <= 0 || size / roughArea < 0.8) return null;
  const corners = refineQuad(ctx, grad, rough, threshold);
  if (!corners) return null;
  const ordered = orderCorners(corners);
  const area = Math.abs(signedArea(ordered));
  if (area < 0.03 * ctx.area) return null;
  let sinProduct = 1;
  for (let i = 0; i < 4; i++) {
    const p = ordered[(i + 3) % 4]!;
    const q = ordered[i]!;
    const r = ordered[(i + 1) % 4]!;
    const a: Vec = [p[0] - q[0], p[1] - q[1]];
    const b: Vec = [r[0] - q[0], r[1] - q[1]];
    const s = (a[0] * b[1] - a[1] * b[0]) / (Math.hypot(...a) * Math.hypot(...b));
    if (!(Math.abs(s) > 0.2)) return null;
    sinProduct *= Math.abs(s);
  }
  const frontality = Math.pow(sinProduct, 0.25);
  return { corners: ordered, area, frontality, score: area * frontality * frontality };
}

/**
 * Moves each side of a rough quadrilateral onto the edge it stands for: samples along the side, searches
 * along its normal for the matte's 0.5 crossing (a silhouette side) or the strongest luminance step (a fold
 * between two faces), fits a line through the hits and intersects neighbouring lines.
 */
export function refineQuad(ctx: PhotoContext, grad: Float32Array, rough: readonly Vec[], threshold: number): Vec[] | null {
  const { width, height, alpha, lum } = ctx;
  const reach = 2 * (ctx.blur + 1) + 2 * ctx.blur + 4;
  const clockwise = signedArea(rough) > 0;
  const lines: Line[] = [];
  for (let i = 0; i < 4; i++) {
    const a = rough[i]!;
    const b = rough[(i + 1) % 4]!;
    const len = dist(a, b);
    const d: Vec = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
    // Outward normal (screen coordinates, y down).
    const n: Vec = clockwise ? [d[1], -d[0]] : [-d[1], d[0]];
    const count = Math.max(8, Math.min(200, Math.round(len / 2)));
    const hits: [number, number][] = [];
    for (let j = 0; j < count; j++) {
      const t = 0.12 + (0.76 * (j + 0.5)) / count;
      const px = a[0] + t * (b[0] - a[0]);
      const py = a[1] + t * (b[1] - a[1]);
      const offset = edgeOffset(px, py, n, reach);
      if (offset !== null) hits.push([px + offset * n[0], py + offset * n[1]]);
    }
    if (hits.length < Math.max(4, count / 4)) {
      lines.push({ point: [a[0], a[1]], dir: d });
      continue;
    }
    const line = fitLine(hits);
    if (!line) return null;
    // A side must be straight: a bent one is two faces' edges run together (faces not told apart).
    const residuals = hits.map((h) => Math.abs((h[0] - line.point[0]) * line.dir[1] - (h[1] - line.point[1]) * line.dir[0])).sort((x, y) => x - y);
    if (residuals[Math.floor(0.8 * (residuals.length - 1))]! > Math.max(1, 0.01 * len)) return null;
    lines.push(line);
  }

  function edgeOffset(px: number, py: number, n: Vec, r: number): number | null {
    const step = 0.5;
    const steps = Math.round((2 * r) / step);
    const at = (s: number): Vec => [px + s * n[0], py + s * n[1]];
    const alphaAt = (s: number): number => sample(alpha, width, height, ...at(s), 0);
    // The silhouette: the matte's 0.5 crossing nearest the rough side.
    let crossing: number | null = null;
    if (alphaAt(-r) > 0.5 && alphaAt(r) < 0.5) {
      let prev = alphaAt(-r);
      for (let k = 1; k <= steps; k++) {
        const s = -r + k * step;
        const cur = alphaAt(s);
        if (prev >= 0.5 && cur < 0.5) {
          const c = s - step + (step * (prev - 0.5)) / (prev - cur);
          if (crossing === null || Math.abs(c) < Math.abs(crossing)) crossing = c;
        }
        prev = cur;
      }
    }
    // A fold: a run of strong gradient (as the faces were split on) before any silhouette; its exact
    // place is the strongest luminance step within the run.
    const gradAt = (s: number): number => {
      const [x, y] = at(s);
      const xi = Math.floor(x);
      const yi = Math.floor(y);
      return xi < 0 || yi < 0 || xi >= width || yi >= height ? 0 : grad[yi * width + xi]!;
    };
    const limit = crossing ?? r;
    let runStart = NaN;
    let runEnd = NaN;
    for (let s = -r; s <= limit; s += step) {
      if (gradAt(s) >= threshold) {
        if (Number.isNaN(runStart)) runStart = s;
        runEnd = s;
      } else if (!Number.isNaN(runStart)) break;
    }
    // A run that starts at the silhouette's anti-aliased rim is the silhouette itself, not a fold.
    if (Number.isNaN(runStart) || (crossing !== null && runStart > crossing - (2 * ctx.blur + 2.5))) return crossing;
    let bestS = NaN;
    let bestG = -1;
    const stepAt = (s: number): number => {
      const [x0, y0] = at(s - 0.5);
      const [x1, y1] = at(s + 0.5);
      return Math.abs(sample(lum, width, height, x1, y1, 0) - sample(lum, width, height, x0, y0, 0));
    };
    for (let s = runStart - 1; s <= runEnd + 1; s += step) {
      const g = stepAt(s);
      if (g > bestG) {
        bestG = g;
        bestS = s;
      }
    }
    const gm = stepAt(bestS - step);
    const gp = stepAt(bestS + step);
    const den = gm - 2 * bestG + gp;
    const shift = den < 0 ? (0.5 * (gm - gp)) / den : 0;
    return bestS + Math.max(-0.5, Math.min(0.5, shift)) * step;
  }

  const corners: Vec[] = [];
  for (let i = 0; i < 4; i++) {
    const c = intersectLines(lines[(i + 3) % 4]!, lines[i]!);
    if (!c) return null;
    // A refined corner far from the rough one means a side locked onto the wrong edge: keep the rough one.
    corners.push(dist(c, rough[i]!) <= 4 * reach ? c : rough[i]!);
  }
  return corners;
}
