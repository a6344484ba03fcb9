/**
 * Synthetic photos for the custom-mockup tests: boxes in perspective and cylinders at a tilt, drawn with
 * 4×4 supersampling (anti-aliased edges, like a real matte) on a plain background, with slight noise, and
 * with their exact geometry known.
 */
import type { Vec } from './geometry.js';

export interface SyntheticPhoto {
  rgb: Uint8Array;
  mask: Uint8Array;
  width: number;
  height: number;
}

/** A shape to paint: `colour` returns null where the shape is absent. */
type Painter = (x: number, y: number) => readonly [number, number, number] | null;

function lcg(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** Paints the layers (last on top) over a plain background; the mask is the coverage of all layers. */
export function paint(
  width: number,
  height: number,
  layers: readonly Painter[],
  options: { background?: [number, number, number]; noise?: number; seed?: number; supersample?: number } = {},
): SyntheticPhoto {
  const background = options.background ?? [236, 236, 232];
  const noise = options.noise ?? 3;
  const random = lcg(options.seed ?? 7);
  const rgb = new Uint8Array(width * height * 3);
  const mask = new Uint8Array(width * height);
  const ss = options.supersample ?? 4;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let hits = 0;
      for (let sy = 0; sy < ss; sy++) {
        for (let sx = 0; sx < ss; sx++) {
          const px = x + (sx + 0.5) / ss;
          const py = y + (sy + 0.5) / ss;
          let c: readonly [number, number, number] | null = null;
          for (let l = layers.length - 1; l >= 0 && !c; l--) c = layers[l]!(px, py);
          if (c) hits++;
          const col = c ?? background;
          r += col[0];
          g += col[1];
          b += col[2];
        }
      }
      const k = ss * ss;
      const jitter = (random() - 0.5) * 2 * noise;
      const i = y * width + x;
      rgb[3 * i] = clampByte(r / k + jitter);
      rgb[3 * i + 1] = clampByte(g / k + jitter);
      rgb[3 * i + 2] = clampByte(b / k + jitter);
      mask[i] = Math.round((255 * hits) / k);
    }
  }
  return { rgb, mask, width, height };
}

const clampByte = (v: number): number => Math.max(0, Math.min(255, Math.round(v)));

function insideConvex(poly: readonly Vec[], x: number, y: number): boolean {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    const c = (b[0] - a[0]) * (y - a[1]) - (b[1] - a[1]) * (x - a[0]);
    if (c === 0) continue;
    const s = c > 0 ? 1 : -1;
    if (sign === 0) sign = s;
    else if (s !== sign) return false;
  }
  return true;
}

/** A flat convex polygon, coloured `colour` × `shade(x, y)`. */
export function polygon(poly: readonly Vec[], colour: readonly [number, number, number], shade: (x: number, y: number) => number = () => 1): Painter {
  const xs = poly.map((p) => p[0]);
  const ys = poly.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  return (x, y) => {
    if (x < x0 || x > x1 || y < y0 || y > y1 || !insideConvex(poly, x, y)) return null;
    const s = shade(x, y);
    return [colour[0] * s, colour[1] * s, colour[2] * s];
  };
}

export interface BoxScene {
  photo: SyntheticPhoto;
  /** The front face's corners in the photo: top-left, top-right, bottom-right, bottom-left. */
  front: Vec[];
  /** The visible faces' polygons, front first. */
  faces: Vec[][];
}

/**
 * A box (w × h × depth) turned by `yaw` (about the vertical) and `pitch` (camera looking down), rolled by
 * `roll` in the image, seen by a pinhole camera `distance` away with focal length `focal` (pixels).
 */
