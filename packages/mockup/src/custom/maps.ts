/** Builds the template maps (surface, coverage, UV, shading, specular, depth) for a found face. */
import type { TemplateMaps } from '../types.js';
import type { PhotoContext } from './context.js';
import type { CylinderFit } from './cylinder.js';
import type { Vec } from './geometry.js';
import { applyHomography, dist, homographyFrom4, signedArea } from './geometry.js';
import type { Box } from './image.js';
import { boxBlur, crop, growBox, histogramPercentile, maskedSmooth, uncrop } from './image.js';

interface Blank {
  surface: Uint8Array;
  coverage: Float32Array;
  u: Float32Array;
  v: Float32Array;
  depth: Float32Array;
}

function blank(n: number): Blank {
  return { surface: new Uint8Array(n), coverage: new Float32Array(n), u: new Float32Array(n), v: new Float32Array(n), depth: new Float32Array(n).fill(1) };
}

const clamp01 = (x: number): number => (x < 0 ? 0 : x > 1 ? 1 : x);

/** Maps for a flat quadrilateral face: UV through the inverse of the unit square → corners homography. */
export function quadMaps(ctx: PhotoContext, corners: readonly Vec[]): TemplateMaps | null {
  const { width, height, alpha } = ctx;
  const toImage = homographyFrom4(
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 1],
    ],
    corners,
  );
  const toUv = homographyFrom4(corners, [
    [0, 0],
    [1, 0],
    [1, 1],
    [0, 1],
  ]);
  if (!toImage || !toUv) return null;
  const m = blank(width * height);
  const wCentre = applyHomography(toImage, 0.5, 0.5)[2];
  // Inward-facing side lines (unit normals) for the anti-aliased polygon coverage.
  const sign = signedArea(corners) > 0 ? 1 : -1;
  const sides = corners.map((a, i) => {
    const b = corners[(i + 1) % 4]!;
    const len = dist(a, b);
    const nx = (-(b[1] - a[1]) / len) * sign;
    const ny = ((b[0] - a[0]) / len) * sign;
    return { nx, ny, c: -(nx * a[0] + ny * a[1]) };
  });
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  const x0 = Math.max(0, Math.floor(Math.min(...xs)) - 1);
  const x1 = Math.min(width, Math.ceil(Math.max(...xs)) + 1);
  const y0 = Math.max(0, Math.floor(Math.min(...ys)) - 1);
  const y1 = Math.min(height, Math.ceil(Math.max(...ys)) + 1);
  const [h0, h1, h2, h3, h4, h5, h6, h7] = toUv as [number, number, number, number, number, number, number, number, number];
  const g6 = toImage[6]!;
  const g7 = toImage[7]!;
  for (let y = y0; y < y1; y++) {
    const py = y + 0.5;
    for (let x = x0; x < x1; x++) {
      const i = y * width + x;
      const a = alpha[i]!;
      if (a <= 0) continue;
      const px = x + 0.5;
      let inside = Infinity;
      for (let k = 0; k < 4; k++) {
        const s = sides[k]!;
        const dIn = s.nx * px + s.ny * py + s.c;
        if (dIn < inside) inside = dIn;
      }
      const cov = Math.min(a, clamp01(inside + 0.5));
      if (cov <= 1 / 255) continue;
      const w = h6 * px + h7 * py + 1;
      const u = clamp01((h0 * px + h1 * py + h2) / w);
      const v = clamp01((h3 * px + h4 * py + h5) / w);
      // The projective scale at this point of the face grows with its distance from the camera.
      const depthScale = g6 * u + g7 * v + 1;
      m.surface[i] = 1;
      m.coverage[i] = cov;
      m.u[i] = u;
      m.v[i] = v;
      m.depth[i] = Math.min(0.95, Math.max(0.05, 0.5 + 0.5 * (depthScale / wCentre - 1)));
    }
  }
  const designArea = {
    width: Math.max(1, Math.round((dist(corners[0]!, corners[1]!) + dist(corners[3]!, corners[2]!)) / 2)),
    height: Math.max(1, Math.round((dist(corners[0]!, corners[3]!) + dist(corners[1]!, corners[2]!)) / 2)),
  };
  return finish(ctx, m, { role: 'front', designArea }, Math.min(designArea.width, designArea.height));
}