export function boxPhoto(opts: {
  width: number;
  height: number;
  size: [number, number, number];
  yaw: number;
  pitch: number;
  roll?: number;
  distance: number;
  focal: number;
  offset?: Vec;
  frontGradient?: number;
  seed?: number;
  supersample?: number;
  /** Brightness of the side and top faces relative to the front's (defaults 0.7 and 1.17). */
  sideShade?: number;
  topShade?: number;
  noise?: number;
}): BoxScene {
  const [bw, bh, bd] = opts.size;
  const roll = opts.roll ?? 0;
  const cx = opts.width / 2 + (opts.offset?.[0] ?? 0);
  const cy = opts.height / 2 + (opts.offset?.[1] ?? 0);
  // Box frame: x right, y down, z away from the camera; the front face is z = -bd/2.
  const project = (p: [number, number, number]): Vec => {
    // yaw about y, then pitch about x (positive: we see the top).
    const cyw = Math.cos(opts.yaw);
    const syw = Math.sin(opts.yaw);
    const x1 = cyw * p[0] + syw * p[2];
    const z1 = -syw * p[0] + cyw * p[2];
    const cp = Math.cos(opts.pitch);
    const sp = Math.sin(opts.pitch);
    const y2 = cp * p[1] - sp * z1;
    const z2 = sp * p[1] + cp * z1 + opts.distance;
    const u = (opts.focal * x1) / z2;
    const v = (opts.focal * y2) / z2;
    const cr = Math.cos(roll);
    const sr = Math.sin(roll);
    return [cx + cr * u - sr * v, cy + sr * u + cr * v];
  };
  const X = bw / 2;
  const Y = bh / 2;
  const Z = bd / 2;
  const front = [project([-X, -Y, -Z]), project([X, -Y, -Z]), project([X, Y, -Z]), project([-X, Y, -Z])];
  const right = [project([X, -Y, -Z]), project([X, -Y, Z]), project([X, Y, Z]), project([X, Y, -Z])];
  const left = [project([-X, -Y, Z]), project([-X, -Y, -Z]), project([-X, Y, -Z]), project([-X, Y, Z])];
  const top = [project([-X, -Y, Z]), project([X, -Y, Z]), project([X, -Y, -Z]), project([-X, -Y, -Z])];
  const faces: Vec[][] = [front];
  const layers: Painter[] = [];
  const g = opts.frontGradient ?? 0.15;
  const frontColour: [number, number, number] = [214, 184, 140];
  const shadeOf = (k: number): [number, number, number] => [frontColour[0] * k, frontColour[1] * k, frontColour[2] * k];
  const fx0 = Math.min(...front.map((p) => p[0]));
  const fx1 = Math.max(...front.map((p) => p[0]));
  // Faces seen from the front turn clockwise on screen; hidden ones counter-clockwise.
  const visible = (poly: Vec[]): boolean => {
    let a = 0;
    for (let i = 0; i < poly.length; i++) {
      const p = poly[i]!;
      const q = poly[(i + 1) % poly.length]!;
      a += p[0] * q[1] - q[0] * p[1];
    }
    return a > 1;
  };
  if (visible(left)) {
    layers.push(polygon(left, shadeOf(opts.sideShade ?? 0.7)));
    faces.push(left);
  }
  if (visible(right)) {
    layers.push(polygon(right, shadeOf(opts.sideShade ?? 0.7)));
    faces.push(right);
  }
  if (visible(top)) {
    layers.push(polygon(top, shadeOf(opts.topShade ?? 1.17)));
    faces.push(top);
  }
  layers.push(polygon(front, frontColour, (x) => 1 - g + g * ((x - fx0) / (fx1 - fx0 || 1))));
  const photo = paint(opts.width, opts.height, layers, { seed: opts.seed ?? 11, supersample: opts.supersample, noise: opts.noise });
  return { photo, front, faces };
}

export interface CylinderScene {
  photo: SyntheticPhoto;
  centre: Vec;
  axis: Vec;
  radius: number;
  length: number;
  ellipse: number;
}

/**
 * A can (or, with `neck`, a bottle) seen orthographically from `tilt` above its equator, its axis rolled by
 * `roll` in the image. The band runs from −length/2 to +length/2 along the axis around `centre`.
 */
export function cylinderPhoto(opts: {
  width: number;
  height: number;
  radius: number;
  length: number;
  tilt: number;
  roll?: number;
  neck?: boolean;
  centre?: Vec;
  seed?: number;
}): CylinderScene {
  const roll = opts.roll ?? 0;
  const centre: Vec = opts.centre ?? [opts.width / 2, opts.height / 2];
  const d: Vec = [-Math.sin(roll), Math.cos(roll)];
  const n: Vec = [Math.cos(roll), Math.sin(roll)];
  const R = opts.radius;
  const e = R * Math.sin(opts.tilt);
  const h = opts.length / 2;
  const body: Painter = (x, y) => {
    const px = x - centre[0];
    const py = y - centre[1];
    const b = px * n[0] + py * n[1];
    const a = px * d[0] + py * d[1];
    if (Math.abs(b) > R) return null;
    const t = b / R;
    const s = Math.sqrt(1 - t * t);
    const inBody = a >= -h && a <= h;
    const inBottom = ((a - h) / e) ** 2 + t * t <= 1;
    const inTop = !opts.neck && ((a + h) / e) ** 2 + t * t <= 1;
    if (!inBody && !inBottom && !inTop) return null;
    // The lid: above the top ellipse's front half.
    if (!opts.neck && a < -h + e * s) return [225, 228, 232];
    const theta = Math.asin(t);
    const light = 0.35 + 0.6 * Math.max(0, Math.cos(theta + 0.35));
    return [200 * light + 30, 80 * light + 20, 60 * light + 20];
  };
  const layers: Painter[] = [body];
  if (opts.neck) {
    const shoulder = 0.35 * R;
    layers.push((x, y) => {
      const px = x - centre[0];
      const py = y - centre[1];
      const b = px * n[0] + py * n[1];
      const a = px * d[0] + py * d[1];
      // Shoulder: narrows from R at a = -h to the neck's width over 0.4 R; neck up to 1.2 R above.
      const k = (-h - a) / (0.4 * R);
      if (k >= 0 && k <= 1 && Math.abs(b) <= R - (R - shoulder) * k) return [150, 60, 50];
      if (a < -h - 0.4 * R && a >= -h - 1.2 * R && Math.abs(b) <= shoulder) return [140, 55, 45];
      return null;
    });
  }
  const photo = paint(opts.width, opts.height, layers, { seed: opts.seed ?? 5 });
  return { photo, centre, axis: d, radius: R, length: opts.length, ellipse: e };
}