/** Maps for a cylinder's label band: u over the visible half turn (centre 0.5), v along the axis between the end ellipses. */
export function cylinderMaps(ctx: PhotoContext, fit: CylinderFit): TemplateMaps {
  const { width, height, alpha, box } = ctx;
  const { origin, d, n, left0, leftSlope, right0, rightSlope, aTop, aBottom, eTop, eBottom } = fit;
  const m = blank(width * height);
  const length = aBottom - aTop;
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0; x < box.x1; x++) {
      const i = y * width + x;
      const al = alpha[i]!;
      if (al <= 0) continue;
      const px = x + 0.5 - origin[0];
      const py = y + 0.5 - origin[1];
      const a = px * d[0] + py * d[1];
      const b = px * n[0] + py * n[1];
      const left = left0 + leftSlope * a;
      const right = right0 + rightSlope * a;
      const radius = (right - left) / 2;
      let t = (b - (left + right) / 2) / radius;
      t = t < -1 ? -1 : t > 1 ? 1 : t;
      const s = Math.sqrt(1 - t * t);
      const top = aTop + eTop * s;
      const bottom = aBottom + eBottom * s;
      const band = clamp01(Math.min(a - top, bottom - a) + 0.5);
      const cov = Math.min(al, band);
      if (cov <= 1 / 255) continue;
      m.surface[i] = 1;
      m.coverage[i] = cov;
      m.u[i] = 0.5 + Math.asin(t) / Math.PI;
      m.v[i] = clamp01((a - top) / (bottom - top));
      // Nearest at the front (t = 0), farthest at the silhouette.
      m.depth[i] = 0.4 + 0.2 * (1 - s);
    }
  }
  const radius = fit.geometry.radius;
  const designArea = {
    width: Math.max(1, Math.round(Math.PI * radius)),
    height: Math.max(1, Math.round(length / Math.max(0.2, Math.cos(fit.geometry.tilt)))),
  };
  return finish(ctx, m, { role: 'label', designArea }, Math.min(2 * radius, length));
}

/**
 * Shading and specular from the photo's own light: the face's linear luminance, smoothed over the face
 * only (removing grain and small print, keeping folds and gradients), divided by a high percentile of
 * itself; what rises above that reference becomes specular.
 */
function finish(ctx: PhotoContext, m: Blank, surface: { role: string; designArea: { width: number; height: number } }, faceSize: number): TemplateMaps {
  const { width, height, linear } = ctx;
  const n = width * height;
  const radius = Math.max(2, Math.round(0.02 * faceSize));
  // Work on the face's bounding box only (plus the smoothing's reach).
  let face: Box = { x0: width, y0: height, x1: 0, y1: 0 };
  for (let y = ctx.box.y0; y < ctx.box.y1; y++) {
    for (let x = ctx.box.x0; x < ctx.box.x1; x++) {
      if (!m.surface[y * width + x]) continue;
      face = { x0: Math.min(face.x0, x), y0: Math.min(face.y0, y), x1: Math.max(face.x1, x + 1), y1: Math.max(face.y1, y + 1) };
    }
  }
  face = growBox(face, 2 * radius + 2, width, height);
  const fw = face.x1 - face.x0;
  const fh = face.y1 - face.y0;
  const smooth = uncrop(maskedSmooth(crop(linear, width, face), crop(m.coverage, width, face), fw, fh, radius), width, height, face);
  const fine = uncrop(boxBlur(crop(linear, width, face), fw, fh, 1), width, height, face);
  const reference = Math.max(
    1e-3,
    histogramPercentile(smooth, (i) => m.coverage[i]! >= 0.99, 0.95),
  );
  const shading = new Float32Array(n);
  const specular = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    if (!m.surface[i]) continue;
    shading[i] = Math.min(1, smooth[i]! / reference);
    specular[i] = clamp01(fine[i]! - reference);
  }
  return {
    width,
    height,
    surface: m.surface,
    coverage: m.coverage,
    u: m.u,
    v: m.v,
    shading,
    specular,
    depth: m.depth,
    surfaces: [surface],
  };
}