export interface PerspectiveCylinderScene {
  photo: SyntheticPhoto;
  /** Where the surface point at angle θ (0 = facing the camera, + to the right) and height y (−h top … +h bottom) shows. */
  project: (theta: number, y: number) => Vec;
  halfLength: number;
  /**
   * The label band's corners in the photo: where the silhouette's sides touch the band's top and bottom
   * circles (top-left, top-right, bottom-right, bottom-left).
   */
  corners: Vec[];
}

/**
 * A can seen by a pinhole camera from above (`pitch`): its silhouette is the convex hull of its two end
 * circles' images, its lid the top circle's image; the ends' ellipses differ and the sides converge.
 * With `neck`, a bottle: no lid, a shoulder narrowing from the band's top circle to a neck a third as
 * wide, and the neck above it.
 */
export function perspectiveCylinderPhoto(opts: {
  width: number;
  height: number;
  radius: number;
  halfLength: number;
  pitch: number;
  distance: number;
  focal: number;
  neck?: boolean;
}): PerspectiveCylinderScene {
  const cx = opts.width / 2;
  const cy = opts.height / 2;
  const cp = Math.cos(opts.pitch);
  const sp = Math.sin(opts.pitch);
  const at = (radius: number, theta: number, y: number): Vec => {
    const x = radius * Math.sin(theta);
    const z = -radius * Math.cos(theta);
    const y2 = cp * y - sp * z;
    const z2 = sp * y + cp * z + opts.distance;
    return [cx + (opts.focal * x) / z2, cy + (opts.focal * y2) / z2];
  };
  const project = (theta: number, y: number): Vec => at(opts.radius, theta, y);
  const ring = (y: number, radius = opts.radius): Vec[] => Array.from({ length: 240 }, (_, k) => at(radius, (k * Math.PI) / 120, y));
  const top = ring(-opts.halfLength);
  const bottom = ring(opts.halfLength);
  const outline = hull([...top, ...bottom]);
  const xs = outline.map((p) => p[0]);
  const half = (Math.max(...xs) - Math.min(...xs)) / 2;
  const body = polygon(outline, [1, 1, 1]);
  const layers: Painter[] = [
    (x, y) => {
      if (!body(x, y)) return null;
      const t = Math.max(-1, Math.min(1, (x - cx) / half));
      const light = 0.35 + 0.6 * Math.max(0, Math.cos(Math.asin(t) + 0.35));
      return [200 * light + 30, 80 * light + 20, 60 * light + 20];
    },
  ];
  if (opts.neck) {
    const r = opts.radius;
    const shoulderTop = -opts.halfLength - 0.4 * r;
    const neckRing = ring(shoulderTop, 0.35 * r);
    layers.push(polygon(hull([...top, ...neckRing]), [150, 60, 50]));
    layers.push(polygon(hull([...neckRing, ...ring(shoulderTop - 0.8 * r, 0.35 * r)]), [140, 55, 45]));
  } else {
    layers.push(polygon(hull(top), [225, 228, 232]));
  }
  // The side lines of the body's outline run from a point of the top circle to one of the bottom circle.
  const onTop = new Set(top);
  const corners: Vec[] = [];
  for (let i = 0; i < outline.length; i++) {
    const p = outline[i]!;
    const q = outline[(i + 1) % outline.length]!;
    if (onTop.has(p) !== onTop.has(q)) corners.push(onTop.has(p) ? p : q, onTop.has(p) ? q : p);
  }
  // [top, bottom] of each side; left side first.
  const sides = [corners.slice(0, 2), corners.slice(2, 4)].sort((a, b) => a[0]![0] - b[0]![0]);
  const [left, right] = sides as [Vec[], Vec[]];
  return {
    photo: paint(opts.width, opts.height, layers, { seed: 3 }),
    project,
    halfLength: opts.halfLength,
    corners: [left[0]!, right[0]!, right[1]!, left[1]!],
  };
}

function hull(points: readonly Vec[]): Vec[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const half = (list: Vec[]): Vec[] => {
    const out: Vec[] = [];
    for (const p of list) {
      while (out.length >= 2) {
        const o = out[out.length - 2]!;
        const a = out[out.length - 1]!;
        if ((a[0] - o[0]) * (p[1] - o[1]) - (a[1] - o[1]) * (p[0] - o[0]) > 0) break;
        out.pop();
      }
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(pts), ...half([...pts].reverse())];
}
